/// Which exercises `CatalogDatabase.exercises(matching:)` returns. Every criterion left nil
/// (or false) lets everything through; the criteria set must all hold.
public struct ExerciseFilter: Hashable, Sendable {
    /// Only exercises this equipment allows (see `EquipmentSelection`).
    public var equipment: EquipmentSelection?
    /// Only exercises with this primary muscle, by name or slug (`Lower Back`, `lower_back`).
    public var muscle: String?
    /// Only exercises of this movement pattern, by name or slug.
    public var movementPattern: String?
    /// Only exercises at or under this complexity level (1-4).
    public var maxComplexity: Int?
    /// Only exercises of this selection tier (1 Staple, 2 Standard, 3 Specialist).
    public var selectionTier: Int?
    /// true: isolation exercises only; false: compound only; nil: both.
    public var isIsolation: Bool?
    /// Only exercises the programme generator may pick (`include_in_programme = 1`).
    public var programmeOnly: Bool
    /// Only exercises whose display name contains this text, ignoring the case of ASCII letters.
    /// Blank: no filter.
    public var searchText: String?

    public init(
        equipment: EquipmentSelection? = nil, muscle: String? = nil, movementPattern: String? = nil,
        maxComplexity: Int? = nil, selectionTier: Int? = nil, isIsolation: Bool? = nil, programmeOnly: Bool = false,
        searchText: String? = nil
    ) {
        self.equipment = equipment
        self.muscle = muscle
        self.movementPattern = movementPattern
        self.maxComplexity = maxComplexity
        self.selectionTier = selectionTier
        self.isIsolation = isIsolation
        self.programmeOnly = programmeOnly
        self.searchText = searchText
    }
}
