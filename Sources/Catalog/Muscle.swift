/// A muscle group of the catalogue and the body region it belongs to.
public struct Muscle: Codable, Hashable, Sendable {
    public var name: String
    /// What the questionnaire stores (`Chest` → `chest`).
    public var slug: String
    /// `upper`, `lower` or `core`; nil only for a muscle carried over from the legacy schema.
    public var bodyRegion: String?

    public init(name: String, slug: String, bodyRegion: String?) {
        self.name = name
        self.slug = slug
        self.bodyRegion = bodyRegion
    }
}
