import Foundation
import GRDB
import ProgrammeGenerator
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

/// The profile (business rules §12): the About-you answers a questionnaire gives become the
/// profile when its programme starts, a retake replaces them, and every log is kept.
@Suite("the profile: About-you answers kept with the log")
struct ProfileTests {
    /// The fixture's questionnaire with About-you answers `fields` (JSON members) added.
    static func questionnaire(_ fields: String) -> String {
        String(LogFixture.questionnaire.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()) + ", " + fields
            + "}"
    }

    static let sam = questionnaire(
        #""gender": "female", "dateOfBirth": "1990-04-12", "heightUnit": "ftIn", "heightFt": 5, "heightIn": 7, "#
            + #""weightUnit": "lbs", "weightLbs": 154, "motivations": ["structure"]"#)

    @Test("a questionnaire's About-you answers become the profile; the weight's unit becomes the log's")
    func startWritesProfile() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        #expect(try log.profile() == nil, "the fixture's questionnaire answers no About-you question")
        clock.set(LogFixture.moment("2026-02-02T09:00:00Z"))
        try log.startProgramme(LogFixture.programme, questionnaireJSON: Self.sam)
        let profile = try #require(try log.profile())
        #expect(profile.aboutYou.gender == .female)
        #expect(profile.aboutYou.heightText == "5 ft 7 in" && profile.aboutYou.weightText == "154 lbs")
        #expect(profile.aboutYou.weightKg == 69.853)
        #expect(profile.memberSince == LogFixture.date("2026-02-02"))
        #expect(try log.settings().unit == .lbs)
        #expect(
            profile.text(today: LogFixture.date("2026-04-12")) == """
                Gender: female
                Date of birth: 1990-04-12 (age 36)
                Height: 5 ft 7 in
                Weight: 154 lbs
                Motivations: structure
                Member since: February 2026

                """)
    }

    @Test("a retake replaces the answers, keeps the member-since date and every workout")
    func retakeReplaces() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        try log.startProgramme(LogFixture.programme, questionnaireJSON: Self.sam)
        try LogFixture.workout(
            log, clock: clock, "day-1", at: "2026-01-05T18:10:00Z", ["barbell_bench_press": [(8, 60)]])
        clock.set(LogFixture.moment("2026-03-02T08:00:00Z"))
        try log.startProgramme(
            LogFixture.programme,
            questionnaireJSON: Self.questionnaire(#""heightCm": 171, "weightKg": 72.5, "gender": "other""#))
        let profile = try #require(try log.profile())
        #expect(profile.aboutYou.heightText == "171 cm" && profile.aboutYou.weightText == "72.5 kg")
        #expect(profile.aboutYou.gender == .other && profile.aboutYou.dateOfBirth == nil)
        #expect(profile.aboutYou.motivations.isEmpty)
        #expect(profile.memberSince == LogFixture.date("2026-01-05"))
        #expect(try log.settings().unit == .kg)
        #expect(try log.workoutHistory(limit: 10).count == 1)

        // A retake that answers no About-you question leaves the profile as it was.
        try log.startProgramme(LogFixture.programme, questionnaireJSON: LogFixture.questionnaire)
        #expect(try log.profile() == profile)
    }

    @Test(
        "an out-of-range answer refuses the programme, naming the field and the range; nothing is stored",
        arguments: [
            (#""dateOfBirth": "2015-01-01""#, "You must be at least 18 years old"),
            (#""heightCm": 500"#, "heightCm: 500 cm is out of range; allowed values: 120 to 220 cm"),
            (#""weightUnit": "lbs", "weightLbs": 20"#, "weightLbs"),
        ])
    func refused(answer: String, message: String) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let log = try LogFixture.log(path: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let error = try #require(throws: TrainingLogError.self) {
                try log.startProgramme(LogFixture.programme, questionnaireJSON: Self.questionnaire(answer))
            }
            #expect(error.code == "log.invalid_programme")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(try log.profile() == nil)
            let queue = try DatabaseQueue(path: path)
            #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM programmes") } == 1)
            try queue.close()
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("the store refuses a profile row the questionnaire could never give, written around the library")
    func constraints() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let log = try LogFixture.log(path: path)
            try log.startProgramme(LogFixture.programme, questionnaireJSON: Self.sam)
            let queue = try DatabaseQueue(path: path)
            for statement in [
                "UPDATE profiles SET height_cm = 300", "UPDATE profiles SET weight_kg = 10",
                "UPDATE profiles SET gender = 'x'", "UPDATE profiles SET height_unit = NULL",
                "UPDATE profiles SET motivations = 'structure'", "UPDATE profiles SET date_of_birth = '1990-4-12'",
                "INSERT INTO profiles (id, member_since, updated_at) VALUES ('second', '2026-01-05', 'x')",
            ] {
                #expect(throws: DatabaseError.self, "\(statement)") {
                    try queue.write { try $0.execute(sql: statement) }
                }
            }
            try queue.close()
        }
    }
}
