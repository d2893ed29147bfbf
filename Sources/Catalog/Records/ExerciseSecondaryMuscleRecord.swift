/// `exercise_secondary_muscles`: an exercise's secondary muscles, position 1 first.
package struct ExerciseSecondaryMuscleRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "exercise_secondary_muscles"
    package var exerciseId: String
    package var position: Int
    package var muscleId: Int

    package init(exerciseId: String, position: Int, muscleId: Int) {
        self.exerciseId = exerciseId
        self.position = position
        self.muscleId = muscleId
    }

    package var subject: String { "secondary muscle \(position) of exercise \"\(exerciseId)\"" }
}
