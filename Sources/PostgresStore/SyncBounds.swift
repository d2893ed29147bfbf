/// What one sync may carry (business rules §13), the same on the device, which refuses before
/// sending, and on the server (migration 0013's `sync_bounds()` and CHECKs), which refuses what
/// a device sent anyway. A test holds the two lists equal.
enum SyncBounds {
    /// The most rows and deletions one push carries; a device with more sends several pushes
    /// in one sync.
    static let rowsPerPush = 2_000

    /// A bound on one column's values.
    struct Bound: Hashable, Sendable {
        enum Unit: String, Sendable {
            /// Unicode scalars, as PostgreSQL's `char_length` and SQLite's `length` count them.
            case characters
            /// UTF-8 bytes of the JSON text.
            case bytes
        }

        let table: String
        let column: String
        let most: Int
        let unit: Unit
    }

    /// Every text and JSON column of the synced tables that a list of allowed values does not
    /// already bound: names 200 characters, notes 1,000, a questionnaire 16 KB, a programme 256 KB.
    static let columns: [Bound] = [
        Bound(table: "user_settings", column: "time_zone", most: 200, unit: .characters),
        Bound(table: "profiles", column: "motivations", most: 200, unit: .bytes),
        Bound(table: "profiles", column: "motivation_other", most: 1_000, unit: .characters),
        Bound(table: "programmes", column: "programme_id", most: 200, unit: .characters),
        Bound(table: "programmes", column: "questionnaire", most: 16_384, unit: .bytes),
        Bound(table: "programmes", column: "programme", most: 262_144, unit: .bytes),
        Bound(table: "workouts", column: "session_id", most: 200, unit: .characters),
        Bound(table: "workouts", column: "session_name", most: 200, unit: .characters),
        Bound(table: "exercise_logs", column: "slot_id", most: 200, unit: .characters),
        Bound(table: "exercise_logs", column: "prescribed_exercise_id", most: 200, unit: .characters),
        Bound(table: "exercise_logs", column: "performed_exercise_id", most: 200, unit: .characters),
        Bound(table: "exercise_logs", column: "notes", most: 1_000, unit: .characters),
    ]

    /// The bounds of `table`'s columns, by column.
    static func of(_ table: String) -> [String: Bound] {
        Dictionary(uniqueKeysWithValues: columns.filter { $0.table == table }.map { ($0.column, $0) })
    }

    /// Why `text`, a value of `bound`'s column, cannot go up; nil when it can.
    static func refusal(_ text: String, _ bound: Bound) -> String? {
        let length = bound.unit == .characters ? text.unicodeScalars.count : text.utf8.count
        guard length > bound.most else { return nil }
        return "\(bound.column) is \(length) \(bound.unit.rawValue) long; at most \(bound.most)"
    }
}
