import Catalog

/// The catalogue as the generator reads it: loaded once into memory and indexed, so that
/// generating a programme is a pure, fast function of the catalogue, the questionnaire and the
/// seed.
///
/// Build it from a database (`init(database:)`) or straight from records
/// (`init(exercises:contraindications:equipment:muscles:)`). The order of the records given does
/// not matter: exercises are kept by id, so the same catalogue always gives the same programmes.
public struct GeneratorCatalog: Sendable {
    /// Every exercise, library-only ones included, by id.
    public let exercises: [Exercise]
    /// Every contraindication, by canonical group then joint.
    public let contraindications: [Contraindication]
    /// Every exercise exception, by exercise then joint.
    public let exceptions: [ExerciseException]
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
    /// Per exercise: its primary muscle, numbered (an index into `muscleSlugList`).
    let muscleIDs: [Int]
    /// The primary muscles' slugs, by number.
    let muscleSlugList: [String]
    /// Per exercise: its secondary muscles that are some exercise's primary, numbered.
    let secondaryMuscleIDs: [[Int]]
    /// Per exercise: its primary muscle's body region (`upper`, `lower`, `core`), when known.
    let bodyRegions: [String?]
    /// Per exercise: what the generator ranks and filters on, without copying the record.
    let traits: [Traits]
    /// How many canonical groups `Traits.group` numbers.
    let groupCount: Int
    /// Per exercise: what besides its role sets its reps and rest.
    let loads: [LoadProfile]
    /// Per exercise: the joints it may load (its group's contraindications, with its exceptions
    /// applied: contraindicated, or allowed with a cue), by joint slug.
    let jointRisks: [[JointRisk]]
    /// Per exercise: the slugs of `jointRisks`' joints, in the same order.
    let jointRiskSlugs: [[String]]
    /// Per joint slug: the exercises that may load it, with how, by exercise.
    let risksByJoint: [String: [(exercise: Int, risk: JointRisk)]]
    /// The primary muscles' numbers, by slug.
    let muscleNumberBySlug: [String: Int]
    /// The exercises each joint's contraindications and exceptions name, by joint slug.
    let exercisesByJoint: [String: [Int]]
    /// Every joint as (slug, name), by slug: the order an exercise's joints are listed in.
    let jointOrder: [(slug: String, name: String)]
    /// Per exercise: the slug of its movement pattern.
    let movementPatternSlugs: [String]
    /// Per exercise: its place in `equipmentNeeds`.
    let equipmentNeedIndex: [Int]
    /// The distinct (category, item) pairs the exercises need, as slugs.
    let equipmentNeeds: [(category: String, item: String?)]
    /// Library-only exercises of the warm-up patterns (Mobility, Stretch, Cardio), by id.
    let warmUps: [Int]
    let muscleNameBySlug: [String: String]
    let jointNameBySlug: [String: String]
    /// Programme exercises (`include_in_programme = 1`) of every slot target, by id.
    private let programmeByTarget: [Slot.Target: [Int]]
    /// The primary muscle (slug) most of each slot target's programme exercises train.
    private let dominantMuscleByTarget: [Slot.Target: String]
    /// Per slot of the session templates: the muscles the exercises its choices and injury
    /// fallbacks may give it train, and those it usually trains.
    private let musclesBySlot: [Slot: SlotMuscles]

    static let warmUpPatterns: Set<String> = ["mobility", "stretch", "cardio"]
    /// Patterns never prescribed below 6-8 reps (business rules §3).
    static let repFloorPatterns: Set<String> = ["lunge", "hip_extension"]
    /// Canonical groups (slugs) never prescribed below 6 reps: Romanian and stiff-legged
    /// deadlifts, whose long hamstring stretch is not a place for near-maximal sets (§3).
    static let repFloorGroups: Set<String> = ["romanian_deadlift"]
    /// The floor deadlift family (slugs of canonical groups: conventional, trap-bar, deficit and
    /// sumo pulls from the floor): never more than 8 reps, and 6-8 outside strength work (§3).
    static let floorPullGroups: Set<String> = ["deadlift", "sumo_deadlift"]

    /// Whether an exercise is an eccentric-only variation (a negative): the catalogue names
    /// them so ("Negative Pull-Up", "Eccentric Nordic Curl"). They take 3-5 reps, and never a
    /// Just Starting Out user (§3).
    static func isEccentricOnly(_ exercise: Exercise) -> Bool {
        let words = Set(exercise.displayName.lowercased().split { !$0.isLetter }.map(String.init))
        return !words.isDisjoint(with: ["negative", "negatives", "eccentric"])
    }

    /// Indexes `exercises` and `contraindications`, with each exercise's `exceptions` applied
    /// (business rules §4: `safe` takes a group's joint off one exercise, `contraindicated` adds
    /// one). `equipment` gives the questionnaire's
    /// category and item order; without it, the categories and items the exercises use are
    /// taken in slug order. `muscles` gives the body regions the warm-up follows.
    public init(
        exercises: [Exercise], contraindications: [Contraindication], exceptions: [ExerciseException] = [],
        equipment: [EquipmentCategory]? = nil, muscles: [Muscle] = []
    ) {
        let sorted = exercises.sorted { $0.id < $1.id }
        self.exercises = sorted
        self.contraindications = contraindications.sorted {
            ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint)
        }
        self.exceptions = exceptions.sorted { ($0.exerciseId, $0.joint) < ($1.exerciseId, $1.joint) }
        let risksByExercise = ExerciseException.risks(
            of: sorted, contraindications: contraindications, exceptions: exceptions)
        let regionBySlug = Dictionary(muscles.map { ($0.name.slug, $0.bodyRegion) }, uniquingKeysWith: { a, _ in a })

        var index = Index()
        for (position, exercise) in sorted.enumerated() {
            index.add(exercise, at: position, risks: risksByExercise[exercise.id] ?? [])
        }
        indexByID = index.indexByID
        muscleSlugs = index.muscleSlugs
        muscleSlugList = Array(Set(index.muscleSlugs)).sorted()
        let muscleNumbers = Dictionary(uniqueKeysWithValues: muscleSlugList.enumerated().map { ($1, $0) })
        muscleNumberBySlug = muscleNumbers
        muscleIDs = index.muscleSlugs.map { muscleNumbers[$0] ?? 0 }
        secondaryMuscleIDs = sorted.map { $0.secondaryMuscles.compactMap { muscleNumbers[$0.slug] } }
        bodyRegions = index.muscleSlugs.map { regionBySlug[$0] ?? nil }
        let groups = Dictionary(
            Set(sorted.map(\.canonicalName)).sorted().enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        traits = sorted.map { exercise in
            Traits(
                isIsolation: exercise.isIsolation, complexity: exercise.complexity, tier: exercise.selectionTier,
                group: groups[exercise.canonicalName] ?? 0,
                isLoaded: exercise.equipmentCategory.slug != EquipmentSelection.bodyweightCategory
                    || exercise.equipmentItem != nil)
        }
        groupCount = groups.count
        loads = zip(sorted, traits).map { exercise, traits in
            LoadProfile(
                isUnloadedAndSimple: !traits.isLoaded && exercise.complexity == 1, isSpecialist: traits.tier >= 3,
                neverBelowSixReps: Self.repFloorPatterns.contains(exercise.movementPattern.slug)
                    || Self.repFloorGroups.contains(exercise.canonicalName.slug),
                isFloorPull: Self.floorPullGroups.contains(exercise.canonicalName.slug),
                isEccentricOnly: Self.isEccentricOnly(exercise))
        }
        jointRisks = index.risks
        jointRiskSlugs = index.risks.map { $0.map(\.joint.slug) }
        var risksByJoint: [String: [(exercise: Int, risk: JointRisk)]] = [:]
        for (position, risks) in index.risks.enumerated() {
            for risk in risks { risksByJoint[risk.joint.slug, default: []].append((position, risk)) }
        }
        self.risksByJoint = risksByJoint
        var byJoint: [String: [Int]] = [:]
        var jointOrder: [String: String] = [:]
        for (position, risks) in index.risks.enumerated() {
            for risk in risks {
                byJoint[risk.joint.slug, default: []].append(position)
                jointOrder[risk.joint.slug] = risk.joint
            }
        }
        exercisesByJoint = byJoint
        self.jointOrder = jointOrder.keys.sorted().compactMap { key in jointOrder[key].map { (key, $0) } }
        movementPatternSlugs = index.patternSlugs
        equipmentNeedIndex = index.equipmentNeedIndex
        equipmentNeeds = index.needs
        warmUps = sorted.indices.filter {
            !sorted[$0].includeInProgramme && Self.warmUpPatterns.contains(index.patternSlugs[$0])
        }
        muscleNameBySlug = index.muscleNames
        self.muscles = index.muscleNames.keys.sorted().compactMap { index.muscleNames[$0] }

        var jointNames: [String: String] = [:]
        for joint in contraindications.map(\.joint) + exceptions.map(\.joint) where jointNames[joint.slug] == nil {
            jointNames[joint.slug] = joint
        }
        jointNameBySlug = jointNames
        joints = jointNames.keys.sorted().compactMap { jointNames[$0] }
        equipmentCategories = equipment ?? index.categories

        var byTarget: [Slot.Target: [Int]] = [:]
        let templates = SessionKind.allCases.flatMap { [$0.template(isSecond: false), $0.template(isSecond: true)] }
        let slots = templates.flatMap(\.slots)
        let targets = slots.flatMap { $0.choices.map(\.target) + $0.injuryFallbacks }
            + index.muscleNames.values.map { .muscle($0) }
        for target in targets where byTarget[target] == nil {
            byTarget[target] = index.programme(for: target)
        }
        programmeByTarget = byTarget
        dominantMuscleByTarget = byTarget.compactMapValues { [muscleSlugs = index.muscleSlugs] indices in
            var counts: [String: Int] = [:]
            for index in indices { counts[muscleSlugs[index], default: 0] += 1 }
            return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }
        var musclesBySlot: [Slot: SlotMuscles] = [:]
        let (muscleIDs, secondaryMuscleIDs, dominantMuscleByTarget) =
            (self.muscleIDs, self.secondaryMuscleIDs, self.dominantMuscleByTarget)
        for slot in slots where musclesBySlot[slot] == nil {
            let indices = Set((slot.choices.map(\.target) + slot.injuryFallbacks).flatMap { byTarget[$0] ?? [] })
            // What the slot's first target usually gives: its dominant muscle, and the secondary
            // muscles at least half its exercises train.
            let first = slot.choices.first.map { byTarget[$0.target] ?? [] } ?? []
            var counts: [Int: Int] = [:]
            for index in first {
                for muscle in secondaryMuscleIDs[index] { counts[muscle, default: 0] += 1 }
            }
            let dominant = slot.choices.first.flatMap { dominantMuscleByTarget[$0.target] }.flatMap {
                muscleNumbers[$0]
            }
            musclesBySlot[slot] = SlotMuscles(
                primaries: Set(indices.map { muscleIDs[$0] }).sorted(),
                secondaries: Set(indices.flatMap { secondaryMuscleIDs[$0] }).sorted(),
                usual: (dominant.map { [$0] } ?? []) + counts.filter { 2 * $0.value >= first.count }.keys.sorted())
        }
        self.musclesBySlot = musclesBySlot
    }

    /// The muscles (numbers) a slot's exercises may train, as primary and as secondary, and
    /// those the slot usually trains (its first target's main muscle and the secondary muscles
    /// at least half its exercises train): a slot counts towards a muscle's weekly floor when
    /// it usually trains it.
    struct SlotMuscles: Sendable {
        var primaries: [Int]
        var secondaries: [Int]
        var usual: [Int]
    }

    /// Loads every exercise, contraindication, exception, equipment category and muscle of
    /// `database`.
    public init(database: CatalogDatabase) throws {
        self.init(
            exercises: try database.exercises(), contraindications: try database.contraindications(),
            exceptions: try database.exerciseExceptions(), equipment: try database.equipmentCategories(),
            muscles: try database.muscles())
    }

    /// An exercise's fields the generator reads on every candidate.
    struct Traits: Sendable {
        var isIsolation: Bool
        /// 1-4.
        var complexity: Int
        /// The selection tier, 1-3.
        var tier: Int
        /// The canonical group, numbered.
        var group: Int
        /// Uses equipment (any category but Bodyweight, or a Bodyweight item such as a pull-up
        /// bar); false for an unloaded bodyweight move.
        var isLoaded: Bool
    }

    /// The exercise with this id, or nil.
    public func exercise(id: String) -> Exercise? {
        indexByID[id].map { exercises[$0] }
    }

    /// The primary muscle (slug) most of a target's programme exercises train, the first by
    /// slug on a tie: what a slot of that target trains. Nil for a target with no exercise.
    func dominantMuscle(of target: Slot.Target) -> String? {
        dominantMuscleByTarget[target]
    }

    /// The muscles any exercise that may fill `slot` trains, for a slot of the session
    /// templates; nil for another.
    func muscles(of slot: Slot) -> SlotMuscles? {
        musclesBySlot[slot]
    }

    /// The programme exercises a slot's target names, by id (role not yet applied).
    func programmeExercises(for target: Slot.Target) -> [Int] {
        programmeByTarget[target] ?? []
    }
}
