/// `exercises`: one exercise, its lookups by key.
package struct ExerciseRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "exercises"
    package var id: String
    package var displayName: String
    package var canonicalGroupId: Int
    package var equipmentCategoryId: Int
    package var equipmentItemId: Int?
    package var primaryMuscleId: Int
    package var movementPatternId: Int
    package var complexityLevel: Int
    package var selectionTier: Int
    package var isIsolation: Bool
    package var includeInProgramme: Bool
    package var videoUrl: String?
    package var thumbnailUrl: String?

    package var subject: String { "exercise \"\(id)\"" }
}
