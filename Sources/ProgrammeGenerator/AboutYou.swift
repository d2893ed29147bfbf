import TrainingCalendar

/// The questionnaire's "About you" answers (`000_*` §3.9-§3.14), checked: the user's profile.
///
/// Heights are kept in centimetres and weights in kilograms whatever unit the user answered in;
/// the unit is kept so that they are shown back as entered (`5 ft 7 in`, `154 lbs`). A nil
/// field was not answered: the generator reads none of them, so each is checked only when
/// present (business rules §12).
public struct AboutYou: Hashable, Sendable {
    public var gender: Gender?
    public var dateOfBirth: CalendarDate?
    /// 120-220 cm (3 ft 0 in-8 ft 0 in), to 0.1 cm.
    public var heightCm: Double?
    public var heightUnit: HeightUnit?
    /// 30-200 kg (60-440 lbs), to the gram.
    public var weightKg: Double?
    /// The unit the user weighs themself in, and logs their lifts in.
    public var weightUnit: BodyWeightUnit?
    /// Why the user came: slugs of `Motivation`, in the order given.
    public var motivations: [Motivation]
    /// The user's own words when `motivations` holds `.other`.
    public var motivationOther: String?

    public init(
        gender: Gender? = nil, dateOfBirth: CalendarDate? = nil, heightCm: Double? = nil,
        heightUnit: HeightUnit? = nil, weightKg: Double? = nil, weightUnit: BodyWeightUnit? = nil,
        motivations: [Motivation] = [], motivationOther: String? = nil
    ) {
        self.gender = gender
        self.dateOfBirth = dateOfBirth
        self.heightCm = heightCm
        self.heightUnit = heightUnit
        self.weightKg = weightKg
        self.weightUnit = weightUnit
        self.motivations = motivations
        self.motivationOther = motivationOther
    }

    /// Checks the About-you answers of `questionnaire` as the seeds do, ages counted on
    /// `answeredOn`; throws `questionnaire.invalid` with one problem per bad field.
    public init(_ questionnaire: Questionnaire, answeredOn: CalendarDate) throws(ProgrammeGeneratorError) {
        var check = QuestionnaireCheck(catalog: nil)
        let aboutYou = check.aboutYou(from: questionnaire, answeredOn: answeredOn)
        guard check.problems.isEmpty else { throw .invalid(check.sortedProblems) }
        self = aboutYou
    }

    /// The user's age in whole years on `date`, or nil without a date of birth.
    public func age(on date: CalendarDate) -> Int? {
        dateOfBirth.map { Self.age(bornOn: $0, on: date) }
    }

    /// `170 cm` or `5 ft 7 in`, in the unit the user answered in.
    public var heightText: String? {
        guard let heightCm else { return nil }
        switch heightUnit ?? .cm {
        case .cm:
            return "\(Self.number(heightCm)) cm"
        case .ftIn:
            let (feet, inches) = HeightUnit.feetAndInches(heightCm)
            return "\(feet) ft \(inches) in"
        }
    }

    /// `70 kg` or `154 lbs`, in the unit the user answered in.
    public var weightText: String? {
        guard let weightKg else { return nil }
        let unit = weightUnit ?? .kg
        return "\(Self.number(unit.shown(weightKg))) \(unit.rawValue)"
    }

    /// Whole years from `birth` to `date`: a year counts from the birthday on (a 29 February
    /// birthday falls on 1 March in other years).
    static func age(bornOn birth: CalendarDate, on date: CalendarDate) -> Int {
        let years = date.year - birth.year
        let birthdayPassed = (date.month, date.day) >= (birth.month, birth.day)
        return birthdayPassed ? years : years - 1
    }

    /// `70`, `69.9`: a shown value without a trailing `.0`; one past what an Int holds (a
    /// refused answer such as 1e300 kg) as Swift writes the number, never a trap.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded(), let whole = Int(exactly: rounded) { return String(whole) }
        return "\(rounded)"
    }
}

/// The gender answer (`000_*` §3.11): "Other/Prefer not to say" is `other`.
public enum Gender: String, CaseIterable, Hashable, Sendable {
    case male
    case female
    case other
}

/// How the user answered the height question.
public enum HeightUnit: String, CaseIterable, Hashable, Sendable {
    case cm
    case ftIn

    /// Centimetres in an inch, exactly.
    static let centimetresPerInch = 2.54

    /// The whole feet and inches nearest to `centimetres`.
    static func feetAndInches(_ centimetres: Double) -> (feet: Int, inches: Int) {
        let inches = Int((centimetres / centimetresPerInch).rounded())
        return (inches / 12, inches % 12)
    }
}

/// The unit of the weight answer, which is also the unit the user logs lifts in.
public enum BodyWeightUnit: String, CaseIterable, Hashable, Sendable {
    case kg
    case lbs

    /// Pounds in one kilogram (business rules §6, the training log's factor).
    static let poundsPerKilogram = 2.20462

    /// Kilograms of `value` given in this unit, to the gram.
    func kilograms(_ value: Double) -> Double {
        let kilograms = self == .kg ? value : value / Self.poundsPerKilogram
        return (kilograms * 1000).rounded() / 1000
    }

    /// `kilograms` in this unit, to 0.1.
    func shown(_ kilograms: Double) -> Double {
        let value = self == .kg ? kilograms : kilograms * Self.poundsPerKilogram
        return (value * 10).rounded() / 10
    }
}

/// The motivation answers (`000_*` §3.9), by the slugs the app stores.
public enum Motivation: String, CaseIterable, Hashable, Sendable {
    case structure
    case guidance
    case confidence
    case motivation
    case accountability
    case other
}

extension AboutYou {
    /// Whether no About-you question was answered.
    public var isEmpty: Bool {
        self == AboutYou()
    }
}

extension Questionnaire {
    /// The About-you answers of `aboutYou` as the app would send them again (heights in the unit
    /// answered, weights likewise), and nothing else: change a field and check the answers with
    /// `AboutYou(_:answeredOn:)` to edit a profile by the questionnaire's own rules.
    public init(aboutYou: AboutYou) {
        self.init()
        gender = aboutYou.gender?.rawValue
        dateOfBirth = aboutYou.dateOfBirth?.description
        if let heightCm = aboutYou.heightCm {
            let unit = aboutYou.heightUnit ?? .cm
            heightUnit = unit.rawValue
            if unit == .cm {
                self.heightCm = heightCm
            } else {
                (heightFt, heightIn) = HeightUnit.feetAndInches(heightCm)
            }
        }
        if let kilograms = aboutYou.weightKg {
            let unit = aboutYou.weightUnit ?? .kg
            weightUnit = unit.rawValue
            if unit == .kg { weightKg = kilograms } else { weightLbs = unit.shown(kilograms) }
        }
        motivations = aboutYou.motivations.isEmpty ? nil : aboutYou.motivations.map(\.rawValue)
        motivationOther = aboutYou.motivationOther
    }
}
