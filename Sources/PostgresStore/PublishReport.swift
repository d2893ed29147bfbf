import CatalogBuild

/// What `traindb publish` did, or would do with `--dry-run`: the migrations applied, the
/// exercises as `traindb diff` shows them, and the rows each table gained, changed and lost.
public struct PublishReport: Encodable, Sendable, Equatable {
    public enum Outcome: String, Encodable, Sendable {
        /// Committed: the server now holds the catalogue.
        case published
        /// The server already held this catalogue: no row changed.
        case unchanged
        /// A dry run: everything was done, then rolled back.
        case dryRun = "dry_run"
        /// An exercise id would have disappeared: nothing was written.
        case refused
    }

    /// One table's rows: inserted, updated, deleted.
    public struct TableChange: Encodable, Sendable, Equatable {
        public var table: String
        public var inserted: Int
        public var updated: Int
        public var deleted: Int

        public var total: Int { inserted + updated + deleted }
    }

    /// The server, without its password.
    public var server: String
    public var outcome: Outcome
    public var migrationsApplied: [String]
    /// The server's exercises before the publish against the published ones.
    public var diff: CatalogDiff
    /// Every catalogue table, in the order written (all zero when refused).
    public var tables: [TableChange]

    /// The rows inserted, updated and deleted in all.
    public var rowsChanged: Int { tables.reduce(0) { $0 + $1.total } }
}

extension PublishReport {
    /// `traindb diff`'s text for the exercises, then what happened on the server.
    public func text() -> String {
        var out = diff.text()
        let migrations: String =
            migrationsApplied.isEmpty
            ? "" : "migrations applied: \(migrationsApplied.joined(separator: ", "))\n"
        let changed: String = tables.filter { $0.total > 0 }.map { (change: TableChange) -> String in
            let parts = [(change.inserted, "inserted"), (change.updated, "updated"), (change.deleted, "deleted")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            return "  \(change.table): \(parts.joined(separator: ", "))\n"
        }.joined()
        let rows: String = "\(rowsChanged) row\(rowsChanged == 1 ? "" : "s")"
        switch outcome {
        case .refused:
            out +=
                "nothing published to \(server): \(diff.removed.count) exercise id"
                + "\(diff.removed.count == 1 ? "" : "s") would disappear from it\n"
        case .unchanged:
            out += migrations + "\(server) already holds this catalogue: no row changed\n"
        case .published:
            out += migrations + changed + "published to \(server): \(rows) changed\n"
        case .dryRun:
            out += migrations + changed + "dry run on \(server): \(rows) would change; nothing written\n"
        }
        return out
    }
}
