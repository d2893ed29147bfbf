import EventReplay
import Foundation
import TrainingCalendar

/// One event of a replay: what the app would save, at a moment. A replay file holds one JSON
/// object per line, in the grammar of `Replayer`: `{"at": "2026-01-05T07:00:00Z", "event":
/// "workout", "type": "running", "minutes": 30, "intensity": "moderate", "notes": "…"}`; the
/// events and their fields are the cases below.
public struct JournalEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// `workout`: `type`, `minutes`, `intensity` (default moderate), `notes`.
        case workout(NewWorkout)
        /// `checkin`: `mood`, `energy`, `sleep`, `notes`.
        case checkIn(NewCheckIn)
        /// `delete`: `id`, the workout's id or its first characters (`FitnessJournal.deleteWorkout`).
        case delete(id: String)
        /// `settings`: any of `name`, `goal`, `reminder` (HH:mm), `reminderOn`, `notifications`,
        /// `timeZone`.
        case settings(SettingsChange)
    }

    /// The settings an event changes; nil fields keep their values.
    public struct SettingsChange: Hashable, Sendable {
        public var name: String?
        public var goal: Int?
        public var reminder: String?
        public var reminderOn: Bool?
        public var notifications: Bool?
        public var timeZone: TimeZone?

        /// `settings` with the change made; throws an error naming a bad field.
        public func applied(to settings: JournalSettings) throws(JournalError) -> JournalSettings {
            var changed = settings
            if let name { changed.displayName = name }
            if let goal { changed.weeklyGoal = goal }
            if let reminder { changed.reminderTime = try ReminderTime(parsing: reminder) }
            if let reminderOn { changed.reminderEnabled = reminderOn }
            if let notifications { changed.notificationsEnabled = notifications }
            if let timeZone { changed.timeZone = timeZone }
            try changed.validate()
            return changed
        }
    }

    public var at: Date
    /// The event's name as the file spells it.
    public var name: String
    public var action: Action

    /// The events a journal replays.
    public static let names = ["workout", "checkin", "delete", "settings"]

    /// The event `fields` hold; the error names the field at fault and what it expected.
    public init(_ fields: ReplayFields) throws(ReplayError) {
        at = fields.at
        name = fields.event
        switch fields.event {
        case "workout":
            action = .workout(
                NewWorkout(
                    type: try fields.required(try fields.value("type", as: ExerciseType.self), "type"),
                    durationMinutes: try fields.required(try fields.int("minutes"), "minutes"),
                    intensity: try fields.value("intensity", as: Intensity.self) ?? .moderate,
                    notes: try fields.string("notes")))
        case "checkin":
            action = .checkIn(
                NewCheckIn(
                    mood: try fields.required(try fields.value("mood", as: Mood.self), "mood"),
                    energyLevel: try fields.required(try fields.int("energy"), "energy"),
                    sleepQuality: try fields.required(try fields.value("sleep", as: SleepQuality.self), "sleep"),
                    notes: try fields.string("notes")))
        case "delete":
            guard let id = try fields.string("id") else { throw fields.error("id", "a delete event needs it") }
            action = .delete(id: id)
        case "settings":
            action = .settings(
                SettingsChange(
                    name: try fields.string("name"), goal: try fields.int("goal"),
                    reminder: try fields.string("reminder"), reminderOn: try fields.bool("reminderOn"),
                    notifications: try fields.bool("notifications"), timeZone: try fields.timeZone("timeZone")))
        default: throw fields.unknownEvent(Self.names)
        }
    }
}
