import Foundation
import TrainingCalendar

/// The journal as CSV (RFC 4180): one header line, one line per workout, oldest first; lines end
/// with CRLF; a field holding a comma, a double quote, a CR or an LF is quoted, its quotes
/// doubled. Any notes a user typed come back unchanged from a CSV parser.
///
/// Columns: `id,date,time,type,duration_minutes,intensity,notes,logged_at`; `time` is the wall
/// clock's `HH:mm` in the user's time zone, `logged_at` the UTC moment.
public enum JournalCSV {
    public static let header = ["id", "date", "time", "type", "duration_minutes", "intensity", "notes", "logged_at"]

    /// The CSV text of `workouts`.
    public static func workouts(_ workouts: [WorkoutEntry], timeZone: TimeZone) -> String {
        var output = line(header)
        for workout in workouts {
            output += line([
                workout.id, workout.date.description, wallTime(workout.loggedAt, in: timeZone),
                workout.type.rawValue, String(workout.durationMinutes), workout.intensity.rawValue,
                workout.notes ?? "", Timestamp.secondsText(workout.loggedAt),
            ])
        }
        return output
    }

    /// The check-ins: `id,date,time,mood,energy_level,sleep_quality,notes,checked_in_at`.
    public static func checkIns(_ checkIns: [CheckIn], timeZone: TimeZone) -> String {
        var output = line(["id", "date", "time", "mood", "energy_level", "sleep_quality", "notes", "checked_in_at"])
        for checkIn in checkIns {
            output += line([
                checkIn.id, checkIn.date.description, wallTime(checkIn.checkedInAt, in: timeZone),
                checkIn.mood.rawValue, String(checkIn.energyLevel), checkIn.sleepQuality.rawValue,
                checkIn.notes ?? "", Timestamp.secondsText(checkIn.checkedInAt),
            ])
        }
        return output
    }

    /// One record: the fields, each quoted when it must be, joined by commas, ending in CRLF.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// `value` as a CSV field: as it is, or quoted with its quotes doubled when it holds a
    /// comma, a quote, a CR or an LF (or starts or ends with a space, which some readers trim).
    public static func field(_ value: String) -> String {
        let mustQuote =
            value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        guard mustQuote else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `HH:mm` of `moment` on the wall clock of `timeZone`.
    static func wallTime(_ moment: Date, in timeZone: TimeZone) -> String {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: moment)
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        return ReminderTime(clamping: ofDay / 3600, ofDay % 3600 / 60).description
    }
}
