import CSQLiteOptions
import Foundation
import GRDB
import OrderedJSON
import Synchronization
import TrainingLog
import UserStore

/// A device's training log file as the sync reads and writes it: the tables of
/// `schema/training-log/`, each row with its `updated_at` and `synced_at`.
struct DeviceLog: Sendable {
    let queue: DatabaseQueue
    let path: String
    /// The file the connection opened (its device and inode): a connection kept between syncs
    /// (`OpenLogs`) is used again only while `path` still names that file. Held open, the file
    /// keeps its inode, so no other file can take the number meanwhile.
    let file: (device: UInt64, inode: UInt64)
    /// The schema version the connection's cached statements and GRDB's schema cache were made
    /// for (`PRAGMA schema_version`, which every change of the schema moves).
    private let schemaSeen = SchemaSeen()
    /// Whether `queue` is the app's own connection (`init(sharing:)`), which the app closes:
    /// `close()` and `release()` leave it open.
    let isTheApps: Bool

    private final class SchemaSeen: Sendable {
        let version = Mutex<Int32?>(nil)
    }

    init(path: String) throws {
        self.path = path
        guard let file = Self.identity(of: path) else {
            throw PostgresStoreError(.notATrainingLog, "\(path) does not exist")
        }
        self.file = file
        isTheApps = false
        do {
            // Set up as the app's own connections to the log are (the same foundation): the app,
            // a widget and this sync may use the file at once.
            queue = try DatabaseQueue(path: path, configuration: Self.configuration)
        } catch {
            throw PostgresStoreError(.notATrainingLog, "cannot read the training log \(path): \(error)")
        }
    }

    /// The sync's view of `log`, through the connection the app reads and writes it with: the
    /// sync finds the pages the app's writes left in that connection's cache, and the app finds
    /// the sync's, where a connection of the sync's own reads both again after each other's
    /// writes. Refused for a log opened for reading only, into which the server's rows cannot go.
    init(sharing log: TrainingLog) throws {
        guard !log.isReadOnly else {
            throw PostgresStoreError(
                .readOnlyLog,
                "the training log \(log.path ?? "in memory") is open for reading only, and a sync writes the "
                    + "server's rows and what it sent into it: open it for writing to sync it")
        }
        queue = log.databaseQueue
        path = log.path ?? ":memory:"
        file = log.path.flatMap(Self.identity(of:)) ?? (0, 0)
        isTheApps = true
    }

    /// The device and inode of the file at `path`, or nil when there is none.
    static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Whether `path` still names the file this connection opened (not removed, nor replaced by
    /// another file: a backup restored, a log made afresh).
    var isStillAtPath: Bool {
        guard let now = Self.identity(of: path) else { return false }
        return now == file
    }

    /// Which of the tables the sync reads and writes the log has, read in the sync's own
    /// transaction (one cached statement), so that a connection kept between syncs sees a log
    /// the app has migrated meanwhile. A log without the sync's tables is refused.
    struct Tables: Sendable {
        /// Whether the log has the table `subscription` (training-log migration 0007), which a log
        /// the app has not yet migrated lacks: found with the tables the sync needs, rather than
        /// by GRDB reading the whole schema again when the answer is applied.
        var keepsSubscription = false
        /// Whether the log records that a sync asked for the subscription (training-log 0008).
        var recordsChecks = false
    }

    private static let tablesSQL: String = {
        let count = TrainingLogSchema.syncTables.count + 2
        return "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
            + "(\(databaseQuestionMarks(count: count)))"
    }()

    /// Forgets the connection's cached statements and schema when the schema changed since the
    /// last transaction: another connection (the app, migrating the log) may change it between
    /// two syncs of a kept connection, and GRDB notices only its own changes. The first thing
    /// each of the sync's transactions does.
    private func forgetSchemaIfChanged(_ db: Database) throws {
        let version = try db.schemaVersion()
        let changed = schemaSeen.version.withLock { seen in
            defer { seen = version }
            return seen != nil && seen != version
        }
        if changed { db.clearSchemaCache() }
    }

    private func tables(_ db: Database) throws -> Tables {
        let needed = TrainingLogSchema.syncTables
        let present = try Set(
            String.fetchAll(
                db.cachedStatement(sql: Self.tablesSQL),
                arguments: StatementArguments(
                    needed + [ServerSubscription.deviceTable, ServerSubscription.checkTable])))
        let missing = needed.filter { !present.contains($0) }
        guard missing.isEmpty else {
            throw PostgresStoreError(
                .notATrainingLog, "\(path) is not a training log: it has no \(missing.joined(separator: ", "))")
        }
        return Tables(
            keepsSubscription: present.contains(ServerSubscription.deviceTable),
            recordsChecks: present.contains(ServerSubscription.checkTable))
    }

    /// The sync's connection to the log: the app's own (`UserStore.configuration`: commits wait
    /// in the write-ahead log, flushed to disk at its checkpoints), but closing it leaves the
    /// log as it is rather than copying it into the file and flushing both, as SQLite does when
    /// the last connection to a file closes at every sync. The log is copied in by the app's
    /// next checkpoint, by SQLite's own once it passes 1,000 pages, or by `close()` past that;
    /// until then a power cut can lose its commits, as `synchronous = NORMAL` always allows.
    /// Those of the sync (the server's rows, which rows are synced, the cursor) the server can
    /// give again: the next sync replays the push and pulls again.
    static let configuration: Configuration = {
        var configuration = UserStore<PostgresStoreError>.configuration(noun: "the training log")
        configuration.prepareDatabase { db in
            // An SQLite that cannot (before 3.16) checkpoints on closing, as the app's connections do.
            _ = traindb_sqlite_keep_wal_on_close(UnsafeMutableRawPointer(db.sqliteConnection))
        }
        return configuration
    }()

    /// How long the write-ahead log may grow before closing empties it (SQLite's own threshold
    /// for checkpointing it).
    static let checkpointPages = 1_000

    /// Closes the file, leaving the write-ahead log as it is, unless it has grown past `pages`
    /// (a first sync of a long history): then it is copied into the file, flushed, and emptied
    /// (`wal_checkpoint(TRUNCATE)`). Left full, the next connection to open the file would read
    /// all of it again to index it, and SQLite's checkpoint would copy all of it again, at every
    /// sync. Without waiting: when the app is using the file, its own checkpoint does it. A
    /// failure here loses nothing. The app's own connection (`init(sharing:)`) is left as it is:
    /// the app goes on with it, and closes it.
    func close(checkpointingPast pages: Int = checkpointPages) {
        guard !isTheApps else { return }
        // stat(2) alone: FileManager's attributes also look up the file's owner and group by
        // name, at every sync. A log under `pages` of SQLite's smallest pages (512 bytes), as
        // after most syncs, is left without asking the connection its page size.
        var info = stat()
        if stat(path + "-wal", &info) == 0, Int(info.st_size) > pages * 512 {
            try? queue.writeWithoutTransaction { db in
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096
                guard Int(info.st_size) > pages * pageSize else { return }
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
        try? queue.close()
    }

    /// Closes the connection as `close()` does while the file is still at its path; otherwise
    /// without looking at the write-ahead log there, which belongs to another file.
    func release() {
        guard !isTheApps else { return }
        if isStillAtPath {
            close()
        } else {
            try? queue.close()
        }
    }

    /// Gets the connection ready for its syncs, as `OpenLogs.open` opens a log ahead of its first
    /// sync: SQLite reads the log's schema (which it otherwise does at the first sync's first
    /// statement), the log is checked to have the sync's tables, GRDB reads their columns, and
    /// the statements every sync runs are compiled into the connection's cache, where the syncs
    /// find them. Not those that write the server's rows, whose columns the server's answer
    /// names, nor those of rare cases (a row deleted while the server answered, an account the
    /// server deleted). What the first sync would have paid is paid here, once per connection,
    /// with a few statements more than one sync runs; a sync of a log opened for it alone
    /// (`traindb sync`) pays it in the sync as before.
    func prepareStatements() throws {
        try read { db in
            try forgetSchemaIfChanged(db)
            let tables = try tables(db)
            var statements = [SQL.deletedAccount, SQL.cursor, SQL.deletionsSent, SQL.deletedIDs]
            for table in LogTable.all {
                statements.append(Self.unsynced(table.name))
                if table.deletable { statements.append(Self.missing(table.name)) }
                statements += [Self.rebase(table.name), Self.rebaseAll(table.name)]
            }
            statements += [SQL.forgetDeletion, SQL.storeCursor]
            if tables.keepsSubscription {
                statements += [ServerSubscription.DeviceSQL.forget, ServerSubscription.DeviceSQL.store]
                if tables.recordsChecks { statements.append(ServerSubscription.DeviceSQL.storeCheck) }
            }
            for sql in statements { _ = try db.cachedStatement(sql: sql) }
            // The tables' columns, which applying the server's rows asks GRDB (its schema cache).
            for table in LogTable.all { _ = try db.columns(in: table.name) }
        }
    }

    /// What the device sends: its deletions and, per table, the rows changed since they were
    /// last synced (JSON objects, each with its `base`, the version last synced), in pushes of
    /// at most `SyncBounds.rowsPerPush` rows and deletions: the deletions first, then the rows,
    /// parents before children, so that every push holds what the server needs to take it.
    struct Outgoing: Sendable {
        var pushes: [Push] = []
        var deletedIDs: [String] = []
        /// Per table, the `updated_at` of each row sent: the version the server now holds.
        var sentVersions: [String: [String: String]] = [:]
        /// The server and user the cursor is kept for, and where the last sync with them stopped.
        var server = ""
        var user = ""
        var cursor: Int64 = 0
        /// The log's tables as this sync found them.
        var tables = Tables()

        /// How many rows and deletions go up, in all.
        var count: Int { pushes.reduce(0) { $0 + $1.count } }
    }

    /// One push: what one call of `sync_push` (or `sync_exchange`) takes.
    struct Push: Sendable {
        /// `{row_id, table_name, deleted_at}` objects, comma-separated.
        fileprivate(set) var deletions: [UInt8] = []
        /// Per table, its row objects, comma-separated.
        fileprivate(set) var tables: [(name: String, rows: [UInt8])] = []
        /// Per table, the ids of its rows, in the order sent: the rows a short answer (migration
        /// 0018) lists none of were inserted.
        fileprivate(set) var ids: [String: [String]] = [:]
        fileprivate(set) var count = 0

        /// `{"answer": "short", "deletions": [...], "tables": {"workouts": [...], ...}}`, as
        /// `sync_push` takes it: the server answers every row but those it inserted (migration
        /// 0018; a server before it ignores the key and answers every row).
        var json: String {
            var text: [UInt8] =
                Array(#"{"answer": "short", "deletions": ["#.utf8) + deletions + Array(#"], "tables": {"#.utf8)
            for (index, table) in tables.enumerated() {
                if index > 0 { text += Array(", ".utf8) }
                JSONString.append(table.name, to: &text)
                text += Array(": [".utf8) + table.rows + [UInt8(ascii: "]")]
            }
            text += Array("}}".utf8)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The pushes being filled, one row or deletion at a time.
    private struct Pushes {
        var done: [Push] = []
        var current = Push()

        /// Starts a new push when the current one is full.
        mutating func makeRoom() {
            guard current.count == SyncBounds.rowsPerPush else { return }
            done.append(current)
            current = Push()
        }

        mutating func addDeletion(_ object: [UInt8]) {
            makeRoom()
            if !current.deletions.isEmpty { current.deletions.append(UInt8(ascii: ",")) }
            current.deletions += object
            current.count += 1
        }

        mutating func addRow(_ object: [UInt8], id: String, of table: String) {
            makeRoom()
            current.ids[table, default: []].append(id)
            if current.tables.last?.name == table, let last = current.tables.indices.last {
                current.tables[last].rows.append(UInt8(ascii: ","))
                current.tables[last].rows += object
            } else {
                current.tables.append((table, object))
            }
            current.count += 1
        }

        var all: [Push] { done + [current] }
    }

    /// What goes up to `server` as `user`. A value over its bound (`SyncBounds`) refuses the
    /// whole sync before anything is sent, and so does an account this device learnt was deleted
    /// on that server (`deleted_accounts`).
    func outgoing(server: String, user: String) throws -> Outgoing {
        try read { db in
            // Every statement here and in `apply` is cached: a connection kept between syncs
            // (`OpenLogs`) prepares each once.
            try forgetSchemaIfChanged(db)
            var outgoing = Outgoing(server: server, user: user, tables: try tables(db))
            if let deletedAt = try String.fetchOne(
                db.cachedStatement(sql: SQL.deletedAccount), arguments: [server, user])
            {
                throw PostgresStoreError.accountDeleted(user: user, server: server, at: deletedAt)
            }
            outgoing.cursor = try Int64.fetchOne(db.cachedStatement(sql: SQL.cursor), arguments: [server, user]) ?? 0
            var pushes = Pushes()
            let deletions = try Row.fetchCursor(db.cachedStatement(sql: SQL.deletionsSent))
            while let row = try deletions.next() {
                outgoing.deletedIDs.append(row[Deletion.rowId.stringValue])
                var object: [UInt8] = [UInt8(ascii: "{")]
                for (index, (column, value)) in row.enumerated() {
                    if index > 0 { object.append(UInt8(ascii: ",")) }
                    Self.appendMember(column, value, to: &object)
                }
                object.append(UInt8(ascii: "}"))
                pushes.addDeletion(object)
            }
            for table in LogTable.all {
                let bounds = SyncBounds.of(table.name)
                // Read through the table's index of unsynced rows (training-log migration 0005).
                let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.unsynced(table.name)))
                var versions: [String: String] = [:]
                while let row = try rows.next() {
                    let id: String = row[Column.id]
                    versions[id] = row[Column.updatedAt]
                    var object: [UInt8] = [UInt8(ascii: "{")]
                    for (column, value) in row where column != Column.syncedAt && column != Column.singleton {
                        if let bound = bounds[column], case .string(let text) = value.storage,
                            let refusal = SyncBounds.refusal(text, bound)
                        {
                            throw PostgresStoreError(
                                .valueTooLong,
                                "nothing synced: \(table.name) \(row[Column.id] as String? ?? ""): \(refusal) "
                                    + "(business rules §13); change it on this device, then sync again")
                        }
                        Self.appendMember(column, value, to: &object)
                        object.append(UInt8(ascii: ","))
                    }
                    Self.appendMember("base", row[Column.syncedAt], to: &object)
                    object.append(UInt8(ascii: "}"))
                    pushes.addRow(object, id: id, of: table.name)
                }
                outgoing.sentVersions[table.name] = versions
            }
            outgoing.pushes = pushes.all
            return outgoing
        }
    }

    /// Appends `"name":value` to `json`: text as a JSON string, numbers as they are, NULL as
    /// null, a blob as its base64 text.
    private static func appendMember(_ name: String, _ value: DatabaseValue, to json: inout [UInt8]) {
        JSONString.append(name, to: &json)
        json.append(UInt8(ascii: ":"))
        switch value.storage {
        case .null: json.append(contentsOf: "null".utf8)
        case .int64(let number): json.append(contentsOf: String(number).utf8)
        case .double(let number) where number.isFinite: json.append(contentsOf: "\(number)".utf8)
        case .double: json.append(contentsOf: "null".utf8)
        case .string(let text): JSONString.append(text, to: &json)
        case .blob(let data): JSONString.append(data.base64EncodedString(), to: &json)
        }
    }

    /// Records that `server` deleted `user`'s account and data at `deletedAt`: the one write a
    /// sync of a deleted account makes here, so that the next sync refuses before sending anything.
    func recordAccountDeletion(server: String, user: String, deletedAt: String) throws {
        try write { db in
            try db.execute(sql: SQL.recordAccountDeletion, arguments: [server, user, deletedAt])
        }
    }

    /// Makes the device's log equal to the server's `rows`, in one transaction: rows the user's
    /// devices deleted removed, then rows written (parents first; closed programmes and workouts
    /// before open ones, so that "one active", "one open" hold at every step), and the
    /// deletions `sent`, now on the server, forgotten. A row changed on the device since `sent`
    /// was read (the user logged or edited it while the server answered) is never overwritten:
    /// it keeps its version, based now on the server's (`synced_at`), and goes with the next
    /// sync. A row deleted here, before the sync or while the server answered, is never written
    /// back, nor any row under it; a row this sync sent and the user deleted meanwhile is now on
    /// the server, so its deletion is recorded (at `now`) for the next sync to send. The rows
    /// the push wrote (`pushed`, per table) are the device's own, so the server does not send
    /// them back: the version sent becomes each one's base. Returns per table the rows written
    /// and deleted.
    func apply(
        _ server: ServerLog.Rows, sent: Outgoing, pushed: [String: [String]], now: Date
    ) throws -> [String: (written: Int, deleted: Int)] {
        try write { db in
            try forgetSchemaIfChanged(db)
            var changes: [String: (written: Int, deleted: Int)] = [:]
            // Rows gone from this device: deleted (with their ids kept for the server), or sent by
            // this sync and deleted while the server answered, which the server now holds.
            var gone = Set(try String.fetchAll(db.cachedStatement(sql: SQL.deletedIDs)))
            // The moment, written out only when a row was deleted meanwhile (seldom): each sync
            // made a date formatter for it.
            var stamp: String?
            for table in LogTable.all where table.deletable {
                let ids = (sent.sentVersions[table.name] ?? [:]).keys.filter { !gone.contains($0) }
                guard !ids.isEmpty else { continue }
                // The ids sent as one JSON array, those no longer here found by one statement
                // (it was one look-up per row sent).
                var list: [UInt8] = [UInt8(ascii: "[")]
                for (index, id) in ids.enumerated() {
                    if index > 0 { list.append(UInt8(ascii: ",")) }
                    JSONString.append(id, to: &list)
                }
                list.append(UInt8(ascii: "]"))
                let missing = try String.fetchAll(
                    db.cachedStatement(sql: Self.missing(table.name)),
                    arguments: [String(decoding: list, as: UTF8.self)])
                for id in missing {
                    let deletedAt = stamp ?? Self.timestamp(now)
                    stamp = deletedAt
                    try db.cachedStatement(sql: SQL.recordDeletion).execute(arguments: [id, table.name, deletedAt])
                    gone.insert(id)
                }
            }
            // The user's deletions on other devices first: a workout discarded there and another
            // started leaves one open workout here too, never two for a moment.
            for table in LogTable.all.reversed() where !server.deleted.isEmpty {
                var deleted = 0
                for start in stride(from: 0, to: server.deleted.count, by: 500) {
                    let ids = server.deleted[start..<min(start + 500, server.deleted.count)]
                    try db.execute(
                        sql: "DELETE FROM \(table.name) WHERE \(Column.id) IN "
                            + "(\(databaseQuestionMarks(count: ids.count)))",
                        arguments: StatementArguments(Array(ids)))
                    deleted += db.changesCount
                }
                changes[table.name] = (0, deleted)
            }
            for table in LogTable.all {
                let rows = (server.tables[table.name] ?? [])
                    .sorted { Self.isClosed($0) && !Self.isClosed($1) }
                let local = rows.isEmpty ? [] : Set(try db.columns(in: table.name).map(\.name))
                var written = 0
                for row in rows {
                    if let id = row[Column.id] as? String,
                        gone.contains(id)
                            || table.parent.map({ gone.contains(row[$0] as? String ?? "") }) == true
                    {
                        // Deleted here, or under a row deleted here: it stays deleted, and so do its children.
                        gone.insert(id)
                        continue
                    }
                    let columns = row.keys.filter { local.contains($0) }.sorted()
                    if table.oneRowPerUser, let id = row[Column.id] as? String {
                        // The server's settings row replaces this device's own.
                        try db.execute(sql: "DELETE FROM \(table.name) WHERE \(Column.id) <> ?", arguments: [id])
                    }
                    let names = (columns + [Column.syncedAt]).joined(separator: ", ")
                    let marks = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
                    let assignments = (columns + [Column.syncedAt]).filter { $0 != Column.id }
                        .map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
                    let differs = columns.filter { $0 != Column.id }
                        .map { "\(table.name).\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")
                    // Unchanged here since the sync read it: in step with the server, or the version sent.
                    let untouched =
                        "(\(table.name).\(Column.syncedAt) IS \(table.name).\(Column.updatedAt) "
                        + "OR \(table.name).\(Column.updatedAt) IS ?)"
                    let version = Self.databaseValue(row[Column.updatedAt])
                    var values = columns.map { Self.databaseValue(row[$0]) }
                    values.append(version)
                    values.append(
                        sent.sentVersions[table.name]?[row[Column.id] as? String ?? ""].databaseValue ?? .null)
                    try db.cachedStatement(
                        sql: """
                            INSERT INTO \(table.name) (\(names)) VALUES (\(marks))
                            ON CONFLICT (\(Column.id)) DO UPDATE SET \(assignments) WHERE (\(differs)) AND \(untouched)
                            """
                    ).execute(arguments: StatementArguments(values))
                    written += db.changesCount
                    // The server's version is the base of the row's next change, written or kept.
                    try db.cachedStatement(sql: Self.rebase(table.name))
                        .execute(arguments: [version, Self.databaseValue(row[Column.id]), version])
                }
                changes[table.name, default: (0, 0)].written = written
                guard let ids = pushed[table.name], !ids.isEmpty, let versions = sent.sentVersions[table.name] else {
                    continue
                }
                // The rows written, each id with the version sent, as one JSON object: one statement
                // per table marks them synced (it was one statement run per row).
                var object: [UInt8] = [UInt8(ascii: "{")]
                for id in ids {
                    guard let version = versions[id] else { continue }
                    if object.count > 1 { object.append(UInt8(ascii: ",")) }
                    JSONString.append(id, to: &object)
                    object.append(UInt8(ascii: ":"))
                    JSONString.append(version, to: &object)
                }
                object.append(UInt8(ascii: "}"))
                guard object.count > 2 else { continue }
                try db.cachedStatement(sql: Self.rebaseAll(table.name))
                    .execute(arguments: [String(decoding: object, as: UTF8.self)])
            }
            for id in sent.deletedIDs {
                try db.cachedStatement(sql: SQL.forgetDeletion).execute(arguments: [id])
            }
            try db.cachedStatement(sql: SQL.storeCursor).execute(arguments: [sent.server, sent.user, server.cursor])
            // Every sync asks the server (0016's answer or a statement of its own): the check is
            // recorded, by the server's clock with a row and by this device's without one.
            if sent.tables.keepsSubscription {
                try ServerSubscription.store(
                    server.subscription, user: sent.user,
                    checkedAt: sent.tables.recordsChecks
                        ? server.subscription?.checkedAt ?? stamp ?? Self.timestamp(now) : nil,
                    in: db)
            }
            return changes
        }
    }

    // MARK: - The log's names

    /// The columns of the synced tables the SQL here names, as the log spells them.
    private typealias Column = TrainingLogSchema.SyncColumn
    private typealias Deletion = DeletedRowRecord.CodingKeys

    /// The sync's statements on the log's own tables, each table and column named by the log's
    /// records (`TrainingLogSchema`): renaming one in the log's schema is one change, there.
    enum SQL {
        typealias Cursor = SyncCursorRecord.CodingKeys
        typealias Account = DeletedAccountRecord.CodingKeys
        static let deletions = DeletedRowRecord.databaseTableName
        static let cursors = SyncCursorRecord.databaseTableName
        static let accounts = DeletedAccountRecord.databaseTableName
        /// `server = ? AND user_id = ?` of the cursors and deleted accounts.
        static let serverAndUser = "\(Cursor.server.stringValue) = ? AND \(Cursor.userId.stringValue) = ?"

        static let deletedAccount =
            "SELECT \(Account.deletedAt.stringValue) FROM \(accounts) WHERE \(serverAndUser)"
        static let recordAccountDeletion = """
            INSERT INTO \(accounts) (\(Account.server.stringValue), \(Account.userId.stringValue), \
            \(Account.deletedAt.stringValue)) VALUES (?, ?, ?)
            ON CONFLICT (\(Account.server.stringValue), \(Account.userId.stringValue)) DO NOTHING
            """
        static let cursor = "SELECT \(Cursor.changeSeq.stringValue) FROM \(cursors) WHERE \(serverAndUser)"
        static let storeCursor = """
            INSERT INTO \(cursors) (\(Cursor.server.stringValue), \(Cursor.userId.stringValue), \
            \(Cursor.changeSeq.stringValue)) VALUES (?, ?, ?)
            ON CONFLICT (\(Cursor.server.stringValue), \(Cursor.userId.stringValue)) \
            DO UPDATE SET \(Cursor.changeSeq.stringValue) = excluded.\(Cursor.changeSeq.stringValue)
            """
        /// The deletions as they go up: `row_id` first, as the server reads them.
        static let deletionsSent = """
            SELECT \(Deletion.rowId.stringValue), \(Deletion.tableName.stringValue), \
            \(Deletion.deletedAt.stringValue) FROM \(deletions)
            """
        static let deletedIDs = "SELECT \(Deletion.rowId.stringValue) FROM \(deletions)"
        static let recordDeletion = """
            INSERT INTO \(deletions) (\(Deletion.rowId.stringValue), \(Deletion.tableName.stringValue), \
            \(Deletion.deletedAt.stringValue)) VALUES (?, ?, ?)
            """
        static let forgetDeletion = "DELETE FROM \(deletions) WHERE \(Deletion.rowId.stringValue) = ?"
    }

    /// The rows of `table` changed since they were last synced (or never synced).
    private static func unsynced(_ table: String) -> String {
        "SELECT * FROM \(table) WHERE \(Column.syncedAt) IS NULL OR \(Column.updatedAt) IS NOT \(Column.syncedAt)"
    }

    /// The ids of a JSON array (`?`) that `table` no longer holds.
    private static func missing(_ table: String) -> String {
        "SELECT j.value FROM json_each(?) AS j WHERE NOT EXISTS (SELECT 1 FROM \(table) WHERE \(Column.id) = j.value)"
    }

    /// `synced_at = ?` for the row `id = ?` of `table`, unless it is already that.
    private static func rebase(_ table: String) -> String {
        "UPDATE \(table) SET \(Column.syncedAt) = ? WHERE \(Column.id) = ? AND \(Column.syncedAt) IS NOT ?"
    }

    /// The same for every row of a JSON object `{id: version, …}` (`?`), each row found by its
    /// key: the object drives the join, so the table is never scanned.
    private static func rebaseAll(_ table: String) -> String {
        "UPDATE \(table) SET \(Column.syncedAt) = sent.value FROM json_each(?) AS sent "
            + "WHERE \(table).\(Column.id) = sent.key AND \(table).\(Column.syncedAt) IS NOT sent.value"
    }

    // MARK: - Values

    /// `date` as the log writes moments: `YYYY-MM-DDTHH:MM:SS.SSSZ`, in UTC, to the millisecond
    /// below. Written by hand: a sync of a user without a subscription row stamps its check at
    /// every sync, and making an `ISO8601DateFormatter` for it was most of applying a sync that
    /// brought nothing.
    static func timestamp(_ date: Date) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let millisecond = Int(((total % 1000) + 1000) % 1000)
        var clock = time_t((total - Int64(millisecond)) / 1000)
        var parts = tm()
        guard gmtime_r(&clock, &parts) != nil else { return "1970-01-01T00:00:00.000Z" }
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(Int(parts.tm_year) + 1900, 4) + "-" + digits(Int(parts.tm_mon) + 1, 2) + "-"
            + digits(Int(parts.tm_mday), 2) + "T" + digits(Int(parts.tm_hour), 2) + ":" + digits(Int(parts.tm_min), 2)
            + ":" + digits(Int(parts.tm_sec), 2) + "." + digits(millisecond, 3) + "Z"
    }

    private static func isClosed(_ row: [String: Any]) -> Bool {
        (row[Column.isActive] as? NSNumber)?.intValue == 0 || (row[Column.state] as? String) == Column.completed
    }

    private static func databaseValue(_ value: Any?) -> DatabaseValue {
        switch value {
        case let text as String: return text.databaseValue
        case let number as NSNumber:
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 9e15 { return Int64(double).databaseValue }
            return double.databaseValue
        default: return .null
        }
    }

    /// Runs `body` in a transaction that only reads, leaving the connection's compiled
    /// statements compiled (`readKeepingStatements`; with GRDB's `read`, each cached statement of
    /// the sync was compiled again at every sync: a sixth of the device's CPU for the 1-hour
    /// workout's sync, `docs/benchmarks.md`).
    private func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        do {
            return try queue.readKeepingStatements(body)
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError(.notATrainingLog, "the training log \(path) failed: \(error)")
        }
    }

    /// Runs `body` in a transaction that takes the write lock as it begins, as the app's own
    /// writes do.
    private func write<Value>(_ body: (Database) throws -> Value) throws -> Value {
        do {
            return try queue.writeTakingTheLock(body)
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError(
                .notATrainingLog,
                "the server holds the push, but the training log \(path) could not take the server's rows "
                    + "(\(error)); nothing changed here: sync again")
        }
    }
}
