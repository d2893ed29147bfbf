import Foundation
import GRDB

/// A row of a training log table, as GRDB reads and writes it: properties are the columns in
/// camel case, and moments are `Timestamp` text (never GRDB's default date format), so that the
/// store's text sorts and syncs as written.
package protocol LogRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

extension LogRecord {
    /// `exercise_log_id` → `exerciseLogId` in one pass over the bytes: GRDB's own conversion
    /// splits and capitalises every column of every row, which dominated a submit.
    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy {
        .custom { column in LogColumnKey(camelCase: column) }
    }
    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }

    package static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { Timestamp.text($0) }
    }

    package static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in String.fromDatabaseValue(value).flatMap(Timestamp.parse) }
    }
}

/// A column's name as a record's property: snake case (ASCII, as every log table spells it) to
/// camel case.
struct LogColumnKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(camelCase column: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(column.utf8.count)
        var upper = false
        for byte in column.utf8 {
            if byte == UInt8(ascii: "_"), !bytes.isEmpty {
                upper = true
                continue
            }
            bytes.append(upper && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte)
            upper = false
        }
        stringValue = String(decoding: bytes, as: UTF8.self)
    }

    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
