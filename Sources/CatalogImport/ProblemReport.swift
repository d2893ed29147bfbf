import Foundation

/// Renders problems for people (compiler style), for machines (its `Encodable` form) and for
/// CI annotations.
public struct ProblemReport: Encodable, Sendable {
    public var problems: [Problem]

    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// Every error, those left out past `--max-problems` included.
    public var errorCount: Int { Problem.total(.error, in: problems) }
    /// Every warning, those left out past `--max-problems` included.
    public var warningCount: Int { Problem.total(.warning, in: problems) }
    /// The problems left out past `--max-problems`.
    public var omittedCount: Int { problems.reduce(0) { $0 + $1.omittedCount } }

    /// `error[fk.unknown_value]: unknown equipment_category "Kettlebel"` / `--> file › exercises!D17` /
    /// `= hint: …`, a blank line between problems, then a summary line. The problems of one kind
    /// left out past `--max-problems` are one entry: `… and 998,734 more like this`.
    public func text() -> String {
        var out = ""
        for problem in problems {
            if problem.omittedCount > 0 {
                out += "\(problem.severity.rawValue)[\(problem.code)]: … and "
                    + "\(Self.grouped(problem.omittedCount)) more like this\n"
                out += "  --> \(problem.file)" + (problem.sheet.map { " › \($0)" } ?? "")
                    + (problem.column.map { ", column \($0)" } ?? "") + "\n\n"
                continue
            }
            out += "\(problem.severity.rawValue)[\(problem.code)]: \(problem.message)\n"
            out += "  --> \(problem.file)" + (problem.location.map { " › \($0)" } ?? "") + "\n"
            if let hint = problem.hint { out += "  = hint: \(hint)\n" }
            out += "\n"
        }
        out += summary + "\n"
        return out
    }

    /// `2 errors, 1 warning`, and how many of them are not listed.
    public var summary: String {
        func count(_ n: Int, _ noun: String) -> String { "\(Self.grouped(n)) \(noun)\(n == 1 ? "" : "s")" }
        let omitted = omittedCount
        return count(errorCount, "error") + ", " + count(warningCount, "warning")
            + (omitted > 0 ? " (\(Self.grouped(omitted)) not listed: raise --max-problems, or 0 for all)" : "")
    }

    /// 998734 → `998,734`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    private enum CodingKeys: String, CodingKey {
        case summary, problems, omitted
    }

    private enum SummaryKeys: String, CodingKey {
        case errors, warnings, omitted
    }

    private enum OmittedKeys: String, CodingKey {
        case severity, code, file, sheet, column, count
    }

    /// `{"summary":{"errors":N,"warnings":N,"omitted":N},"problems":[…],"omitted":[…]}`: every
    /// key of every problem present (null when absent); `omitted` has one entry per kind of
    /// problem past `--max-problems` with its `count` (the summary counts them too).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var summary = container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        try summary.encode(errorCount, forKey: .errors)
        try summary.encode(warningCount, forKey: .warnings)
        try summary.encode(omittedCount, forKey: .omitted)
        try container.encode(problems.filter { $0.omittedCount == 0 }, forKey: .problems)
        var omitted = container.nestedUnkeyedContainer(forKey: .omitted)
        for problem in problems where problem.omittedCount > 0 {
            var entry = omitted.nestedContainer(keyedBy: OmittedKeys.self)
            try entry.encode(problem.severity, forKey: .severity)
            try entry.encode(problem.code, forKey: .code)
            try entry.encode(problem.file, forKey: .file)
            try entry.encode(problem.sheet, forKey: .sheet)
            try entry.encode(problem.column, forKey: .column)
            try entry.encode(problem.omittedCount, forKey: .count)
        }
    }

    /// GitHub Actions workflow commands: `::error file=…,title=…::exercises!D17 message`.
    public func github() -> String {
        var out = ""
        for problem in problems {
            let title = Self.escapeProperty(problem.code)
            var message = (problem.location.map { "\($0) " } ?? "") + problem.message
            if problem.omittedCount > 0 {
                message = (problem.location.map { "\($0) " } ?? "") + (problem.column.map { "column \($0): " } ?? "")
                    + "\(Self.grouped(problem.omittedCount)) more like this, not listed"
            }
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
