import Foundation
import GRDB
import UserStore

// GymTrack's rows (`StoreRecord`s): dates are the user's calendar dates as the table holds them
// (`YYYY-MM-DD`); moments are `Date`s, stored as every store's `Timestamp` text.

/// `sessions`: a finished workout.
package struct SessionRecord: StoreRecord, Hashable {
    package static let databaseTableName = "sessions"

    /// A lowercase UUID (`RowIDSource`).
    package var id: String
    package var sessionType: SessionType
    package var date: String
    package var startedAt: Date
    package var durationSeconds: Int
    package var isPartial: Bool

    package enum CodingKeys: String, CodingKey {
        case id, sessionType = "session_type", date, startedAt = "started_at", durationSeconds = "duration_seconds"
        case isPartial = "is_partial"
    }

    package enum Columns {
        static let sessionType = Column(CodingKeys.sessionType)
        static let date = Column(CodingKeys.date)
        static let startedAt = Column(CodingKeys.startedAt)
    }
}

/// `daily_challenge`: the sets of one day.
package struct DailyChallengeRecord: StoreRecord, Hashable {
    package static let databaseTableName = "daily_challenge"

    package var id: String
    package var date: String
    package var setsCompleted: Int

    package enum CodingKeys: String, CodingKey {
        case id, date, setsCompleted = "sets_completed"
    }
}

/// `open_session`: the workout started and not yet finished (at most one row, id 1).
package struct OpenSessionRecord: StoreRecord, Hashable {
    package static let databaseTableName = "open_session"

    package var id: Int64 = 1
    package var sessionType: SessionType
    package var date: String
    package var startedAt: Date

    package enum CodingKeys: String, CodingKey {
        case id, sessionType = "session_type", date, startedAt = "started_at"
    }
}

/// `open_session_steps`: a step of the open workout checked off.
package struct CheckedStepRecord: StoreRecord, Hashable {
    package static let databaseTableName = "open_session_steps"

    package var step: Int
    package var checkedAt: Date

    package enum CodingKeys: String, CodingKey {
        case step, checkedAt = "checked_at"
    }

    package enum Columns {
        static let step = Column(CodingKeys.step)
    }
}
