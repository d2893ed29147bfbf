import Catalog
import ProgrammeGenerator

/// What the training log needs of the catalogue: each exercise's display name, swap group and
/// the facts that choose its load increment. Loaded once; logs point at exercises by id, so a
/// catalogue release never rewrites them, and a retired exercise (kept with
/// `include_in_programme = 0`) still resolves.
public struct LogCatalog: Sendable {
    /// One exercise, as the log reads it.
    public struct Entry: Hashable, Sendable {
        public var id: String
        public var displayName: String
        public var canonicalName: String
        public var equipmentCategory: String
        public var isIsolation: Bool
        /// The primary muscle's body region: `upper`, `lower`, `core`, or nil when unknown.
        public var bodyRegion: String?
        /// False for a retired or library-only exercise.
        public var includeInProgramme: Bool

        /// The step of business rules §8.
        public var increment: LoadIncrement {
            LoadIncrement(equipmentCategory: equipmentCategory, isIsolation: isIsolation, bodyRegion: bodyRegion)
        }

        /// True for a bodyweight exercise (its load is what is added to the body).
        public var isBodyweight: Bool {
            equipmentCategory.slug == "bodyweight"
        }
    }

    private let entries: [String: Entry]
    /// The same catalogue as the generator and `traindb swap` read it: a swap in the log is one
    /// its `SwapFinder` lists.
    public let generator: GeneratorCatalog

    /// The catalogue of `exercises`, with the body regions of `muscles` and the
    /// `contraindications` (with their `exceptions`) swaps are ranked by.
    public init(
        exercises: [Exercise], muscles: [Muscle], contraindications: [Contraindication] = [],
        exceptions: [ExerciseException] = [], equipment: [EquipmentCategory]? = nil
    ) {
        generator = GeneratorCatalog(
            exercises: exercises, contraindications: contraindications, exceptions: exceptions, equipment: equipment,
            muscles: muscles)
        let regions = Dictionary(muscles.map { ($0.name, $0.bodyRegion) }, uniquingKeysWith: { first, _ in first })
        var entries: [String: Entry] = [:]
        for exercise in exercises {
            entries[exercise.id] = Entry(
                id: exercise.id, displayName: exercise.displayName, canonicalName: exercise.canonicalName,
                equipmentCategory: exercise.equipmentCategory, isIsolation: exercise.isIsolation,
                bodyRegion: regions[exercise.primaryMuscle] ?? nil, includeInProgramme: exercise.includeInProgramme)
        }
        self.entries = entries
    }

    /// Every exercise of the catalogue database, retired ones included.
    public init(database: CatalogDatabase) throws {
        self.init(
            exercises: try database.exercises(), muscles: try database.muscles(),
            contraindications: try database.contraindications(), exceptions: try database.exerciseExceptions(),
            equipment: try database.equipmentCategories())
    }

    /// The exercise with this id, or nil when the catalogue has none.
    public func entry(_ id: String) -> Entry? {
        entries[id]
    }

    /// The exercise's display name, or its id when the catalogue does not know it.
    public func displayName(_ id: String) -> String {
        entries[id]?.displayName ?? id
    }
}
