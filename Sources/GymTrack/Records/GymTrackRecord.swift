import GRDB

/// A row of a GymTrack table, as GRDB reads and writes it: properties are the columns in camel
/// case; dates and moments are the text the table holds (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SSZ`).
package protocol GymTrackRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

extension GymTrackRecord {
    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}

/// `sessions`: a finished workout.
package struct SessionRecord: GymTrackRecord, Hashable {
    package static let databaseTableName = "sessions"

    package var id: Int64?
    package var sessionType: SessionType
    package var date: String
    package var startedAt: String
    package var durationSeconds: Int
    package var isPartial: Bool
}

/// `daily_challenge`: the sets of one day.
package struct DailyChallengeRecord: GymTrackRecord, Hashable {
    package static let databaseTableName = "daily_challenge"

    package var id: Int64?
    package var date: String
    package var setsCompleted: Int
}

/// `open_session`: the workout started and not yet finished (at most one row, id 1).
package struct OpenSessionRecord: GymTrackRecord, Hashable {
    package static let databaseTableName = "open_session"

    package var id: Int64 = 1
    package var sessionType: SessionType
    package var date: String
    package var startedAt: String
}

/// `open_session_steps`: a step of the open workout checked off.
package struct CheckedStepRecord: GymTrackRecord, Hashable {
    package static let databaseTableName = "open_session_steps"

    package var step: Int
    package var checkedAt: String
}
