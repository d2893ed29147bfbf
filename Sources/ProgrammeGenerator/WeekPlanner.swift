import Catalog

/// Plans a week session by session, carrying what the week has used so far: sets per muscle,
/// the exercises of each session family (so that Push B differs from Push A), and the priority
/// slots filled.
struct WeekPlanner {
    /// What one session has so far.
    struct SessionState {
        var picks: [(exercise: Int, prescription: Prescription)] = []
        var canonicalGroups: Set<String> = []
        var setsByMuscle: [String: Int] = [:]
        /// The warm-up plus every exercise so far.
        var seconds = WeekPlanner.warmUpSeconds
    }

    /// What a slot got.
    enum Fill {
        case picked(exercise: Int, prescription: Prescription)
        case empty(reason: String, forLackOfTime: Bool)
    }

    static let warmUpSeconds = 5 * 60

    let catalog: GeneratorCatalog
    let profile: TrainingProfile
    let options: GeneratorOptions

    /// Per exercise: its equipment is available.
    let equipmentAllows: [Bool]
    /// Per exercise: the recorded injuries (joint names) it may aggravate.
    let injuredJoints: [[String]]
    let prioritySlugs: Set<String>

    private var setsThisWeek: [String: Int] = [:]
    private(set) var exercisesByFamily: [SessionKind: Set<Int>] = [:]
    private(set) var groupsByFamily: [SessionKind: Set<String>] = [:]
    private(set) var prioritySlotsFilled: [String: Int] = [:]
    /// Sessions with fewer exercises than the duration asks for because time ran out.
    private(set) var sessionsShortOfTime: [String] = []
    /// Sessions (with exercises) whose estimate is under the duration's minutes.
    private(set) var sessionsUnderTime: [(dayName: String, minutes: Int)] = []
    /// Sessions nothing could fill.
    private(set) var emptySessions: [String] = []

    init(catalog: GeneratorCatalog, profile: TrainingProfile, options: GeneratorOptions) {
        self.catalog = catalog
        self.profile = profile
        self.options = options
        let allowedNeeds = catalog.equipmentNeeds.map { profile.equipment.allows(category: $0.category, item: $0.item) }
        equipmentAllows = catalog.equipmentNeedIndex.map { allowedNeeds[$0] }
        let injured = Set(profile.injuries.map(\.slug))
        var jointSlugs: [String: String] = [:]
        for joint in catalog.joints { jointSlugs[joint] = joint.slug }
        injuredJoints = catalog.contraindicatedJoints.map { joints in
            injured.isEmpty ? [] : joints.filter { injured.contains(jointSlugs[$0] ?? $0.slug) }
        }
        prioritySlugs = Set(profile.priorityMuscles.map(\.slug))
    }

    /// Sets per muscle slug over the week planned so far.
    var weeklySets: [String: Int] { setsThisWeek }

    /// Plans the session `number` (1-based) of the week.
    mutating func planSession(
        kind: SessionKind, dayName: String, number: Int, using generator: inout some RandomNumberGenerator
    ) -> ProgrammeSession {
        let duration = profile.sessionDuration
        let maximumExercises = duration.exerciseCount.upperBound
        let entries = orderedEntries(kind: kind, maximumExercises: maximumExercises)
        var session = SessionState()
        var failures: [(slot: EmptySlot, forLackOfTime: Bool)] = []
        var ranOutOfTime = false
        for entry in entries where session.picks.count < maximumExercises {
            switch fill(entry.slot, session: session, family: kind.family, using: &generator) {
            case .picked(let index, let prescription):
                let exercise = catalog.exercises[index]
                let muscle = catalog.muscleSlugs[index]
                session.picks.append((index, prescription))
                session.canonicalGroups.insert(exercise.canonicalName)
                session.setsByMuscle[muscle, default: 0] += prescription.sets
                session.seconds += prescription.seconds
                setsThisWeek[muscle, default: 0] += prescription.sets
                if let priority = entry.priorityMuscle {
                    prioritySlotsFilled[priority.slug, default: 0] += 1
                }
            case .empty(let reason, let forLackOfTime):
                ranOutOfTime = ranOutOfTime || forLackOfTime
                if entry.isPlanned {
                    failures.append((EmptySlot(slot: entry.slot.name, reason: reason), forLackOfTime))
                }
            }
        }
        // Time is short only below the duration's exercise count: the planned slots that did
        // not fit make up the difference; those past it were optional.
        var shortfall = max(0, duration.exerciseCount.lowerBound - session.picks.count)
        var emptySlots: [EmptySlot] = []
        for failure in failures {
            if failure.forLackOfTime {
                guard shortfall > 0 else { continue }
                shortfall -= 1
            }
            emptySlots.append(failure.slot)
        }

        for pick in session.picks {
            exercisesByFamily[kind.family, default: []].insert(pick.exercise)
            groupsByFamily[kind.family, default: []].insert(catalog.exercises[pick.exercise].canonicalName)
        }
        // Compounds first, then isolation, each in slot order.
        let ordered =
            session.picks.filter { !catalog.exercises[$0.exercise].isIsolation }
            + session.picks.filter { catalog.exercises[$0.exercise].isIsolation }
        let sessionID = "day-\(number)"
        let exercises = ordered.enumerated().map { offset, pick in
            ProgrammeExercise(
                id: "\(sessionID)-exercise-\(offset + 1)", exercise: catalog.exercises[pick.exercise],
                prescription: pick.prescription,
                warnings: injuredJoints[pick.exercise].map { InjuryWarning(joint: $0) })
        }
        let minutes = exercises.isEmpty ? 0 : (session.seconds + 30) / 60

        if exercises.isEmpty {
            emptySessions.append(dayName)
        } else if session.seconds < duration.minutes.lowerBound * 60 {
            sessionsUnderTime.append((dayName, minutes))
        }
        if ranOutOfTime && exercises.count < duration.exerciseCount.lowerBound {
            sessionsShortOfTime.append(dayName)
        }
        return ProgrammeSession(
            id: sessionID, dayName: dayName, estimatedMinutes: minutes, exercises: exercises, emptySlots: emptySlots)
    }

    /// The session's slots in the order they are filled. With no priority muscle: the
    /// template's order. With priority muscles, a coach trains them first, while there is time:
    /// the planned slots that can give a priority muscle's exercise, then the extra isolation
    /// slots of the priority muscles this session trains (up to the week's limit), then the
    /// other planned slots, then the reserves. The last planned slots make way.
    private func orderedEntries(
        kind: SessionKind, maximumExercises: Int
    ) -> [(slot: Slot, isPlanned: Bool, priorityMuscle: String?)] {
        let template = kind.slots
        let planned = template.prefix(maximumExercises).map { (slot: $0, isPlanned: true, priorityMuscle: String?.none) }
        let reserves = template.dropFirst(maximumExercises).map {
            (slot: $0, isPlanned: false, priorityMuscle: String?.none)
        }
        guard !prioritySlugs.isEmpty else { return planned + reserves }
        let ceiling = profile.experience.complexityCeiling
        let servesPriority = planned.map { entry in
            catalog.programmeExercises(for: entry.slot.target).contains { index in
                prioritySlugs.contains(catalog.muscleSlugs[index]) && equipmentAllows[index]
                    && catalog.exercises[index].complexity <= ceiling
                    && entry.slot.role.admits(isIsolation: catalog.exercises[index].isIsolation)
            }
        }
        let extras = profile.priorityMuscles.filter { muscle in
            kind.trains(muscleSlug: muscle.slug)
                && prioritySlotsFilled[muscle.slug, default: 0] < options.priorityIsolationSessionsPerWeek
        }.map { (slot: Slot.priorityIsolation(muscle: $0), isPlanned: false, priorityMuscle: Optional($0)) }
        return zip(planned, servesPriority).filter(\.1).map(\.0) + extras
            + zip(planned, servesPriority).filter { !$0.1 }.map(\.0) + reserves
    }
}
