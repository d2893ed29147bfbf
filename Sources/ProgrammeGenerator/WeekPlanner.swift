import Catalog
import TrainingCalendar

/// Plans a week session by session, carrying what the week has used so far: sets per muscle,
/// the exercises of each session family (so that Push B varies Push A where exercises rank
/// equally), the exercises of the day before (never repeated on the next day), and the priority
/// slots filled.
struct WeekPlanner {
    /// An exercise a session has taken, in the order its slots were filled.
    struct Pick {
        var exercise: Int
        var isCompound: Bool
        var isPriority: Bool
        /// The rules' sets (trimmed to the muscle's caps) before any time fitting.
        var tableSets: Int
        /// What besides its role sets the exercise's reps and rest.
        var load: LoadProfile
    }

    /// A slot of a session's template as the session takes it: a core slot, a priority
    /// muscle's extra isolation slot, or another.
    typealias Entry = (slot: Slot, isCore: Bool, isPriorityExtra: Bool)

    /// What one session has so far.
    struct SessionState {
        var picks: [Pick] = []
        /// The canonical groups taken, by `GeneratorCatalog.Traits.group`.
        var canonicalGroups: Set<Int> = []
        /// Sets per primary muscle, by `GeneratorCatalog.muscleIDs` number.
        var setsByMuscle: [Int]
        var compounds: Int { picks.count { $0.isCompound } }
    }

    /// A slot under `exclude` whose own target was all contraindicated, filled from a fallback.
    struct Refill {
        var dayName: String
        var slot: String
        var joints: [String]
        var exercise: String
    }

    let catalog: GeneratorCatalog
    let profile: TrainingProfile
    let options: GeneratorOptions

    /// Per exercise: its equipment is available.
    let equipmentAllows: [Bool]
    /// Per exercise: the recorded injuries (joint names) it may aggravate.
    let injuredJoints: [[String]]
    let prioritySlugs: Set<String>
    /// Per muscle number: a priority.
    let isPriorityMuscle: [Bool]
    /// The priority muscles' slugs, in the questionnaire's order.
    let priorityOrder: [String]
    /// The user selected equipment besides Bodyweight: loaded exercises rank first.
    let ownsEquipment: Bool

    /// Per muscle: the fewest sets the week's exercises so far may come down to. A new exercise
    /// fits the weekly cap when this stays within it.
    private(set) var weeklyFewest: [Int]
    private(set) var exercisesByFamily: [SessionKind: Set<Int>] = [:]
    private(set) var usedThisWeek: Set<Int> = []
    private(set) var previousDay: (weekday: Weekday, exercises: Set<Int>, warmUps: Set<Int>)?
    private(set) var prioritySlotsFilled: [String: Int] = [:]
    private(set) var emptySessions: [String] = []
    /// Sessions under their duration's exercise count, with the count.
    private(set) var shortSessions: [(dayName: String, count: Int)] = []
    private(set) var refills: [Refill] = []

    init(catalog: GeneratorCatalog, profile: TrainingProfile, options: GeneratorOptions) {
        self.catalog = catalog
        self.profile = profile
        self.options = options
        let allowedNeeds = catalog.equipmentNeeds.map {
            profile.equipment.allows(categorySlug: $0.category, itemSlug: $0.item)
        }
        equipmentAllows = catalog.equipmentNeedIndex.map { allowedNeeds[$0] }
        // Joint by joint, in the catalogue's joint order: each exercise's joints stay sorted.
        let injured = Set(profile.injuries.map(\.slug))
        var joints: [[String]] = Array(repeating: [], count: catalog.exercises.count)
        for (jointSlug, name) in catalog.jointOrder where injured.contains(jointSlug) {
            for index in catalog.exercisesByJoint[jointSlug] ?? [] { joints[index].append(name) }
        }
        injuredJoints = joints
        priorityOrder = profile.priorityMuscles.map(\.slug)
        prioritySlugs = Set(priorityOrder)
        isPriorityMuscle = catalog.muscleSlugList.map(prioritySlugs.contains)
        weeklyFewest = Array(repeating: 0, count: catalog.muscleSlugList.count)
        ownsEquipment = profile.equipment.categories.keys.contains { $0 != EquipmentSelection.bodyweightCategory }
    }

    /// A session chosen but not yet prescribed: its exercises' sets settle once the whole week
    /// is known (the weekly caps), then each session fits its time.
    struct PlannedSession {
        var scheduled: ScheduledSession
        var number: Int
        var picks: [Pick]
        var emptySlots: [EmptySlot]
        var warmUp: [WarmUpExercise]
    }

    /// Chooses the exercises of the session `number` (1-based) of the week.
    mutating func planSession(
        _ scheduled: ScheduledSession, number: Int, using generator: inout some RandomNumberGenerator
    ) -> PlannedSession {
        let duration = profile.sessionDuration
        let template = scheduled.kind.template(isSecond: scheduled.isSecond)
        var session = SessionState(setsByMuscle: Array(repeating: 0, count: catalog.muscleSlugList.count))
        var failures: [(slot: Slot, cause: EmptyCause, isCore: Bool)] = []
        let entries = orderedEntries(template, kind: scheduled.kind)
        // A slot beyond the core whose best exercise carries an injury warning waits (unless it
        // trains a priority muscle): the session's other slots fill first, and it is taken only
        // to reach the session's lower count (a warning only where nothing safer fills the
        // session).
        var deferred: [Entry] = []
        var pending = entries[...]
        while session.picks.count < duration.exerciseCount.upperBound {
            let entry: Entry
            var waited = false
            if let next = pending.popFirst() {
                entry = next
            } else if session.picks.count < duration.exerciseCount.lowerBound, !deferred.isEmpty {
                entry = deferred.removeFirst()
                waited = true
            } else {
                break
            }
            let (slot, isCore, isPriorityExtra) = entry
            let filled = fill(slot, session: session, scheduled: scheduled, using: &generator)
            if !isCore, !waited, case .picked(let index, _) = filled, !injuredJoints[index].isEmpty,
                !isPriorityMuscle[catalog.muscleIDs[index]]
            {
                deferred.append(entry)
                continue
            }
            switch filled {
            case .picked(let index, let refilledFor):
                take(index, into: &session)
                if isPriorityExtra { prioritySlotsFilled[catalog.muscleSlugs[index], default: 0] += 1 }
                if let joints = refilledFor {
                    refills.append(Refill(
                        dayName: scheduled.dayName, slot: slot.name, joints: joints,
                        exercise: catalog.exercises[index].displayName))
                }
            case .empty(let cause):
                if !isPriorityExtra { failures.append((slot, cause, isCore)) }
            }
        }
        remember(session, scheduled: scheduled)
        let warmUp = WarmUpPlanner(planner: self).warmUp(
            for: scheduled, trained: Set(session.picks.map { catalog.muscleSlugs[$0.exercise] }),
            avoiding: previousDay?.weekday.offsetFromMonday == scheduled.weekday.offsetFromMonday - 1
                ? previousDay?.warmUps ?? [] : [],
            rotation: number)
        previousDay = (
            scheduled.weekday, Set(session.picks.map(\.exercise)),
            Set(warmUp.compactMap { catalog.indexByID[$0.exerciseId] })
        )
        if session.picks.isEmpty {
            emptySessions.append(scheduled.dayName)
        } else if session.picks.count < duration.exerciseCount.lowerBound {
            shortSessions.append((scheduled.dayName, session.picks.count))
        }
        return PlannedSession(
            scheduled: scheduled, number: number, picks: session.picks,
            emptySlots: reportedEmptySlots(failures, count: session.picks.count), warmUp: warmUp)
    }

    /// The week's sessions as the programme gives them: each muscle brought within its weekly
    /// cap, then each session fitted to its time.
    func finish(_ week: [PlannedSession]) -> [ProgrammeSession] {
        var week = week
        WeeklyCap(limit: options.maximumSetsPerMusclePerWeek, muscleSlugs: catalog.muscleSlugs).apply(to: &week)
        return week.map { planned in
            let sessionID = "day-\(planned.number)"
            let exercises = prescribed(planned.picks, sessionID: sessionID)
            let seconds = exercises.reduce(Self.warmUpSeconds) { $0 + $1.prescription.seconds }
            return ProgrammeSession(
                id: sessionID, dayName: planned.scheduled.dayName, weekday: planned.scheduled.weekday,
                estimatedMinutes: exercises.isEmpty ? 0 : (seconds + 30) / 60, warmUp: planned.warmUp,
                exercises: exercises, emptySlots: planned.emptySlots)
        }
    }

    static let warmUpSeconds = 5 * 60

    /// The session's slots in the order they are filled. Core slots first. Then the priority
    /// muscles take turns in the questionnaire's order, one slot each per round: first the
    /// template's own slots that train the muscle, then its extra isolation slot (while the week
    /// has given it fewer than its quota), so that each priority gets an exercise before any gets
    /// a second. Then the template's other slots. Priority work is added after the core, and
    /// never crowds out the template's own work for the muscle.
    private func orderedEntries(
        _ template: SessionTemplate, kind: SessionKind
    ) -> [Entry] {
        var entries = template.core.map { (slot: $0, isCore: true, isPriorityExtra: false) }
        var favoured: [Slot] = []
        var queues: [[Entry]] = zip(
            profile.priorityMuscles, priorityOrder
        ).map { muscle, muscleSlug in
            let own = template.others.filter { slot in
                !favoured.contains(slot)
                    && slot.choices.first.map { catalog.dominantMuscle(of: $0.target) } == muscleSlug
            }
            favoured += own
            let hasQuota = kind.trains(muscleSlug: muscleSlug)
                && prioritySlotsFilled[muscleSlug, default: 0] < options.priorityIsolationSessionsPerWeek
            let extra = hasQuota ? [(Slot.priorityIsolation(muscle: muscle), false, true)] : []
            return own.map { ($0, false, false) } + extra
        }
        while queues.contains(where: { !$0.isEmpty }) {
            for index in queues.indices where !queues[index].isEmpty {
                entries.append(queues[index].removeFirst())
            }
        }
        return entries + template.others.filter { !favoured.contains($0) }.map { ($0, false, false) }
    }

    private mutating func take(_ index: Int, into session: inout SessionState) {
        let exercise = catalog.traits[index]
        let muscle = catalog.muscleIDs[index]
        let sets = cappedSets(index, session: session)
        session.picks.append(Pick(
            exercise: index, isCompound: !exercise.isIsolation, isPriority: isPriorityMuscle[muscle], tableSets: sets,
            load: catalog.loads[index]))
        session.canonicalGroups.insert(exercise.group)
        session.setsByMuscle[muscle] += sets
        weeklyFewest[muscle] += min(sets, fewestSets(index))
    }

    /// The fewest sets an exercise may be left with by the caps or the time: 2 for isolation,
    /// 3 for a compound (or the table's, when fewer).
    func fewestSets(_ index: Int) -> Int {
        min(tableSets(index), catalog.traits[index].isIsolation ? ExerciseRole.accessory.minimumSets : 3)
    }

    private mutating func remember(_ session: SessionState, scheduled: ScheduledSession) {
        for pick in session.picks {
            exercisesByFamily[scheduled.kind.family, default: []].insert(pick.exercise)
            usedThisWeek.insert(pick.exercise)
        }
    }

    /// The rules' sets for an exercise (business rules §3), before time fitting.
    func tableSets(_ index: Int) -> Int {
        profile.experience.sets(isIsolation: catalog.traits[index].isIsolation)
            + (isPriorityMuscle[catalog.muscleIDs[index]] ? 1 : 0)
    }

    /// The rules' sets, trimmed to what the muscle's session cap leaves (the weekly cap trims
    /// once the week is known).
    func cappedSets(_ index: Int, session: SessionState) -> Int {
        min(
            tableSets(index),
            options.maximumSetsPerMusclePerSession - session.setsByMuscle[catalog.muscleIDs[index]])
    }

    /// "a", "a and b", "a, b and c" (or another conjunction).
    static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
        }
    }
}
