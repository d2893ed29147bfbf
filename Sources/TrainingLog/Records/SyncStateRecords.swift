import Foundation
import UserStore

/// `sync_cursors`: where this device's last sync with a server, as a user, stopped (the highest
/// change number it received). Written and read by the sync alone.
package struct SyncCursorRecord: StoreRecord, Hashable {
    package static let databaseTableName = "sync_cursors"
    package var server: String
    package var userId: String
    package var changeSeq: Int64

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case server, userId = "user_id", changeSeq = "change_seq"
    }
}

/// `deleted_accounts`: an account this device learnt a server deleted, and when; a sync as that
/// user with that server is refused before it sends anything.
package struct DeletedAccountRecord: StoreRecord, Hashable {
    package static let databaseTableName = "deleted_accounts"
    package var server: String
    package var userId: String
    package var deletedAt: String

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case server, userId = "user_id", deletedAt = "deleted_at"
    }
}
