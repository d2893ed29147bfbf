import Foundation
import TrainingCalendar

extension QuestionnaireCheck {
    static let ages = 18...100
    static let heightsCm = 120.0...220.0
    /// 3 ft 0 in to 8 ft 0 in.
    static let heightsInches = 36...96
    static let weightsKg = 30.0...200.0
    static let weightsLbs = 60.0...440.0
    /// The most characters of the "Other" motivation (a note's bound, business rules §6).
    static let motivationOtherLength = 1_000

    /// The About-you answers that are present, checked; problems for the others.
    mutating func aboutYou(from questionnaire: Questionnaire, answeredOn: CalendarDate) -> AboutYou {
        var aboutYou = AboutYou()
        if let answer = questionnaire.gender {
            aboutYou.gender = optionalChoice(answer, field: "gender", noun: "a gender", Gender.self)
        }
        if let answer = questionnaire.dateOfBirth {
            aboutYou.dateOfBirth = dateOfBirth(answer, answeredOn: answeredOn)
        }
        if let (heightCm, unit) = height(questionnaire) {
            aboutYou.heightCm = heightCm
            aboutYou.heightUnit = unit
        }
        if let (weightKg, unit) = weight(questionnaire) {
            aboutYou.weightKg = weightKg
            aboutYou.weightUnit = unit
        }
        if let answers = questionnaire.motivations {
            aboutYou.motivations = motivations(answers, other: questionnaire.motivationOther)
            aboutYou.motivationOther = aboutYou.motivations.contains(.other) ? questionnaire.motivationOther : nil
        }
        return aboutYou
    }

    private mutating func optionalChoice<Value: RawRepresentable & CaseIterable>(
        _ answer: String, field: String, noun: String, _ type: Value.Type
    ) -> Value? where Value.RawValue == String {
        if let value = Value.allCases.first(where: { $0.rawValue == answer || $0.rawValue.slug == answer.slug }) {
            return value
        }
        report(.unknownValue, field: field, issues: ["\"\(answer)\" is not \(noun)"])
        return nil
    }

    private mutating func dateOfBirth(_ answer: String, answeredOn: CalendarDate) -> CalendarDate? {
        // The app may send a whole moment (`1990-04-12T00:00:00Z`): its date is the answer.
        let datePart = answer.count > 10 && answer.dropFirst(10).first == "T" ? String(answer.prefix(10)) : answer
        guard let date = CalendarDate(datePart) else {
            report(.wrongType, field: "dateOfBirth", issues: ["\"\(answer)\" is not a date (YYYY-MM-DD)"])
            return nil
        }
        guard date <= answeredOn else {
            report(.outOfRange, field: "dateOfBirth", issues: ["\(date) is after today, \(answeredOn)"])
            return nil
        }
        let age = AboutYou.age(bornOn: date, on: answeredOn)
        if age < Self.ages.lowerBound {
            report(
                .outOfRange, field: "dateOfBirth",
                issues: ["born \(date), age \(age) on \(answeredOn): You must be at least 18 years old"])
            return nil
        }
        if age > Self.ages.upperBound {
            report(
                .outOfRange, field: "dateOfBirth",
                issues: ["born \(date), age \(age) on \(answeredOn): the oldest age is 100"])
            return nil
        }
        return date
    }

    /// The height in centimetres and its unit; the unit is the answer's, or the one whose
    /// value is given.
    private mutating func height(_ questionnaire: Questionnaire) -> (Double, HeightUnit)? {
        var unit: HeightUnit?
        if let answer = questionnaire.heightUnit {
            guard let chosen = optionalChoice(answer, field: "heightUnit", noun: "a height unit", HeightUnit.self)
            else { return nil }
            unit = chosen
        } else if questionnaire.heightCm != nil {
            unit = .cm
        } else if questionnaire.heightFt != nil || questionnaire.heightIn != nil {
            unit = .ftIn
        }
        switch unit {
        case nil:
            return nil
        case .cm?:
            guard let centimetres = questionnaire.heightCm else {
                report(.missing, field: "heightCm", issues: ["missing while heightUnit is cm"])
                return nil
            }
            guard centimetres.isFinite, Self.heightsCm.contains(centimetres) else {
                report(.outOfRange, field: "heightCm", issues: ["\(AboutYou.number(centimetres)) cm is out of range"])
                return nil
            }
            return ((centimetres * 10).rounded() / 10, .cm)
        case .ftIn?:
            guard let feet = questionnaire.heightFt else {
                report(.missing, field: "heightFt", issues: ["missing while heightUnit is ftIn"])
                return nil
            }
            let inches = questionnaire.heightIn ?? 0
            guard (0...11).contains(inches) else {
                report(.outOfRange, field: "heightIn", issues: ["\(inches) in is not 0 to 11"])
                return nil
            }
            // A number of feet no one is tall, too large for the sum, is out of range as any other.
            let feetInches = feet.multipliedReportingOverflow(by: 12)
            let total = feetInches.partialValue.addingReportingOverflow(inches)
            guard !feetInches.overflow, !total.overflow, Self.heightsInches.contains(total.partialValue) else {
                report(.outOfRange, field: "heightFt", issues: ["\(feet) ft \(inches) in is out of range"])
                return nil
            }
            let centimetres = Double(total.partialValue) * HeightUnit.centimetresPerInch
            return ((centimetres * 10).rounded() / 10, .ftIn)
        }
    }

    /// The weight in kilograms and its unit; the unit is the answer's, or the one whose value
    /// is given.
    private mutating func weight(_ questionnaire: Questionnaire) -> (Double, BodyWeightUnit)? {
        var unit: BodyWeightUnit?
        if let answer = questionnaire.weightUnit {
            guard let chosen = optionalChoice(answer, field: "weightUnit", noun: "a weight unit", BodyWeightUnit.self)
            else { return nil }
            unit = chosen
        } else if questionnaire.weightKg != nil {
            unit = .kg
        } else if questionnaire.weightLbs != nil {
            unit = .lbs
        }
        guard let unit else { return nil }
        let field = unit == .kg ? "weightKg" : "weightLbs"
        let range = unit == .kg ? Self.weightsKg : Self.weightsLbs
        guard let value = unit == .kg ? questionnaire.weightKg : questionnaire.weightLbs else {
            report(.missing, field: field, issues: ["missing while weightUnit is \(unit.rawValue)"])
            return nil
        }
        guard value.isFinite, range.contains(value) else {
            report(.outOfRange, field: field, issues: ["\(AboutYou.number(value)) \(unit.rawValue) is out of range"])
            return nil
        }
        return (unit.kilograms(value), unit)
    }

    private mutating func motivations(_ answers: [String], other: String?) -> [Motivation] {
        var chosen: [Motivation] = []
        var unknown: [String] = []
        for answer in answers {
            if let value = Motivation.allCases.first(where: { $0.rawValue == answer.slug }) {
                if !chosen.contains(value) { chosen.append(value) }
            } else {
                unknown.append("\"\(answer)\"")
            }
        }
        if !unknown.isEmpty {
            let verb = unknown.count == 1 ? "is not a motivation" : "are not motivations"
            report(.unknownValue, field: "motivations", issues: ["\(unknown.joined(separator: ", ")) \(verb)"])
            return []
        }
        guard !chosen.isEmpty else {
            report(.missing, field: "motivations", issues: ["select at least one"])
            return []
        }
        if chosen.contains(.other) {
            let text = other?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if text.isEmpty {
                report(.missing, field: "motivationOther", issues: ["\"other\" is selected: say what it is"])
            } else if text.count > Self.motivationOtherLength {
                report(
                    .outOfRange, field: "motivationOther",
                    issues: ["\(text.count) characters, at most \(Self.motivationOtherLength)"])
            }
        }
        return chosen
    }
}
