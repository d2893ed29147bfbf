import Catalog

/// A `CatalogContent` resolved into the records of the normalised tables: lookups cut down to
/// the values the exercises use, integer keys assigned, every list in a deterministic order.
///
/// Orders: equipment, muscles and movement patterns keep the lookup sheet's order (the
/// questionnaire shows equipment in it); complexity levels by level; selection tiers by tier;
/// exercises by id; canonical groups and joints by name; contraindications by canonical group
/// then joint; exceptions by exercise then joint; sources by file name. Keys count from 1 in
/// those orders, so the same content always gives the same rows.
///
/// The exercises are not held here: they wait in an `ExerciseStage`, which numbers the groups
/// and moves the exercises' rows into their tables in id order.
struct NormalisedCatalog {
    var categories: [EquipmentCategoryRecord] = []
    var items: [EquipmentItemRecord] = []
    var muscles: [MuscleRecord] = []
    var movementPatterns: [MovementPatternRecord] = []
    var complexityLevels: [ComplexityLevelRecord] = []
    var selectionTiers: [SelectionTierRecord] = []
    private(set) var keys = LookupKeys()
    var joints: [JointRecord] = []
    var contraindications: [ContraindicationRecord] = []
    var exceptions: [ExerciseExceptionRecord] = []
    var provenance = CatalogueProvenanceRecord(
        toolVersion: TrainDBVersion.current, schemaVersion: CatalogSchema.latestVersion)
    var sources: [CatalogueSourceRecord] = []

    /// Checks in memory what the build of `content` would refuse, reporting every exercise or
    /// contraindication that names a value its lookup lacks (all of them, in one error), before
    /// anything is written.
    static func check(_ content: CatalogContent) throws {
        var problems = Problems()
        let exercises = content.exercises
        let order = exercises.indices.sorted { exercises[$0].id < exercises[$1].id }
        problems.checkUniqueIDs(order.lazy.map { exercises[$0].id })
        let lookups = CatalogLookups(content)
        var used = CatalogLookups.Used()
        for index in order {
            lookups.resolve(exercises[index], into: &used, problems: &problems)
        }
        let groupNames = Set(exercises.lazy.map(\.canonicalName))
        for contraindication in content.contraindications where !groupNames.contains(contraindication.canonicalName) {
            problems.unknown(Self.unknownGroup(contraindication))
        }
        let exerciseIDs = Set(exercises.lazy.map(\.id))
        for exception in content.exceptions where !exerciseIDs.contains(exception.exerciseId) {
            problems.unknown(Self.unknownExercise(exception))
        }
        try problems.throwIfAny()
    }

    /// Resolves the lookups of the exercises in `stage` (a value no lookup declares is an
    /// error naming the first exercise that uses it), numbers the groups into the database,
    /// and the rest of `content` (its own `exercises` are not read).
    init(_ content: CatalogContent, stage: ExerciseStage) throws {
        var problems = Problems()
        let lookups = CatalogLookups(content)
        let used = lookups.resolve(stage.used, problems: &problems)
        try problems.throwIfAny()
        assignLookupKeys(lookups, used: used)

        _ = try stage.writeGroups()
        let jointNames = Set(content.contraindications.map(\.joint) + content.exceptions.map(\.joint)).sorted()
        let jointIDs = Self.keys(jointNames)
        joints = jointNames.map { JointRecord(id: jointIDs[$0] ?? 0, name: $0, slug: $0.slug) }
        var groupIDs: [String: Int] = [:]
        for contraindication in content.contraindications where groupIDs[contraindication.canonicalName] == nil {
            if let id = try stage.groupID(contraindication.canonicalName) {
                groupIDs[contraindication.canonicalName] = id
            } else {
                problems.unknown(Self.unknownGroup(contraindication))
            }
        }
        try problems.throwIfAny()
        contraindications = content.contraindications
            .sorted { ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint) }
            .map {
                ContraindicationRecord(
                    canonicalGroupId: groupIDs[$0.canonicalName] ?? 0, jointId: jointIDs[$0.joint] ?? 0,
                    notes: $0.notes)
            }
        exceptions = content.exceptions
            .sorted { ($0.exerciseId, $0.joint) < ($1.exerciseId, $1.joint) }
            .map {
                ExerciseExceptionRecord(
                    exerciseId: $0.exerciseId, jointId: jointIDs[$0.joint] ?? 0, level: $0.level.rawValue,
                    notes: $0.notes, cue: $0.level == .modified ? $0.cue : nil)
            }
        sources = content.sources.sorted { $0.fileName < $1.fileName }
            .map { CatalogueSourceRecord(fileName: $0.fileName, sha256: $0.sha256) }
    }

    /// Refuses exceptions naming an exercise the stage did not write: checked once the
    /// exercises are in their table, whose key finds each id.
    func checkExceptionExercises(_ stage: ExerciseStage) throws {
        var problems = Problems()
        let jointNames = Dictionary(joints.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for exception in exceptions where try !stage.hasExercise(exception.exerciseId) {
            problems.unknown(
                "exception for joint \"\(jointNames[exception.jointId] ?? "?")\" names exercise "
                    + "\"\(exception.exerciseId)\", which the catalogue does not have")
        }
        try problems.throwIfAny()
    }

    private static func unknownGroup(_ contraindication: Contraindication) -> String {
        "contraindication for joint \"\(contraindication.joint)\" names canonical group "
            + "\"\(contraindication.canonicalName)\", which no exercise has"
    }

    private static func unknownExercise(_ exception: ExerciseException) -> String {
        "exception for joint \"\(exception.joint)\" names exercise \"\(exception.exerciseId)\", "
            + "which the catalogue does not have"
    }

    /// Keys 1, 2, 3 … in `names`' order.
    private static func keys(_ names: [String]) -> [String: Int] {
        Dictionary(names.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
    }

    /// The lookup rows the exercises use, in lookup order, with their keys.
    private mutating func assignLookupKeys(_ lookups: CatalogLookups, used: CatalogLookups.Used) {
        for (category, declaredItems) in lookups.equipment {
            guard let usedItems = used.items[category] else { continue }
            let categoryID = categories.count + 1
            keys.categories[category] = categoryID
            categories.append(
                EquipmentCategoryRecord(id: categoryID, name: category, slug: category.slug, position: categoryID))
            for item in declaredItems where usedItems.contains(item) {
                let record = EquipmentItemRecord(
                    id: items.count + 1, categoryId: categoryID, name: item, slug: item.slug,
                    position: (keys.items[category]?.count ?? 0) + 1)
                keys.items[category, default: [:]][item] = record.id
                items.append(record)
            }
        }
        for muscle in lookups.muscles where used.muscles.contains(muscle.name) {
            keys.muscles[muscle.name] = muscles.count + 1
            muscles.append(
                MuscleRecord(
                    id: muscles.count + 1, name: muscle.name, slug: muscle.name.slug, bodyRegion: muscle.bodyRegion))
        }
        for pattern in lookups.movementPatterns where used.movementPatterns.contains(pattern.name) {
            keys.movementPatterns[pattern.name] = movementPatterns.count + 1
            movementPatterns.append(
                MovementPatternRecord(
                    id: movementPatterns.count + 1, name: pattern.name, slug: pattern.name.slug,
                    description: pattern.description))
        }
        complexityLevels = lookups.complexityLevels.filter { used.complexityLevels.contains($0.level) }
            .map { ComplexityLevelRecord(level: $0.level, label: $0.label, description: $0.description) }
        selectionTiers = lookups.selectionTiers.filter { used.selectionTiers.contains($0.tier) }
            .map { SelectionTierRecord(tier: $0.tier, label: $0.label, description: $0.description) }
    }
}

/// The keys assigned to the lookup values the exercises use.
struct LookupKeys: Sendable {
    var categories: [String: Int] = [:]
    var items: [String: [String: Int]] = [:]
    var muscles: [String: Int] = [:]
    var movementPatterns: [String: Int] = [:]
}
