import GymTrack
import Testing
import TrainingCalendar

/// The seed's own rules as tables: rotation (§7), the challenge counter (§3.4) and finishing
/// (§4.4).
@Suite("GymTrack rules")
struct RuleTests {
    @Test(
        "next = last + 1 mod 3, A when empty, never a type already done today",
        arguments: [
            (nil, [], SessionType.a), (.a, [], .b), (.b, [], .c), (.c, [], .a),
            (.a, [.a], .b), (.b, [.b], .c), (.c, [.c], .a),
            // A then B today: C; B then C today: A; C, then A today: B.
            (.b, [.a, .b], .c), (.c, [.b, .c], .a), (.a, [.c, .a], .b),
            // A done this morning and a B logged after it for yesterday's date: the next after B is
            // C, then A would repeat today's.
            (.b, [.a], .c), (.c, [.a], .b),
            // All three today: the rotation goes on.
            (.c, [.a, .b, .c], .a),
        ] as [(SessionType?, Set<SessionType>, SessionType)])
    func rotation(last: SessionType?, doneToday: Set<SessionType>, expected: SessionType) {
        #expect(Rotation.next(after: last, doneToday: doneToday) == expected)
    }

    @Test("a tap adds one set and stops at 3", arguments: [(0, 1), (1, 2), (2, 3), (3, 3), (-1, 1), (7, 3)])
    func tap(sets: Int, expected: Int) {
        #expect(ChallengeCounter.tap(sets) == expected)
    }

    @Test("a correction sets 0 to 3", arguments: [0, 1, 2, 3])
    func correction(sets: Int) throws {
        #expect(try ChallengeCounter.corrected(to: sets) == sets)
    }

    @Test("a correction outside 0-3 is refused, naming the field", arguments: [-1, 4, 30])
    func correctionRefused(sets: Int) {
        #expect(throws: GymTrackError.self) { try ChallengeCounter.corrected(to: sets) }
        do {
            _ = try ChallengeCounter.corrected(to: sets)
        } catch {
            #expect(error.code == "gymtrack.invalid_value")
            #expect(error.message == "sets must be 0, 1, 2 or 3, not \(sets)")
        }
    }

    @Test(
        "today's status: empty, partial, complete",
        arguments: [(0, ChallengeStatus.empty), (1, .partial), (2, .partial), (3, .complete)])
    func status(sets: Int, expected: ChallengeStatus) {
        #expect(ChallengeCounter.status(sets) == expected)
    }

    @Test(
        "fewer than half the steps checked is partial; exactly half is not",
        arguments: [
            (0, 9, true), (4, 9, true), (5, 9, false), (9, 9, false),
            (3, 7, true), (4, 7, false),
            (3, 8, true), (4, 8, false), (5, 8, false),
            (0, 2, true), (1, 2, false),
        ])
    func partial(checked: Int, total: Int, expected: Bool) {
        #expect(FinishRule.isPartial(checked: checked, of: total) == expected)
    }
}
