import ArgumentParser
import Foundation
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog

extension LogCommand {
    /// `traindb log programme start`: generate a programme and make it the user's active one.
    struct ProgrammeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "programme", abstract: "Start a programme from a questionnaire.", subcommands: [Start.self])

        struct Start: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "start",
                abstract: "Generate the questionnaire's programme and make it the active one; every log is kept.",
                discussion: "Week 1 is the Monday-to-Sunday week holding the start date.")

            @OptionGroup var input: QuestionnaireOption

            @Option(
                help: ArgumentHelp(
                    "The first day, YYYY-MM-DD (default: today, on the user's clock).", valueName: "date"))
            var start: CalendarDate?

            @Option(help: ArgumentHelp("The seed of the random choice between equally good exercises.", valueName: "n"))
            var seed: UInt64 = 0

            @Option(
                help: "warn: keep exercises that may aggravate an injury, with a warning; exclude: never pick them.")
            var injuryPolicy: InjuryPolicy = .warn

            @OptionGroup var log: UserLogOptions
            @OptionGroup var output: FormatOption<TextOrJSON>

            func run() throws {
                let training = try log.open()
                let json = try input.read()
                let generator = ProgrammeGenerator(
                    catalog: try GeneratorCatalog(database: log.database.open()),
                    options: GeneratorOptions(injuryPolicy: injuryPolicy))
                let today = CalendarDate(log.clock.now(), in: try training.settings().timeZone)
                let programme = try generator.generate(fromJSON: json, seed: seed, createdDate: today)
                let started = try training.startProgramme(
                    programme, questionnaireJSON: String(decoding: json, as: UTF8.self), startDate: start)
                try output.confirm(started, text: started.text)
            }
        }
    }
}
