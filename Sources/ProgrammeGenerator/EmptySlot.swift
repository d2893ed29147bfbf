/// A planned slot left empty: the generator never breaks a rule to fill one.
public struct EmptySlot: Codable, Hashable, Sendable {
    /// The slot's name: `Hinge`, `Biceps isolation`.
    public var slot: String
    /// Why: `no hinge exercise with the selected equipment`.
    public var reason: String

    public init(slot: String, reason: String) {
        self.slot = slot
        self.reason = reason
    }
}
