import Catalog

/// A recorded injury an exercise may aggravate.
public struct InjuryWarning: Codable, Hashable, Sendable {
    /// The joint, as the catalogue names it: `Lower Back`.
    public var joint: String
    /// "This exercise may aggravate the injury in your lower back that you recorded."
    public var message: String

    public init(joint: String, message: String) {
        self.joint = joint
        self.message = message
    }

    /// The warning for `joint`, its name in lower case in the sentence (business rules §4).
    public init(joint: String) {
        self.init(
            joint: joint,
            message: "This exercise may aggravate the injury in your \(joint.lowercased()) that you recorded.")
    }
}

/// A recorded injury an exercise is allowed for only with a cue (business rules §4, a `modified`
/// exception): shown instead of a warning.
public struct InjuryCue: Codable, Hashable, Sendable {
    /// The joint, as the catalogue names it: `Knee`.
    public var joint: String
    /// What makes the exercise allowed: `to a pain-free depth`.
    public var cue: String
    /// "Knee: to a pain-free depth".
    public var message: String

    public init(joint: String, cue: String) {
        self.joint = joint
        self.cue = cue
        message = "\(joint): \(cue)"
    }

    private enum CodingKeys: String, CodingKey {
        case joint, cue, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            joint: try container.decode(String.self, forKey: .joint),
            cue: try container.decode(String.self, forKey: .cue))
    }
}

extension [JointRisk] {
    /// The warnings of the contraindicated joints.
    var warnings: [InjuryWarning] {
        compactMap { $0.isModified ? nil : InjuryWarning(joint: $0.joint) }
    }

    /// The cues of the joints the exercise is allowed for only with one.
    var cues: [InjuryCue] {
        compactMap { risk in risk.cue.map { InjuryCue(joint: risk.joint, cue: $0) } }
    }

    /// How much the risks weigh when candidates are ranked: 2 per contraindicated joint, 1 per
    /// `modified` one (half a contraindication).
    var weight: Int {
        reduce(0) { $0 + $1.weight }
    }

    /// Whether any joint is contraindicated (a warning, not a cue).
    var isWarned: Bool {
        contains { !$0.isModified }
    }
}
