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
        document(workouts, header: header, timeZone: timeZone) { workout in
            (
                workout.id, workout.date.description, workout.loggedAt,
                (workout.type.rawValue, String(workout.durationMinutes), workout.intensity.rawValue), workout.notes
            )
        }
    }

    /// The check-ins: `id,date,time,mood,energy_level,sleep_quality,notes,checked_in_at`.
    public static func checkIns(_ checkIns: [CheckIn], timeZone: TimeZone) -> String {
        let header = ["id", "date", "time", "mood", "energy_level", "sleep_quality", "notes", "checked_in_at"]
        return document(checkIns, header: header, timeZone: timeZone) { checkIn in
            (
                checkIn.id, checkIn.date.description, checkIn.checkedInAt,
                (checkIn.mood.rawValue, String(checkIn.energyLevel), checkIn.sleepQuality.rawValue), checkIn.notes
            )
        }
    }

    /// A journal list's CSV: its header, then per row `id,date,time,` its three own fields,
    /// `notes,` and the UTC moment. Written field by field into bytes and made text once (an
    /// export writes thousands of lines), the wall clock's offset asked of the time zone once per
    /// transition, not once per row.
    private static func document<Row>(
        _ rows: [Row], header: [String], timeZone: TimeZone,
        fields: (Row) -> (id: String, date: String, moment: Date, own: (String, String, String), notes: String?)
    ) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(80 + rows.count * 112)
        appendLine(header, to: &output)
        var offsets = WallClockOffset(timeZone)
        for row in rows {
            let line = fields(row)
            append(line.id, to: &output)
            append(line.date, to: &output, comma: true)
            appendWallTime(line.moment, &offsets, to: &output)
            append(line.own.0, to: &output, comma: true)
            append(line.own.1, to: &output, comma: true)
            append(line.own.2, to: &output, comma: true)
            append(line.notes ?? "", to: &output, comma: true)
            output.append(UInt8(ascii: ","))
            Timestamp.appendSecondsText(line.moment, to: &output)
            output.append(0x0D)
            output.append(0x0A)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One record: the fields, each quoted when it must be, joined by commas, ending in CRLF.
    public static func line(_ fields: [String]) -> String {
        var output: [UInt8] = []
        appendLine(fields, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendLine(_ fields: [String], to output: inout [UInt8]) {
        for (index, value) in fields.enumerated() {
            append(value, to: &output, comma: index > 0)
        }
        output.append(0x0D)
        output.append(0x0A)
    }

    /// `value` as a CSV field: as it is, or quoted with its quotes doubled when it holds a
    /// comma, a quote, a CR or an LF (or starts or ends with a space, which some readers trim).
    public static func field(_ value: String) -> String {
        mustQuote(value) ? quoted(value) : value
    }

    /// Appends `value` as a field to `output`, after a comma when `comma`.
    private static func append(_ value: String, to output: inout [UInt8], comma: Bool = false) {
        if comma { output.append(UInt8(ascii: ",")) }
        // The text's bytes in place: a field that needs no quotes (nearly all) is copied at once.
        var value = value
        let copied = value.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }),
                bytes.first != 0x20, bytes.last != 0x20
            else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if !copied { output.append(contentsOf: mustQuote(value) ? quoted(value).utf8 : value.utf8) }
    }

    private static func mustQuote(_ value: String) -> Bool {
        // Bytes first: none of the four is part of another character's UTF-8. A space at either
        // end is asked of the String, which does not count a space a combining mark follows.
        let utf8 = value.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        if utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) { return true }
        return (first == 0x20 && value.hasPrefix(" ")) || (last == 0x20 && value.hasSuffix(" "))
    }

    private static func quoted(_ value: String) -> String {
        var text = "\""
        text.reserveCapacity(value.utf8.count + 4)
        var rest = Substring(value)
        while let quote = rest.utf8.firstIndex(of: UInt8(ascii: "\"")) {
            text += rest[..<quote]
            text += "\"\""
            rest = rest[rest.utf8.index(after: quote)...]
        }
        text += rest
        text += "\""
        return text
    }

    /// `HH:mm` of `moment` on the wall clock of `timeZone`.
    static func wallTime(_ moment: Date, in timeZone: TimeZone) -> String {
        var offsets = WallClockOffset(timeZone)
        var bytes: [UInt8] = []
        appendWallTime(moment, &offsets, to: &bytes, comma: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `HH:mm` of `moment` on the wall clock `offsets` keeps, as a field (never quoted).
    private static func appendWallTime(
        _ moment: Date, _ offsets: inout WallClockOffset, to output: inout [UInt8], comma: Bool = true
    ) {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down)) + offsets.seconds(at: moment)
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        let (hour, minute) = (ofDay / 3600, ofDay % 3600 / 60)
        if comma { output.append(UInt8(ascii: ",")) }
        output.append(UInt8(ascii: "0") + UInt8(hour / 10))
        output.append(UInt8(ascii: "0") + UInt8(hour % 10))
        output.append(UInt8(ascii: ":"))
        output.append(UInt8(ascii: "0") + UInt8(minute / 10))
        output.append(UInt8(ascii: "0") + UInt8(minute % 10))
    }
}
