import ErrorCodes

/// Why a programme or a swap list could not be made.
///
/// `code` is stable: match on it, not on the message. A questionnaire with bad answers gives
/// one `QuestionnaireProblem` per bad field, all of them at once.
public struct ProgrammeGeneratorError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case unreadableQuestionnaire
        case invalidQuestionnaire
        case unknownExercise
    }

    public let kind: Kind
    /// What went wrong, in words.
    public let message: String
    /// For an invalid questionnaire: one problem per bad field, in the questionnaire's order.
    public let problems: [QuestionnaireProblem]

    init(_ kind: Kind, _ message: String, problems: [QuestionnaireProblem] = []) {
        self.kind = kind
        self.message = message
        self.problems = problems
    }

    static func invalid(_ problems: [QuestionnaireProblem]) -> ProgrammeGeneratorError {
        let count = problems.count
        return ProgrammeGeneratorError(
            .invalidQuestionnaire, "the questionnaire has \(count) bad field\(count == 1 ? "" : "s")",
            problems: problems)
    }

    /// A stable identifier such as `questionnaire.invalid`.
    public var code: String {
        switch kind {
        case .unreadableQuestionnaire: "questionnaire.unreadable"
        case .invalidQuestionnaire: "questionnaire.invalid"
        case .unknownExercise: "swap.unknown_exercise"
        }
    }

    /// One line per field problem (`primaryGoal: …`), or the error's own line.
    public var diagnostics: [Diagnostic] {
        guard !problems.isEmpty else { return [Diagnostic(code: code, message: message)] }
        return problems.map { Diagnostic(code: $0.code, message: "\($0.field): \($0.message)") }
    }
}
