import FitnessJournal
import Foundation
import Testing
import TrainingCalendar
import UserStore

/// A journal in memory on a manual clock, in London (GMT in winter, BST in summer).
struct JournalFixture {
    static let london = TimeZone(identifier: "Europe/London") ?? .gmt
    let clock: ManualClock
    let journal: FitnessJournal

    init(
        at moment: String = "2026-11-23T08:00:00Z", settings: JournalSettings? = nil,
        ids: any RowIDSource = RandomRowIDs()
    ) throws {
        clock = ManualClock(try Self.moment(moment))
        journal = try FitnessJournal(
            inMemoryWith: clock, newUser: settings ?? JournalSettings(displayName: "Sam", timeZone: Self.london),
            ids: ids)
    }

    /// The moment `text` names: `2026-11-23T08:00:00Z` or with an offset.
    static func moment(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        return try #require(formatter.date(from: text), "not a moment: \(text)")
    }

    static func date(_ text: String) throws -> CalendarDate {
        try #require(CalendarDate(text), "not a date: \(text)")
    }

    /// Sets the clock to `moment`.
    func at(_ moment: String) throws {
        clock.set(try Self.moment(moment))
    }

    /// Logs a workout at `moment`.
    @discardableResult
    func workout(
        _ moment: String, _ type: ExerciseType = .running, minutes: Int = 30, intensity: Intensity = .moderate,
        notes: String? = nil
    ) throws -> WorkoutEntry {
        try at(moment)
        return try journal.logWorkout(
            NewWorkout(type: type, durationMinutes: minutes, intensity: intensity, notes: notes))
    }

    /// Saves a check-in at `moment`.
    @discardableResult
    func checkIn(_ moment: String, _ mood: Mood, energy: Int = 6, notes: String? = nil) throws -> CheckIn {
        try at(moment)
        return try journal.checkIn(NewCheckIn(mood: mood, energyLevel: energy, sleepQuality: .good, notes: notes))
    }
}
