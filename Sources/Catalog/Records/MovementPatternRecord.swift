/// `movement_patterns`.
package struct MovementPatternRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "movement_patterns"
    package var id: Int
    package var name: String
    package var slug: String
    package var description: String

    package var subject: String { "movement pattern \"\(name)\"" }
}
