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

    /// The joints an exercise may aggravate: its group's (`groupJoints`), less the joints it is
    /// `safe` for, plus the joints it alone is `contraindicated` for. Joints compare by slug.
    public static func joints(
        of exerciseID: String, groupJoints: [String], exceptions: [ExerciseException]
    ) -> [String] {
        let own = exceptions.filter { $0.exerciseId == exerciseID }
        let safe = Set(own.filter { $0.level == .safe }.map(\.joint.slug))
        var joints = groupJoints.filter { !safe.contains($0.slug) }
        for exception in own
        where exception.level == .contraindicated && !joints.contains(where: { $0.slug == exception.joint.slug }) {
            joints.append(exception.joint)
        }
        return joints
    }
}
