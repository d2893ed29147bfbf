import Foundation
import TrainingCalendar

/// `programmes`: a programme the user started, with the questionnaire and the programme as
/// generated.
package struct ProgrammeRecord: LogRecord, Hashable {
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
}
