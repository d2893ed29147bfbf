/// `exercise_exceptions`: one exercise that departs from its canonical group for one joint.
package struct ExerciseExceptionRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "exercise_exceptions"
    package var exerciseId: String
    package var jointId: Int
    package var level: String
    package var notes: String
    /// The `modified` level's cue; nil for the other levels.
    package var cue: String?

    package init(exerciseId: String, jointId: Int, level: String, notes: String, cue: String? = nil) {
        self.exerciseId = exerciseId
        self.jointId = jointId
        self.level = level
        self.notes = notes
        self.cue = cue
    }

    package var subject: String { "the exception of exercise \"\(exerciseId)\"" }
}
