import XLSX

/// One thing wrong with a workbook, located to the cell, in words a spreadsheet editor
/// understands.
public struct Problem: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case error, warning

        public static func < (lhs: Self, rhs: Self) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    public var severity: Severity
    /// Stable across releases, e.g. `fk.unknown_value`; CI and scripts may match on it.
    public var code: String
    /// The workbook, as the user named it (e.g. `database-management/train_exercise_database_prod.xlsx`).
    public var file: String
    public var sheet: String?
    /// A1 style, e.g. `E17`.
    public var cell: String?
    /// The column's header.
    public var column: String?
    /// The value found, as text: its first 200 characters and `…` when it is longer.
    public var value: String?
    public var message: String
    public var hint: String?
    /// For a problem that stands for the others of its kind (severity, code, file, sheet and
    /// column) past `--max-problems`: how many were left out. 0 for a problem of its own.
    public var omittedCount = 0

    public init(
        _ severity: Severity, _ code: Code, file: String, sheet: String? = nil, cell: String? = nil,
        column: String? = nil, value: String? = nil, message: String, hint: String? = nil
    ) {
        self.severity = severity
        self.code = code.rawValue
        self.file = file
        self.sheet = sheet
        self.cell = cell
        self.column = column.map { XLSXError.shown($0) }
        self.value = value.map { XLSXError.shown($0) }
        self.message = message
        self.hint = hint
    }

    /// The problems reported as one kind when they are capped: severity, code, file, sheet and
    /// column.
    var kind: String {
        [severity.rawValue, code, file, sheet ?? "", column ?? ""].joined(separator: "\u{1F}")
    }

    /// How many problems this one counts for: itself, or the ones it stands for.
    public var count: Int { omittedCount > 0 ? omittedCount : 1 }

    /// How many of `problems` have `severity`, those a problem stands for included.
    public static func total(_ severity: Severity, in problems: [Problem]) -> Int {
        problems.reduce(0) { $0 + ($1.severity == severity ? $1.count : 0) }
    }

    /// This problem standing for `count` left out like it: no cell, no value.
    func standingFor(_ count: Int) -> Problem {
        var summary = self
        summary.cell = nil
        summary.value = nil
        summary.hint = nil
        summary.omittedCount = count
        return summary
    }

    /// At most `limit` problems of each kind, in their order; the others folded into one
    /// problem standing for them all, where the first of them was. Nil keeps every one.
    public static func capped(_ problems: [Problem], limit: Int?) -> [Problem] {
        guard let limit else { return problems }
        var shown: [String: Int] = [:]
        var summaries: [String: Int] = [:]
        var capped: [Problem] = []
        for problem in problems {
            let kind = problem.kind
            if problem.omittedCount == 0, shown[kind, default: 0] < limit {
                shown[kind, default: 0] += 1
                capped.append(problem)
            } else if let summary = summaries[kind] {
                capped[summary].omittedCount += problem.count
            } else {
                summaries[kind] = capped.count
                capped.append(problem.standingFor(problem.count))
            }
        }
        return capped
    }

    /// `exercises!E17`, `exercises`, or nil when the problem concerns the whole file.
    public var location: String? {
        guard let sheet else { return nil }
        guard let cell else { return sheet }
        return "\(sheet)!\(cell)"
    }
}

extension Problem {
    /// The stable codes. New checks add cases; existing ones never change meaning.
    public enum Code: String, Sendable, CaseIterable {
        case sheetMissing = "sheet.missing"
        case sheetDuplicate = "sheet.duplicate"
        case sheetHidden = "sheet.hidden"
        case columnMissing = "column.missing"
        case columnDuplicate = "column.duplicate"
        case columnUndeclared = "column.undeclared"
        case columnNoHeader = "column.no_header"
        case schemaUnknownColumn = "schema.unknown_column"
        case schemaMissingColumn = "schema.missing_column"
        case schemaMismatch = "schema.mismatch"
        case schemaInvalid = "schema.invalid"
        case requiredMissing = "required.missing"
        case idNotSnakeCase = "id.not_snake_case"
        case uniqueDuplicate = "unique.duplicate"
        case typeNotInteger = "type.not_integer"
        case typeNumberAsText = "type.number_as_text"
        case typeNotBoolean = "type.not_boolean"
        case typeNotText = "type.not_text"
        case typeURL = "type.url"
        case cellErrorValue = "type.error_value"
        case cellTooLong = "cell.too_long"
        case textControlCharacter = "text.control_character"
        case fkUnknownValue = "fk.unknown_value"
        case equipmentItemNotInCategory = "equipment.item_not_in_category"
        case listDuplicate = "list.duplicate"
        case listContainsPrimary = "list.contains_primary"
        case instructionsGap = "instructions.gap"
        case lookupDuplicate = "lookup.duplicate"
        case lookupInvalid = "lookup.invalid"
        case canonicalSpelling = "canonical.spelling"
        case swapNoAlternative = "swap.no_alternative"
        case jointSpelling = "joint.spelling"
        case exceptionLevel = "exception.level"
        case exceptionNoEffect = "exception.no_effect"
        case exceptionCue = "exception.cue"
    }
}
