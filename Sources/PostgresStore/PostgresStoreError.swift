import ErrorCodes
import PostgresNIO

/// A PostgreSQL server that TrainDB could not use: a bad URL, a server out of reach, a refusal,
/// a migration or a statement that failed.
///
/// `code` is stable: match on it, not on the message.
public struct PostgresStoreError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case invalidURL
        case unreachable
        case permissionDenied
        case migrationFailed
        case schemaVersion
        case statementFailed
        case conflict
        case invalidUser
        case notATrainingLog
        case readOnlyLog
        case valueTooLong
        case pushTooLarge
        case accountDeleted
    }

    public let kind: Kind
    /// What went wrong, in words.
    public let message: String
    /// The server's SQLSTATE when the server said no (`42501` for a refusal), else nil.
    public let sqlState: String?
    /// The DETAIL field of the server's refusal, if it gave one.
    let detail: String?

    init(_ kind: Kind, _ message: String, sqlState: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
    }

    /// `postgres.invalid_url`, `postgres.unreachable`, `postgres.permission_denied`,
    /// `postgres.migration_failed`, `postgres.schema_version`, `postgres.statement_failed` or
    /// `postgres.conflict`; `sync.invalid_user`, `sync.not_a_training_log`, `sync.read_only_log`,
    /// `sync.value_too_long`, `sync.push_too_large` or `sync.account_deleted`.
    public var code: String {
        switch kind {
        case .invalidURL: "postgres.invalid_url"
        case .unreachable: "postgres.unreachable"
        case .permissionDenied: "postgres.permission_denied"
        case .migrationFailed: "postgres.migration_failed"
        case .schemaVersion: "postgres.schema_version"
        case .statementFailed: "postgres.statement_failed"
        case .conflict: "postgres.conflict"
        case .invalidUser: "sync.invalid_user"
        case .notATrainingLog: "sync.not_a_training_log"
        case .readOnlyLog: "sync.read_only_log"
        case .valueTooLong: "sync.value_too_long"
        case .pushTooLarge: "sync.push_too_large"
        case .accountDeleted: "sync.account_deleted"
        }
    }
}

extension PostgresStoreError {
    /// `error` as TrainDB reports it: the server's message and SQLSTATE, `doing` saying what
    /// TrainDB was doing. A refusal (insufficient privilege, a row-level security policy) is
    /// `postgres.permission_denied`; a serialization failure or deadlock is `postgres.conflict`;
    /// a session the server ended (SQLSTATE class 57P) is `postgres.unreachable`.
    package static func from(_ error: any Error, doing: String, kind: Kind = .statementFailed) -> PostgresStoreError {
        if let error = error as? PostgresStoreError { return error }
        guard let error = error as? PSQLError else {
            return PostgresStoreError(kind, "\(doing): \(error)")
        }
        let closed = PostgresStoreError(
            .unreachable,
            "\(doing): the server closed the connection (was it restarted or stopped?); "
                + "its transaction was rolled back, so run the command again")
        guard let info = error.serverInfo, let state = info[.sqlState] else {
            if error.code == .serverClosedConnection { return closed }
            return PostgresStoreError(.unreachable, "\(doing): the connection failed (\(error.code))")
        }
        // A session ended by the server (a shutdown, a restart, an administrator), with its goodbye.
        if state.hasPrefix("57P") {
            return PostgresStoreError(.unreachable, "\(closed.message) (\(info[.message] ?? state))", sqlState: state)
        }
        var text = "\(doing): \(info[.message] ?? "the server refused the statement") [SQLSTATE \(state)]"
        if let detail = info[.detail] { text += "; \(detail)" }
        if let hint = info[.hint] { text += "; hint: \(hint)" }
        switch state {
        case "42501": return PostgresStoreError(.permissionDenied, text, sqlState: state)
        case "40001", "40P01": return PostgresStoreError(.conflict, text, sqlState: state)
        // The bounds of business rules §13 (migration 0013), as the server enforces them.
        case "22001": return PostgresStoreError(.valueTooLong, text, sqlState: state)
        case "PT413": return PostgresStoreError(.pushTooLarge, text, sqlState: state)
        // The user's account was deleted (migration 0014): its message alone, the moment in DETAIL.
        case "PT410":
            return PostgresStoreError(
                .accountDeleted, info[.message] ?? text, sqlState: state, detail: info[.detail])
        default: return PostgresStoreError(kind, text, sqlState: state)
        }
    }
}

extension PostgresStoreError {
    /// The refusal of every sync as `user` with `server` once the server deleted the account and
    /// its data (at `deletedAt`, as the server gives it): business rules §12.
    static func accountDeleted(user: String, server: String, at deletedAt: String) -> PostgresStoreError {
        PostgresStoreError(
            .accountDeleted,
            "nothing synced: the account \(user) and its data were deleted on \(server) at \(deletedAt); "
                + "this device keeps its log as it is and sends nothing of it to that account again "
                + "(deleting the account here too removes the log)",
            sqlState: "PT410")
    }
}
