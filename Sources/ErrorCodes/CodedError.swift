/// One `error[code]: message` line as TrainDB reports it: a stable code to match on and the
/// words for the person who ran the command.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier such as `log.no_open_workout`.
    public var code: String
    /// What went wrong, in words.
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// `error[code]: message`.
    public var description: String { "error[\(code)]: \(message)" }
}

/// An error of a TrainDB library: a stable `code` and a `message`, or several diagnostics at
/// once (a questionnaire's bad fields). The command line renders any of them the same way
/// without knowing the library it came from.
///
/// A library conforms its error struct and gives `code` and `message`; `diagnostics` and
/// `description` come with the protocol.
public protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// A stable identifier such as `journal.invalid_field`: match on it, not on the message.
    var code: String { get }
    /// What went wrong, in words.
    var message: String { get }
    /// The lines the error is reported as: its own line unless it carries several problems.
    var diagnostics: [Diagnostic] { get }
}

extension CodedError {
    public var diagnostics: [Diagnostic] { [Diagnostic(code: code, message: message)] }

    /// One `error[code]: message` line per diagnostic.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
