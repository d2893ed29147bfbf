import Foundation
import TestSupport
import Testing

/// `traindb profile`: the About-you answers a questionnaire gave, shown in the user's units and
/// changed by the questionnaire's own rules.
@Suite("traindb profile")
struct ProfileCommandTests {
    static let questionnaire = """
        {"primaryGoal": "build_muscle", "experienceLevel": "6_months_2_years", "trainingDaysPerWeek": 3,
         "sessionDuration": "45-60 min", "equipmentAvailable": ["dumbbells", "bodyweight"], "gender": "female",
         "dateOfBirth": "1990-04-12", "heightUnit": "ftIn", "heightFt": 5, "heightIn": 7, "weightUnit": "lbs",
         "weightLbs": 154, "motivations": ["structure", "other"], "motivationOther": "a wedding in June"}
        """

    @Test("the questionnaire's answers become the profile; a change is checked and the others kept")
    func showAndSet() throws {
        try TemporaryDirectory.with { directory in
            let catalogue = try CommittedCatalogue.databasePath()
            let store = ["--store", directory.path("log.sqlite"), "--db", catalogue]
            let none = try TraindbProcess.run(["profile", "show"] + store)
            #expect(none.status == 2 && none.stderr.contains("does not exist"), "\(none.stderr)")

            let start = try TraindbProcess.run(
                ["log", "programme", "start", "--questionnaire", "-", "--now", "2026-11-20T09:00:00Z"] + store,
                input: Self.questionnaire)
            #expect(start.status == 0, "\(start.stderr)")
            let shown = try TraindbProcess.run(["profile"] + store + ["--now", "2026-11-25T09:00:00Z"])
            #expect(
                shown.stdout == """
                    Gender: female
                    Date of birth: 1990-04-12 (age 36)
                    Height: 5 ft 7 in
                    Weight: 154 lbs
                    Motivations: structure, other (a wedding in June)
                    Member since: November 2026

                    """, "\(shown.stderr)")
            #expect(try TraindbProcess.run(["log", "settings"] + store).stdout.hasPrefix("Unit: lbs"))

            let before = try Data(contentsOf: URL(fileURLWithPath: directory.path("log.sqlite")))
            let refused = try TraindbProcess.run(
                ["profile", "set", "--height-cm", "500", "--date-of-birth", "2015-01-01"] + store
                    + ["--now", "2026-11-25T09:00:00Z"])
            #expect(refused.status == 2)
            #expect(
                refused.stderr == """
                    traindb: error[questionnaire.out_of_range]: dateOfBirth: born 2015-01-01, age 11 on 2026-11-25: \
                    You must be at least 18 years old; allowed values: a date (YYYY-MM-DD) giving an age of 18 to 100
                    traindb: error[questionnaire.out_of_range]: heightCm: 500 cm is out of range; allowed values: \
                    120 to 220 cm

                    """)
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("log.sqlite"))) == before)

            let changed = try TraindbProcess.run(
                ["profile", "set", "--weight-kg", "70", "--format", "json"] + store + ["--now", "2026-11-26T09:00:00Z"])
            #expect(changed.status == 0, "\(changed.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any]
            #expect(json?["weight"] as? String == "70 kg" && json?["height"] as? String == "5 ft 7 in")
            #expect(json?["memberSince"] as? String == "2026-11-20" && json?["gender"] as? String == "female")
            #expect(try TraindbProcess.run(["log", "settings"] + store).stdout.hasPrefix("Unit: kg"))
        }
    }
}
