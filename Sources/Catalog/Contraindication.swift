/// A canonical group that may aggravate an injured joint, and why.
public struct Contraindication: Codable, Hashable, Sendable {
    public var canonicalName: String
    public var joint: String
    public var notes: String

    public init(canonicalName: String, joint: String, notes: String) {
        self.canonicalName = canonicalName
        self.joint = joint
        self.notes = notes
    }
}
