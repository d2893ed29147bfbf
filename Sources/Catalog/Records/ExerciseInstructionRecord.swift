/// `exercise_instructions`: the numbered steps of the Demo tab.
package struct ExerciseInstructionRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "exercise_instructions"
    package var exerciseId: String
    package var step: Int
    package var instruction: String

    package init(exerciseId: String, step: Int, instruction: String) {
        self.exerciseId = exerciseId
        self.step = step
        self.instruction = instruction
    }

    package var subject: String { "instruction \(step) of exercise \"\(exerciseId)\"" }
}
