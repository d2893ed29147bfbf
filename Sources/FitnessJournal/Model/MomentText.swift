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

    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let moment = parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(text)\" is not a moment like 2026-11-23T07:30:00Z")
        }
        return moment
    }
}

extension WorkoutEntry {
    private enum CodingKeys: String, CodingKey {
        case id, date, type, durationMinutes, intensity, notes, loggedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            date: try container.decode(CalendarDate.self, forKey: .date),
            type: try container.decode(ExerciseType.self, forKey: .type),
            durationMinutes: try container.decode(Int.self, forKey: .durationMinutes),
            intensity: try container.decode(Intensity.self, forKey: .intensity),
            notes: try container.decodeIfPresent(String.self, forKey: .notes),
            loggedAt: try MomentText.decode(container, .loggedAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encode(type, forKey: .type)
        try container.encode(durationMinutes, forKey: .durationMinutes)
        try container.encode(intensity, forKey: .intensity)
        try container.encode(notes, forKey: .notes)
        try container.encode(MomentText.text(loggedAt), forKey: .loggedAt)
    }
}

extension CheckIn {
    private enum CodingKeys: String, CodingKey {
        case id, date, mood, energyLevel, sleepQuality, notes, checkedInAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            date: try container.decode(CalendarDate.self, forKey: .date),
            mood: try container.decode(Mood.self, forKey: .mood),
            energyLevel: try container.decode(Int.self, forKey: .energyLevel),
            sleepQuality: try container.decode(SleepQuality.self, forKey: .sleepQuality),
            notes: try container.decodeIfPresent(String.self, forKey: .notes),
            checkedInAt: try MomentText.decode(container, .checkedInAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encode(mood, forKey: .mood)
        try container.encode(energyLevel, forKey: .energyLevel)
        try container.encode(sleepQuality, forKey: .sleepQuality)
        try container.encode(notes, forKey: .notes)
        try container.encode(MomentText.text(checkedInAt), forKey: .checkedInAt)
    }
}
