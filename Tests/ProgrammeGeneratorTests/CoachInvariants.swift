import Catalog
import ProgrammeGenerator
import Testing

/// What a strength coach reads a programme for, beyond the rule tables (the programme issue's
/// invariants): the classic lifts for an experienced lifter with a full gym, chest, back and
/// legs trained every week whatever the priorities, and no flagged exercise where a safe one of
/// the same slot and tier would have fitted.
struct CoachInvariants {
    let catalog: GeneratorCatalog
    let profile: TrainingProfile
    let options: GeneratorOptions

    static let classicLifts: [(name: String, ids: Set<String>)] = [
        ("squat", ["barbell_back_squat", "barbell_front_squat"]), ("bench press", ["barbell_bench_press"]),
        ("deadlift", ["barbell_deadlift", "sumo_deadlift"]),
        ("overhead press", ["barbell_overhead_press", "seated_barbell_overhead_press"]),
    ]

    var isFullGym: Bool {
        ["barbells", "dumbbells", "cable_machines", "pin_loaded_machines", "plate_loaded_machines", "bodyweight"]
            .allSatisfy { profile.equipment.categories[$0] == .all }
    }

    func check(_ programme: Programme, _ label: String, _ location: SourceLocation) {
        let ids = Set(programme.sessions.flatMap(\.exercises).map(\.exerciseId))
        if profile.experience.complexityCeiling >= 3, isFullGym, profile.injuries.isEmpty {
            let found = Self.classicLifts.filter { !$0.ids.isDisjoint(with: ids) }.map(\.name)
            #expect(found.count >= 3, "\(label): classic lifts \(found)", sourceLocation: location)
        }
        if profile.daysPerWeek >= 3, profile.injuries.isEmpty {
            let weekly = ProgrammeInvariants.weeklySets(programme)
            let legs = ["quads", "hamstrings", "glutes"].reduce(0) { $0 + weekly[$1, default: 0] }
            for (name, sets) in [
                ("chest", weekly["chest", default: 0]), ("back", weekly["back", default: 0]), ("legs", legs),
            ] {
                #expect(sets >= 6, "\(label): \(name) has \(sets) weekly sets", sourceLocation: location)
            }
        }
        if options.injuryPolicy == .warn, !profile.injuries.isEmpty {
            checkFlaggedHadNoSafeEqual(programme, label, location)
        }
    }

    /// Under `warn`, a flagged exercise only where nothing safe of the same pattern and kind,
    /// with the same or a better tier, could have taken its place in that session.
    private func checkFlaggedHadNoSafeEqual(_ programme: Programme, _ label: String, _ location: SourceLocation) {
        let invariants = ProgrammeInvariants(catalog: catalog, profile: profile, options: options)
        for (offset, session) in programme.sessions.enumerated() {
            let groups = Set(session.exercises.map(\.canonicalName))
            let yesterday = offset > 0
                && programme.sessions[offset - 1].weekday.offsetFromMonday + 1 == session.weekday.offsetFromMonday
                ? Set(programme.sessions[offset - 1].exercises.map(\.exerciseId)) : []
            for entry in session.exercises where !entry.warnings.isEmpty {
                guard let flagged = catalog.exercise(id: entry.exerciseId) else { continue }
                let safe = catalog.exercises.filter { candidate in
                    candidate.includeInProgramme && candidate.movementPattern == flagged.movementPattern
                        && candidate.isIsolation == flagged.isIsolation
                        && candidate.selectionTier <= flagged.selectionTier
                        && candidate.primaryMuscle == flagged.primaryMuscle
                        && profile.equipment.allows(candidate)
                        && candidate.complexity <= profile.experience.complexityCeiling
                        && !groups.contains(candidate.canonicalName) && !yesterday.contains(candidate.id)
                        && invariants.injuredJoints(candidate).isEmpty
                }
                #expect(
                    safe.isEmpty, "\(label) › \(session.dayName): \(flagged.id) flagged while \(safe.map(\.id)) fit",
                        sourceLocation: location)
            }
        }
    }
}
