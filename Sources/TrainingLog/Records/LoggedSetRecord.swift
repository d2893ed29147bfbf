import Foundation

/// `logged_sets`: a set as entered, in kilograms.
package struct LoggedSetRecord: LogRecord, Hashable {
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
}
