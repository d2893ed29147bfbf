import Catalog
import Foundation
import ProgrammeGenerator
import Testing

/// Checks every rule of business rules §2-4 that a programme's output shows, against the
/// catalogue and the profile it came from.
struct ProgrammeInvariants {
    let catalog: GeneratorCatalog
    let profile: TrainingProfile
    let options: GeneratorOptions

    func check(_ programme: Programme, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expectedSplit = SplitType.forTraining(daysPerWeek: profile.daysPerWeek, duration: profile.sessionDuration)
        #expect(programme.type == expectedSplit, "\(label): split", sourceLocation: sourceLocation)
        let expectedDays = expectedSplit?.sessions(daysPerWeek: profile.daysPerWeek).map(\.dayName) ?? []
        #expect(programme.sessions.map(\.dayName) == expectedDays, "\(label): sessions", sourceLocation: sourceLocation)
        #expect(programme.daysPerWeek == profile.daysPerWeek && programme.totalWeeks == options.totalWeeks)

        let priority = Set(profile.priorityMuscles.map(\.slug))
        let injured = Set(profile.injuries.map(\.slug))
        var jointsByGroup: [String: Set<String>] = [:]
        for contraindication in catalog.contraindications where injured.contains(contraindication.joint.slug) {
            jointsByGroup[contraindication.canonicalName, default: []].insert(contraindication.joint)
        }
        let duration = profile.sessionDuration
        var weekly: [String: Int] = [:]
        var ids: Set<String> = []

        for (offset, session) in programme.sessions.enumerated() {
            let where_ = "\(label) › \(session.dayName)"
            #expect(session.id == "day-\(offset + 1)", "\(where_): id", sourceLocation: sourceLocation)
            #expect(session.exercises.count <= duration.exerciseCount.upperBound, "\(where_): too many exercises", sourceLocation: sourceLocation)
            if session.exercises.count < duration.exerciseCount.lowerBound {
                #expect(!session.emptySlots.isEmpty, "\(where_): short with no empty slot", sourceLocation: sourceLocation)
            }
            for slot in session.emptySlots {
                #expect(!slot.slot.isEmpty && !slot.reason.isEmpty, "\(where_): empty slot without reason", sourceLocation: sourceLocation)
            }

            var seconds = 0
            var groups: Set<String> = []
            var perMuscle: [String: Int] = [:]
            var seenIsolation = false
            for (number, entry) in session.exercises.enumerated() {
                let what = "\(where_) › \(entry.exerciseName)"
                #expect(entry.id == "\(session.id)-exercise-\(number + 1)", "\(what): id", sourceLocation: sourceLocation)
                ids.insert(entry.id)
                guard let exercise = catalog.exercise(id: entry.exerciseId) else {
                    Issue.record("\(what): not in the catalogue", sourceLocation: sourceLocation)
                    continue
                }
                #expect(exercise.includeInProgramme, "\(what): library-only", sourceLocation: sourceLocation)
                #expect(profile.equipment.allows(exercise), "\(what): equipment not available", sourceLocation: sourceLocation)
                #expect(exercise.complexity <= profile.experience.complexityCeiling, "\(what): over the ceiling", sourceLocation: sourceLocation)
                #expect(
                    entry.exerciseName == exercise.displayName && entry.canonicalName == exercise.canonicalName
                        && entry.primaryMuscle == exercise.primaryMuscle && entry.isIsolation == exercise.isIsolation
                        && entry.equipmentCategory == exercise.equipmentCategory && entry.equipmentItem == exercise.equipmentItem,
                    "\(what): fields differ from the catalogue", sourceLocation: sourceLocation)
                #expect(groups.insert(exercise.canonicalName).inserted, "\(what): canonical group repeated", sourceLocation: sourceLocation)
                if exercise.isIsolation {
                    seenIsolation = true
                } else {
                    #expect(!seenIsolation, "\(what): compound after isolation", sourceLocation: sourceLocation)
                }
                let isPriority = priority.contains(exercise.primaryMuscle.slug)
                #expect(
                    entry.sets == profile.experience.sets(isIsolation: exercise.isIsolation) + (isPriority ? 1 : 0),
                    "\(what): sets", sourceLocation: sourceLocation)
                #expect(entry.repRange == profile.goal.repRange(isIsolation: exercise.isIsolation), "\(what): reps", sourceLocation: sourceLocation)
                #expect(entry.restSeconds == profile.goal.restSeconds(isIsolation: exercise.isIsolation), "\(what): rest", sourceLocation: sourceLocation)

                let joints = jointsByGroup[exercise.canonicalName] ?? []
                switch options.injuryPolicy {
                case .exclude:
                    #expect(joints.isEmpty, "\(what): contraindicated under exclude", sourceLocation: sourceLocation)
                    #expect(entry.warnings.isEmpty, sourceLocation: sourceLocation)
                case .warn:
                    #expect(Set(entry.warnings.map(\.joint)) == joints, "\(what): warnings", sourceLocation: sourceLocation)
                    for warning in entry.warnings {
                        #expect(warning.message == "This exercise may aggravate the injury in your \(warning.joint.lowercased()) that you recorded.")
                    }
                }
                seconds += entry.sets * (40 + entry.restSeconds) + 90
                perMuscle[exercise.primaryMuscle.slug, default: 0] += entry.sets
                weekly[exercise.primaryMuscle.slug, default: 0] += entry.sets
            }
            for (muscle, sets) in perMuscle {
                #expect(sets <= options.maximumSetsPerMusclePerSession, "\(where_): \(muscle) has \(sets) sets", sourceLocation: sourceLocation)
            }
            if session.exercises.isEmpty {
                #expect(session.estimatedMinutes == 0, sourceLocation: sourceLocation)
            } else {
                seconds += 300
                #expect(session.estimatedMinutes == (seconds + 30) / 60, "\(where_): estimate", sourceLocation: sourceLocation)
                #expect(seconds <= duration.minutes.upperBound * 60, "\(where_): over time", sourceLocation: sourceLocation)
                if seconds < duration.minutes.lowerBound * 60 {
                    // Under the range only when nothing more could be added: the session is full,
                    // or a planned slot stayed empty; the programme says so.
                    #expect(
                        session.exercises.count == duration.exerciseCount.upperBound || !session.emptySlots.isEmpty,
                        "\(where_): under time with room left", sourceLocation: sourceLocation)
                    #expect(
                        programme.warnings.contains { $0.hasPrefix("\(session.dayName) takes about") },
                        "\(where_): under time without a warning", sourceLocation: sourceLocation)
                }
            }
        }
        for (muscle, sets) in weekly {
            #expect(sets <= options.maximumSetsPerMusclePerWeek, "\(label): \(muscle) has \(sets) sets a week", sourceLocation: sourceLocation)
        }
    }

    /// Sets per primary muscle slug over the week.
    static func weeklySets(_ programme: Programme) -> [String: Int] {
        var sets: [String: Int] = [:]
        for exercise in programme.sessions.flatMap(\.exercises) {
            sets[exercise.primaryMuscle.slug, default: 0] += exercise.sets
        }
        return sets
    }
}
