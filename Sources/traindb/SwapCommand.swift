import ArgumentParser
import Catalog
import Foundation
import ProgrammeGenerator

struct SwapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swap",
        abstract: "List the alternatives to an exercise under a questionnaire's equipment and injuries.",
        discussion: """
            Alternatives come from the exercise's canonical group, at or under the questionnaire's \
            complexity ceiling (--any-level lifts it), not contraindicated first, then closest \
            complexity, then display name, each with the sets, reps and rest the rules give the \
            exercise for this questionnaire.
            Exit status: 0 listed (possibly none), 2 the command could not run.
            """)

    @Argument(help: ArgumentHelp("The exercise's id.", valueName: "exercise-id"))
    var exerciseID: String

    @OptionGroup var input: GenerateCommand.QuestionnaireInput
    @OptionGroup var database: QueryCommand.DatabaseOptions

    @Option(help: "warn: list alternatives that may aggravate an injury last, with a warning; exclude: leave them out.")
    var injuryPolicy: InjuryPolicy = .warn

    @Flag(help: "Also list alternatives above the questionnaire's complexity ceiling.")
    var anyLevel = false

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        try database.query { catalogue in
            let catalog = try GeneratorCatalog(database: catalogue)
            let swaps = try GenerateCommand.reportingProblems {
                let profile = try TrainingProfile(json: input.read(), catalog: catalog)
                return try SwapFinder(catalog: catalog, options: GeneratorOptions(injuryPolicy: injuryPolicy))
                    .alternatives(toExerciseID: exerciseID, for: profile, anyLevel: anyLevel)
            }
            switch format {
            case .json: print(swaps.jsonText())
            case .text: print(swaps.text, terminator: "")
            }
        }
    }
}
