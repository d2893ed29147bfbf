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
        .custom(storedMoment)
    }

    /// The moment in `column` of `row`, read as `Decodable` reads a record's moments; a value
    /// that is not one is an error naming it. For records that read their rows by hand
    /// (`init(row:)`), as the longest lists do: `Decodable` costs more than the rest of the read.
    @inlinable
    public static func moment(_ row: Row, _ column: String) throws -> Date {
        // The text straight from the statement; anything else (GRDB's old text, a damaged value)
        // goes the way `Decodable` goes.
        if let text = try row.decode(String?.self, forColumn: column), let moment = Timestamp.parse(text) {
            return moment
        }
        let value: DatabaseValue = row[column]
        guard let moment = storedMoment(value) else {
            throw StoreFailure(.unreadable, "\(databaseTableName).\(column) holds \(value), which is not a moment")
        }
        return moment
    }

    /// The value of a text column that holds one of `Value`'s raw values (an enum's), read by
    /// hand; any other value is an error naming it, as `Decodable` would refuse it.
    @inlinable
    public static func value<Value: RawRepresentable>(_ row: Row, _ column: String) throws -> Value
    where Value.RawValue == String {
        // Text straight from the statement: GRDB's generic conversion of an enum costs more than
        // the rest of a row.
        if let text = try row.decode(String?.self, forColumn: column), let value = Value(rawValue: text) {
            return value
        }
        let stored: DatabaseValue = row[column]
        throw StoreFailure(
            .unreadable, "\(databaseTableName).\(column) holds \(stored), which is not one of its values")
    }

    /// The moment a stored value names, or nil.
    @usableFromInline
    static func storedMoment(_ value: DatabaseValue) -> Date? {
        guard let text = String.fromDatabaseValue(value) else { return nil }
        // A store from before its moments' migration, which a command that only reads reads as
        // it is, holds GRDB's own UTC text (`2026-01-06 19:15:30.000`): the same moments.
        if let moment = Timestamp.parse(text) { return moment }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 19, utf8[10] == UInt8(ascii: " ") else { return nil }
        return Timestamp.parse(String(decoding: utf8[..<10], as: UTF8.self) + "T" + text.dropFirst(11) + "Z")
    }
}
