/// `selection_tiers`: 1 Staple, 2 Standard, 3 Specialist.
package struct SelectionTierRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "selection_tiers"
    package var tier: Int
    package var label: String
    package var description: String

    package init(tier: Int, label: String, description: String) {
        self.tier = tier
        self.label = label
        self.description = description
    }

    package var subject: String { "selection tier \(tier)" }
}
