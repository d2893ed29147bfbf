import Catalog
@testable import CatalogBuild
import GRDB
import Testing

/// The build writes an exercise's rows through statements of its own rather than through the
/// records: each must write every column the record encodes, with the value the record encodes
/// for it. A property added to a record and not to the statement fails here.
@Suite("an exercise's inserts")
struct ExerciseInsertTests {
    @Test func theExerciseRowIsTheRecordsEveryColumn() throws {
        let record = ExerciseRecord(
            id: "pin_press", displayName: "Pin Press", canonicalGroupId: 3, equipmentCategoryId: 4,
            equipmentItemId: 5, primaryMuscleId: 6, movementPatternId: 7, complexityLevel: 2, selectionTier: 1,
            isIsolation: true, includeInProgramme: false, videoUrl: "https://v.example.com/a.mp4",
            thumbnailUrl: "https://v.example.com/a.jpg")
        try expectSameColumns(record, ExerciseStatements.exerciseColumns, ExerciseStatements.values(of: record))
        let bare = ExerciseRecord(
            id: "wall_sit", displayName: "Wall Sit", canonicalGroupId: 1, equipmentCategoryId: 1, primaryMuscleId: 1,
            movementPatternId: 1, complexityLevel: 1, selectionTier: 2, isIsolation: false, includeInProgramme: true)
        try expectSameColumns(bare, ExerciseStatements.exerciseColumns, ExerciseStatements.values(of: bare))
    }

    @Test func secondaryMusclesAndStepsAreTheRecordsEveryColumn() throws {
        let muscle = ExerciseSecondaryMuscleRecord(exerciseId: "pin_press", position: 2, muscleId: 9)
        try expectSameColumns(muscle, ExerciseStatements.secondaryMuscleColumns, ExerciseStatements.values(of: muscle))
        let step = ExerciseInstructionRecord(exerciseId: "pin_press", step: 3, instruction: "Press.")
        try expectSameColumns(step, ExerciseStatements.instructionColumns, ExerciseStatements.values(of: step))
    }

    private func expectSameColumns(
        _ record: some EncodableRecord, _ columns: [String], _ values: [DatabaseValue]
    ) throws {
        let encoded = try record.databaseDictionary
        #expect(Set(columns) == Set(encoded.keys))
        #expect(columns.count == values.count)
        for (column, value) in zip(columns, values) {
            #expect(encoded[column] == value, "\(column)")
        }
    }
}
