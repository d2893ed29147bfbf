import Foundation
import GRDB
import UserStore

/// `workouts`: a session of a programme, open until completed.
package struct WorkoutRecord: StoreRecord, Hashable {
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

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case id, programmeId = "programme_id", sessionId = "session_id", sessionName = "session_name", state
        case startedAt = "started_at", completedAt = "completed_at", durationSeconds = "duration_seconds"
        case increasedReps = "increased_reps", increasedLoadKg = "increased_load_kg"
        case restDismissedAt = "rest_dismissed_at", updatedAt = "updated_at", syncedAt = "synced_at"
    }

    /// The columns queries filter and order by.
    package enum Columns {
        static let state = Column(CodingKeys.state)
        static let sessionName = Column(CodingKeys.sessionName)
        static let startedAt = Column(CodingKeys.startedAt)
    }
}
