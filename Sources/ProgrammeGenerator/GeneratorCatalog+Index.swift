import Catalog

extension GeneratorCatalog {
    /// What `init` gathers in one pass over the exercises, sorted by id.
    struct Index {
        var indexByID: [String: Int] = [:]
        var muscleSlugs: [String] = []
        var muscleNames: [String: String] = [:]
        /// Per exercise: the joints it may load, by joint slug.
        var risks: [[JointRisk]] = []
        var equipmentNeedIndex: [Int] = []
        /// The distinct (category, item) slug pairs the exercises need.
        var needs: [(category: String, item: String?)] = []
        private var needIndex: [String: Int] = [:]
        private var byPattern: [String: [Int]] = [:]
        private var byMuscle: [String: [Int]] = [:]
        var patternSlugs: [String] = []
        private var byGroup: [String: [Int]] = [:]
        private var itemsByCategory: [String: (name: String, items: [String: String])] = [:]

        mutating func add(_ exercise: Exercise, at position: Int, risks: [JointRisk]) {
            if indexByID[exercise.id] == nil { indexByID[exercise.id] = position }
            let muscle = exercise.primaryMuscle.slug
            muscleSlugs.append(muscle)
            for name in [exercise.primaryMuscle] + exercise.secondaryMuscles where muscleNames[name.slug] == nil {
                muscleNames[name.slug] = name
            }
            self.risks.append(risks.sorted { $0.joint.slug < $1.joint.slug })

            let needKey = exercise.equipmentCategory + "\u{1F}" + (exercise.equipmentItem ?? "")
            if let existing = needIndex[needKey] {
                equipmentNeedIndex.append(existing)
            } else {
                needIndex[needKey] = needs.count
                equipmentNeedIndex.append(needs.count)
                needs.append((exercise.equipmentCategory.slug, exercise.equipmentItem.map(\.slug)))
            }
            let categorySlug = exercise.equipmentCategory.slug
            var category = itemsByCategory[categorySlug] ?? (exercise.equipmentCategory, [:])
            if let item = exercise.equipmentItem { category.items[item.slug] = item }
            itemsByCategory[categorySlug] = category

            let pattern = exercise.movementPattern.slug
            patternSlugs.append(pattern)
            if exercise.includeInProgramme {
                byPattern[pattern, default: []].append(position)
                if pattern != "carry" { byMuscle[muscle, default: []].append(position) }
                byGroup[exercise.canonicalName, default: []].append(position)
            }
        }

        func programme(for target: Slot.Target) -> [Int] {
            switch target {
            case .movementPattern(let name): byPattern[name.slug] ?? []
            case .muscle(let name): byMuscle[name.slug] ?? []
            case .canonicalGroup(let name): byGroup[name] ?? []
            case .movementPatternForMuscle(let pattern, let muscle):
                (byPattern[pattern.slug] ?? []).filter { muscleSlugs[$0] == muscle.slug }
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
