import Foundation
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar
import Testing

/// The programme's JSON (its `Codable` form through `OrderedJSONEncoder`): keys in the
/// documented order, null for a missing item, fixed bytes.
@Suite("programme JSON")
struct ProgrammeJSONTests {
    static let programme = Programme(
        id: "5f0c2a9e-1b7d-8c3e-9a41-0d6e2f8b7c15", type: .pushPullLegs, daysPerWeek: 3, sessionDuration: .medium,
        totalWeeks: 8, createdDate: SmallCatalog.createdDate,
        sessions: [
            ProgrammeSession(
                id: "day-1", dayName: "Push", weekday: .mon, estimatedMinutes: 52,
                warmUp: [WarmUpExercise(exerciseId: "arm_circles", exerciseName: "Arm Circles", minutes: 5)],
                exercises: [
                    ProgrammeExercise(
                        id: "day-1-exercise-1", exerciseId: "barbell_bench_press", exerciseName: "Barbell Bench Press",
                        canonicalName: "Bench Press", sets: 4, repRange: "8-12", restSeconds: 120,
                        primaryMuscle: "Chest",
                        equipmentCategory: "Barbells", equipmentItem: "Flat Bench", isIsolation: false,
                        warnings: [InjuryWarning(joint: "Shoulder")]),
                    ProgrammeExercise(
                        id: "day-1-exercise-2", exerciseId: "dumbbell_fly", exerciseName: "Dumbbell \"Fly\"\t\\",
                        canonicalName: "Chest Fly", sets: 3, repRange: "10-15", restSeconds: 90, primaryMuscle: "Chest",
                        equipmentCategory: "Dumbbells", equipmentItem: nil, isIsolation: true, warnings: [],
                        cues: [InjuryCue(joint: "Elbow", cue: "light load, slow tempo")]),
                ],
                emptySlots: [EmptySlot(slot: "Hinge", reason: "no hinge exercise with the selected equipment")])
        ],
        warnings: ["Straße über 5 min"])

    @Test("compact JSON has exactly the documented keys, in order")
    func compact() throws {
        #expect(try OrderedJSONEncoder().encodeText(Self.programme) == #"""
            {"id":"5f0c2a9e-1b7d-8c3e-9a41-0d6e2f8b7c15","type":"pushPullLegs","daysPerWeek":3,\#
            "sessionDuration":"45-60 min","totalWeeks":8,"createdDate":"2026-11-23","sessions":[{"id":"day-1",\#
            "dayName":"Push","weekday":"mon","estimatedMinutes":52,"warmUp":[{"exerciseId":"arm_circles",\#
            "exerciseName":"Arm Circles","minutes":5}],"exercises":[{"id":"day-1-exercise-1",\#
            "exerciseId":"barbell_bench_press","exerciseName":"Barbell Bench Press","canonicalName":"Bench Press",\#
            "sets":4,"repRange":"8-12","restSeconds":120,"primaryMuscle":"Chest","equipmentCategory":"Barbells",\#
            "equipmentItem":"Flat Bench","isIsolation":false,"warnings":[{"joint":"Shoulder",\#
            "message":"This exercise may aggravate the injury in your shoulder that you recorded."}],"cues":[]},\#
            {"id":"day-1-exercise-2","exerciseId":"dumbbell_fly","exerciseName":"Dumbbell \"Fly\"\t\\",\#
            "canonicalName":"Chest Fly","sets":3,"repRange":"10-15","restSeconds":90,"primaryMuscle":"Chest",\#
            "equipmentCategory":"Dumbbells","equipmentItem":null,"isIsolation":true,"warnings":[],\#
            "cues":[{"joint":"Elbow","cue":"light load, slow tempo","message":"Elbow: light load, slow tempo"}]}],\#
            "emptySlots":[{"slot":"Hinge","reason":"no hinge exercise with the selected equipment"}]}],\#
            "warnings":["Straße über 5 min"]}
            """#)
    }

    @Test("the programme's own JSON writer gives the bytes its Encodable form gives, across the questionnaire space")
    func writerMatchesEncodable() throws {
        // Which path wrote a document can't be seen in its bytes, so this compares the writer
        // (`encode`) with the tree that `value(of:)` builds through `encode(to:)`: a member added
        // to one and not the other, or laid out differently, fails here.
        let generator = ProgrammeGenerator(catalog: try CommittedCatalog.catalog())
        var programmes = [Self.programme]
        for base in QuestionnaireSpace.bases where base.index % 3 == 0 {
            // A third of the bases, one equipment profile each, in turn: every profile, goal,
            // level, day count and duration.
            let questionnaires = QuestionnaireSpace.questionnaires(for: base)
            let questionnaire = questionnaires[base.index % questionnaires.count]
            programmes.append(
                try generator.generate(from: questionnaire, seed: 7, createdDate: SmallCatalog.createdDate))
        }
        for layout in [JSONLayout.compact, .indented] {
            let encoder = OrderedJSONEncoder(layout: layout)
            for programme in programmes {
                let written = try encoder.encode(programme)
                let tree = try encoder.value(of: programme).renderedBytes(layout)
                #expect(Array(written) == tree, "\(programme.id), \(layout.isIndented ? "indented" : "compact")")
            }
        }
        // A layout that sorts keys takes the Encodable path: keys sorted, as the reports print them.
        let sorted = try OrderedJSONEncoder(layout: .sortedReport).encodeText(Self.programme)
        #expect(sorted.hasPrefix("{\n  \"createdDate\" : \"2026-11-23\",\n  \"daysPerWeek\" : 3,"))
    }

    @Test("pretty JSON indents by two spaces and reads back as the same programme")
    func prettyRoundTrip() throws {
        let text = try OrderedJSONEncoder(layout: .indented).encodeText(Self.programme)
        #expect(
            text.hasPrefix("{\n  \"id\": \"5f0c2a9e-1b7d-8c3e-9a41-0d6e2f8b7c15\",\n  \"type\": \"pushPullLegs\",\n"))
        #expect(text.contains("\"createdDate\": \"2026-11-23\","))
        #expect(text.contains("\"equipmentItem\": null,"))
        #expect(text.contains("\"warnings\": []"))
        let decoded = try JSONDecoder().decode(Programme.self, from: Data(text.utf8))
        #expect(decoded == Self.programme)
        // Foundation's encoder writes the same document (its key order aside).
        let encoded = try JSONEncoder().encode(Self.programme)
        #expect(try JSONDecoder().decode(Programme.self, from: encoded) == Self.programme)
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"equipmentItem\":null"))
    }

    @Test("a programme stored before cues existed reads back with none")
    func programmeWithoutCues() throws {
        var text = try OrderedJSONEncoder().encodeText(Self.programme)
        text = text.replacingOccurrences(of: #","cues":[]"#, with: "")
            .replacingOccurrences(
                of: #","cues":[{"joint":"Elbow","cue":"light load, slow tempo","#
                    + #""message":"Elbow: light load, slow tempo"}]"#,
                with: "")
        #expect(!text.contains("cues"))
        let decoded = try JSONDecoder().decode(Programme.self, from: Data(text.utf8))
        #expect(decoded.sessions[0].exercises.allSatisfy { $0.cues.isEmpty })
        #expect(decoded.sessions[0].exercises.map(\.warnings) == Self.programme.sessions[0].exercises.map(\.warnings))
    }

    @Test("a generated programme reads back unchanged")
    func generatedRoundTrip() throws {
        let programme = try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile(days: 5))
        let encoder = OrderedJSONEncoder(layout: .indented)
        let decoded = try JSONDecoder().decode(Programme.self, from: encoder.encode(programme))
        #expect(decoded == programme)
        #expect(try encoder.encode(decoded) == encoder.encode(programme))
    }
}
