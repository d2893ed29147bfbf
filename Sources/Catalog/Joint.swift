/// A joint of the contraindications workbook: one answer of the questionnaire's injury question.
public struct Joint: Codable, Hashable, Sendable {
    public var name: String
    /// What the questionnaire stores (`Lower Back` → `lower_back`).
    public var slug: String

    public init(name: String, slug: String) {
        self.name = name
        self.slug = slug
    }
}
