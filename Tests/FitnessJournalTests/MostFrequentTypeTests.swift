import FitnessJournal
import Testing

@Suite("most frequent type")
struct MostFrequentTypeTests {
    @Test(
        "more workouts win; on a tie more minutes; then the app's order of types",
        arguments: [
            ([(ExerciseType.yoga, 30), (.running, 20), (.yoga, 10)], ExerciseType.yoga, 2, 40),
            ([(.yoga, 30), (.running, 45)], .running, 1, 45),
            ([(.running, 45), (.yoga, 30)], .running, 1, 45),
            ([(.other, 30), (.cycling, 30)], .cycling, 1, 30),
            ([(.cycling, 30), (.other, 30)], .cycling, 1, 30),
            ([(.strength, 20), (.strength, 20), (.yoga, 60), (.running, 10), (.running, 30)], .running, 2, 40),
            ([(.yoga, 25), (.strength, 25), (.yoga, 25), (.strength, 25)], .strength, 2, 50),
        ] as [([(ExerciseType, Int)], ExerciseType, Int, Int)])
    func tieBreak(workouts: [(ExerciseType, Int)], type: ExerciseType, count: Int, minutes: Int) throws {
        let best = try #require(MostFrequentType.of(workouts.map { (type: $0.0, minutes: $0.1) }))
        #expect(best == MostFrequentType(type: type, workouts: count, minutes: minutes))
        let reversed = try #require(MostFrequentType.of(workouts.reversed().map { (type: $0.0, minutes: $0.1) }))
        #expect(reversed == best, "the order the workouts were logged in changes nothing")
    }

    @Test("no workouts: no most frequent type")
    func none() {
        #expect(MostFrequentType.of([(type: ExerciseType, minutes: Int)]()) == nil)
    }
}
