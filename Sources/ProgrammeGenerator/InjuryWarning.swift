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
