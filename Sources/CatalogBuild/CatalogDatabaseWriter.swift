import Catalog
import Foundation
import GRDB
import Logging
import SchemaMigrations
import UserStore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a catalogue database file: all or nothing, and byte-for-byte reproducible.
///
/// The database is built in a scratch file beside the target (same directory, so the final
/// rename stays on one file system): migrations, rows in a deterministic order, the foreign key
/// check. `VACUUM INTO` then writes the finished file, also beside the target, which is checked
/// (`PRAGMA quick_check`), flushed and only then renamed over the target. If anything fails,
/// both temporary files are removed and an existing target is left untouched.
///
/// The target must be a regular file or not exist: a device, a FIFO, a symbolic link or a
/// directory is refused before anything is written. A build holds `BuildLock` on its target,
/// so a second build of the same target is refused while the first runs, and the temporary
/// files of a build that was killed are removed by the next one.
public struct CatalogDatabaseWriter: Sendable {
    private let logger: Logger

    public init(logger: Logger = .silent) {
        self.logger = logger
    }

    /// Builds a database holding `content` and atomically puts it at `path`, creating the
    /// directory when it is missing.
    public func write(_ content: CatalogContent, to path: String) throws {
        try NormalisedCatalog.check(content)
        _ = try write(to: path) { stage in
            for exercise in content.exercises { stage.add(exercise) }
            return content
        }
    }

    /// What a streamed build wrote.
    public struct Written: Sendable {
        public var exercises: Int
    }

    /// Builds a database from what `produce` gives: each exercise handed to the stage as it is
    /// read (and not kept), then the rest of the catalogue, whose own `exercises` are not read.
    /// When `produce` returns nil (the workbooks have errors) or throws, nothing is written,
    /// an existing database is left untouched, and nil is returned or the error rethrown.
    ///
    /// The target is checked and locked before `produce` runs, so that a catalogue of any
    /// length streams straight into the temporary database.
    public func write(
        to path: String, _ produce: (ExerciseStage) throws -> CatalogContent?
    ) throws -> Written? {
        let target = URL(fileURLWithPath: path)
        try Self.checkTarget(path)
        let directory = target.deletingLastPathComponent()
        // The outermost directory this build makes, removed again if nothing is built.
        var createdDirectory: URL?
        var ancestor = directory.standardizedFileURL
        while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.pathComponents.count > 1 {
            createdDirectory = ancestor
            ancestor = ancestor.deletingLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CatalogBuildError(
                .fileSystem, "cannot create the directory \(directory.path): \(error.localizedDescription)",
                path: path)
        }
        var lock: BuildLock? = try BuildLock(target: target)
        defer { withExtendedLifetime(lock) {} }
        removeLeftovers(of: target)
        // Two temporary files, both named so that the next build removes them if this one dies:
        // the scratch database the rows are written and checked in, and the file `VACUUM INTO`
        // writes from it, which is renamed over the target.
        let scratch = directory.appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        let temporary = directory.appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        logger.debug("building the catalogue database", metadata: ["temporary": "\(temporary.path)"])
        let written: Written?
        do {
            defer { removeFiles(of: scratch.path) }
            written = try build(at: scratch.path, into: temporary.path, produce)
            if written != nil {
                try flush(temporary.path)
                try replace(path, with: temporary.path)
            } else {
                removeFiles(of: temporary.path)
            }
        } catch let error as ProduceFailure {
            removeFiles(of: temporary.path)
            lock = nil
            if let createdDirectory { try? FileManager.default.removeItem(at: createdDirectory) }
            throw error.error
        } catch {
            removeFiles(of: temporary.path)
            logger.debug("catalogue build failed; temporary file removed", metadata: ["error": "\(error)"])
            if error is CatalogBuildError || error is SchemaMigrationError { throw error }
            throw CatalogBuildError(.fileSystem, "cannot write \(path): \(error)", path: path)
        }
        if written == nil {
            // Nothing was built: leave no lock file, nor a directory this build made.
            lock = nil
            if let createdDirectory { try? FileManager.default.removeItem(at: createdDirectory) }
            return nil
        }
        logger.debug(
            "catalogue database written",
            metadata: ["path": "\(path)", "exercises": "\(written?.exercises ?? 0)"])
        return written
    }

    /// The page cache, in KiB, while the staged exercises move into their tables and the file
    /// is checked and written out (SQLite's default is 2,000 KiB). SQLite's sorter takes as much
    /// again beside it, so the build's peak grows by twice this. 4 MiB costs no more CPU than
    /// the 12 MiB it was (164,730 and 1,000,000 rows, alternating runs) and keeps a million-row
    /// build under 64 MB (62.7 MB against 69.9).
    static let moveCacheKiB = 4_096

    /// An error `produce` threw, carried out of the build unchanged.
    private struct ProduceFailure: Error {
        var error: any Error
    }

    /// Stops the build's transaction when `produce` found errors.
    private struct NothingToWrite: Error {}

    /// Refuses a target that exists but is not a regular file, or that is the same file as one
    /// of `inputs` (the workbooks being built from): `write.target_not_a_file`,
    /// `write.target_is_input`. The message says what the target is; `path` names it.
    public static func checkTarget(_ path: String, inputs: [String] = []) throws {
        var target = stat()
        guard lstat(path, &target) == 0 else { return }  // absent: it will be created
        let kind: String? = switch target.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
        if let kind {
            throw CatalogBuildError(
                .targetNotAFile, "\(kind), not a database file; nothing was written", path: path)
        }
        for input in inputs {
            var other = stat()
            if stat(input, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
                throw CatalogBuildError(
                    .targetIsInput, "the same file as the workbook \(input); nothing was written", path: path)
            }
        }
    }

    // MARK: - Steps

    /// Removes the temporary files (and their journals) of builds of `target` that died: the
    /// lock is held, so no live build owns one.
    private func removeLeftovers(of target: URL) {
        let directory = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            var rest = Substring(name.dropFirst(prefix.count))
            for suffix in ["-journal", "-wal", "-shm"] where rest.hasSuffix(suffix) {
                rest = rest.dropLast(suffix.count)
            }
            guard rest.hasSuffix(".tmp"), UUID(uuidString: String(rest.dropLast(4))) != nil else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            logger.debug("removed what a killed build left", metadata: ["file": "\(name)"])
        }
    }

    /// Writes the catalogue into the scratch database at `path`, then the finished file at
    /// `output` with `VACUUM INTO`; nil (and no `output`) when `produce` returns nil.
    ///
    /// `VACUUM INTO` makes the same bytes an in-place `VACUUM` of the scratch file would: it
    /// creates the schema in a new file, then copies each table in rowid order and each index
    /// in index order, page after page. Written once, rather than vacuumed in place (a copy of
    /// the file, then that copy written back over it).
    private func build(
        at path: String, into output: String, _ produce: (ExerciseStage) throws -> CatalogContent?
    ) throws -> Written? {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "catalogue build"
        // The scratch file is never the database: nothing is flushed to the disk while it is
        // written (a build that dies leaves it for the next build to remove). `flush` writes
        // the output out once, before the rename. The bytes of the output are the same either way.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        do {
            try CatalogSchema.migrator.migrate(queue)
            // The rows' foreign keys are checked once, by `checkForeignKeys` over the whole
            // file before it is written out, rather than also row by row as they go in (a
            // lookup in the parent's key for each of a million rows' references). A violation
            // is refused either way, and it names the table, row and parent.
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA foreign_keys = OFF") }
            let written: Written
            do {
                written = try queue.write { db in
                    let stage = try ExerciseStage(db)
                    let produced: CatalogContent?
                    do {
                        produced = try produce(stage)
                    } catch {
                        throw ProduceFailure(error: error)
                    }
                    guard let content = produced else { throw NothingToWrite() }
                    try stage.finish()
                    // The check's memory is released by now: the moves get a larger page cache,
                    // so that the indexes they fill in random order are not written out and read
                    // back page by page (the file's bytes do not depend on it).
                    try db.execute(sql: "PRAGMA main.cache_size = -\(Self.moveCacheKiB)")
                    let catalog = try NormalisedCatalog(content, stage: stage)
                    let schemaVersion = try Int.fetchOne(db, sql: "PRAGMA main.schema_version") ?? 0
                    let deferred = try Self.dropIndexesBuiltAfterTheRows(db)
                    try insert(catalog, stage: stage, into: db)
                    for index in deferred { try db.execute(sql: index) }
                    if !deferred.isEmpty {
                        // Each drop and each creation counted a schema change; together they
                        // changed nothing. The count goes back to what it was, as the file's
                        // header carries it (only this connection has the scratch file open,
                        // and it reads the schema again).
                        try db.execute(sql: "PRAGMA main.schema_version = \(schemaVersion)")
                    }
                    try stage.drop()
                    try checkForeignKeys(db)
                    return Written(exercises: stage.count)
                }
            } catch is NothingToWrite {
                try queue.close()
                return nil
            }
            try queue.writeWithoutTransaction { db in
                // The file says it is the catalogue, so that no user store opens it as theirs.
                // `VACUUM INTO` carries the application id, the user version and the schema
                // over; its output uses the rollback journal (no WAL), as the scratch file does.
                try db.execute(sql: "PRAGMA application_id = \(StoreKind.catalogue.applicationID)")
                try db.execute(sql: "VACUUM INTO ?", arguments: [output])
            }
            try queue.close()
            try carryChangeCounter(from: path, to: output)
            try checkIntegrity(of: output)
            return written
        } catch {
            try? queue.close()
            throw error
        }
    }

    /// Drops the indexes that are cheaper made after the rows are in, and returns the
    /// statements that make them again, in their order.
    ///
    /// An index kept while the exercises move is filled one entry at a time in random order;
    /// made afterwards, it is filled from one sort. The bytes of the finished file do not
    /// change: `VACUUM INTO` writes it from the scratch file by creating every table, then every
    /// index in the order the schema lists them, and copying the rows. Dropping and making again
    /// the schema's last indexes, in their order, keeps that order. So the indexes dropped are
    /// the last ones, from the first that is not UNIQUE on (a UNIQUE index stays, so that a row
    /// it refuses is refused as it moves and named); if a UNIQUE index follows, none is. The
    /// schema's change count, which the file's header carries, is set back by the caller.
    static func dropIndexesBuiltAfterTheRows(_ db: Database) throws -> [String] {
        let indexes = try Row.fetchAll(db, sql: """
            SELECT s.name, s.sql, i."unique" AS isUnique
            FROM main.sqlite_schema s JOIN pragma_index_list(s.tbl_name) i ON i.name = s.name
            WHERE s.type = 'index' AND s.sql IS NOT NULL
            ORDER BY s.rowid
            """)
        guard let first = indexes.firstIndex(where: { ($0["isUnique"] as Int?) == 0 }) else { return [] }
        let last = indexes[first...]
        guard last.allSatisfy({ ($0["isUnique"] as Int?) == 0 }) else { return [] }
        let dropped = last.compactMap { index -> (name: String, sql: String)? in
            guard let name: String = index["name"], let sql: String = index["sql"] else { return nil }
            return (name, sql)
        }
        guard dropped.count == last.count else { return [] }
        for index in dropped {
            try db.execute(sql: "DROP INDEX main.\(index.name.quotedDatabaseIdentifier)")
        }
        return dropped.map(\.sql)
    }

    private func checkForeignKeys(_ db: Database) throws {
        let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        guard !violations.isEmpty else { return }
        let listed = try violations.prefix(5).map { row in
            let table: String? = try row.decode(forColumn: "table")
            let rowID: Int64? = try row.decode(forColumn: "rowid")
            let parent: String? = try row.decode(forColumn: "parent")
            return "\(table ?? "?") row \(rowID.map(String.init) ?? "?") → \(parent ?? "?")"
        }
        throw CatalogBuildError(
            .foreignKeyCheckFailed,
            "\(violations.count) foreign key violation(s): \(listed.joined(separator: "; "))")
    }

    /// Checks the finished file with `PRAGMA quick_check`: every page of every table and index
    /// read, the b-trees well formed, no page lost or used twice, NOT NULL and CHECK constraints
    /// held. What the full `integrity_check` adds, each index entry compared with its table row,
    /// is not repeated here: the rows and their index entries were written by SQLite itself, in
    /// one transaction on a scratch file no other connection opens, with every UNIQUE and
    /// foreign key constraint enforced as they went in; `VACUUM INTO` then copied them. Checking
    /// that bookkeeping again cost a build of 164,730 exercises 2.2 s, five times the quick check.
    private func checkIntegrity(of path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "catalogue build check"
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let report = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        guard report == ["ok"] else {
            throw CatalogBuildError(
                .integrityCheckFailed,
                "the integrity check failed: \(report.prefix(5).joined(separator: "; "))")
        }
    }

    /// Gives `output` the file change counter an in-place `VACUUM` of `scratch` would have left:
    /// the scratch file's count of committed writes plus one, at offset 24 of the header and
    /// again at 92 (the count the library version beside it is valid for). `VACUUM INTO` starts
    /// a new file at 1. The counter tells connections that the file changed under them; none
    /// has `output` open yet, and the value carried keeps the file byte for byte what builds
    /// have always written.
    private func carryChangeCounter(from scratch: String, to output: String) throws {
        var counter = [UInt8](repeating: 0, count: 4)
        let source = open(scratch, O_RDONLY)
        defer { if source >= 0 { close(source) } }
        guard source >= 0, pread(source, &counter, 4, 24) == 4 else {
            throw CatalogBuildError(
                .fileSystem, "cannot read the scratch database \(scratch): \(String(cString: strerror(errno)))",
                path: output)
        }
        let next = (UInt32(counter[0]) << 24 | UInt32(counter[1]) << 16 | UInt32(counter[2]) << 8
            | UInt32(counter[3])) &+ 1
        let bytes = [UInt8(next >> 24), UInt8(next >> 16 & 0xFF), UInt8(next >> 8 & 0xFF), UInt8(next & 0xFF)]
        let destination = open(output, O_WRONLY)
        defer { if destination >= 0 { close(destination) } }
        guard destination >= 0, pwrite(destination, bytes, 4, 24) == 4, pwrite(destination, bytes, 4, 92) == 4 else {
            throw CatalogBuildError(
                .fileSystem, "cannot write the new database \(output): \(String(cString: strerror(errno)))",
                path: output)
        }
    }

    /// Flushes the finished file to the disk, so that the rename never puts in place a file
    /// whose bytes a crash could still lose.
    private func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw CatalogBuildError(.fileSystem, "cannot flush the new database \(path): \(reason)", path: path)
        }
        close(descriptor)
    }

    /// Renames the finished file over the target: atomic on POSIX file systems.
    private func replace(_ path: String, with temporary: String) throws {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw CatalogBuildError(.fileSystem, "cannot move the new database to \(path): \(reason)", path: path)
        }
    }

    private func removeFiles(of temporary: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: temporary + suffix)
        }
    }
}
