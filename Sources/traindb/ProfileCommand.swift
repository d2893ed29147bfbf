import ArgumentParser
import Foundation
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog

/// `traindb profile`: the About-you answers the training log keeps, shown or changed.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show or change the user's profile: the questionnaire's About-you answers.",
        subcommands: [Show.self, SetCommand.self], defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show the profile, heights and weights in the unit the user answered in.")

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let training = try log.open(readOnly: true)
            guard let profile = try training.profile() else {
                throw CommandError(
                    "profile.none",
                    "\(log.file.store) has no profile yet: start a programme from a questionnaire, or set one")
            }
            let today = CalendarDate(log.clock.now(), in: try training.settings().timeZone)
            try output.print(profile, text: profile.text(today: today))
        }
    }

    struct SetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change About-you answers; the others are kept. Checked as the questionnaire checks them.",
            discussion: """
                Ages 18-100; heights 120-220 cm or 3 ft 0 in-8 ft 0 in; weights 30-200 kg or 60-440 lbs. \
                The weight's unit becomes the unit the log shows weights in.
                """)

        @Option(help: "male, female or other (prefer not to say).")
        var gender: String?

        @Option(help: ArgumentHelp("YYYY-MM-DD.", valueName: "date"))
        var dateOfBirth: String?

        // Unconditional: a negative number is a value to refuse by its range, not an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Height in centimetres.", valueName: "cm"))
        var heightCm: DecimalArgument?

        // Unconditional: a negative number is a value to refuse by its range, not an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Height in feet (with --height-in).", valueName: "ft"))
        var heightFt: Int?

        // Unconditional: a negative number is a value to refuse by its range, not an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Inches beside --height-ft, 0-11.", valueName: "in"))
        var heightIn: Int?

        // Unconditional: a negative number is a value to refuse by its range, not an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Weight in kilograms.", valueName: "kg"))
        var weightKg: DecimalArgument?

        // Unconditional: a negative number is a value to refuse by its range, not an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Weight in pounds.", valueName: "lbs"))
        var weightLbs: DecimalArgument?

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func validate() throws {
            if heightCm != nil && (heightFt != nil || heightIn != nil) {
                throw ValidationError("give the height in centimetres or in feet and inches, not both")
            }
            if weightKg != nil && weightLbs != nil {
                throw ValidationError("give the weight in kilograms or in pounds, not both")
            }
            if gender == nil && dateOfBirth == nil && heightCm == nil && heightFt == nil && heightIn == nil
                && weightKg == nil && weightLbs == nil
            {
                throw ValidationError("nothing to change: give at least one answer")
            }
        }

        func run() throws {
            let training = try log.open()
            let current = try training.profile()?.aboutYou ?? AboutYou()
            var answers = Questionnaire(aboutYou: current)
            if let gender { answers.gender = gender }
            if let dateOfBirth { answers.dateOfBirth = dateOfBirth }
            if let heightCm {
                (answers.heightUnit, answers.heightCm, answers.heightFt, answers.heightIn) = (
                    "cm", heightCm.value, nil, nil
                )
            } else if heightFt != nil || heightIn != nil {
                (answers.heightUnit, answers.heightCm) = ("ftIn", nil)
                answers.heightFt = heightFt ?? answers.heightFt
                answers.heightIn = heightIn ?? (heightFt == nil ? answers.heightIn : 0)
            }
            if let weightKg {
                (answers.weightUnit, answers.weightKg, answers.weightLbs) = ("kg", weightKg.value, nil)
            } else if let weightLbs {
                (answers.weightUnit, answers.weightKg, answers.weightLbs) = ("lbs", nil, weightLbs.value)
            }
            let today = CalendarDate(log.clock.now(), in: try training.settings().timeZone)
            let profile = try training.saveProfile(AboutYou(answers, answeredOn: today))
            try output.confirm(profile, text: profile.text(today: today))
        }
    }
}
