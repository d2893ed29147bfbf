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

    package init(
        id: String, displayName: String, canonicalGroupId: Int, equipmentCategoryId: Int,
        equipmentItemId: Int? = nil, primaryMuscleId: Int, movementPatternId: Int, complexityLevel: Int,
        selectionTier: Int, isIsolation: Bool, includeInProgramme: Bool, videoUrl: String? = nil,
        thumbnailUrl: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.canonicalGroupId = canonicalGroupId
        self.equipmentCategoryId = equipmentCategoryId
        self.equipmentItemId = equipmentItemId
        self.primaryMuscleId = primaryMuscleId
        self.movementPatternId = movementPatternId
        self.complexityLevel = complexityLevel
        self.selectionTier = selectionTier
        self.isIsolation = isIsolation
        self.includeInProgramme = includeInProgramme
        self.videoUrl = videoUrl
        self.thumbnailUrl = thumbnailUrl
    }

    package var subject: String { "exercise \"\(id)\"" }
}
