import ArgumentParser
import Catalog

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Query the catalogue database as the app does.",
        discussion: "Exit status: 0 answered (possibly with nothing), 2 the query could not run.",
        subcommands: [Exercises.self, Swaps.self, Exceptions.self])

    enum Kind: String, EnumerableFlag {
        case isolation, compound

        static func help(for value: Kind) -> ArgumentHelp? {
            switch value {
            case .isolation: "Only isolation exercises."
            case .compound: "Only compound exercises."
            }
        }
    }

    struct Exercises: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "exercises",
            abstract: "List the exercises that pass the filters, by display name.")

        @OptionGroup var database: DatabaseOption
        @OptionGroup var equipment: EquipmentOption

        @Option(help: ArgumentHelp("Only exercises with this primary muscle (name or slug).", valueName: "muscle"))
        var muscle: String?

        @Option(help: ArgumentHelp("Only exercises at or under this complexity (1-4).", valueName: "n"))
        var maxComplexity: Int?

        @Option(help: ArgumentHelp("Only exercises of this selection tier: 1 staple, 2 standard, 3 specialist.",
                                   valueName: "n"))
        var tier: Int?

        @Flag var kind: Kind?

        @Flag(help: "Only exercises the programme generator may pick.")
        var programmeOnly = false

        @Option(help: ArgumentHelp("Only exercises whose display name contains this text.", valueName: "text"))
        var search: String?

        @OptionGroup var output: FormatOption<TableOrJSON>

        func validate() throws {
            if let maxComplexity, !(1...4).contains(maxComplexity) {
                throw ValidationError("--max-complexity must be 1, 2, 3 or 4, not \(maxComplexity)")
            }
            if let tier, !(1...3).contains(tier) {
                throw ValidationError("--tier must be 1 (staple), 2 (standard) or 3 (specialist), not \(tier)")
            }
            if let muscle, muscle.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--muscle needs a muscle name or slug")
            }
        }

        func run() throws {
            let catalog = try database.open()
            if let muscle { try catalog.checkMuscle(muscle) }
            let filter = ExerciseFilter(
                equipment: try equipment.selection(checkedAgainst: catalog), muscle: muscle,
                maxComplexity: maxComplexity, selectionTier: tier, isIsolation: kind.map { $0 == .isolation },
                programmeOnly: programmeOnly, searchText: search)
            try QueryCommand.print(try catalog.exercises(matching: filter), output, empty: "no exercises match")
        }
    }

    struct Swaps: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swaps",
            abstract: "List the alternatives to an exercise: its canonical group, nearest complexity first.")

        @Argument(help: ArgumentHelp("The exercise's id.", valueName: "exercise-id"))
        var exerciseID: String

        @OptionGroup var database: DatabaseOption
        @OptionGroup var equipment: EquipmentOption

        @Flag(help: "Also list library-only exercises (include_in_programme = 0).")
        var includeLibraryOnly = false

        @OptionGroup var output: FormatOption<TableOrJSON>

        func run() throws {
            let catalog = try database.open()
            let swaps = try catalog.swaps(
                for: exerciseID, equipment: try equipment.selection(checkedAgainst: catalog),
                programmeOnly: !includeLibraryOnly)
            try QueryCommand.print(swaps, output, empty: "no swaps for \"\(exerciseID)\"")
        }
    }

    struct Exceptions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "exceptions",
            abstract: "List the exercises that depart from their group's contraindications, by exercise.",
            discussion: "safe: the group may aggravate the joint, this exercise is the usual answer to that "
                + "injury; modified: allowed for the joint only with its cue, which the user sees instead of a "
                + "warning; contraindicated: the group is fine for the joint, this exercise is not.")

        @OptionGroup var database: DatabaseOption

        @Option(help: ArgumentHelp("Only the exceptions for this joint (name or slug).", valueName: "joint"))
        var joint: String?

        @OptionGroup var output: FormatOption<TableOrJSON>

        func run() throws {
            let catalog = try database.open()
            var exceptions = try catalog.exerciseExceptions()
            if let joint {
                let known = try catalog.joints()
                guard known.contains(where: { $0.slug == joint.slug }) else {
                    throw ValidationError(
                        "unknown joint \"\(joint)\"; the catalogue's joints are: "
                            + known.map(\.name).joined(separator: ", "))
                }
                exceptions = exceptions.filter { $0.joint.slug == joint.slug }
            }
            switch output.format {
            case .json: try Terminal.printJSON(exceptions, layout: .sortedReport)
            default:
                guard !exceptions.isEmpty else { return try Terminal.write("no exceptions\n") }
                let names = Dictionary(
                    try catalog.exercises().map { ($0.id, $0.displayName) }, uniquingKeysWith: { a, _ in a })
                try Terminal.write(exceptions.map { exception in
                    "\(names[exception.exerciseId] ?? exception.exerciseId) · \(exception.joint) · "
                        + "\(exception.level.rawValue)\(exception.cue.map { " (\($0))" } ?? ""): \(exception.notes)\n"
                }.joined())
            }
        }
    }

    private static func print(
        _ exercises: [Exercise], _ output: FormatOption<TableOrJSON>, empty: String
    ) throws {
        switch output.format {
        case .json: try Terminal.printJSON(exercises, layout: .sortedReport)
        default: try Terminal.write(ExerciseTable(exercises: exercises).text(empty: empty))
        }
    }
}
