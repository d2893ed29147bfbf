import Foundation
import TrainingCalendar

/// The rules of what a user types (business rules §6 and §12), written once for every store and
/// every way a value arrives: a command's option, a replay line. Each check answers with the
/// problem in words, showing the value given and what is allowed, or nil when the value is good;
/// the caller wraps the words in its own error.
public enum UserInput {
    // MARK: - Numbers

    /// `text` as a decimal number: digits, an optional sign and an optional fraction (`62.5`,
    /// `-3`, `0`); nil for anything else, among them what Swift's and JSON's own parsers take and
    /// a user never means (`0x10`, `2e1`, `1e-400`, `nan`, `inf`, `.5`, `5.`).
    public static func decimal(_ text: some StringProtocol) -> Double? {
        guard isDecimal(text), let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Whether `text` is written as `decimal(_:)` takes it.
    public static func isDecimal(_ text: some StringProtocol) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 2
            && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
    }

    /// What a refusal says a number must be written as.
    public static let decimalExpected = "a decimal number such as 62.5"

    /// `value` as a message shows it: as it was typed, up to a gram's thousandth of a kilogram
    /// (`500.001`, `62.5`, `-3`), never rounded into the range it is outside of.
    public static func shown(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    // MARK: - Text

    /// The line breaks that notes may hold; every other control character (a tab, `\u{1}`) is
    /// refused.
    public static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r"]

    /// The first control character of `text` other than a line break (`lineBreaks` when
    /// `allowingLineBreaks`), or nil.
    public static func controlCharacter(in text: String, allowingLineBreaks: Bool = true) -> Unicode.Scalar? {
        text.unicodeScalars.first {
            $0.properties.generalCategory == .control && !(allowingLineBreaks && lineBreaks.contains($0))
        }
    }

    /// Why `text` cannot be kept (notes: line breaks allowed; a name: none), or nil:
    /// `control character U+0009 is not allowed (line breaks are)`.
    public static func controlProblem(in text: String, allowingLineBreaks: Bool = true) -> String? {
        guard let control = controlCharacter(in: text, allowingLineBreaks: allowingLineBreaks) else { return nil }
        let hex = String(control.value, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return "control character U+\(code) is not allowed" + (allowingLineBreaks ? " (line breaks are)" : "")
    }

    // MARK: - Moments and dates

    /// The moments the stores keep: `Timestamp.kept`, 2000-01-01T00:00:00Z to before 2100.
    public static let moments = Timestamp.kept

    /// Why `moment` cannot be acted at, or nil.
    public static func momentProblem(_ moment: Date) -> String? {
        Timestamp.outOfRange(moment)
    }

    /// The calendar dates the stores keep: the days of `moments`.
    public static let dates: ClosedRange<CalendarDate> = {
        let first = CalendarDate(dayNumber: 10_957)  // 2000-01-01
        let last = CalendarDate(dayNumber: 47_481)  // 2099-12-31
        return first...last
    }()

    /// Why `date`, given as `field`, cannot be kept, or nil.
    public static func dateProblem(_ date: CalendarDate, field: String) -> String? {
        dates.contains(date)
            ? nil : "\(field): \(date) is outside \(dates.lowerBound) to \(dates.upperBound)"
    }
}
