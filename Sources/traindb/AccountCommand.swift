import Account
import ArgumentParser
import Foundation
import PostgresStore
import Subscription

/// `traindb account`: everything the user's stores on this device hold, copied out or deleted.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "The user's data on this device and on the server: export or delete it all at once.",
        subcommands: [Export.self, Delete.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write everything the user's stores and the server hold: account.json and one CSV per table.",
            discussion: """
                Each --store (a training log, a GymTrack store, a fitness journal) is read without \
                being changed. With --postgres, every row the server holds for the user the token \
                proves is read too, as that user, in the device's formats (a synced table matches the \
                device's). FOLDER/account.json holds every table; FOLDER/KIND-TABLE.csv one table each \
                (RFC 4180, a header row; KIND is trainingLog, gymTrack, journal or server).
                """)

        @Option(help: ArgumentHelp("A store of the user (repeat for each).", valueName: "file"))
        var store: [String] = []

        @Option(help: ArgumentHelp("The server, to export the user's rows there too.", valueName: "url"))
        var postgres: String?

        @OptionGroup var identity: ServerIdentityOptions

        @Option(help: ArgumentHelp("The folder to write into (made when missing).", valueName: "folder"))
        var out: String

        func validate() throws {
            if store.isEmpty && postgres == nil { throw ValidationError("give at least one --store, or --postgres") }
        }

        func run() async throws {
            try Self.checkFolder(out)
            var stores = try AccountData.read(stores: store)
            if let postgres {
                let (user, role) = try identity.verified()
                let server = try PostgresURL(postgres)
                SyncCommand.giveUp(after: PostgresURL.timeout, server: server)
                let tables = try await ServerAccount().export(from: server, user: user, role: role)
                stores.append(AccountData.Store(kind: nil, path: server.description, tables: tables))
            }
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                throw Self.writeFailed(out, error)
            }
            var written: [String] = []
            var document: [String: Any] = [:]
            for exported in stores {
                let kind = exported.kind?.rawValue ?? "server"
                var tables: [String: Any] = [:]
                for table in exported.tables {
                    tables[table.name] = table.rows.map { row in
                        Dictionary(uniqueKeysWithValues: zip(table.columns, row.map(Self.json)))
                    }
                    let file = (out as NSString).appendingPathComponent("\(kind)-\(table.name).csv")
                    do {
                        try Self.csv(table).write(toFile: file, atomically: true, encoding: .utf8)
                    } catch {
                        throw Self.writeFailed(file, error)
                    }
                    written.append(file)
                }
                document[kind] = [exported.kind == nil ? "server" : "file": exported.path, "tables": tables]
            }
            let json = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            let file = (out as NSString).appendingPathComponent("account.json")
            do {
                try json.write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw Self.writeFailed(file, error)
            }
            try Terminal.write(([file] + written).map { "wrote \($0)\n" }.joined())
        }

        /// Refuses an `--out` that names anything but a folder, before any store is read.
        static func checkFolder(_ out: String) throws {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), !isFolder.boolValue else {
                return
            }
            throw CommandError(
                "account.out_not_a_folder",
                "--out \(out) is a file, not a folder: name a folder (made when missing) to write account.json and "
                    + "the CSV files into")
        }

        /// A file or folder of the export that could not be written, in the system's words (a
        /// full disk called full).
        static func writeFailed(_ path: String, _ error: any Error) -> CommandError {
            let reason: String
            if let error = error as? CocoaError, error.code == .fileWriteOutOfSpace {
                reason = "the disk is full"
            } else if let posix = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)
                .flatMap({ $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil })
            {
                reason = posix == ENOSPC ? "the disk is full" : String(cString: strerror(posix))
            } else if let error = error as? CocoaError, error.code == .fileWriteNoPermission {
                reason = "permission denied"
            } else if let error = error as? CocoaError, error.code == .fileWriteVolumeReadOnly {
                reason = "the disk is read-only"
            } else {
                reason = "\(error)"
            }
            return CommandError("account.write_failed", "cannot write \(path): \(reason); the export is incomplete")
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

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete every store of the user on this device, and their rows on the server. Needs --yes.",
            discussion: """
                Every --store is checked to be a user's store before any is deleted: the catalogue \
                or a foreign file refuses the whole deletion. With --postgres, every row the server \
                holds for the user the token proves goes first, in one transaction as that user \
                (delete_my_data()); the stores are deleted only once it has. The server keeps that \
                the account was deleted and when, and nothing else of the user's: the user's other \
                devices then sync nothing (traindb sync exits 3). The catalogue and other users' \
                rows are never touched. Export first to keep a copy.
                """)

        @Option(help: ArgumentHelp("A store of the user (repeat for each).", valueName: "file"))
        var store: [String] = []

        @Option(help: ArgumentHelp("The server, to delete the user's rows there too.", valueName: "url"))
        var postgres: String?

        @OptionGroup var identity: ServerIdentityOptions

        @Flag(help: "Confirm: the stores cannot be brought back.")
        var yes = false

        func validate() throws {
            if store.isEmpty && postgres == nil { throw ValidationError("give at least one --store, or --postgres") }
        }

        func run() async throws {
            guard yes else {
                throw CommandError(
                    "account.confirmation_required", "deleting the account's stores cannot be undone: add --yes")
            }
            // Every file is checked before the server is touched: a wrong --store deletes nothing anywhere.
            _ = try AccountData.read(stores: store)
            if let postgres {
                let (user, role) = try identity.verified()
                let server = try PostgresURL(postgres)
                SyncCommand.giveUp(after: PostgresURL.timeout, server: server)
                let counts = try await ServerAccount().delete(on: server, user: user, role: role)
                let rows = counts.values.reduce(0, +)
                try Terminal.write("deleted \(rows) row\(rows == 1 ? "" : "s") of user \(user) on \(server)\n")
            }
            let removed = try AccountData.delete(stores: store)
            try Terminal.write(removed.map { "deleted \($0)\n" }.joined())
            // The App Store subscription outlives the account: only the user can cancel it.
            try Terminal.write(SubscriptionMessage.cancelInSettings + "\n")
        }
    }
}
