import ArgumentParser
import Catalog
import Foundation

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Query the catalogue database as the app does.",
        discussion: "Exit status: 0 answered (possibly with nothing), 2 the query could not run.",
        subcommands: [Exercises.self, Swaps.self])

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

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
            abstract: "List the exercises that pass the filters, by display name.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var equipment: EquipmentOptions

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

        @Option(help: "Output format: table or json.")
        var format: Format = .table

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
            try database.query { catalog in
                let selection = try equipment.selection(checkedAgainst: catalog)
                let filter = ExerciseFilter(
                    equipment: selection, muscle: muscle, maxComplexity: maxComplexity, selectionTier: tier,
                    isIsolation: kind.map { $0 == .isolation }, programmeOnly: programmeOnly,
                    searchText: search)
                try QueryCommand.print(try catalog.exercises(matching: filter), format: format, empty: "no exercises match")
            }
        }
    }

    struct Swaps: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the alternatives to an exercise: its canonical group, nearest complexity first.")

        @Argument(help: ArgumentHelp("The exercise's id.", valueName: "exercise-id"))
        var exerciseID: String

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var equipment: EquipmentOptions

        @Flag(help: "Also list library-only exercises (include_in_programme = 0).")
        var includeLibraryOnly = false

        @Option(help: "Output format: table or json.")
        var format: Format = .table

        func run() throws {
            try database.query { catalog in
                let selection = try equipment.selection(checkedAgainst: catalog)
                let swaps = try catalog.swaps(
                    for: exerciseID, equipment: selection, programmeOnly: !includeLibraryOnly)
                try QueryCommand.print(swaps, format: format, empty: "no swaps for \"\(exerciseID)\"")
            }
        }
    }

    /// `--db FILE`, shared by every command that reads the database.
    struct DatabaseOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The catalogue database.", valueName: "file"))
        var db = CatalogDatabase.defaultPath

        /// Opens the database and runs `body`; a catalogue error goes to standard error and the
        /// command exits 2 (it could not run).
        func query(_ body: (CatalogDatabase) throws -> Void) throws {
            do {
                try body(try CatalogDatabase(path: db))
            } catch let error as CatalogDatabaseError {
                // One line per problem, each with its code, like a compiler.
                let lines = error.message.split(separator: "\n").map { "traindb: error[\(error.code)]: \($0)\n" }
                FileHandle.standardError.write(Data(lines.joined().utf8))
                throw ExitCode(2)
            }
        }
    }

    /// `--equipment CATEGORY[:ITEM]`, repeatable.
    struct EquipmentOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Equipment the user has: a category (all its items) or category:item, by name or slug. "
                    + "Repeat for more. Item-less Bodyweight exercises are always available.",
                valueName: "category[:item]"))
        var equipment: [String] = []

        func validate() throws {
            for entry in equipment {
                let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let blank = parts.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                if blank {
                    throw ValidationError("--equipment expects CATEGORY or CATEGORY:ITEM, not \"\(entry)\"")
                }
            }
        }

        /// The selection (nil when no --equipment was given), after checking that the catalogue
        /// has every category and item named.
        func selection(checkedAgainst catalog: CatalogDatabase) throws -> EquipmentSelection? {
            guard !equipment.isEmpty else { return nil }
            var selection = EquipmentSelection()
            for entry in equipment {
                let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
                if parts.count == 2 {
                    selection.select(category: parts[0], item: parts[1])
                } else {
                    selection.select(category: entry)
                }
            }
            try catalog.check(selection)
            return selection
        }
    }

    /// Writes `value` as sorted, indented JSON on standard output.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    private static func print(_ exercises: [Exercise], format: Format, empty: String) throws {
        switch format {
        case .json:
            try printJSON(exercises)
        case .table where exercises.isEmpty:
            Swift.print(empty)
        case .table:
            let header = [
                "id", "display name", "category", "item", "primary muscle", "complexity", "tier", "isolation",
                "programme",
            ]
            let rows = exercises.map { exercise in
                [
                    exercise.id, exercise.displayName, exercise.equipmentCategory, exercise.equipmentItem ?? "-",
                    exercise.primaryMuscle, String(exercise.complexity), String(exercise.selectionTier),
                    exercise.isIsolation ? "yes" : "no",
                    exercise.includeInProgramme ? "yes" : "no",
                ]
            }
            let widths = header.indices.map { column in
                ([header] + rows).map { $0[column].count }.max() ?? 0
            }
            for row in [header] + rows {
                let cells = row.enumerated().map { column, cell in
                    cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }
                var line = cells.joined(separator: "  ")
                while line.last == " " { line.removeLast() }
                Swift.print(line)
            }
            Swift.print("\(exercises.count) exercise\(exercises.count == 1 ? "" : "s")")
        }
    }
}
