import Catalog

/// Everything a database build writes: the checked records of both workbooks plus the
/// lookup details (body regions, descriptions, labels) for the values the exercises use.
public struct CatalogContent: Hashable, Sendable {
    public struct Muscle: Codable, Hashable, Sendable {
        public var name: String
        /// `upper`, `lower` or `core`.
        public var bodyRegion: String
        public init(name: String, bodyRegion: String) {
            self.name = name
            self.bodyRegion = bodyRegion
        }
    }

    public struct MovementPattern: Codable, Hashable, Sendable {
        public var name: String
        public var description: String
        public init(name: String, description: String) {
            self.name = name
            self.description = description
        }
    }

    public struct ComplexityLevel: Codable, Hashable, Sendable {
        public var level: Int
        public var label: String
        public var description: String
        public init(level: Int, label: String, description: String) {
            self.level = level
            self.label = label
            self.description = description
        }
    }

    /// A row of the selection tier lookup: 1 Staple, 2 Standard, 3 Specialist.
    public struct SelectionTier: Codable, Hashable, Sendable {
        public var tier: Int
        public var label: String
        public var description: String
        public init(tier: Int, label: String, description: String) {
            self.tier = tier
            self.label = label
            self.description = description
        }
    }

    /// A row of the equipment lookup: a category and one of its items, or a category alone
    /// (`item == nil`) when it has no items.
    public struct EquipmentPair: Codable, Hashable, Sendable {
        public var category: String
        public var item: String?
        public init(category: String, item: String?) {
            self.category = category
            self.item = item
        }
    }

    public var exercises: [Exercise]
    public var contraindications: [Contraindication]
    /// Exercises that depart from their group's contraindications for one joint.
    public var exceptions: [ExerciseException]
    /// Lookup rows; the writer keeps only those the exercises use.
    /// In the lookup sheet's order, which the database keeps as the display order.
    public var equipment: [EquipmentPair]
    public var muscles: [Muscle]
    public var movementPatterns: [MovementPattern]
    public var complexityLevels: [ComplexityLevel]
    public var selectionTiers: [SelectionTier]
    public var sources: [CatalogSource]

    public init(
        exercises: [Exercise], contraindications: [Contraindication] = [], exceptions: [ExerciseException] = [],
        equipment: [EquipmentPair], muscles: [Muscle], movementPatterns: [MovementPattern],
        complexityLevels: [ComplexityLevel], selectionTiers: [SelectionTier], sources: [CatalogSource] = []
    ) {
        self.exercises = exercises
        self.contraindications = contraindications
        self.exceptions = exceptions
        self.equipment = equipment
        self.muscles = muscles
        self.movementPatterns = movementPatterns
        self.complexityLevels = complexityLevels
        self.selectionTiers = selectionTiers
        self.sources = sources
    }
}
