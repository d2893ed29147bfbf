/// Why a user's store could not be opened, read or written: what `UserStore` hands its owner,
/// who turns it into the owner's own error. `reason` is stable: an app matches on it.
public struct StoreFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, whatever the store.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The file cannot be read, or SQLite failed in a way none of the others names.
        case unreadable
        /// The path names no regular file (a FIFO, a device, a directory).
        case notAFile = "not_a_file"
        /// The file is a database of another kind, or not one of TrainDB's.
        case wrongKind = "wrong_kind"
        /// A command that only reads was given a path where no store is.
        case missing
        /// SQLite found damage in the file.
        case damaged
        /// The file was written by a newer TrainDB, at a schema version this one does not know.
        case newerSchema = "newer_schema"
        /// A write was asked of a file (or a folder) that cannot be written.
        case readOnly = "read_only"
        /// The disk holding the store is full: nothing of the write was kept.
        case diskFull = "disk_full"
    }

    public let reason: Reason
    /// What went wrong, in words, naming the store's file.
    public let message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}

extension StoreFailure.Reason {
    /// The error code a store whose codes start with `prefix` gives this failure
    /// (`journal.disk_full`): files that cannot be read as the store, whatever the cause, share
    /// `prefix.unreadable`; what a user can act on has its own code.
    public func code(prefix: String) -> String {
        switch self {
        case .unreadable, .wrongKind, .missing, .damaged: "\(prefix).unreadable"
        case .notAFile, .newerSchema, .readOnly, .diskFull: "\(prefix).\(rawValue)"
        }
    }
}
