import ErrorCodes
import Foundation
import GRDB
import UserStore

/// Everything a user's stores on this device hold, for the two things a user may ask of it
/// (business rules §12): a copy (`export`) and its deletion (`delete`), the stores of every kind
/// at once. Each file is checked to be a user's store before anything is read or removed: the
/// catalogue and foreign files are refused, and nothing is deleted unless every file is a store.
public enum AccountData {
    /// One store's tables, every row, as the store holds them.
    public struct Store: Sendable {
        /// The kind of store; nil for the server's copy of the user's data.
        public let kind: StoreKind?
        /// The file, or the server's address.
        public let path: String
        public let tables: [Table]

        public init(kind: StoreKind?, path: String, tables: [Table]) {
            self.kind = kind
            self.path = path
            self.tables = tables
        }
    }

    /// A table's columns and rows (values as text, numbers or nil).
    public struct Table: Hashable, Sendable {
        public let name: String
        public let columns: [String]
        public let rows: [[Value]]

        public init(name: String, columns: [String], rows: [[Value]]) {
            self.name = name
            self.columns = columns
            self.rows = rows
        }
    }

    /// A value of a row.
    public enum Value: Hashable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
    }

    /// The stores at `paths`, read without changing them.
    public static func read(stores paths: [String]) throws(AccountDataError) -> [Store] {
        let kinds = try identify(paths)
        var stores: [Store] = []
        for (path, kind) in zip(paths, kinds) {
            do {
                // As every command that only reads: the store and the folder left as they were.
                let queue = try UserStore<AccountDataError>.openForReading(path, configuration: Configuration())
                defer { try? queue.close() }
                let tables = try queue.read { db in
                    // A table without rowids (the journal's day summaries) comes in its key's order.
                    let names = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT name, instr(upper(sql), 'WITHOUT ROWID') > 0 AS keyed FROM sqlite_master
                            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                            ORDER BY name
                            """
                    ).map { (name: $0["name"] as String, keyed: $0["keyed"] as Bool) }
                    return try names.map { (name, keyed) in
                        let columns = try db.columns(in: name).map(\.name)
                        let order = keyed ? "" : " ORDER BY rowid"
                        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(quoted(name))\(order)")
                        return Table(
                            name: name, columns: columns, rows: rows.map { row in columns.map { value(row[$0]) } })
                    }
                }
                stores.append(Store(kind: kind, path: path, tables: tables))
            } catch {
                throw AccountDataError(.unreadable, "cannot read \(path): \(error)")
            }
        }
        return stores
    }

    /// Removes the stores at `paths` and their -wal, -shm and -journal files, once every one of
    /// them is known to be a user's store. Returns the files removed.
    public static func delete(stores paths: [String]) throws(AccountDataError) -> [String] {
        _ = try identify(paths)
        var removed: [String] = []
        for path in paths {
            for file in [path, path + "-wal", path + "-shm", path + "-journal"]
            where FileManager.default.fileExists(atPath: file) {
                do {
                    try FileManager.default.removeItem(atPath: file)
                    removed.append(file)
                } catch {
                    throw AccountDataError(.unreadable, "cannot delete \(file): \(error.localizedDescription)")
                }
            }
        }
        return removed
    }

    /// Each path's kind of store; throws naming the first that is not a user's store.
    static func identify(_ paths: [String]) throws(AccountDataError) -> [StoreKind] {
        guard !paths.isEmpty else { throw AccountDataError(.noStores, "name the user's stores with --store") }
        var kinds: [StoreKind] = []
        for path in paths {
            let content: StoreFileContent
            do {
                content = try StoreFileContent.of(path: path)
            } catch {
                throw AccountDataError(.unreadable, "cannot read \(path)")
            }
            switch content {
            case .store(let kind) where kind != .catalogue:
                kinds.append(kind)
            case .store:
                throw AccountDataError(.notAStore, "\(path): this is the exercise catalogue, not a user's store")
            case .missing:
                throw AccountDataError(.notAStore, "\(path) does not exist")
            case .empty:
                throw AccountDataError(.notAStore, "\(path) is empty, not a user's store")
            case .foreign(let what):
                throw AccountDataError(.notAStore, "\(path): this is \(what), not a user's store")
            }
        }
        return kinds
    }

    private static func value(_ database: DatabaseValue) -> Value {
        switch database.storage {
        case .null: .null
        case .int64(let number): .integer(number)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let data): .text(data.base64EncodedString())
        }
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Why the user's stores could not be exported or deleted.
public struct AccountDataError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case noStores
        case notAStore
        case unreadable
    }

    public let kind: Kind
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `account.no_stores`, `account.not_a_store` or `account.unreadable`.
    public var code: String {
        switch kind {
        case .noStores: "account.no_stores"
        case .notAStore: "account.not_a_store"
        case .unreadable: "account.unreadable"
        }
    }
}
