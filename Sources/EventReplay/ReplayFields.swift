import Foundation
import OrderedJSON
import TrainingCalendar
import UserInput

/// One event of a replay file, read: its line, its moment (`at`), its name (`event`) and the
/// other members of its JSON object, which the store's event type reads through the typed
/// accessors below. Each accessor refuses a member of the wrong type with a `ReplayError`
/// naming the member and what it expected.
public struct ReplayFields: Sendable {
    /// The line's number in the file, from 1.
    public let line: Int
    /// The moment of `at`.
    public let at: Date
    /// The name of `event` (`set`, `history-exercise`).
    public let event: String
    let members: [String: JSONValue]

    /// The event a line of a replay file holds. Throws for a line that is not a JSON object,
    /// or whose `at` or `event` is missing or not a moment and a name.
    public init(line: String, number: Int) throws(ReplayError) {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            throw ReplayError(line: number, field: nil, "not a JSON object")
        }
        guard case .object(let written) = value else {
            throw ReplayError(line: number, field: nil, "not a JSON object but \(value.typeDescription)")
        }
        if let (field, literal) = Self.firstNonDecimalNumber(in: line) {
            throw ReplayError(
                line: number, field: field, "expected \(UserInput.decimalExpected), not \(literal)")
        }
        let members = Dictionary(written.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        func text(_ field: String) throws(ReplayError) -> String {
            guard let value = members[field], value != .null else {
                throw ReplayError(line: number, field: field, "missing")
            }
            guard case .string(let text) = value else {
                throw ReplayError(line: number, field: field, "expected a string, not \(value.rendered())")
            }
            return text
        }
        let moment = try text("at")
        guard let at = Timestamp.parse(moment) else {
            throw ReplayError(
                line: number, field: "at", "expected a moment like 2026-01-05T07:00:00Z, not \"\(moment)\"")
        }
        event = try text("event")
        self.line = number
        self.at = at
        self.members = members
    }

    /// The first number of a JSON text written otherwise than as a decimal (`2e1`, `1E3`), and the
    /// member it is the value of: JSON takes exponents, a person typing a weight never means one.
    static func firstNonDecimalNumber(in line: String) -> (field: String?, literal: String)? {
        let bytes = Array(line.utf8)
        var index = 0
        var lastString: String?
        var field: String?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                lastString = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
                index = end + 1
            } else if byte == UInt8(ascii: ":") {
                field = lastString
                index += 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index + 1
                while end < bytes.count, Self.numberBytes.contains(bytes[end]) { end += 1 }
                let literal = String(decoding: bytes[index..<end], as: UTF8.self)
                if !UserInput.isDecimal(literal) { return (field, literal) }
                index = end
            } else {
                index += 1
            }
        }
        return nil
    }

    private static let numberBytes = Set("0123456789+-.eE".utf8)

    /// A refusal of `field` (nil for the whole event), at this line.
    public func error(_ field: String?, _ problem: String) -> ReplayError {
        ReplayError(line: line, field: field, problem)
    }

    /// The error for an event this store does not know, listing the ones it does.
    public func unknownEvent(_ known: [String]) -> ReplayError {
        error("event", "\"\(event)\" is not an event; events: \(known.joined(separator: ", "))")
    }

    /// `value`, or a refusal saying that this event needs `field`.
    public func required<Value>(_ value: Value?, _ field: String) throws(ReplayError) -> Value {
        guard let value else { throw error(field, "a \(event) event needs it") }
        return value
    }

    private func member(_ field: String) -> JSONValue? {
        guard let value = members[field], value != .null else { return nil }
        return value
    }

    private func mismatch(_ field: String, _ expected: String, _ value: JSONValue) -> ReplayError {
        error(field, "expected \(expected), not \(value.rendered())")
    }

    /// A string member; nil when it is absent or null.
    public func string(_ field: String) throws(ReplayError) -> String? {
        guard let value = member(field) else { return nil }
        guard case .string(let text) = value else { throw mismatch(field, "a string", value) }
        return text
    }

    /// A whole number.
    public func int(_ field: String) throws(ReplayError) -> Int? {
        guard let value = member(field) else { return nil }
        switch value {
        case .integer(let number): return number
        case .number(let number) where number.rounded() == number && abs(number) < 1e15: return Int(number)
        default: throw mismatch(field, "a whole number", value)
        }
    }

    /// A whole number of 0 or more, for seeds.
    public func unsigned(_ field: String) throws(ReplayError) -> UInt64? {
        guard let number = try int(field) else { return nil }
        guard number >= 0 else { throw error(field, "expected a whole number of 0 or more, not \(number)") }
        return UInt64(number)
    }

    /// A number, whole or not.
    public func double(_ field: String) throws(ReplayError) -> Double? {
        guard let value = member(field) else { return nil }
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: throw mismatch(field, "a number", value)
        }
    }

    /// `true` or `false`.
    public func bool(_ field: String) throws(ReplayError) -> Bool? {
        guard let value = member(field) else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(field, "true or false", value) }
        return flag
    }

    /// One of a string enumeration's values (`"kg"`, `"lbs"`).
    public func value<Value: RawRepresentable & CaseIterable>(_ field: String, as type: Value.Type)
        throws(ReplayError) -> Value? where Value.RawValue == String
    {
        guard let text = try string(field) else { return nil }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error(field, "expected one of \(allowed), not \"\(text)\"")
        }
        return value
    }

    /// A calendar date, `2026-01-05`.
    public func date(_ field: String) throws(ReplayError) -> CalendarDate? {
        guard let text = try string(field) else { return nil }
        guard let date = CalendarDate(text) else {
            throw error(field, "expected a date like 2026-01-05, not \"\(text)\"")
        }
        return date
    }

    /// An IANA time zone, `Europe/London`.
    public func timeZone(_ field: String) throws(ReplayError) -> TimeZone? {
        guard let text = try string(field) else { return nil }
        guard let zone = TimeZone(identifier: text) else {
            throw error(field, "expected a time zone like Europe/London, not \"\(text)\"")
        }
        return zone
    }

    /// A JSON object, as it was written.
    public func object(_ field: String) throws(ReplayError) -> JSONValue? {
        guard let value = member(field) else { return nil }
        guard case .object = value else { throw mismatch(field, "an object", value) }
        return value
    }
}
