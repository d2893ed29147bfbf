/// What `traindb sync` did: per table, the rows this device pushed and pulled, and every
/// conflict, in which the server's row was kept.
public struct SyncReport: Encodable, Sendable, Equatable {
    /// One table's rows.
    public struct TableChange: Encodable, Sendable, Equatable {
        public var table: String
        /// Rows the server took from this device (new or changed).
        public var pushed: Int
        /// Rows this device sent that the server already held as they are (a replayed push).
        public var alreadyOnServer: Int
        /// Rows this device took from the server (new or changed here).
        public var pulled: Int
        /// Rows this device deleted because another device had deleted them.
        public var deletedHere: Int
    }

    /// A row changed on this device and, since this device last synced it, on the server: the
    /// server's row was kept and this device's change dropped.
    public struct Conflict: Encodable, Sendable, Equatable {
        public var table: String
        public var id: String
        /// When this device changed the row (its dropped version).
        public var deviceUpdatedAt: String
        /// The server's version, which both now hold; nil when the server had deleted the row.
        public var serverUpdatedAt: String?
    }

    /// The server, without its password.
    public var server: String
    /// The user whose rows were synced.
    public var user: String
    public var tables: [TableChange]
    public var conflicts: [Conflict]
    /// Deletions made on this device that the server now holds.
    public var deletionsPushed: Int

    public var pushed: Int { tables.reduce(0) { $0 + $1.pushed } }
    public var pulled: Int { tables.reduce(0) { $0 + $1.pulled + $1.deletedHere } }
}

extension SyncReport {
    /// One line per table that moved, one per conflict, then the totals.
    public func text() -> String {
        var out = ""
        for change in tables {
            let parts = [
                (change.pushed, "pushed"), (change.alreadyOnServer, "already on the server"),
                (change.pulled, "pulled"), (change.deletedHere, "deleted here"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if !parts.isEmpty { out += "  \(change.table): \(parts.joined(separator: ", "))\n" }
        }
        for conflict in conflicts {
            let kept =
                conflict.serverUpdatedAt.map { "the server's version of \($0) kept" }
                ?? "the server had deleted it; deleted here too"
            out +=
                "conflict: \(conflict.table) \(conflict.id): changed here at \(conflict.deviceUpdatedAt) "
                + "and on the server since the last sync; \(kept)\n"
        }
        if deletionsPushed > 0 { out += "deletions pushed: \(deletionsPushed)\n" }
        let count = conflicts.count
        out +=
            "synced user \(user) with \(server): \(pushed) pushed, \(pulled) pulled, "
            + "\(count) conflict\(count == 1 ? "" : "s")\n"
        return out
    }
}
