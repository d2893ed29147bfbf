import Catalog

/// The lookup values a catalogue declares, each once (the first declaration wins), in the
/// order the normalised tables keep: equipment, muscles and movement patterns in lookup order,
/// complexity levels and selection tiers by number.
///
/// The one home of what an exercise's names must resolve to: the importer asks it which items
/// a category lists (an item belongs to its own category), and the build resolves every
/// exercise through it before assigning keys.
public struct CatalogLookups: Sendable {
    /// The values the exercises use, collected while resolving them.
    struct Used {
        /// Category → the items used under it (empty: only the category).
        var items: [String: Set<String>] = [:]
        var muscles: Set<String> = []
        var movementPatterns: Set<String> = []
        var complexityLevels: Set<Int> = []
        var selectionTiers: Set<Int> = []
    }

    /// Category → its items, in lookup order.
    private(set) var equipment: [(category: String, items: [String])] = []
    private(set) var muscles: [CatalogContent.Muscle] = []
    private(set) var movementPatterns: [CatalogContent.MovementPattern] = []
    private(set) var complexityLevels: [CatalogContent.ComplexityLevel] = []
    private(set) var selectionTiers: [CatalogContent.SelectionTier] = []
    private var itemsByCategory: [String: [String]] = [:]
    private var muscleNames: Set<String> = []

    /// The lookups of `content`.
    public init(_ content: CatalogContent) {
        self.init(
            equipment: content.equipment, muscles: content.muscles, movementPatterns: content.movementPatterns,
            complexityLevels: content.complexityLevels, selectionTiers: content.selectionTiers)
    }

    public init(
        equipment: [CatalogContent.EquipmentPair], muscles: [CatalogContent.Muscle],
        movementPatterns: [CatalogContent.MovementPattern], complexityLevels: [CatalogContent.ComplexityLevel],
        selectionTiers: [CatalogContent.SelectionTier]
    ) {
        for pair in equipment {
            if itemsByCategory[pair.category] == nil {
                itemsByCategory[pair.category] = []
                self.equipment.append((pair.category, []))
            }
            if let item = pair.item, itemsByCategory[pair.category]?.contains(item) == false {
                itemsByCategory[pair.category]?.append(item)
            }
        }
        self.equipment = self.equipment.map { ($0.category, itemsByCategory[$0.category] ?? []) }
        self.muscles = Self.firstOfEach(muscles, by: \.name)
        muscleNames = Set(self.muscles.map(\.name))
        self.movementPatterns = Self.firstOfEach(movementPatterns, by: \.name)
        self.complexityLevels = Self.firstOfEach(complexityLevels, by: \.level).sorted { $0.level < $1.level }
        self.selectionTiers = Self.firstOfEach(selectionTiers, by: \.tier).sorted { $0.tier < $1.tier }
    }

    /// The items listed under `category`, in lookup order; nil when no lookup row names the
    /// category.
    public func items(under category: String) -> [String]? {
        itemsByCategory[category]
    }

    /// The categories that list `item`, by name.
    public func categories(listing item: String) -> [String] {
        itemsByCategory.filter { $0.value.contains(item) }.map(\.key).sorted()
    }

    /// Records the lookup values `exercise` names in `used`, and each one no lookup declares
    /// as a problem.
    func resolve(_ exercise: Exercise, into used: inout Used, problems: inout NormalisedCatalog.Problems) {
        // Named only in a problem: made when one is reported, never for a row that resolves.
        func subject() -> String { "exercise \"\(exercise.id)\"" }
        if let items = items(under: exercise.equipmentCategory) {
            if used.items[exercise.equipmentCategory] == nil { used.items[exercise.equipmentCategory] = [] }
            if let item = exercise.equipmentItem {
                if items.contains(item) {
                    used.items[exercise.equipmentCategory, default: []].insert(item)
                } else {
                    problems.unknown(
                        "\(subject()) names equipment item \"\(item)\", which the equipment "
                            + "lookup does not list under \"\(exercise.equipmentCategory)\"")
                }
            }
        } else {
            problems.unknown(
                "\(subject()) names equipment category \"\(exercise.equipmentCategory)\", "
                    + "which the equipment lookup does not list")
        }
        for muscle in [exercise.primaryMuscle] + exercise.secondaryMuscles {
            Self.use(
                muscle, declared: muscleNames.contains(muscle), in: &used.muscles, &problems,
                otherwise: "\(subject()) names muscle \"\(muscle)\", which the muscle lookup does not list")
        }
        let pattern = exercise.movementPattern
        Self.use(
            pattern, declared: movementPatterns.contains { $0.name == pattern }, in: &used.movementPatterns,
            &problems,
            otherwise: "\(subject()) names movement pattern \"\(pattern)\", "
                + "which the movement pattern lookup does not list")
        let level = exercise.complexity
        Self.use(
            level, declared: complexityLevels.contains { $0.level == level }, in: &used.complexityLevels, &problems,
            otherwise: "\(subject()) has complexity \(level), which the complexity lookup does not list")
        let tier = exercise.selectionTier
        Self.use(
            tier, declared: selectionTiers.contains { $0.tier == tier }, in: &used.selectionTiers, &problems,
            otherwise: "\(subject()) has selection tier \(tier), which the selection tier lookup does not list")
    }

    /// The declared values among those `staged` exercises name, and each one no lookup
    /// declares as a problem naming the first exercise that names it, in the order first named.
    func resolve(_ staged: ExerciseStage.Used, problems: inout NormalisedCatalog.Problems) -> Used {
        var used = Used()
        func subject(_ id: String) -> String { "exercise \"\(id)\"" }
        for category in staged.categoryOrder {
            guard let (exercise, named) = staged.categories[category] else { continue }
            guard let items = items(under: category) else {
                problems.unknown(
                    "\(subject(exercise)) names equipment category \"\(category)\", "
                        + "which the equipment lookup does not list")
                continue
            }
            used.items[category] = []
            let byFirstExercise = named.sorted {
                $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key)
            }
            for (item, exercise) in byFirstExercise {
                if items.contains(item) {
                    used.items[category, default: []].insert(item)
                } else {
                    problems.unknown(
                        "\(subject(exercise)) names equipment item \"\(item)\", which the equipment "
                            + "lookup does not list under \"\(category)\"")
                }
            }
        }
        for muscle in staged.muscleOrder {
            Self.use(
                muscle, declared: muscleNames.contains(muscle), in: &used.muscles, &problems,
                otherwise: "\(subject(staged.muscles[muscle] ?? "")) names muscle \"\(muscle)\", "
                    + "which the muscle lookup does not list")
        }
        for pattern in staged.movementPatternOrder {
            Self.use(
                pattern, declared: movementPatterns.contains { $0.name == pattern }, in: &used.movementPatterns,
                &problems,
                otherwise: "\(subject(staged.movementPatterns[pattern] ?? "")) names movement pattern "
                    + "\"\(pattern)\", which the movement pattern lookup does not list")
        }
        for level in staged.complexityLevelOrder {
            Self.use(
                level, declared: complexityLevels.contains { $0.level == level }, in: &used.complexityLevels,
                &problems,
                otherwise: "\(subject(staged.complexityLevels[level] ?? "")) has complexity \(level), "
                    + "which the complexity lookup does not list")
        }
        for tier in staged.selectionTierOrder {
            Self.use(
                tier, declared: selectionTiers.contains { $0.tier == tier }, in: &used.selectionTiers, &problems,
                otherwise: "\(subject(staged.selectionTiers[tier] ?? "")) has selection tier \(tier), "
                    + "which the selection tier lookup does not list")
        }
        return used
    }

    /// Records a declared `value` as used, or the problem of one no lookup declares.
    private static func use<Value: Hashable>(
        _ value: Value, declared: Bool, in used: inout Set<Value>, _ problems: inout NormalisedCatalog.Problems,
        otherwise problem: @autoclosure () -> String
    ) {
        if declared {
            used.insert(value)
        } else {
            problems.unknown(problem())
        }
    }

    private static func firstOfEach<Value, Key: Hashable>(_ values: [Value], by key: (Value) -> Key) -> [Value] {
        var seen: Set<Key> = []
        return values.filter { seen.insert(key($0)).inserted }
    }
}
