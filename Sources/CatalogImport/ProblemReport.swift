import Foundation

/// Renders problems for people (compiler style), for machines (its `Encodable` form) and for
/// CI annotations.
public struct ProblemReport: Encodable, Sendable {
    public var problems: [Problem]

    public init(problems: [Problem]) {
        self.problems = problems
    }

    public var errorCount: Int { problems.count { $0.severity == .error } }
    public var warningCount: Int { problems.count { $0.severity == .warning } }

    /// `error[fk.unknown_value]: unknown equipment_category "Kettlebel"` / `--> file › exercises!D17` /
    /// `= hint: …`, a blank line between problems, then a summary line.
    public func text() -> String {
        var out = ""
        for problem in problems {
            out += "\(problem.severity.rawValue)[\(problem.code)]: \(problem.message)\n"
            out += "  --> \(problem.file)" + (problem.location.map { " › \($0)" } ?? "") + "\n"
            if let hint = problem.hint { out += "  = hint: \(hint)\n" }
            out += "\n"
        }
        out += summary + "\n"
        return out
    }

    /// `2 errors, 1 warning`.
    public var summary: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return count(errorCount, "error") + ", " + count(warningCount, "warning")
    }

    private enum CodingKeys: String, CodingKey {
        case summary, problems
    }

    private enum SummaryKeys: String, CodingKey {
        case errors, warnings
    }

    /// `{"summary":{"errors":N,"warnings":N},"problems":[…]}`, every key of every problem
    /// present (null when absent).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var summary = container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        try summary.encode(errorCount, forKey: .errors)
        try summary.encode(warningCount, forKey: .warnings)
        try container.encode(problems, forKey: .problems)
    }

    /// GitHub Actions workflow commands: `::error file=…,title=…::exercises!D17 message`.
    public func github() -> String {
        var out = ""
        for problem in problems {
            let title = Self.escapeProperty(problem.code)
            var message = (problem.location.map { "\($0) " } ?? "") + problem.message
            if let hint = problem.hint { message += " (hint: \(hint))" }
            let file = Self.escapeProperty(problem.file)
            out += "::\(problem.severity.rawValue) file=\(file),title=\(title)::\(Self.escapeData(message))\n"
        }
        out += summary + "\n"
        return out
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension Problem {
    enum CodingKeys: String, CodingKey {
        case severity, code, file, sheet, cell, column, value, message, hint
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(file, forKey: .file)
        try container.encode(sheet, forKey: .sheet)
        try container.encode(cell, forKey: .cell)
        try container.encode(column, forKey: .column)
        try container.encode(value, forKey: .value)
        try container.encode(message, forKey: .message)
        try container.encode(hint, forKey: .hint)
    }
}
