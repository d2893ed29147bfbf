/// One exercise of the catalogue, as the app, the generator and the logger see it.
public struct Exercise: Codable, Hashable, Sendable {
    /// Stable across releases: users' workout logs point at it.
    public var id: String
    /// Shown in the library, stored in programmes, shown in the logger.
    public var displayName: String
    /// The swap group: exercises with the same canonical name are interchangeable.
    public var canonicalName: String
    public var equipmentCategory: String
    /// The item of `equipmentCategory` the exercise needs, or nil when the category has no
    /// items or the exercise needs none of them.
    public var equipmentItem: String?
    public var primaryMuscle: String
    public var secondaryMuscles: [String]
    public var movementPattern: String
    /// 1 (simplest) … 4.
    public var complexity: Int
    /// How the generator ranks the exercise within its slot: 1 Staple (a coach's first choice),
    /// 2 Standard, 3 Specialist (plyometric, Olympic and advanced calisthenics moves).
    public var selectionTier: Int
    public var isIsolation: Bool
    /// True when the programme generator may pick it; false for library-only exercises.
    public var includeInProgramme: Bool
    /// The numbered steps of the Demo tab, step 1 first.
    public var instructions: [String]
    public var videoURL: String?
    public var thumbnailURL: String?

    public init(
        id: String, displayName: String, canonicalName: String,
        equipmentCategory: String, equipmentItem: String? = nil,
        primaryMuscle: String, secondaryMuscles: [String] = [],
        movementPattern: String, complexity: Int, selectionTier: Int = 2,
        isIsolation: Bool, includeInProgramme: Bool,
        instructions: [String] = [], videoURL: String? = nil, thumbnailURL: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.canonicalName = canonicalName
        self.equipmentCategory = equipmentCategory
        self.equipmentItem = equipmentItem
        self.primaryMuscle = primaryMuscle
        self.secondaryMuscles = secondaryMuscles
        self.movementPattern = movementPattern
        self.complexity = complexity
        self.selectionTier = selectionTier
        self.isIsolation = isIsolation
        self.includeInProgramme = includeInProgramme
        self.instructions = instructions
        self.videoURL = videoURL
        self.thumbnailURL = thumbnailURL
    }
}
