import ArgumentParser
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

    @OptionGroup var input: QuestionnaireOption
    @OptionGroup var database: DatabaseOption

    @Option(help: "warn: list alternatives that may aggravate an injury last, with a warning; exclude: leave them out.")
    var injuryPolicy: InjuryPolicy = .warn

    @Flag(help: "Also list alternatives above the questionnaire's complexity ceiling.")
    var anyLevel = false

    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let catalog = try GeneratorCatalog(database: database.open())
        let profile = try TrainingProfile(json: input.read(), catalog: catalog)
        let swaps = try SwapFinder(catalog: catalog, options: GeneratorOptions(injuryPolicy: injuryPolicy))
            .alternatives(toExerciseID: exerciseID, for: profile, anyLevel: anyLevel)
        switch output.format {
        case .json: try Terminal.printJSON(swaps, layout: .indented)
        default: try Terminal.write(swaps.text)
        }
    }
}
