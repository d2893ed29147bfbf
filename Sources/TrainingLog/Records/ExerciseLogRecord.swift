import Foundation

/// `exercise_logs`: one exercise of a workout, its prescription and its last prompt.
package struct ExerciseLogRecord: LogRecord, Hashable {
    package static let databaseTableName = "exercise_logs"
    package var id: String
    package var workoutId: String
    package var slotId: String
    package var position: Int
    package var prescribedExerciseId: String
    package var performedExerciseId: String
    package var prescribedSets: Int
    package var repRangeLow: Int
    package var repRangeHigh: Int
    package var restSeconds: Int
    package var submittedAt: Date?
    package var outcome: PromptOutcome?
    package var nextLoadKg: Double?
    package var deloaded: Bool?
    package var notes: String?
    package var updatedAt: Date
    package var syncedAt: Date?

    package var repRange: RepRange {
        RepRange(low: repRangeLow, high: repRangeHigh)
    }
}
