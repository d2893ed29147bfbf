import ErrorCodes

/// A line of a replay file that is not an event: not a JSON object, a field missing or of the
/// wrong type, an unknown event, or a moment before the previous event's.
///
/// `code` is stable: match on it, not on the message. The message names the field at fault and
/// what it expected (`reps: expected a whole number, not 10.5`); `line` says where.
public struct ReplayError: CodedError, Hashable {
    /// The line's number in the file, from 1.
    public let line: Int
    /// The field at fault (`reps`, `at`), when there is one.
    public let field: String?
    /// What is wrong, in words; starts with the field's name when there is one.
    public let message: String

    init(line: Int, field: String?, _ problem: String) {
        self.line = line
        self.field = field
        message = field.map { "\($0): \(problem)" } ?? problem
    }

    /// `replay.invalid_event`, for every line a replay cannot read.
    public var code: String { "replay.invalid_event" }
}
