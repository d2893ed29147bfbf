import Foundation
import TrainingCalendar

/// A moment that a type's JSON writes as `Timestamp.secondsText` (`2026-11-23T07:30:00Z`) rather
/// than as a number: `@UTCMoment public var loggedAt: Date`.
@propertyWrapper
public struct UTCMoment: Codable, Hashable, Sendable {
    public var wrappedValue: Date

    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let moment = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a moment like 2026-11-23T07:30:00Z")
        }
        wrappedValue = moment
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Timestamp.secondsText(wrappedValue))
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
        try container.encode(wrappedValue.map(Timestamp.secondsText))
    }
}
