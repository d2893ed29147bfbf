import Foundation
import ProgrammeGenerator
import Testing
import TrainingCalendar

/// The About-you answers (gender, date of birth, height, weight, motivations) are checked as the
/// seeds say whenever they are present, and kept in centimetres and kilograms.
@Suite("about you")
struct AboutYouTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 24)!
    static let base = """
        "primaryGoal": "tone_up", "experienceLevel": "0_months", "trainingDaysPerWeek": 3,
        "sessionDuration": "30-45 min"
        """

    /// The problems of a questionnaire whose other answers are good.
    static func problems(_ fields: String) -> [String] {
        let json = "{\(base), \(fields)}"
        do {
            _ = try TrainingProfile(
                json: Data(json.utf8), catalog: QuestionnaireValidationTests.catalog, answeredOn: today)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    static func aboutYou(_ fields: String) throws -> AboutYou {
        try AboutYou(Questionnaire(json: Data("{\(fields)}".utf8)), answeredOn: today)
    }

    static let ages = "allowed values: a date (YYYY-MM-DD) giving an age of 18 to 100"

    @Test("refusals name the field and its range, in the seed's words where it has them", arguments: [
        (
            #""dateOfBirth": "2015-03-01""#,
            "error[questionnaire.out_of_range]: dateOfBirth: born 2015-03-01, age 11 on 2026-11-24: "
                + "You must be at least 18 years old; \(ages)"
        ),
        (
            #""dateOfBirth": "2008-11-25""#,
            "error[questionnaire.out_of_range]: dateOfBirth: born 2008-11-25, age 17 on 2026-11-24: "
                + "You must be at least 18 years old; \(ages)"
        ),
        (
            #""dateOfBirth": "1925-11-23""#,
            "error[questionnaire.out_of_range]: dateOfBirth: born 1925-11-23, age 101 on 2026-11-24: "
                + "the oldest age is 100; \(ages)"
        ),
        (
            #""dateOfBirth": "2027-01-01""#,
            "error[questionnaire.out_of_range]: dateOfBirth: 2027-01-01 is after today, 2026-11-24; \(ages)"
        ),
        (
            #""dateOfBirth": "1990-02-30""#,
            "error[questionnaire.wrong_type]: dateOfBirth: \"1990-02-30\" is not a date (YYYY-MM-DD); \(ages)"
        ),
        (
            #""heightCm": 500"#,
            "error[questionnaire.out_of_range]: heightCm: 500 cm is out of range; allowed values: 120 to 220 cm"
        ),
        (
            #""heightUnit": "cm", "heightCm": 119.9"#,
            "error[questionnaire.out_of_range]: heightCm: 119.9 cm is out of range; allowed values: 120 to 220 cm"
        ),
        (
            #""heightUnit": "ftIn", "heightFt": 8, "heightIn": 1"#,
            "error[questionnaire.out_of_range]: heightFt: 8 ft 1 in is out of range; "
                + "allowed values: 3 ft 0 in to 8 ft 0 in"
        ),
        (
            // Feet past what an Int holds once in inches: refused, never a crash (the service stopped here).
            #""heightUnit": "ftIn", "heightFt": 9223372036854775807, "heightIn": 11"#,
            "error[questionnaire.out_of_range]: heightFt: 9223372036854775807 ft 11 in is out of range; "
                + "allowed values: 3 ft 0 in to 8 ft 0 in"
        ),
        (
            #""heightUnit": "ftIn", "heightFt": 768614336404564650, "heightIn": 11"#,
            "error[questionnaire.out_of_range]: heightFt: 768614336404564650 ft 11 in is out of range; "
                + "allowed values: 3 ft 0 in to 8 ft 0 in"
        ),
        (
            #""heightUnit": "ftIn", "heightFt": 5, "heightIn": 12"#,
            "error[questionnaire.out_of_range]: heightIn: 12 in is not 0 to 11; allowed values: 3 ft 0 in to 8 ft 0 in"
        ),
        (
            #""heightUnit": "ftIn", "heightCm": 170"#,
            "error[questionnaire.missing]: heightFt: missing while heightUnit is ftIn; "
                + "allowed values: 3 ft 0 in to 8 ft 0 in"
        ),
        (
            #""heightUnit": "inches", "heightCm": 170"#,
            "error[questionnaire.unknown_value]: heightUnit: \"inches\" is not a height unit; allowed values: cm, ftIn"
        ),
        (
            #""weightKg": 29.9"#,
            "error[questionnaire.out_of_range]: weightKg: 29.9 kg is out of range; allowed values: 30 to 200 kg"
        ),
        (
            // Past what an Int holds: refused with its value, never a crash (the service once stopped here).
            #""weightKg": 1e300"#,
            "error[questionnaire.out_of_range]: weightKg: 1e+300 kg is out of range; allowed values: 30 to 200 kg"
        ),
        (
            #""heightCm": -9.3e18"#,
            "error[questionnaire.out_of_range]: heightCm: -9.3e+18 cm is out of range; allowed values: 120 to 220 cm"
        ),
        (
            #""weightUnit": "lbs", "weightLbs": 441, "weightKg": 70"#,
            "error[questionnaire.out_of_range]: weightLbs: 441 lbs is out of range; allowed values: 60 to 440 lbs"
        ),
        (
            #""weightUnit": "stone", "weightKg": 70"#,
            "error[questionnaire.unknown_value]: weightUnit: \"stone\" is not a weight unit; allowed values: kg, lbs"
        ),
        (
            #""weightKg": "seventy""#,
            "error[questionnaire.wrong_type]: weightKg: expected a number, got a string; allowed values: 30 to 200 kg"
        ),
        (
            #""gender": "robot""#,
            "error[questionnaire.unknown_value]: gender: \"robot\" is not a gender; allowed values: male, female, other"
        ),
        (
            #""motivations": []"#,
            "error[questionnaire.missing]: motivations: select at least one; allowed values: one or more of "
                + "structure, guidance, confidence, motivation, accountability, other"
        ),
        (
            #""motivations": ["guidance", "other"], "motivationOther": "  ""#,
            "error[questionnaire.missing]: motivationOther: \"other\" is selected: say what it is; "
                + "allowed values: 1 to 1000 characters"
        ),
    ])
    func refusals(fields: String, expected: String) {
        #expect(Self.problems(fields) == [expected])
    }

    @Test("every bad About-you answer at once, after the generator's fields")
    func allAtOnce() {
        let json =
            #"{"weightKg": 900, "heightCm": 500, "dateOfBirth": "2015-01-01", "gender": "x", "primaryGoal": "x"}"#
        var fields: [String] = []
        do {
            _ = try TrainingProfile(
                json: Data(json.utf8), catalog: QuestionnaireValidationTests.catalog, answeredOn: Self.today)
        } catch {
            fields = error.problems.map(\.field)
        }
        #expect(fields == [
            "primaryGoal", "experienceLevel", "trainingDaysPerWeek", "sessionDuration", "gender", "dateOfBirth",
            "heightCm", "weightKg",
        ])
    }

    @Test("the edges of every range are accepted")
    func edges() {
        for fields in [
            #""dateOfBirth": "2008-11-24""#, #""dateOfBirth": "1926-11-24""#, #""heightCm": 120"#,
            #""heightCm": 220"#, #""heightFt": 3"#, #""heightFt": 8, "heightIn": 0"#, #""weightKg": 30"#,
            #""weightKg": 200"#, #""weightLbs": 60"#, #""weightLbs": 440"#, #""gender": "Female""#,
            #""dateOfBirth": "1990-04-12T00:00:00Z""#,
            #""motivations": ["structure", "other"], "motivationOther": "my physio""#,
        ] {
            #expect(Self.problems(fields) == [], "\(fields)")
        }
    }

    @Test("a 29 February birthday turns a year older on 1 March")
    func leapBirthday() throws {
        let about = try Self.aboutYou(#""dateOfBirth": "2008-02-29""#)
        #expect(about.age(on: CalendarDate(year: 2026, month: 2, day: 28)!) == 17)
        #expect(about.age(on: CalendarDate(year: 2026, month: 3, day: 1)!) == 18)
    }

    @Test("kept in cm and kg, shown back in the unit the user answered in")
    func units() throws {
        let imperial = try Self.aboutYou(
            #""heightUnit": "ftIn", "heightFt": 5, "heightIn": 7, "heightCm": 170, "#
                + #""weightUnit": "lbs", "weightLbs": 154"#)
        #expect(imperial.heightCm == 170.2)
        #expect(imperial.heightText == "5 ft 7 in")
        #expect(imperial.weightKg == 69.853)
        #expect(imperial.weightText == "154 lbs")
        #expect(imperial.weightUnit == .lbs)

        let metric = try Self.aboutYou(#""heightCm": 181.25, "weightKg": 82.5, "gender": "male""#)
        #expect(metric.heightCm == 181.3 && metric.heightText == "181.3 cm")
        #expect(metric.weightKg == 82.5 && metric.weightText == "82.5 kg")
        #expect(metric.gender == .male && metric.dateOfBirth == nil && metric.motivations.isEmpty)
    }

    @Test("absent answers are not asked for: the generator's questionnaire alone is whole")
    func absent() throws {
        #expect(Self.problems(#""name": "Sam""#) == [])
        let about = try Self.aboutYou("")
        #expect(about == AboutYou())
    }
}
