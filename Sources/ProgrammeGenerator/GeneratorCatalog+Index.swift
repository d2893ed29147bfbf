import Catalog

extension GeneratorCatalog {
    /// What `init` gathers in one pass over the exercises, sorted by id.
    struct Index {
        var indexByID: [String: Int] = [:]
        var muscleSlugs: [String] = []
        var muscleNames: [String: String] = [:]
        var contraindicated: [[String]] = []
        var equipmentNeedIndex: [Int] = []
        /// The distinct (category, item) slug pairs the exercises need.
        var needs: [(category: String, item: String?)] = []
        private var needIndex: [String: Int] = [:]
        private var byPattern: [String: [Int]] = [:]
        private var byMuscle: [String: [Int]] = [:]
        var patternSlugs: [String] = []
        /// Per exercise: the slugs of the joints its group may aggravate.
        var jointSlugs: [[String]] = []
        private var byGroup: [String: [Int]] = [:]
        private var itemsByCategory: [String: (name: String, items: [String: String])] = [:]

        mutating func add(_ exercise: Exercise, at position: Int, joints: Set<String>) {
            if indexByID[exercise.id] == nil { indexByID[exercise.id] = position }
            let muscle = slug(exercise.primaryMuscle)
            muscleSlugs.append(muscle)
            for name in [exercise.primaryMuscle] + exercise.secondaryMuscles where muscleNames[slug(name)] == nil {
                muscleNames[slug(name)] = name
            }
            let sortedJoints = joints.map { (name: $0, slug: slug($0)) }.sorted { $0.slug < $1.slug }
            contraindicated.append(sortedJoints.map(\.name))
            jointSlugs.append(sortedJoints.map(\.slug))

            let needKey = exercise.equipmentCategory + "\u{1F}" + (exercise.equipmentItem ?? "")
            if let existing = needIndex[needKey] {
                equipmentNeedIndex.append(existing)
            } else {
                needIndex[needKey] = needs.count
                equipmentNeedIndex.append(needs.count)
                needs.append((slug(exercise.equipmentCategory), exercise.equipmentItem.map(slug)))
            }
            let categorySlug = slug(exercise.equipmentCategory)
            var category = itemsByCategory[categorySlug] ?? (exercise.equipmentCategory, [:])
            if let item = exercise.equipmentItem { category.items[slug(item)] = item }
            itemsByCategory[categorySlug] = category

            let pattern = slug(exercise.movementPattern)
            patternSlugs.append(pattern)
            if exercise.includeInProgramme {
                byPattern[pattern, default: []].append(position)
                if pattern != "carry" { byMuscle[muscle, default: []].append(position) }
                byGroup[exercise.canonicalName, default: []].append(position)
            }
        }

        func programme(for target: Slot.Target) -> [Int] {
            switch target {
            case .movementPattern(let name): byPattern[slug(name)] ?? []
            case .muscle(let name): byMuscle[slug(name)] ?? []
            case .canonicalGroup(let name): byGroup[name] ?? []
            case .movementPatternForMuscle(let pattern, let muscle):
                (byPattern[slug(pattern)] ?? []).filter { muscleSlugs[$0] == slug(muscle) }
            }
        }

        /// The categories and items the exercises use, by slug.
        var categories: [EquipmentCategory] {
            itemsByCategory.keys.sorted().compactMap { key in
                guard let category = itemsByCategory[key] else { return nil }
                return EquipmentCategory(
                    name: category.name, slug: key,
                    items: category.items.keys.sorted().compactMap { itemSlug in
                        category.items[itemSlug].map { EquipmentCategory.Item(name: $0, slug: itemSlug) }
                    })
            }
        }
    }
}
