/// One bad answer of a questionnaire: the field and, in one message, everything wrong with it
/// and the values it allows.
///
/// `code` is stable: match on it, not on the message.
public struct QuestionnaireProblem: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case missing
        case wrongType
        case unknownValue
        case tooMany
        case outOfRange
    }

    let kind: Kind
    /// The questionnaire field, as `000_*` §11.1 names it (`primaryGoal`).
    public let field: String
    /// What is wrong, then `allowed values: …`.
    public let message: String

    init(_ kind: Kind, field: String, message: String) {
        self.kind = kind
        self.field = field
        self.message = message
    }

    /// A stable identifier such as `questionnaire.unknown_value`.
    public var code: String {
        switch kind {
        case .missing: "questionnaire.missing"
        case .wrongType: "questionnaire.wrong_type"
        case .unknownValue: "questionnaire.unknown_value"
        case .tooMany: "questionnaire.too_many"
        case .outOfRange: "questionnaire.out_of_range"
        }
    }

    /// `error[code]: field: message`, as the command line shows it.
    public var description: String {
        "error[\(code)]: \(field): \(message)"
    }
}
