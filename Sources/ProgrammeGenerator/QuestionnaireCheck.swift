import Catalog

/// Checks questionnaire answers, collecting one problem per bad field whose message names
/// every issue of that field and then the values it allows. Catalogue fields (muscles,
/// equipment, joints) list the catalogue's slugs when a catalogue is known.
struct QuestionnaireCheck {
    /// The fields read, in the order problems are reported.
    static let fields = [
        "primaryGoal", "targetMuscleGroups", "experienceLevel", "equipmentAvailable", "detailedEquipment",
        "injuries", "trainingDaysPerWeek", "sessionDuration", "motivations", "motivationOther", "gender",
        "dateOfBirth", "heightUnit", "heightCm", "heightFt", "heightIn", "weightUnit", "weightKg", "weightLbs",
    ]

    static let maximumPriorityMuscles = 3
    static let trainingDays = 2...6

    let catalog: GeneratorCatalog?
    private(set) var problems: [QuestionnaireProblem] = []

    init(catalog: GeneratorCatalog?) {
        self.catalog = catalog
    }

    /// Records a problem for `field` unless it already has one.
    mutating func report(_ kind: QuestionnaireProblem.Kind, field: String, issues: [String]) {
        guard !issues.isEmpty, !problems.contains(where: { $0.field == field }) else { return }
        var message = issues.joined(separator: "; ")
        if let allowed = allowedValues(field) {
            message += "; allowed values: " + allowed
        }
        problems.append(QuestionnaireProblem(kind, field: field, message: message))
    }

    /// Whether `field` already has a problem.
    func hasProblem(_ field: String) -> Bool {
        problems.contains { $0.field == field }
    }

    /// Problems in the questionnaire's field order.
    var sortedProblems: [QuestionnaireProblem] {
        problems.sorted {
            (Self.fields.firstIndex(of: $0.field) ?? Int.max) < (Self.fields.firstIndex(of: $1.field) ?? Int.max)
        }
    }

    /// `allowed values: …` for a field, or nil when the catalogue is unknown.
    func allowedValues(_ field: String) -> String? {
        switch field {
        case "primaryGoal":
            return Goal.allCases.map(\.rawValue).joined(separator: ", ")
        case "experienceLevel":
            return ExperienceLevel.allCases.map { "\($0.rawValue) (\($0.title))" }.joined(separator: ", ")
        case "trainingDaysPerWeek":
            return Self.trainingDays.map(String.init).joined(separator: ", ")
        case "sessionDuration":
            return SessionDuration.allCases.map(\.rawValue).joined(separator: ", ")
        case "targetMuscleGroups":
            return catalog.map {
                "up to \(Self.maximumPriorityMuscles) of " + $0.muscles.map(\.slug).joined(separator: ", ")
            }
        case "injuries":
            return catalog.map { $0.joints.map(\.slug).joined(separator: ", ") }
        case "gender":
            return Gender.allCases.map(\.rawValue).joined(separator: ", ")
        case "dateOfBirth":
            return "a date (YYYY-MM-DD) giving an age of \(Self.ages.lowerBound) to \(Self.ages.upperBound)"
        case "heightUnit":
            return HeightUnit.allCases.map(\.rawValue).joined(separator: ", ")
        case "heightCm":
            return "\(Int(Self.heightsCm.lowerBound)) to \(Int(Self.heightsCm.upperBound)) cm"
        case "heightFt", "heightIn":
            let (low, high) = (Self.heightsInches.lowerBound, Self.heightsInches.upperBound)
            return "\(low / 12) ft \(low % 12) in to \(high / 12) ft \(high % 12) in"
        case "weightUnit":
            return BodyWeightUnit.allCases.map(\.rawValue).joined(separator: ", ")
        case "weightKg":
            return "\(Int(Self.weightsKg.lowerBound)) to \(Int(Self.weightsKg.upperBound)) kg"
        case "weightLbs":
            return "\(Int(Self.weightsLbs.lowerBound)) to \(Int(Self.weightsLbs.upperBound)) lbs"
        case "motivations":
            return "one or more of " + Motivation.allCases.map(\.rawValue).joined(separator: ", ")
        case "motivationOther":
            return "1 to \(Self.motivationOtherLength) characters"
        case "equipmentAvailable", "detailedEquipment":
            return catalog.map { $0.equipmentCategories.map(\.slug).joined(separator: ", ") }
        default:
            return nil
        }
    }
}
