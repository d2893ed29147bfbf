import Foundation
import GRDB
import TrainingCalendar

/// A row of a user store's table (the training log's, GymTrack's, the journal's), as GRDB reads
/// and writes it: the one record protocol of every store.
///
/// Each record's `CodingKeys` spell its columns as the table does (`exercise_log_id`, with no
/// conversion per row) and its `Columns` are made from them. Moments are `Date`s, written as
/// `Timestamp` text to the millisecond (`2026-01-05T07:00:00.000Z`, never GRDB's default
/// format) so that the stored text sorts and syncs as written; read back by `Timestamp.parse`,
/// which also reads the moments older stores wrote to the second (and GRDB's own text, which a
/// store not yet migrated holds). A stored moment that is not one is an error of the read, never
/// a moment made up in its place.
public protocol StoreRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

extension StoreRecord {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { Timestamp.text($0) }
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in
            guard let text = String.fromDatabaseValue(value) else { return nil }
            // A store from before its moments' migration, which a command that only reads reads as
            // it is, holds GRDB's own UTC text (`2026-01-06 19:15:30.000`): the same moments.
            if let moment = Timestamp.parse(text) { return moment }
            let utf8 = Array(text.utf8)
            guard utf8.count >= 19, utf8[10] == UInt8(ascii: " ") else { return nil }
            return Timestamp.parse(String(decoding: utf8[..<10], as: UTF8.self) + "T" + text.dropFirst(11) + "Z")
        }
    }
}
