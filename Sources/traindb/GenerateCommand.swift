import ArgumentParser
import Catalog
import Foundation
import ProgrammeGenerator
import TrainingCalendar

extension InjuryPolicy: ExpressibleByArgument {}

extension CalendarDate: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a personalised programme from a questionnaire.",
        discussion: """
            The questionnaire is JSON with the app's field names: primaryGoal, targetMuscleGroups, \
            experienceLevel, equipmentAvailable, detailedEquipment, injuries, trainingDaysPerWeek, \
            sessionDuration. The same questionnaire, database and seed always give the same programme.
            Exit status: 0 generated, 2 the command could not run (a bad questionnaire: one message per \
            bad field; a missing database).
            """)

    /// `--questionnaire FILE|-`, shared with `swap`.
    struct QuestionnaireInput: ParsableArguments {
        @Option(help: ArgumentHelp("The questionnaire's JSON, or - for standard input.", valueName: "file"))
        var questionnaire: String

        /// The file's bytes; a file that cannot be read ends the command with status 2.
        func read() -> Data {
            if questionnaire == "-" {
                return FileHandle.standardInput.readDataToEndOfFile()
            }
            guard let data = FileManager.default.contents(atPath: questionnaire) else {
                Terminal.fail("cannot read the questionnaire \(questionnaire)")
            }
            return data
        }
    }

    @OptionGroup var input: QuestionnaireInput
    @OptionGroup var database: QueryCommand.DatabaseOptions

    @Option(help: ArgumentHelp("The seed of the random choice between equally good exercises.", valueName: "n"))
    var seed: UInt64 = 0

    @Option(help: "warn: keep exercises that may aggravate an injury, with a warning; exclude: never pick them.")
    var injuryPolicy: InjuryPolicy = .warn

    @Option(
        help: ArgumentHelp(
            "The programme's creation date, YYYY-MM-DD (default: today, in this machine's time zone).",
            valueName: "date"))
    var created: CalendarDate?

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        try database.query { catalogue in
            let generator = ProgrammeGenerator(
                catalog: try GeneratorCatalog(database: catalogue),
                options: GeneratorOptions(injuryPolicy: injuryPolicy))
            let programme = try Self.reportingProblems {
                try generator.generate(
                    fromJSON: input.read(), seed: seed, createdDate: created ?? CalendarDate(Date(), in: .current))
            }
            switch format {
            case .json: print(programme.jsonText())
            case .text: print(programme.text, terminator: "")
            }
        }
    }

    /// Runs `body`; a generator error goes to standard error, one line per bad field, and the
    /// command exits 2.
    static func reportingProblems<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as ProgrammeGeneratorError {
            let lines = error.description.split(separator: "\n").map { "traindb: \($0)\n" }
            FileHandle.standardError.write(Data(lines.joined().utf8))
            throw ExitCode(2)
        }
    }
}
