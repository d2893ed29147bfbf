import Foundation
import ProgrammeGenerator
import Testing

/// The questionnaire space of the property tests: every goal × experience × days × duration,
/// each crossed with five equipment profiles, from nothing at all to a full gym; priority
/// muscles and injuries rotate through 0-3 of each, deterministically.
struct QuestionnaireSpace {
    struct Base: Sendable, CustomTestStringConvertible {
        var index: Int
        var goal: Goal
        var experience: ExperienceLevel
        var days: Int
        var duration: SessionDuration

        var testDescription: String {
            "\(goal.rawValue) · \(experience.rawValue) · \(days) days · \(duration.rawValue)"
        }
    }

    struct EquipmentProfile: Sendable {
        var name: String
        var available: [String]
        var detailed: [String: [String]]
    }

    static let bases: [Base] = {
        var bases: [Base] = []
        for goal in Goal.allCases {
            for experience in ExperienceLevel.allCases {
                for days in 2...6 {
                    for duration in SessionDuration.allCases {
                        bases.append(
                            Base(index: bases.count, goal: goal, experience: experience, days: days, duration: duration)
                        )
                    }
                }
            }
        }
        return bases
    }()

    static let equipmentProfiles: [EquipmentProfile] = [
        EquipmentProfile(name: "nothing", available: [], detailed: [:]),
        EquipmentProfile(name: "bodyweight with bar and dip station", available: ["bodyweight"], detailed: [:]),
        EquipmentProfile(
            name: "home dumbbells and a bar", available: ["dumbbells", "bodyweight"],
            detailed: ["bodyweight": ["pull_up_bar"]]),
        EquipmentProfile(
            name: "free weights", available: ["dumbbells", "kettlebells", "barbells", "bodyweight"],
            detailed: ["barbells": ["squat_rack", "flat_bench"]]),
        EquipmentProfile(
            name: "full gym",
            available: [
                "barbells", "dumbbells", "kettlebells", "cable_machines", "pin_loaded_machines",
                "plate_loaded_machines",
                "bodyweight",
            ],
            detailed: [:]),
    ]

    static let prioritySets: [[String]] = [[], ["chest"], ["glutes", "hamstrings"], ["back", "Biceps", "shoulders"]]
    static let injurySets: [[String]] = [[], ["knee"], ["shoulder", "lower_back"], ["Knee", "wrist", "elbow"]]

    /// The questionnaires of one base: one per equipment profile.
    static func questionnaires(for base: Base) -> [Questionnaire] {
        equipmentProfiles.enumerated().map { offset, equipment in
            Questionnaire(
                primaryGoal: base.goal.rawValue,
                targetMuscleGroups: prioritySets[(base.index + offset) % prioritySets.count],
                experienceLevel: base.experience.rawValue, equipmentAvailable: equipment.available,
                detailedEquipment: equipment.detailed,
                injuries: injurySets[(base.index / 3 + offset) % injurySets.count],
                trainingDaysPerWeek: base.days, sessionDuration: base.duration.rawValue)
        }
    }
}
