import Foundation
import GRDB
import TrainingCalendar
import UserStore

/// `programmes`: a programme the user started, with the questionnaire and the programme as
/// generated.
package struct ProgrammeRecord: StoreRecord, Hashable {
    package static let databaseTableName = "programmes"
    package var id: String
    package var programmeId: String
    package var createdDate: CalendarDate
    package var startDate: CalendarDate
    package var totalWeeks: Int
    package var questionnaire: String
    package var programme: String
    package var isActive: Bool
    package var startedAt: Date
    package var replacedAt: Date?
    package var updatedAt: Date
    package var syncedAt: Date?

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case id, programmeId = "programme_id", createdDate = "created_date", startDate = "start_date"
        case totalWeeks = "total_weeks", questionnaire, programme, isActive = "is_active", startedAt = "started_at"
        case replacedAt = "replaced_at", updatedAt = "updated_at", syncedAt = "synced_at"
    }

    /// The columns queries filter by.
    package enum Columns {
        static let isActive = Column(CodingKeys.isActive)
    }
}
