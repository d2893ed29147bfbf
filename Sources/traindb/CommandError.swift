import ErrorCodes

/// Why a command stopped: the lines `traindb` prints on standard error, each
/// `traindb: error[code]: message`, and its exit status. Commands throw it, or a library error
/// that `init(_:)` turns into it; `TrainDB.main` renders it, once.
struct CommandError: Error {
    /// One `error[code]: message` line (a message of several lines gives one line each).
    typealias Diagnostic = ErrorCodes.Diagnostic

    enum Status: Int32, Sendable {
        /// The data has errors.
        case dataErrors = 1
        /// The command could not run: a missing or unreadable file, a bad argument.
        case couldNotRun = 2
        /// The server deleted the user's account and data (`traindb sync`): it will never sync again.
        case accountDeleted = 3
    }

    var diagnostics: [Diagnostic]
    var status: Status

    init(_ code: String, _ message: String, status: Status = .couldNotRun) {
        self.init(diagnostics: [Diagnostic(code: code, message: message)], status: status)
    }

    init(diagnostics: [Diagnostic], status: Status) {
        self.diagnostics = diagnostics
        self.status = status
    }

    /// Exit 1 with nothing more to say: the command has already reported the data's errors on
    /// standard output (`check`, `diff`).
    static let dataErrorsReported = CommandError(diagnostics: [], status: .dataErrors)

    /// The error as the command line reports it: a library's error (any `CodedError`) keeps its
    /// codes and messages; anything else is `command.failed`.
    init(_ error: any Error) {
        switch error {
        case let error as CommandError: self = error
        case let error as any CodedError: self.init(diagnostics: error.diagnostics, status: .couldNotRun)
        default: self.init("command.failed", "\(error)")
        }
    }

    /// `error`, its message prefixed with the file it concerns.
    init(_ error: any Error, file: String) {
        self.init(error)
        diagnostics = diagnostics.map { Diagnostic(code: $0.code, message: "\(file): \($0.message)") }
    }

    /// The text for standard error: one line per line of each diagnostic.
    var rendered: String {
        diagnostics.flatMap { diagnostic in
            diagnostic.message.split(separator: "\n", omittingEmptySubsequences: false).map {
                "traindb: error[\(diagnostic.code)]: \($0)\n"
            }
        }.joined()
    }
}
