import Foundation
import XLSX

/// Reads the cells of one sheet as the types its schema declares, reporting every value that
/// does not fit, with its cell. Copies share what was reported.
struct FieldReader {
    let table: SheetTable
    /// What was reported: a reference, so that a message is built only when it is kept (see
    /// `report`) without the reader's own methods needing exclusive access to it.
    private let log = Log()

    init(table: SheetTable) {
        self.table = table
    }

    /// The problems kept, in the order reported.
    var problems: [Problem] { log.problems }
    /// How many problems were errors, those past the limit included.
    var errorCount: Int { log.errorCount }

    /// Reached by one method at a time, on the check's thread: the run-time exclusivity
    /// checks (a call for each read of `errorCount`, twice a row) are left out.
    private final class Log {
        @exclusivity(unchecked) var problems: [Problem] = []
        @exclusivity(unchecked) var errorCount = 0
        /// Per kind of problem: how many were reported, and where the problem standing for
        /// those past the sheet's `problemLimit` is.
        @exclusivity(unchecked) var reported: [Kind: (count: Int, summary: Int?)] = [:]
    }

    /// A kind of problem: severity, code and column (the file and sheet are the reader's).
    private struct Kind: Hashable {
        var severity: Problem.Severity
        var code: Problem.Code
        var column: Int
    }

    /// Reports a problem at the cell. Past the sheet's `problemLimit` for its kind only a count
    /// is kept, and its message is never built: memory and time stay bounded whatever the
    /// sheet holds.
    func report(
        _ severity: Problem.Severity, _ code: Problem.Code, row: Int, _ column: Int,
        value: @autoclosure () -> String?, message: @autoclosure () -> String, hint: @autoclosure () -> String? = nil
    ) {
        if severity == .error { log.errorCount += 1 }
        func problem() -> Problem {
            Problem(
                severity, code, file: table.file, sheet: table.sheet, cell: CellReference(row: row, column: column).a1,
                column: table.headers[column], value: value(), message: message(), hint: hint())
        }
        guard let limit = table.problemLimit else { return log.problems.append(problem()) }
        let kind = Kind(severity: severity, code: code, column: column)
        var entry = log.reported[kind] ?? (0, nil)
        entry.count += 1
        defer { log.reported[kind] = entry }
        if entry.count <= limit {
            log.problems.append(problem())
        } else if let summary = entry.summary {
            log.problems[summary].omittedCount += 1
        } else {
            entry.summary = log.problems.count
            log.problems.append(problem().standingFor(1))
        }
    }

    func report(
        _ severity: Problem.Severity, _ code: Problem.Code, _ record: SheetTable.Record, _ column: Int,
        value: @autoclosure () -> String?, message: @autoclosure () -> String, hint: @autoclosure () -> String? = nil
    ) {
        report(severity, code, row: record.number, column, value: value(), message: message(), hint: hint())
    }

    /// The cell's value; nil when blank, and when it holds more than Excel's 32,767 characters,
    /// which is reported at the cell (no other check looks at such a value).
    func value(_ record: SheetTable.Record, _ column: Int) -> CellValue? {
        guard let value = table.value(record, column) else { return nil }
        guard !value.exceedsTextLimit else {
            report(
                .error, .cellTooLong, record, column, value: value.plainText,
                message: "\(name(column)) holds \(value.textLength ?? 0) characters, more than the "
                    + "\(CellValue.maxTextLength) Excel keeps in a cell",
                hint: "shorten the value; Excel cuts or refuses text this long")
            return nil
        }
        return value
    }

    /// Trimmed text of a cell; nil when blank. Spreadsheet error values and text holding a line
    /// break, tab or other control character are reported.
    func text(_ record: SheetTable.Record, _ column: Int?) -> String? {
        guard let column, let value = value(record, column) else { return nil }
        // Nearly every cell: nothing to trim and no control character, known in one pass.
        if case .text(let text) = value, Self.isPrintableUntrimmed(text) { return text }
        if case .error(let code) = value {
            report(
                .error, .cellErrorValue, record, column, value: code,
                message: "\(name(column)) holds the spreadsheet error \(shown: code)",
                hint: "replace the formula or error with a value")
            return nil
        }
        guard let text = value.trimmedText, !text.isEmpty else { return nil }
        if let character = Self.firstControlCharacter(in: text) {
            report(
                .error, .textControlCharacter, record, column, value: text,
                message: "\(name(column)) holds \(character) inside its text",
                hint: "keep each value on one line, without tabs")
            return nil
        }
        return text
    }

    /// Whether `text` is printable ASCII throughout and neither starts nor ends with a space
    /// (`PlainText`, which also holds it to Excel's length): then trimming keeps it whole and it
    /// holds no control character.
    static func isPrintableUntrimmed(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(PlainText.isPlain) ?? false
    }

    /// `text` as a field. A packed cell that `text` would give as it is (printable ASCII
    /// without surrounding spaces, within Excel's length: neither trimmed nor reported) is
    /// read in place, without its `String` (`FieldValue.packedText`).
    func textField(_ record: SheetTable.Record, _ column: Int?) -> FieldValue? {
        if let column, let cell = record.plainPackedText(column) { return .packedText(cell) }
        return text(record, column).map(FieldValue.text)
    }

    /// How a message names the first line break, tab or other control character of `text`
    /// (C0 and C1 controls, U+2028, U+2029); nil when it has none.
    static func firstControlCharacter(in text: String) -> String? {
        // Printable ASCII throughout (nearly every cell): none.
        var text = text
        if text.withUTF8(String.isPrintableASCII) { return nil }
        let found = text.unicodeScalars.first { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        guard let found else { return nil }
        switch found {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}": return "a line break"
        case "\t": return "a tab"
        default: return String(format: "the control character U+%04X", found.value)
        }
    }

    /// An integer: a whole number cell, or text holding digits (with a warning).
    func integer(_ record: SheetTable.Record, _ column: Int?) -> Int? {
        // A packed whole number (nearly every cell) is read without its `CellValue`.
        if let column, let rows = record.rows, let cell = rows.cell(column: column, in: record.range),
            let number = rows.number(cell), number.rounded() == number, abs(number) < 1e15
        {
            return Int(number)
        }
        guard let column, let value = value(record, column) else { return nil }
        switch value {
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return Int(number) }
            report(
                .error, .typeNotInteger, record, column, value: value.trimmedText,
                message: "\(name(column)) must be a whole number, found \(value.trimmedText ?? "")")
            return nil
        case .text(let raw):
            let text = raw.trimmed(of: .whitespaces)
            if !text.isEmpty, text.allSatisfy(\.isASCII), let number = Int(text) {
                report(
                    .warning, .typeNumberAsText, record, column, value: text,
                    message: "\(name(column)) \(quoted: text) is a number stored as text",
                    hint: "convert the cell to a number")
                return number
            }
            report(
                .error, .typeNotInteger, record, column, value: text,
                message: "\(name(column)) must be a whole number, found \(quoted: text)")
            return nil
        case .error:
            _ = text(record, column)
            return nil
        case .boolean, .date, .duration:
            report(
                .error, .typeNotInteger, record, column, value: value.trimmedText,
                message: "\(name(column)) must be a whole number, found \(value.trimmedText ?? "")")
            return nil
        }
    }

    /// A boolean: 1/0 as a number or text, or a TRUE/FALSE cell.
    func boolean(_ record: SheetTable.Record, _ column: Int?) -> Bool? {
        // A packed 1, 0 or TRUE/FALSE cell (nearly every cell) is read without its `CellValue`.
        if let column, let rows = record.rows, let cell = rows.cell(column: column, in: record.range) {
            if let truth = rows.boolean(cell) { return truth }
            if let number = rows.number(cell), number == 1 || number == 0 { return number == 1 }
        }
        guard let column, let value = value(record, column) else { return nil }
        switch value {
        case .boolean(let flag): return flag
        case .number(1): return true
        case .number(0): return false
        case .text(let raw) where raw.trimmed(of: .whitespaces) == "1": return true
        case .text(let raw) where raw.trimmed(of: .whitespaces) == "0": return false
        case .error:
            _ = text(record, column)
            return nil
        default:
            let found = value.trimmedText ?? ""
            report(
                .error, .typeNotBoolean, record, column, value: found,
                message: "\(name(column)) must be 1 or 0, found \(quoted: found)",
                hint: "use 1 for yes and 0 for no")
            return nil
        }
    }

    /// A comma-separated list; empty entries are dropped.
    func list(_ record: SheetTable.Record, _ column: Int?) -> [String]? {
        if let column, let rows = record.rows, let cell = record.plainPackedText(column) {
            return rows.withUTF8(cell, Self.asciiListItems(printable:))
        }
        guard let text = text(record, column) else { return nil }
        return Self.asciiListItems(text)
            ?? text.split(separator: ",").map { $0.trimmed(of: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `list` as a field. A packed cell of plain text is read in place, split into its items
    /// only when they are asked for (`FieldValue.packedList`).
    func listField(_ record: SheetTable.Record, _ column: Int?) -> FieldValue? {
        if let column, let cell = record.plainPackedText(column) { return .packedList(cell) }
        return list(record, column).map(FieldValue.list)
    }

    /// The items of a list of printable ASCII (every character one byte, the only white space
    /// the space), split at commas and trimmed of spaces by bytes; nil for any other text.
    static func asciiListItems(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            guard String.isPrintableASCII(bytes) else { return nil }
            return asciiListItems(printable: bytes)
        }
    }

    /// `asciiListItems` of bytes known to be printable ASCII.
    static func asciiListItems(printable bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var items: [String] = []
        forEachASCIIListItem(printable: bytes) { item in
            items.append(String(decoding: item, as: UTF8.self))
            return true
        }
        return items
    }

    /// The bytes of each item of `asciiListItems(printable:)`, in order, lent to `body`, which
    /// returns false to stop there. Returns whether every item was read.
    @discardableResult
    @inline(__always)
    static func forEachASCIIListItem(
        printable bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows -> Bool {
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
            var first = start
            var last = end
            while first < last && bytes[first] == 0x20 { first += 1 }
            while last > first && bytes[last - 1] == 0x20 { last -= 1 }
            if first < last, try !body(UnsafeBufferPointer(rebasing: bytes[first..<last])) { return false }
            start = end + 1
        }
        return true
    }

    /// An https URL.
    func url(_ record: SheetTable.Record, _ column: Int?) -> String? {
        guard let column, let text = text(record, column) else { return nil }
        let isHTTPS = text.lowercased().hasPrefix("https://")
        let url = URL(string: text)
        guard isHTTPS, let host = url?.host, !host.isEmpty, !text.contains(where: \.isWhitespace) else {
            report(
                .error, .typeURL, record, column, value: text,
                message: "\(name(column)) must be an https:// address, found \(quoted: text)",
                hint: isHTTPS
                    ? "check the address for spaces or a missing host" : "use the https:// form of the address")
            return nil
        }
        return text
    }

    /// The header as written (its first 200 characters), for messages.
    func name(_ column: Int) -> String {
        table.headers[column].map { XLSXError.shown($0) } ?? CellReference.columnName(column)
    }
}
