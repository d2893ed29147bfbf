import Foundation
import TrainingCalendar
import UserStore

/// The journal's results as the command line prints them: short lines a person reads, each
/// ending with a newline.
enum JournalText {
    /// `07:30` on the wall clock of `timeZone`, or `2026-11-23 07:30` with `withDate`.
    static func time(_ moment: Date, in timeZone: TimeZone, withDate: Bool = false) -> String {
        let time = JournalCSV.wallTime(moment, in: timeZone)
        return withDate ? "\(CalendarDate(moment, in: timeZone)) \(time)" : time
    }

    static func minutes(_ value: Int) -> String {
        "\(value) min"
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}

extension WorkoutEntry {
    /// `#3f2a9c1e 07:30 Running 30 min, Moderate: "felt good"`: the id's first characters, which
    /// `FitnessJournal.deleteWorkout(id:)` takes.
    public func text(in timeZone: TimeZone, withDate: Bool = false) -> String {
        let time = JournalText.time(loggedAt, in: timeZone, withDate: withDate)
        let note = notes.map { ": \(Self.oneLine($0))" } ?? ""
        let duration = JournalText.minutes(durationMinutes)
        return "#\(id.prefix(RowIDPrefix.shownLength)) \(time) \(type.name) \(duration), \(intensity.name)\(note)"
    }

    /// Notes on one line: line breaks shown as ⏎, control characters dropped.
    static func oneLine(_ text: String) -> String {
        let replaced = text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
            .replacingOccurrences(of: "\r", with: "⏎")
        return String(String.UnicodeScalarView(replaced.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }))
    }
}

extension CheckIn {
    /// `2026-11-23 07:45 😊 Good, energy 7/10, sleep Good`.
    public func text(in timeZone: TimeZone) -> String {
        let note = notes.map { ": \(WorkoutEntry.oneLine($0))" } ?? ""
        return "\(JournalText.time(checkedInAt, in: timeZone, withDate: true)) \(mood.emoji) \(mood.name), "
            + "energy \(energyLevel)/10, sleep \(sleepQuality.name)\(note)"
    }
}

extension JournalSettings {
    /// The settings screen, one line each, with the next reminder when it is on.
    public func text(nextReminder: Date?) -> String {
        var lines = [
            "Display name: \(displayName.isEmpty ? "(none)" : WorkoutEntry.oneLine(displayName))",
            "Weekly goal: \(weeklyGoal) workout\(weeklyGoal == 1 ? "" : "s")",
            "Daily reminder: \(reminderEnabled ? "on" : "off") at \(reminderTime)",
        ]
        if let nextReminder {
            lines.append("Next reminder: \(JournalText.time(nextReminder, in: timeZone, withDate: true))")
        }
        lines.append("Workout notifications: \(notificationsEnabled ? "on" : "off")")
        lines.append("Time zone: \(timeZone.identifier)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ClearedData {
    public var text: String {
        "Cleared \(ProgressReport.count(workouts, "workout")) and \(ProgressReport.count(checkIns, "check-in")).\n"
    }
}
