/// One exercise that departs from its canonical group for one joint (the contraindications
/// workbook's `exercise_exceptions` sheet): a back-supported seated dumbbell press is the
/// coach's answer to a lower-back injury although overhead presses as a group are not.
public struct ExerciseException: Codable, Hashable, Sendable {
    /// How the exercise departs from its group.
    public enum Level: String, Codable, CaseIterable, Hashable, Sendable {
        /// The group may aggravate the joint; this exercise is what a coach gives that injury.
        case safe
        /// The group is fine for the joint; this exercise is not.
        case contraindicated
    }

    public var exerciseId: String
    public var joint: String
    public var level: Level
    public var notes: String

    public init(exerciseId: String, joint: String, level: Level, notes: String) {
        self.exerciseId = exerciseId
        self.joint = joint
        self.level = level
        self.notes = notes
    }

    /// The joints each exercise may aggravate, by exercise id (business rules §4): its
    /// canonical group's contraindications, less the joints it is `safe` for, plus the joints it
    /// alone is `contraindicated` for, in that order. Joints compare by slug.
    public static func joints(
        of exercises: [Exercise], contraindications: [Contraindication], exceptions: [ExerciseException]
    ) -> [String: [String]] {
        var groupJoints: [String: [String]] = [:]
        for contraindication in contraindications {
            groupJoints[contraindication.canonicalName, default: []].append(contraindication.joint)
        }
        let byExercise = Dictionary(grouping: exceptions, by: \.exerciseId)
        var joints: [String: [String]] = [:]
        for exercise in exercises {
            let own = byExercise[exercise.id] ?? []
            let safe = Set(own.filter { $0.level == .safe }.map(\.joint.slug))
            var mine = (groupJoints[exercise.canonicalName] ?? []).filter { !safe.contains($0.slug) }
            for exception in own
            where exception.level == .contraindicated && !mine.contains(where: { $0.slug == exception.joint.slug }) {
                mine.append(exception.joint)
            }
            joints[exercise.id] = mine
        }
        return joints
    }
}
