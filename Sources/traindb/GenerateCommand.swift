import ArgumentParser
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

    @OptionGroup var input: QuestionnaireOption
    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp("The seed of the random choice between equally good exercises.", valueName: "n"))
    var seed: UInt64 = 0

    @Option(help: "warn: keep exercises that may aggravate an injury, with a warning; exclude: never pick them.")
    var injuryPolicy: InjuryPolicy = .warn

    @Option(
        help: ArgumentHelp(
            "The programme's creation date, YYYY-MM-DD (default: today, in this machine's time zone).",
            valueName: "date"))
    var created: CalendarDate?

    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let generator = ProgrammeGenerator(
            catalog: try GeneratorCatalog(database: database.open()),
            options: GeneratorOptions(injuryPolicy: injuryPolicy))
        let programme = try generator.generate(
            fromJSON: input.read(), seed: seed, createdDate: created ?? CalendarDate(Date(), in: .current))
        switch output.format {
        case .json: try Terminal.printJSON(programme, layout: .indented)
        default: try Terminal.write(programme.text)
        }
    }
}

/// `--questionnaire FILE|-`, shared by `generate` and `swap`.
struct QuestionnaireOption: ParsableArguments {
    @Option(help: ArgumentHelp("The questionnaire's JSON, or - for standard input.", valueName: "file"))
    var questionnaire: String

    /// The file's bytes (standard input's for `-`).
    func read() throws -> Data {
        if questionnaire == "-" {
            return try readStandardInput()
        }
        guard let data = FileManager.default.contents(atPath: questionnaire) else {
            throw CommandError("file.unreadable", "cannot read the questionnaire \(questionnaire)")
        }
        return data
    }
}

/// Standard input to its end. Foundation's readDataToEndOfFile() traps on a read error
/// (standard input from a directory); this reports it.
private func readStandardInput() throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count == 0 {
            return data
        } else if errno != EINTR {
            let reason = String(cString: strerror(errno))
            throw CommandError("file.unreadable", "cannot read the questionnaire from standard input: \(reason)")
        }
    }
}
