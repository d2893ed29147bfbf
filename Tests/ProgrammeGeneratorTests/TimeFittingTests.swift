import Catalog
import ProgrammeGenerator
import Testing

/// Business rules §3 on time: sets come down before a slot is dropped, accessories first, then
/// secondary compounds, then main lifts, never below 2, 3 and 3.
@Suite("fitting a session into its time")
struct TimeFittingTests {
    static func push(_ profile: TrainingProfile) throws -> ProgrammeSession {
        let programme = try SmallCatalog.generate(SmallCatalog.gym, profile: profile)
        return try #require(programme.sessions.first { $0.dayName == "Push" })
    }

    /// Seconds the session takes by the rules' formula.
    static func seconds(_ session: ProgrammeSession) -> Int {
        session.exercises.reduce(300) { $0 + $1.sets * (40 + $1.restSeconds) + 90 }
    }

    @Test("a strength session of 30-45 min keeps its count by cutting accessory sets first")
    func strengthInShortSessions() throws {
        // Confident & Consistent: 5 sets of each compound, 4 of each isolation, 180 s on main lifts.
        let push = try Self.push(SmallCatalog.profile(
            goal: .getStronger, experience: .confidentAndConsistent, duration: .short))
        #expect(push.exercises.count == 4)
        // "About 45 min": the estimate, in whole minutes, stays within the duration.
        #expect(push.estimatedMinutes == (Self.seconds(push) + 30) / 60 && push.estimatedMinutes <= 45)
        // Two main lifts, one secondary press at 6-8 (120 s), one accessory: every level of the
        // order has been cut.
        #expect(push.exercises.map(\.restSeconds) == [180, 180, 120, 90])
        #expect(push.exercises.map(\.sets) == [3, 3, 3, 2])
    }

    @Test("sets come down one at a time, the accessories' before the compounds'")
    func accessoriesGiveWayFirst() throws {
        // Getting Comfortable, build muscle, 45-60 min: 4 sets everywhere, 120 s on main lifts.
        let push = try Self.push(
            SmallCatalog.profile(goal: .buildMuscle, experience: .gettingComfortable, duration: .medium))
        #expect(push.exercises.count == 5)
        #expect(Self.seconds(push) <= 60 * 60)
        let compounds = push.exercises.filter { !$0.isIsolation }.map(\.sets)
        let accessories = push.exercises.filter(\.isIsolation).map(\.sets)
        #expect(compounds.allSatisfy { $0 == 4 })
        #expect(accessories.allSatisfy { $0 >= 2 && $0 <= 4 })
        // Only as many sets went as the time needed: one more would not fit.
        let oneMore = Self.seconds(push) + 40 + 90
        #expect(accessories.contains { $0 < 4 } == (oneMore > 60 * 60) || accessories.allSatisfy { $0 == 4 })
    }

    @Test("past the lower count, another exercise is added only when every set still fits")
    func noExtraExerciseAtTheCostOfSets() throws {
        // 60-90 min, strength, Confident & Consistent: seven exercises fit once the accessories
        // lose a set; an eighth would cut more, so the session stays at seven.
        let push = try Self.push(SmallCatalog.profile(goal: .getStronger, experience: .confidentAndConsistent))
        #expect(push.exercises.count == 7)
        #expect(push.emptySlots.isEmpty)
        #expect(Self.seconds(push) <= 90 * 60)
    }

    @Test("no session falls below its lower count for lack of time", arguments: Goal.allCases)
    func lowerCountHolds(goal: Goal) throws {
        for experience in ExperienceLevel.allCases {
            for duration in SessionDuration.allCases {
                for days in 2...6 {
                    let programme = try SmallCatalog.generate(
                        SmallCatalog.gym,
                        profile: SmallCatalog.profile(
                            goal: goal, experience: experience, days: days, duration: duration))
                    for session in programme.sessions {
                        #expect(
                            session.exercises.count >= duration.exerciseCount.lowerBound,
                            "\(goal) \(experience) \(duration) \(days) days: \(session.dayName)")
                        #expect((Self.seconds(session) + 30) / 60 <= duration.minutes.upperBound)
                    }
                    #expect(!programme.warnings.contains { $0.contains("longer session") })
                }
            }
        }
    }
}
