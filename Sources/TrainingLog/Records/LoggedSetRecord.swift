import Foundation
import GRDB
import UserStore

/// `logged_sets`: a set as entered, in kilograms.
package struct LoggedSetRecord: StoreRecord, Hashable {
    package static let databaseTableName = "logged_sets"
    package var id: String
    package var exerciseLogId: String
    package var setNumber: Int
    package var reps: Int
    package var weightKg: Double
    package var completed: Bool
    package var completedAt: Date?
    package var loggedAt: Date
    package var updatedAt: Date
    package var syncedAt: Date?

    /// The figures the rules read.
    package var performed: PerformedSet {
        PerformedSet(number: setNumber, reps: reps, weightKg: weightKg, completed: completed)
    }

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case id, exerciseLogId = "exercise_log_id", setNumber = "set_number", reps, weightKg = "weight_kg"
        case completed, completedAt = "completed_at", loggedAt = "logged_at", updatedAt = "updated_at"
        case syncedAt = "synced_at"
    }

    /// The columns queries filter and order by.
    package enum Columns {
        static let exerciseLogId = Column(CodingKeys.exerciseLogId)
        static let setNumber = Column(CodingKeys.setNumber)
        static let reps = Column(CodingKeys.reps)
        static let weightKg = Column(CodingKeys.weightKg)
        static let completed = Column(CodingKeys.completed)
    }
}
