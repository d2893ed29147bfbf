/// A category of the questionnaire's equipment step with the items it expands to, in display
/// order. A category without items (Dumbbells, Kettlebells) does not expand.
public struct EquipmentCategory: Codable, Hashable, Sendable {
    public struct Item: Codable, Hashable, Sendable {
        public var name: String
        /// What the questionnaire stores (`Flat Bench` → `flat_bench`).
        public var slug: String

        public init(name: String, slug: String) {
            self.name = name
            self.slug = slug
        }
    }

    public var name: String
    /// What the questionnaire stores (`Pin-loaded Machines` → `pin_loaded_machines`).
    public var slug: String
    public var items: [Item]

    public init(name: String, slug: String, items: [Item]) {
        self.name = name
        self.slug = slug
        self.items = items
    }

    /// Whether the questionnaire shows a chevron that reveals the items.
    public var isExpandable: Bool { !items.isEmpty }
}
