import Account
import ArgumentParser
import Foundation

/// `traindb account`: everything the user's stores on this device hold, copied out or deleted.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "The user's data on this device: export or delete every store at once.",
        subcommands: [Export.self, Delete.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write everything the user's stores hold: account.json and one CSV per table.",
            discussion: """
                Each --store (a training log, a GymTrack store, a fitness journal) is read without \
                being changed. FOLDER/account.json holds every table of every store; \
                FOLDER/KIND-TABLE.csv one table each (RFC 4180, a header row).
                """)

        @Option(help: ArgumentHelp("A store of the user (repeat for each).", valueName: "file"))
        var store: [String] = []

        @Option(help: ArgumentHelp("The folder to write into (made when missing).", valueName: "folder"))
        var out: String

        func run() throws {
            let stores = try AccountData.read(stores: store)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            var written: [String] = []
            var document: [String: Any] = [:]
            for exported in stores {
                var tables: [String: Any] = [:]
                for table in exported.tables {
                    tables[table.name] = table.rows.map { row in
                        Dictionary(uniqueKeysWithValues: zip(table.columns, row.map(Self.json)))
                    }
                    let file = (out as NSString).appendingPathComponent("\(exported.kind.rawValue)-\(table.name).csv")
                    try Self.csv(table).write(toFile: file, atomically: true, encoding: .utf8)
                    written.append(file)
                }
                document[exported.kind.rawValue] = ["file": exported.path, "tables": tables]
            }
            let json = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            let file = (out as NSString).appendingPathComponent("account.json")
            try json.write(to: URL(fileURLWithPath: file), options: .atomic)
            try Terminal.write(([file] + written).map { "wrote \($0)\n" }.joined())
        }

        static func json(_ value: AccountData.Value) -> Any {
            switch value {
            case .null: NSNull()
            case .integer(let number): number
            case .real(let number): number
            case .text(let text): text
            }
        }

        /// The table as RFC 4180 CSV: a header row, then one row per record.
        static func csv(_ table: AccountData.Table) -> String {
            func field(_ text: String) -> String {
                text.contains(where: { ",\"\r\n".contains($0) })
                    ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            func text(_ value: AccountData.Value) -> String {
                switch value {
                case .null: ""
                case .integer(let number): String(number)
                case .real(let number): String(number)
                case .text(let text): text
                }
            }
            let lines = [table.columns.map(field).joined(separator: ",")]
                + table.rows.map { row in row.map { field(text($0)) }.joined(separator: ",") }
            return lines.map { $0 + "\r\n" }.joined()
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete every store of the user on this device. Needs --yes.",
            discussion: """
                Every --store is checked to be a user's store before any is deleted: the catalogue \
                or a foreign file refuses the whole deletion. Export first to keep a copy.
                """)

        @Option(help: ArgumentHelp("A store of the user (repeat for each).", valueName: "file"))
        var store: [String] = []

        @Flag(help: "Confirm: the stores cannot be brought back.")
        var yes = false

        func run() throws {
            guard yes else {
                throw CommandError(
                    "account.confirmation_required", "deleting the account's stores cannot be undone: add --yes")
            }
            let removed = try AccountData.delete(stores: store)
            try Terminal.write(removed.map { "deleted \($0)\n" }.joined())
        }
    }
}
