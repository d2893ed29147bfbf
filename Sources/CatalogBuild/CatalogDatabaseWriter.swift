import Catalog
import Foundation
import GRDB
import Logging
import SchemaMigrations

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a catalogue database file: all or nothing, and byte-for-byte reproducible.
///
/// The database is built in a temporary file beside the target (same directory, so the final
/// rename stays on one file system): migrations, rows in a deterministic order, foreign key and
/// integrity checks, rollback journal, VACUUM. Only then is it renamed over the target. If
/// anything fails, the temporary file is removed and an existing target is left untouched.
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
        let catalog = try NormalisedCatalog(content)
        let target = URL(fileURLWithPath: path)
        try Self.checkTarget(path)
        let directory = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CatalogBuildError(
                .fileSystem, "cannot create the directory \(directory.path): \(error.localizedDescription)",
                path: path)
        }
        let lock = try BuildLock(target: target)
        defer { withExtendedLifetime(lock) {} }
        removeLeftovers(of: target)
        let temporary = directory.appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        logger.debug("building the catalogue database", metadata: ["temporary": "\(temporary.path)"])
        do {
            try build(catalog, at: temporary.path)
            try flush(temporary.path)
            try replace(path, with: temporary.path)
        } catch {
            removeFiles(of: temporary.path)
            logger.debug("catalogue build failed; temporary file removed", metadata: ["error": "\(error)"])
            if error is CatalogBuildError || error is SchemaMigrationError { throw error }
            throw CatalogBuildError(.fileSystem, "cannot write \(path): \(error)", path: path)
        }
        logger.debug(
            "catalogue database written",
            metadata: ["path": "\(path)", "exercises": "\(catalog.exerciseCount)"])
    }

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

    private func build(_ catalog: NormalisedCatalog, at path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "catalogue build"
        // The file is a temporary one until it is whole: nothing is flushed to the disk while it
        // is written (a build that dies leaves it for the next build to remove); `flush` writes
        // it out once, before the rename. The bytes of the file are the same either way.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        do {
            try CatalogSchema.migrator.migrate(queue)
            try queue.write { db in
                try insert(catalog, into: db)
                try checkForeignKeys(db)
            }
            try queue.writeWithoutTransaction { db in
                try checkIntegrity(db)
                // The file says it is the catalogue, so that no user store opens it as theirs.
                try db.execute(sql: "PRAGMA application_id = \(StoreKind.catalogue.applicationID)")
                let journalMode = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                guard journalMode?.lowercased() == "delete" else {
                    throw CatalogBuildError(
                        .fileSystem, "cannot set the rollback journal (journal_mode is \(journalMode ?? "unknown"))")
                }
                try db.execute(sql: "VACUUM")
            }
            try queue.close()
        } catch {
            try? queue.close()
            throw error
        }
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

    private func checkIntegrity(_ db: Database) throws {
        let report = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        guard report == ["ok"] else {
            throw CatalogBuildError(
                .integrityCheckFailed,
                "the integrity check failed: \(report.prefix(5).joined(separator: "; "))")
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
