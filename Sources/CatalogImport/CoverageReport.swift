import Catalog
import CatalogBuild

/// What the catalogue offers the programme generator, and where it is thin: the data team
/// reads it before a release.
public struct CoverageReport: Encodable, Sendable {
    /// Programme exercises whose primary muscle is `muscle`, per equipment category.
    public struct MuscleRow: Encodable, Sendable, Equatable {
        public var muscle: String
        public var byCategory: [String: Int]
        public var total: Int
    }

    /// Programme exercises of a movement pattern, per complexity level (keys "1"…"4") and per
    /// selection tier (keys "1"…"3").
    public struct PatternRow: Encodable, Sendable, Equatable {
        public var pattern: String
        public var byComplexity: [String: Int]
        public var byTier: [String: Int]
        public var total: Int
    }

    /// A movement pattern and equipment category with programme exercises (besides specialist
    /// moves) but no staple (tier 1) that a user with only that equipment could do: none in the
    /// category, and no item-less bodyweight staple in the pattern, which needs no equipment.
    public struct StapleGap: Encodable, Sendable, Equatable {
        public var pattern: String
        public var category: String
        /// The programme exercises there, by id.
        public var exercises: [String]
    }

    /// One joint of the injury question: how many programme exercises a user with that injury
    /// can do without a warning (its group not contraindicated, or the exercise marked safe or
    /// modified), how many of those only with a cue (modified), and the exceptions that name it.
    public struct JointRow: Encodable, Sendable, Equatable {
        public var joint: String
        public var programmeExercisesWithoutWarning: Int
        public var programmeExercisesWithCue: Int
        public var safeExceptions: Int
        public var modifiedExceptions: Int
        public var contraindicatedExceptions: Int
    }

    /// Lookup values that no exercise uses.
    public struct UnusedValues: Encodable, Sendable, Equatable {
        /// `Category` or `Category › Item`.
        public var equipment: [String]
        public var muscles: [String]
        public var movementPatterns: [String]
        public var complexityLevels: [Int]
        public var selectionTiers: [Int]
    }

    public var exercises: Int
    public var programmeExercises: Int
    public var canonicalGroups: Int
    public var contraindications: Int
    public var joints: [String]
    public var exceptions: Int
    /// Per joint, by name.
    public var jointRows: [JointRow]
    /// Equipment categories in lookup order: the columns of `muscles`.
    public var categories: [String]
    public var muscles: [MuscleRow]
    public var movementPatterns: [PatternRow]
    /// Pattern × category pairs without a staple, in pattern then category lookup order.
    public var stapleGaps: [StapleGap]
    /// Groups with a programme exercise but no second one to swap to.
    public var groupsWithoutAlternative: [String]
    public var unused: UnusedValues
    /// Canonical groups no contraindication row mentions.
    public var groupsWithoutContraindication: [String]

    public init(_ content: CatalogContent) {
        let programme = content.exercises.filter(\.includeInProgramme)
        exercises = content.exercises.count
        programmeExercises = programme.count
        canonicalGroups = Set(content.exercises.map(\.canonicalName)).count
        contraindications = content.contraindications.count
        joints = Set(content.contraindications.map(\.joint) + content.exceptions.map(\.joint)).sorted()
        exceptions = content.exceptions.count
        jointRows = Self.jointRows(content, programme: programme, joints: joints)
        categories = Self.ordered(content.equipment.map(\.category))

        muscles = content.muscles.map { muscle in
            let mine = programme.filter { $0.primaryMuscle == muscle.name }
            return MuscleRow(
                muscle: muscle.name,
                byCategory: Dictionary(grouping: mine, by: \.equipmentCategory).mapValues(\.count),
                total: mine.count)
        }
        movementPatterns = content.movementPatterns.map { pattern in
            let mine = programme.filter { $0.movementPattern == pattern.name }
            return PatternRow(
                pattern: pattern.name,
                byComplexity: Dictionary(grouping: mine, by: { String($0.complexity) }).mapValues(\.count),
                byTier: Dictionary(grouping: mine, by: { String($0.selectionTier) }).mapValues(\.count),
                total: mine.count)
        }
        stapleGaps = content.movementPatterns.flatMap { [categories] pattern in
            let ofPattern = programme.filter { $0.movementPattern == pattern.name }
            let bodyweightStaple = ofPattern.contains {
                $0.selectionTier == 1 && $0.equipmentItem == nil && $0.equipmentCategory.slug == "bodyweight"
            }
            return categories.compactMap { category -> StapleGap? in
                let mine = ofPattern.filter { $0.equipmentCategory == category }
                guard !bodyweightStaple, !mine.isEmpty, !mine.contains(where: { $0.selectionTier == 1 }),
                    mine.contains(where: { $0.selectionTier < 3 })
                else { return nil }
                return StapleGap(pattern: pattern.name, category: category, exercises: mine.map(\.id).sorted())
            }
        }
        let programmeGroups = Dictionary(grouping: programme, by: \.canonicalName)
        groupsWithoutAlternative = programmeGroups.filter { $0.value.count < 2 }.map(\.key).sorted()

        let usedPairs = Set(content.exercises.map { "\($0.equipmentCategory)\u{1F}\($0.equipmentItem ?? "")" })
        let usedCategories = Set(content.exercises.map(\.equipmentCategory))
        let usedMuscles = Set(content.exercises.flatMap { [$0.primaryMuscle] + $0.secondaryMuscles })
        unused = UnusedValues(
            equipment: content.equipment.compactMap { pair in
                if let item = pair.item {
                    return usedPairs.contains("\(pair.category)\u{1F}\(item)") ? nil : "\(pair.category) › \(item)"
                }
                return usedCategories.contains(pair.category) ? nil : pair.category
            },
            muscles: content.muscles.map(\.name).filter { !usedMuscles.contains($0) },
            movementPatterns: content.movementPatterns.map(\.name).filter { name in
                !content.exercises.contains { $0.movementPattern == name }
            },
            complexityLevels: content.complexityLevels.map(\.level).filter { level in
                !content.exercises.contains { $0.complexity == level }
            },
            selectionTiers: content.selectionTiers.map(\.tier).filter { tier in
                !content.exercises.contains { $0.selectionTier == tier }
            })
        let reviewed = Set(content.contraindications.map(\.canonicalName))
        groupsWithoutContraindication = Set(content.exercises.map(\.canonicalName)).subtracting(reviewed).sorted()
    }

    private static func ordered(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }

    private static func jointRows(_ content: CatalogContent, programme: [Exercise], joints: [String]) -> [JointRow] {
        let risksByExercise = ExerciseException.risks(
            of: programme, contraindications: content.contraindications, exceptions: content.exceptions)
        let risksOf = programme.map { risksByExercise[$0.id] ?? [] }
        return joints.map { joint in
            let risks = risksOf.map { $0.first { $0.joint.slug == joint.slug } }
            func exceptions(_ level: ExerciseException.Level) -> Int {
                content.exceptions.count { $0.joint == joint && $0.level == level }
            }
            return JointRow(
                joint: joint, programmeExercisesWithoutWarning: risks.count { $0?.isModified ?? true },
                programmeExercisesWithCue: risks.count { $0?.isModified == true },
                safeExceptions: exceptions(.safe), modifiedExceptions: exceptions(.modified),
                contraindicatedExceptions: exceptions(.contraindicated))
        }
    }
}
