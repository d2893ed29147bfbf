import Foundation
import TrainingCalendar

/// Moments as the journal's JSON writes them: UTC, to the second, `2026-11-23T07:30:00Z`.
enum MomentText {
    static func text(_ moment: Date) -> String {
        JournalCSV.utcText(moment)
    }

    /// `2026-11-23T07:30:00Z`, with or without a fraction of a second, or with an offset.
    static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let moment = plain.date(from: text) { return moment }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}

/// A moment that a type's JSON writes as `MomentText` (`2026-11-23T07:30:00Z`) rather than as a
/// number: `@UTCMoment public var loggedAt: Date`.
@propertyWrapper
public struct UTCMoment: Codable, Hashable, Sendable {
    public var wrappedValue: Date

    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let moment = MomentText.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a moment like 2026-11-23T07:30:00Z")
        }
        wrappedValue = moment
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(MomentText.text(wrappedValue))
    }
}

/// An optional `UTCMoment`: `null` when there is none.
@propertyWrapper
public struct OptionalUTCMoment: Encodable, Hashable, Sendable {
    public var wrappedValue: Date?

    public init(wrappedValue: Date?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.map(MomentText.text))
    }
}
