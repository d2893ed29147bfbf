import Foundation
import TrainingCalendar

/// One event of a replay: what the app would save, at a moment. A replay file holds one JSON
/// object per line: `{"at": "2026-01-05T07:00:00Z", "event": "workout", "type": "running",
/// "minutes": 30, "intensity": "moderate", "notes": "…"}`; the events and their fields are the
/// cases below. Lines that are empty or start with `#` are skipped.
public struct JournalEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// `workout`: `type`, `minutes`, `intensity` (default moderate), `notes`.
        case workout(NewWorkout)
        /// `checkin`: `mood`, `energy`, `sleep`, `notes`.
        case checkIn(NewCheckIn)
        /// `delete`: `id`.
        case delete(id: Int64)
        /// `settings`: any of `name`, `goal`, `reminder` (HH:mm), `reminderOn`, `notifications`,
        /// `timeZone`.
        case settings(SettingsChange)
    }

    /// The settings an event changes; nil fields keep their values.
    public struct SettingsChange: Hashable, Sendable, Decodable {
        public var name: String?
        public var goal: Int?
        public var reminder: String?
        public var reminderOn: Bool?
        public var notifications: Bool?
        public var timeZone: String?

        /// `settings` with the change made; throws an error naming a bad field.
        public func applied(to settings: JournalSettings) throws(JournalError) -> JournalSettings {
            var changed = settings
            if let name { changed.displayName = name }
            if let goal { changed.weeklyGoal = goal }
            if let reminder { changed.reminderTime = try ReminderTime(parsing: reminder) }
            if let reminderOn { changed.reminderEnabled = reminderOn }
            if let notifications { changed.notificationsEnabled = notifications }
            if let timeZone {
                guard let zone = TimeZone(identifier: timeZone) else {
                    throw .invalid("time zone", "\"\(timeZone)\" is not a time zone (e.g. Europe/London)")
                }
                changed.timeZone = zone
            }
            try changed.validate()
            return changed
        }
    }

    public var at: Date
    /// The event's name as the file spells it.
    public var name: String
    public var action: Action

    /// Reads one line of a replay file; throws `journal.invalid_event` naming what is wrong.
    public init(line: String) throws(JournalError) {
        let raw: RawEvent
        do {
            raw = try JSONDecoder().decode(RawEvent.self, from: Data(line.utf8))
        } catch let DecodingError.keyNotFound(key, _) {
            throw JournalError(.invalidEvent, "\(key.stringValue): missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw JournalError(.invalidEvent, "\(field.isEmpty ? "line" : field): \(context.debugDescription)")
        } catch {
            throw JournalError(.invalidEvent, "not a JSON object: \(error)")
        }
        guard let at = Timestamp.parse(raw.at) else {
            throw JournalError(.invalidEvent, "at: \"\(raw.at)\" is not a moment like 2026-01-05T07:00:00Z")
        }
        self.at = at
        name = raw.event
        action = try raw.action()
    }

    private struct RawEvent: Decodable {
        var at: String
        var event: String
        var type: ExerciseType?
        var minutes: Int?
        var intensity: Intensity?
        var notes: String?
        var mood: Mood?
        var energy: Int?
        var sleep: SleepQuality?
        var id: Int64?
        var name: String?
        var goal: Int?
        var reminder: String?
        var reminderOn: Bool?
        var notifications: Bool?
        var timeZone: String?

        func action() throws(JournalError) -> Action {
            switch event {
            case "workout":
                guard let type, let minutes else { throw missing("type and minutes") }
                return .workout(
                    NewWorkout(type: type, durationMinutes: minutes, intensity: intensity ?? .moderate, notes: notes))
            case "checkin":
                guard let mood, let energy, let sleep else { throw missing("mood, energy and sleep") }
                return .checkIn(NewCheckIn(mood: mood, energyLevel: energy, sleepQuality: sleep, notes: notes))
            case "delete":
                guard let id else { throw missing("id") }
                return .delete(id: id)
            case "settings":
                return .settings(
                    SettingsChange(
                        name: name, goal: goal, reminder: reminder, reminderOn: reminderOn,
                        notifications: notifications, timeZone: timeZone))
            default:
                throw JournalError(
                    .invalidEvent, "event: \"\(event)\" is not one of workout, checkin, delete, settings")
            }
        }

        private func missing(_ fields: String) -> JournalError {
            JournalError(.invalidEvent, "a \(event) event needs \(fields)")
        }
    }
}
