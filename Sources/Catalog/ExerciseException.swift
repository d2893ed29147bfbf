/// One exercise that departs from its canonical group for one joint (the contraindications
/// workbook's `exercise_exceptions` sheet): a back-supported seated dumbbell press is the
/// coach's answer to a lower-back injury although overhead presses as a group are not.
public struct ExerciseException: Codable, Hashable, Sendable {
    /// How the exercise departs from its group.
    public enum Level: String, Codable, CaseIterable, Hashable, Sendable {
        /// The group may aggravate the joint; this exercise is what a coach gives that injury.
        case safe
        /// Allowed for the joint only with the row's cue ("to a pain-free depth"): shown to the
        /// user instead of a warning, and ranked as half a contraindication.
        case modified
        /// The group is fine for the joint; this exercise is not.
        case contraindicated
    }

    public var exerciseId: String
    public var joint: String
    public var level: Level
    /// What makes a `modified` exercise allowed, shown to the user ("to a pain-free depth");
    /// nil for the other levels.
    public var cue: String?
    public var notes: String

    public init(exerciseId: String, joint: String, level: Level, cue: String? = nil, notes: String) {
        self.exerciseId = exerciseId
        self.joint = joint
        self.level = level
        self.cue = cue
        self.notes = notes
    }

    /// The joints each exercise may load, by exercise id (business rules §4): its canonical
    /// group's contraindications, less the joints it is `safe` for, the ones it is `modified`
    /// for carrying their cue, plus the joints it alone is `contraindicated` or `modified` for,
    /// in that order. Joints compare by slug.
    public static func risks(
        of exercises: [Exercise], contraindications: [Contraindication], exceptions: [ExerciseException]
    ) -> [String: [JointRisk]] {
        var groupJoints: [String: [String]] = [:]
        for contraindication in contraindications {
            groupJoints[contraindication.canonicalName, default: []].append(contraindication.joint)
        }
        let byExercise = Dictionary(grouping: exceptions, by: \.exerciseId)
        var risks: [String: [JointRisk]] = [:]
        for exercise in exercises {
            let own = byExercise[exercise.id] ?? []
            let bySlug = Dictionary(own.map { ($0.joint.slug, $0) }, uniquingKeysWith: { first, _ in first })
            var mine: [JointRisk] = (groupJoints[exercise.canonicalName] ?? []).compactMap { joint in
                switch bySlug[joint.slug]?.level {
                case .safe: nil
                case .modified: JointRisk(joint: joint, cue: bySlug[joint.slug]?.cue ?? "")
                case .contraindicated, nil: JointRisk(joint: joint)
                }
            }
            for exception in own where exception.level != .safe
                && !mine.contains(where: { $0.joint.slug == exception.joint.slug })
            {
                mine.append(
                    JointRisk(joint: exception.joint, cue: exception.level == .modified ? exception.cue ?? "" : nil))
            }
            risks[exercise.id] = mine
        }
        return risks
    }

    /// The joints each exercise may aggravate without a cue that makes it allowed, by exercise
    /// id: `risks` less the `modified` ones.
    public static func joints(
        of exercises: [Exercise], contraindications: [Contraindication], exceptions: [ExerciseException]
    ) -> [String: [String]] {
        risks(of: exercises, contraindications: contraindications, exceptions: exceptions).mapValues { risks in
            risks.filter { !$0.isModified }.map(\.joint)
        }
    }
}

/// A joint an exercise may load (business rules §4): contraindicated (the user is warned), or
/// allowed only with a cue (`modified`: "Knee: to a pain-free depth").
public struct JointRisk: Codable, Hashable, Sendable {
    /// The joint, as the catalogue names it: `Knee`.
    public var joint: String
    /// What makes the exercise allowed for the joint; nil when it is contraindicated.
    public var cue: String?

    public init(joint: String, cue: String? = nil) {
        self.joint = joint
        self.cue = cue
    }

    /// Allowed with a cue rather than contraindicated.
    public var isModified: Bool { cue != nil }

    /// How much it weighs when candidates are ranked for an injured user: a contraindication
    /// counts 2, a `modified` pairing 1 (half a contraindication).
    public var weight: Int { isModified ? 1 : 2 }
}
