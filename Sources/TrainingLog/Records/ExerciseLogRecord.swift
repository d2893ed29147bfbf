import Foundation
import UserStore

/// `exercise_logs`: one exercise of a workout, its prescription and its last prompt.
package struct ExerciseLogRecord: StoreRecord, Hashable {
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

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case id, workoutId = "workout_id", slotId = "slot_id", position
        case prescribedExerciseId = "prescribed_exercise_id", performedExerciseId = "performed_exercise_id"
        case prescribedSets = "prescribed_sets", repRangeLow = "rep_range_low", repRangeHigh = "rep_range_high"
        case restSeconds = "rest_seconds", submittedAt = "submitted_at", outcome, nextLoadKg = "next_load_kg"
        case deloaded, notes, updatedAt = "updated_at", syncedAt = "synced_at"
    }
}
