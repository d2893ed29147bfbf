import Catalog

/// A `CatalogContent` resolved into the records of the normalised tables: lookups cut down to
/// the values the exercises use, integer keys assigned, every list in a deterministic order.
///
/// Orders: equipment, muscles and movement patterns keep the lookup sheet's order (the
/// questionnaire shows equipment in it); complexity levels by level; selection tiers by tier;
/// exercises by id; canonical groups and joints by name; contraindications by canonical group
/// then joint; exceptions by exercise then joint; sources by file name. Keys count from 1 in
/// those orders, so the same content always gives the same rows.
struct NormalisedCatalog: Sendable {
    /// An exercise's row and the rows that hang off it, inserted together.
    struct ExerciseRows: Sendable {
        var exercise: ExerciseRecord
        var secondaryMuscles: [ExerciseSecondaryMuscleRecord]
        var instructions: [ExerciseInstructionRecord]
    }

    var categories: [EquipmentCategoryRecord] = []
    var items: [EquipmentItemRecord] = []
    var muscles: [MuscleRecord] = []
    var movementPatterns: [MovementPatternRecord] = []
    var complexityLevels: [ComplexityLevelRecord] = []
    var selectionTiers: [SelectionTierRecord] = []
    var groups: [CanonicalGroupRecord] = []
    /// The content's exercises, and the order of their ids: each exercise's rows are made as
    /// they are written (`forEachExercise`), so a build holds the records of one at a time
    /// rather than a second copy of the catalogue.
    private var exercises: [Exercise] = []
    private var exerciseOrder: [Int] = []
    private var keys = LookupKeys()
    private var groupIDs: [String: Int] = [:]
    var joints: [JointRecord] = []
    var contraindications: [ContraindicationRecord] = []
    var exceptions: [ExerciseExceptionRecord] = []
    var provenance = CatalogueProvenanceRecord(
        toolVersion: TrainDBVersion.current, schemaVersion: CatalogSchema.latestVersion)
    var sources: [CatalogueSourceRecord] = []

    /// Resolves `content`, reporting every exercise or contraindication that names a value its
    /// lookup lacks (all of them, in one error).
    init(_ content: CatalogContent) throws {
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
            problems.unknown(
                "contraindication for joint \"\(contraindication.joint)\" names canonical group "
                    + "\"\(contraindication.canonicalName)\", which no exercise has")
        }
        let exerciseIDs = Set(exercises.lazy.map(\.id))
        for exception in content.exceptions where !exerciseIDs.contains(exception.exerciseId) {
            problems.unknown(
                "exception for joint \"\(exception.joint)\" names exercise \"\(exception.exerciseId)\", "
                    + "which the catalogue does not have")
        }
        try problems.throwIfAny()

        self.exercises = exercises
        exerciseOrder = order
        assignLookupKeys(lookups, used: used)
        let groupIDs = Self.keys(groupNames.sorted())
        self.groupIDs = groupIDs
        groups = groupNames.sorted().map { CanonicalGroupRecord(id: groupIDs[$0] ?? 0, name: $0) }

        let jointNames = Set(content.contraindications.map(\.joint) + content.exceptions.map(\.joint)).sorted()
        let jointIDs = Self.keys(jointNames)
        joints = jointNames.map { JointRecord(id: jointIDs[$0] ?? 0, name: $0, slug: $0.slug) }
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

    /// How many exercises the catalogue has.
    var exerciseCount: Int { exercises.count }

    /// Each exercise's rows, by id.
    func forEachExercise(_ body: (ExerciseRows) throws -> Void) rethrows {
        for index in exerciseOrder {
            let exercise = exercises[index]
            try body(Self.rows(of: exercise, keys: keys, groupID: groupIDs[exercise.canonicalName] ?? 0))
        }
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

    /// The records of one exercise whose every lookup value resolved.
    private static func rows(of exercise: Exercise, keys: LookupKeys, groupID: Int) -> ExerciseRows {
        let record = ExerciseRecord(
            id: exercise.id, displayName: exercise.displayName, canonicalGroupId: groupID,
            equipmentCategoryId: keys.categories[exercise.equipmentCategory] ?? 0,
            equipmentItemId: exercise.equipmentItem.flatMap { keys.items[exercise.equipmentCategory]?[$0] },
            primaryMuscleId: keys.muscles[exercise.primaryMuscle] ?? 0,
            movementPatternId: keys.movementPatterns[exercise.movementPattern] ?? 0,
            complexityLevel: exercise.complexity, selectionTier: exercise.selectionTier,
            isIsolation: exercise.isIsolation, includeInProgramme: exercise.includeInProgramme,
            videoUrl: exercise.videoURL, thumbnailUrl: exercise.thumbnailURL)
        return ExerciseRows(
            exercise: record,
            secondaryMuscles: exercise.secondaryMuscles.enumerated().compactMap { offset, muscle in
                keys.muscles[muscle].map {
                    ExerciseSecondaryMuscleRecord(exerciseId: exercise.id, position: offset + 1, muscleId: $0)
                }
            },
            instructions: exercise.instructions.enumerated().map { offset, text in
                ExerciseInstructionRecord(exerciseId: exercise.id, step: offset + 1, instruction: text)
            })
    }
}

/// The keys assigned to the lookup values the exercises use.
struct LookupKeys: Sendable {
    var categories: [String: Int] = [:]
    var items: [String: [String: Int]] = [:]
    var muscles: [String: Int] = [:]
    var movementPatterns: [String: Int] = [:]
}
