import Catalog

/// The catalogue as the generator reads it: loaded once into memory and indexed, so that
/// generating a programme is a pure, fast function of the catalogue, the questionnaire and the
/// seed.
///
/// Build it from a database (`init(database:)`) or straight from records
/// (`init(exercises:contraindications:)`). The order of the records given does not matter:
/// exercises are kept by id, so the same catalogue always gives the same programmes.
public struct GeneratorCatalog: Sendable {
    /// Every exercise, library-only ones included, by id.
    public let exercises: [Exercise]
    /// Every contraindication, by canonical group then joint.
    public let contraindications: [Contraindication]
    /// The muscles the exercises name (primary or secondary), by slug: what
    /// `targetMuscleGroups` may hold.
    public let muscles: [String]
    /// The joints the contraindications name, by slug: what `injuries` may hold.
    public let joints: [String]
    /// The equipment categories and items the exercises use: what `equipmentAvailable` and
    /// `detailedEquipment` may hold.
    public let equipmentCategories: [EquipmentCategory]

    let indexByID: [String: Int]
    /// Per exercise: the slug of its primary muscle.
    let muscleSlugs: [String]
    /// Per exercise: the joints (names) its canonical group may aggravate, by joint.
    let contraindicatedJoints: [[String]]
    /// Per exercise: its place in `equipmentNeeds`.
    let equipmentNeedIndex: [Int]
    /// The distinct (category, item) pairs the exercises need.
    let equipmentNeeds: [(category: String, item: String?)]
    /// Programme exercises (`include_in_programme = 1`) by movement pattern slug, by id.
    let programmeByPattern: [String: [Int]]
    /// Programme exercises by primary muscle slug, by id.
    let programmeByMuscle: [String: [Int]]
    let muscleNameBySlug: [String: String]
    let jointNameBySlug: [String: String]
    /// The programme exercises of every template slot's target and of every muscle, by id.
    let programmeByTarget: [Slot.Target: [Int]]

    /// Indexes `exercises` and `contraindications`. `equipment` gives the questionnaire's
    /// category and item order; without it, the categories and items the exercises use are
    /// taken in slug order.
    public init(
        exercises: [Exercise], contraindications: [Contraindication], equipment: [EquipmentCategory]? = nil
    ) {
        let sorted = exercises.sorted { $0.id < $1.id }
        self.exercises = sorted
        self.contraindications = contraindications.sorted {
            ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint)
        }

        var indexByID: [String: Int] = [:]
        var jointsByGroup: [String: Set<String>] = [:]
        for contraindication in contraindications {
            jointsByGroup[contraindication.canonicalName, default: []].insert(contraindication.joint)
        }
        var needIndex: [String: Int] = [:]
        var needs: [(category: String, item: String?)] = []
        var byPattern: [String: [Int]] = [:]
        var byMuscle: [String: [Int]] = [:]
        var muscleNames: [String: String] = [:]
        var muscleSlugs: [String] = []
        var contraindicated: [[String]] = []
        var equipmentNeedIndex: [Int] = []
        var itemsByCategory: [String: (name: String, items: [String: String])] = [:]

        for (index, exercise) in sorted.enumerated() {
            if indexByID[exercise.id] == nil { indexByID[exercise.id] = index }
            let muscle = exercise.primaryMuscle.slug
            muscleSlugs.append(muscle)
            for name in [exercise.primaryMuscle] + exercise.secondaryMuscles where muscleNames[name.slug] == nil {
                muscleNames[name.slug] = name
            }
            contraindicated.append((jointsByGroup[exercise.canonicalName] ?? []).sorted { $0.slug < $1.slug })

            let needKey = exercise.equipmentCategory + "\u{1F}" + (exercise.equipmentItem ?? "")
            if let existing = needIndex[needKey] {
                equipmentNeedIndex.append(existing)
            } else {
                needIndex[needKey] = needs.count
                equipmentNeedIndex.append(needs.count)
                needs.append((exercise.equipmentCategory, exercise.equipmentItem))
            }
            let categorySlug = exercise.equipmentCategory.slug
            var category = itemsByCategory[categorySlug] ?? (exercise.equipmentCategory, [:])
            if let item = exercise.equipmentItem { category.items[item.slug] = item }
            itemsByCategory[categorySlug] = category

            if exercise.includeInProgramme {
                byPattern[exercise.movementPattern.slug, default: []].append(index)
                byMuscle[muscle, default: []].append(index)
            }
        }

        self.indexByID = indexByID
        self.muscleSlugs = muscleSlugs
        self.contraindicatedJoints = contraindicated
        self.equipmentNeedIndex = equipmentNeedIndex
        self.equipmentNeeds = needs
        self.programmeByPattern = byPattern
        self.programmeByMuscle = byMuscle
        self.muscleNameBySlug = muscleNames
        self.muscles = muscleNames.keys.sorted().compactMap { muscleNames[$0] }
        var jointNames: [String: String] = [:]
        for contraindication in contraindications where jointNames[contraindication.joint.slug] == nil {
            jointNames[contraindication.joint.slug] = contraindication.joint
        }
        self.jointNameBySlug = jointNames
        var byTarget: [Slot.Target: [Int]] = [:]
        let targets = SessionKind.allCases.flatMap { $0.slots.map(\.target) } + muscleNames.values.map { .muscle($0) }
        for target in targets where byTarget[target] == nil {
            switch target {
            case .movementPattern(let name): byTarget[target] = byPattern[name.slug] ?? []
            case .muscle(let name): byTarget[target] = byMuscle[name.slug] ?? []
            }
        }
        self.programmeByTarget = byTarget
        self.joints = jointNames.keys.sorted().compactMap { jointNames[$0] }
        self.equipmentCategories =
            equipment
            ?? itemsByCategory.keys.sorted().compactMap { key in
                guard let category = itemsByCategory[key] else { return nil }
                return EquipmentCategory(
                    name: category.name, slug: key,
                    items: category.items.keys.sorted().compactMap { itemSlug in
                        category.items[itemSlug].map { EquipmentCategory.Item(name: $0, slug: itemSlug) }
                    })
            }
    }

    /// Loads every exercise, contraindication and equipment category of `database`.
    public init(database: CatalogDatabase) throws {
        self.init(
            exercises: try database.exercises(), contraindications: try database.contraindications(),
            equipment: try database.equipmentCategories())
    }

    /// The exercise with this id, or nil.
    public func exercise(id: String) -> Exercise? {
        indexByID[id].map { exercises[$0] }
    }

    /// The programme exercises a slot's target names, by id (role not yet applied).
    func programmeExercises(for target: Slot.Target) -> [Int] {
        if let indices = programmeByTarget[target] { return indices }
        return switch target {
        case .movementPattern(let name): programmeByPattern[name.slug] ?? []
        case .muscle(let name): programmeByMuscle[name.slug] ?? []
        }
    }
}
