/// `complexity_levels`: 1 (simplest) … 4.
package struct ComplexityLevelRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "complexity_levels"
    package var level: Int
    package var label: String
    package var description: String

    package init(level: Int, label: String, description: String) {
        self.level = level
        self.label = label
        self.description = description
    }

    package var subject: String { "complexity level \(level)" }
}
