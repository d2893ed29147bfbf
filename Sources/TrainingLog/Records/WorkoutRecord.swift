import Foundation

/// `workouts`: a session of a programme, open until completed.
package struct WorkoutRecord: LogRecord, Hashable {
    package static let databaseTableName = "workouts"

    package enum State: String, Codable, Sendable {
        case open
        case completed
    }

    package var id: String
    package var programmeId: String
    package var sessionId: String
    package var sessionName: String
    package var state: State
    package var startedAt: Date
    package var completedAt: Date?
    package var durationSeconds: Int?
    package var increasedReps: Int?
    package var increasedLoadKg: Double?
    package var restDismissedAt: Date?
    package var updatedAt: Date
    package var syncedAt: Date?
}
