/// A `CatalogContent` resolved into the rows of the normalised tables: lookups cut down to the
/// values the exercises use, integer keys assigned, every list in a deterministic order.
///
/// Orders: equipment, muscles and movement patterns keep the lookup sheet's order (the
/// questionnaire shows equipment in it); complexity levels by level; selection tiers by tier; exercises by id; canonical
/// groups and joints by name; contraindications by canonical group then joint; sources by file
/// name. Keys count from 1 in those orders, so the same content always gives the same rows.
struct NormalisedCatalog: Sendable {
    struct Category: Sendable {
        var id: Int
        var name: String
        var position: Int
    }

    struct Item: Sendable {
        var id: Int
        var categoryID: Int
        var name: String
        var position: Int
    }

    struct Muscle: Sendable {
        var id: Int
        var name: String
        var bodyRegion: String
    }

    struct MovementPattern: Sendable {
        var id: Int
        var name: String
        var description: String
    }

    struct Group: Sendable {
        var id: Int
        var name: String
    }

    struct ExerciseRow: Sendable {
        var exercise: Exercise
        var groupID: Int
        var categoryID: Int
        var itemID: Int?
        var primaryMuscleID: Int
        var secondaryMuscleIDs: [Int]
        var movementPatternID: Int
    }

    struct Joint: Sendable {
        var id: Int
        var name: String
    }

    struct ContraindicationRow: Sendable {
        var groupID: Int
        var jointID: Int
        var notes: String
    }

    var categories: [Category] = []
    var items: [Item] = []
    var muscles: [Muscle] = []
    var movementPatterns: [MovementPattern] = []
    var complexityLevels: [CatalogContent.ComplexityLevel] = []
    var selectionTiers: [CatalogContent.SelectionTier] = []
    var groups: [Group] = []
    var exercises: [ExerciseRow] = []
    var joints: [Joint] = []
    var contraindications: [ContraindicationRow] = []
    var sources: [CatalogContent.Source] = []

    /// Resolves `content`, reporting every exercise or contraindication that names a value its
    /// lookup lacks (all of them, in one error).
    init(_ content: CatalogContent) throws {
        var problems = Problems()
        let exercises = content.exercises.sorted { $0.id < $1.id }
        problems.checkUniqueIDs(exercises)

        // What the lookups declare, first occurrence wins.
        var declaredItems: [String: [String]] = [:]
        var declaredCategories: [String] = []
        for pair in content.equipment {
            if declaredItems[pair.category] == nil {
                declaredItems[pair.category] = []
                declaredCategories.append(pair.category)
            }
            if let item = pair.item, declaredItems[pair.category]?.contains(item) == false {
                declaredItems[pair.category]?.append(item)
            }
        }
        let declaredMuscles = Set(content.muscles.map(\.name))
        let declaredPatterns = Set(content.movementPatterns.map(\.name))
        let declaredLevels = Set(content.complexityLevels.map(\.level))
        let declaredTiers = Set(content.selectionTiers.map(\.tier))

        // What the exercises use.
        var usedItems: [String: Set<String>] = [:]
        var usedMuscles: Set<String> = []
        var usedPatterns: Set<String> = []
        var usedLevels: Set<Int> = []
        var usedTiers: Set<Int> = []
        for exercise in exercises {
            let subject = "exercise \"\(exercise.id)\""
            if let items = declaredItems[exercise.equipmentCategory] {
                if usedItems[exercise.equipmentCategory] == nil { usedItems[exercise.equipmentCategory] = [] }
                if let item = exercise.equipmentItem {
                    if items.contains(item) {
                        usedItems[exercise.equipmentCategory, default: []].insert(item)
                    } else {
                        problems.unknown(
                            "\(subject) names equipment item \"\(item)\", which the equipment "
                                + "lookup does not list under \"\(exercise.equipmentCategory)\"")
                    }
                }
            } else {
                problems.unknown(
                    "\(subject) names equipment category \"\(exercise.equipmentCategory)\", "
                        + "which the equipment lookup does not list")
            }
            for muscle in [exercise.primaryMuscle] + exercise.secondaryMuscles {
                if declaredMuscles.contains(muscle) {
                    usedMuscles.insert(muscle)
                } else {
                    problems.unknown("\(subject) names muscle \"\(muscle)\", which the muscle lookup does not list")
                }
            }
            if declaredPatterns.contains(exercise.movementPattern) {
                usedPatterns.insert(exercise.movementPattern)
            } else {
                problems.unknown(
                    "\(subject) names movement pattern \"\(exercise.movementPattern)\", "
                        + "which the movement pattern lookup does not list")
            }
            if declaredLevels.contains(exercise.complexity) {
                usedLevels.insert(exercise.complexity)
            } else {
                problems.unknown(
                    "\(subject) has complexity \(exercise.complexity), which the complexity lookup does not list")
            }
            if declaredTiers.contains(exercise.selectionTier) {
                usedTiers.insert(exercise.selectionTier)
            } else {
                problems.unknown(
                    "\(subject) has selection tier \(exercise.selectionTier), which the selection tier lookup does not list")
            }
        }

        // Lookup rows, in lookup order, only those used.
        var categoryIDs: [String: Int] = [:]
        var itemIDs: [String: [String: Int]] = [:]
        for category in declaredCategories {
            guard let used = usedItems[category] else { continue }
            let categoryID = categories.count + 1
            categoryIDs[category] = categoryID
            categories.append(Category(id: categoryID, name: category, position: categoryID))
            var position = 0
            for item in declaredItems[category] ?? [] where used.contains(item) {
                position += 1
                let itemID = items.count + 1
                itemIDs[category, default: [:]][item] = itemID
                items.append(Item(id: itemID, categoryID: categoryID, name: item, position: position))
            }
        }
        var muscleIDs: [String: Int] = [:]
        for muscle in content.muscles where usedMuscles.contains(muscle.name) && muscleIDs[muscle.name] == nil {
            muscleIDs[muscle.name] = muscles.count + 1
            muscles.append(Muscle(id: muscles.count + 1, name: muscle.name, bodyRegion: muscle.bodyRegion))
        }
        var patternIDs: [String: Int] = [:]
        for pattern in content.movementPatterns
        where usedPatterns.contains(pattern.name) && patternIDs[pattern.name] == nil {
            patternIDs[pattern.name] = movementPatterns.count + 1
            movementPatterns.append(
                MovementPattern(id: movementPatterns.count + 1, name: pattern.name, description: pattern.description))
        }
        var seenLevels: Set<Int> = []
        complexityLevels = content.complexityLevels
            .filter { usedLevels.contains($0.level) && seenLevels.insert($0.level).inserted }
            .sorted { $0.level < $1.level }
        var seenTiers: Set<Int> = []
        selectionTiers = content.selectionTiers
            .filter { usedTiers.contains($0.tier) && seenTiers.insert($0.tier).inserted }
            .sorted { $0.tier < $1.tier }

        var groupIDs: [String: Int] = [:]
        for name in Set(exercises.map(\.canonicalName)).sorted() {
            groupIDs[name] = groups.count + 1
            groups.append(Group(id: groups.count + 1, name: name))
        }

        for exercise in exercises {
            guard let groupID = groupIDs[exercise.canonicalName],
                let categoryID = categoryIDs[exercise.equipmentCategory],
                let primaryMuscleID = muscleIDs[exercise.primaryMuscle],
                let patternID = patternIDs[exercise.movementPattern]
            else { continue }  // Already reported above.
            var itemID: Int?
            if let item = exercise.equipmentItem {
                guard let id = itemIDs[exercise.equipmentCategory]?[item] else { continue }
                itemID = id
            }
            self.exercises.append(
                ExerciseRow(
                    exercise: exercise, groupID: groupID, categoryID: categoryID, itemID: itemID,
                    primaryMuscleID: primaryMuscleID,
                    secondaryMuscleIDs: exercise.secondaryMuscles.compactMap { muscleIDs[$0] },
                    movementPatternID: patternID))
        }

        // Joints come from the contraindications, which must name canonical groups that exist.
        var jointIDs: [String: Int] = [:]
        for name in Set(content.contraindications.map(\.joint)).sorted() {
            jointIDs[name] = joints.count + 1
            joints.append(Joint(id: joints.count + 1, name: name))
        }
        let sortedContraindications = content.contraindications.sorted {
            ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint)
        }
        for contraindication in sortedContraindications {
            guard let groupID = groupIDs[contraindication.canonicalName] else {
                problems.unknown(
                    "contraindication for joint \"\(contraindication.joint)\" names canonical group "
                        + "\"\(contraindication.canonicalName)\", which no exercise has")
                continue
            }
            guard let jointID = jointIDs[contraindication.joint] else { continue }
            contraindications.append(
                ContraindicationRow(groupID: groupID, jointID: jointID, notes: contraindication.notes))
        }

        sources = content.sources.sorted { $0.fileName < $1.fileName }
        try problems.throwIfAny()
    }
}
