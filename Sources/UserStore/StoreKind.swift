import Foundation
import GRDB

/// The kinds of database TrainDB writes, each stamped with its own SQLite `application_id` so
/// that a file says what it is before anything reads its tables (`file(1)` shows it too).
///
/// The ids are ASCII: `TDBC` the catalogue, `TDBL` the training log, `TDBG` GymTrack and `TDBJ`
/// the fitness journal. Files made before the ids were stamped (application_id 0) are known by
/// their first recorded migration and stamped on their next write.
public enum StoreKind: String, CaseIterable, Hashable, Sendable {
    case catalogue
    case trainingLog
    case gymTrack
    case journal

    /// The value of `PRAGMA application_id` in the file's header.
    public var applicationID: Int32 {
        switch self {
        case .catalogue: 0x5444_4243  // TDBC
        case .trainingLog: 0x5444_424C  // TDBL
        case .gymTrack: 0x5444_4247  // TDBG
        case .journal: 0x5444_424A  // TDBJ
        }
    }

    /// How messages name a file of this kind: `a GymTrack store`.
    public var noun: String {
        switch self {
        case .catalogue: "the exercise catalogue"
        case .trainingLog: "a training log"
        case .gymTrack: "a GymTrack store"
        case .journal: "a fitness journal"
        }
    }

    /// The identifier of the kind's first migration, recorded in every file of the kind.
    var firstMigration: String {
        switch self {
        case .catalogue: "0001_legacy_exercises"
        case .trainingLog: "0001_training_log"
        case .gymTrack: "0001_sessions_and_challenge"
        case .journal: "0001_fitness_journal"
        }
    }
}

/// What a file on disk is, read without writing a byte or leaving a file behind.
public enum StoreFileContent: Hashable, Sendable {
    /// No file at the path.
    case missing
    /// A file of no bytes, or an SQLite database with no tables: a new store may be made there.
    case empty
    /// A TrainDB database of this kind.
    case store(StoreKind)
    /// Something else, and why it is not a TrainDB database.
    case foreign(String)

    /// Reads the file at `path`: its header, and for a file made before the ids were stamped,
    /// its recorded migrations.
    public static func of(path: String) throws -> StoreFileContent {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return .missing }
            throw StoreFileError(.unreadable, "cannot read \(path): " + String(cString: strerror(errno)))
        }
        // Opening a FIFO waits for a writer, forever: only a regular file is opened at all.
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoreFileError(
                .notAFile, "\(path) is \(Self.fileType(status.st_mode)), not a file: a store is a file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreFileError(.unreadable, "cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return .empty }
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            return .foreign("not an SQLite database")
        }
        let id = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        if id != 0 {
            guard let kind = StoreKind.allCases.first(where: { $0.applicationID == id }) else {
                return .foreign("an SQLite database of another application (application_id \(id))")
            }
            return .store(kind)
        }
        return try unstamped(path)
    }

    /// A database without an application_id: a store made before the ids, or a foreign file.
    private static func unstamped(_ path: String) throws -> StoreFileContent {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "identification"
        // Without a write-ahead log beside it the file is whole: read it as immutable, which
        // creates no -wal or -shm file. With one, another connection has it open: read it as
        // that connection's neighbour.
        let walExists = FileManager.default.fileExists(atPath: path + "-wal")
        let location = walExists ? path : "file:" + Self.uriEscaped(path) + "?immutable=1"
        do {
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                if tables.isEmpty { return .empty }
                guard tables.contains("grdb_migrations") else {
                    return .foreign("an SQLite database that TrainDB did not make")
                }
                // What a store's creation killed before its first migration committed leaves (a
                // version before stores were made aside): nothing in it, so a store may be made.
                if tables == ["grdb_migrations"],
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") == 0
                {
                    return .empty
                }
                let first = try String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                guard let kind = StoreKind.allCases.first(where: { $0.firstMigration == first }) else {
                    return .foreign("an SQLite database that TrainDB did not make")
                }
                return .store(kind)
            }
        } catch let error as DatabaseError {
            return .foreign("an unreadable SQLite database (\(error.message ?? "\(error.resultCode)"))")
        }
    }

    /// What a file that is not a regular file is, in words.
    private static func fileType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// `path` as the path of a `file:` URI.
    private static func uriEscaped(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

/// A file that could not be read to find out what it is.
public struct StoreFileError: Error, Hashable, Sendable {
    public let reason: StoreFailure.Reason
    public let message: String

    init(_ reason: StoreFailure.Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The error as a store's failure.
    public var failure: StoreFailure {
        StoreFailure(reason, message)
    }
}
