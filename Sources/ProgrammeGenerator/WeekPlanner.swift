import Catalog
import TrainingCalendar

/// Plans a week session by session, carrying what the week has used so far: sets per muscle
/// (against the weekly floors and ceilings), the exercises of each session family (so that
/// Push B varies Push A), the exercises of the day before (never repeated on the next day), and
/// the priority slots filled.
struct WeekPlanner {
    /// An exercise a session has taken. Once the session is planned, compounds come first, in
    /// the order of `leadOrder`, then isolation exercises in the order their slots took them.
    struct Pick {
        var exercise: Int
        var isCompound: Bool
        var isPriority: Bool
        /// The rules' sets (trimmed to the muscle's caps) before any time fitting.
        var tableSets: Int
        /// What besides its role sets the exercise's reps and rest.
        var load: LoadProfile
    }

    /// A slot of a session's template as the session takes it.
    struct Entry {
        var slot: Slot
        /// One of the template's core slots: what makes the session what it is.
        var isCore: Bool
        /// A priority muscle's extra isolation slot.
        var isPriorityExtra: Bool = false
        /// Ordered for a priority muscle (its own template slots and its extra slot).
        var isFavoured: Bool = false
    }

    /// What one session has so far.
    struct SessionState {
        var picks: [Pick] = []
        /// The canonical groups taken, by `GeneratorCatalog.Traits.group`.
        var canonicalGroups: Marks
        /// Sets per primary muscle, by `GeneratorCatalog.muscleIDs` number.
        var setsByMuscle: [Int]
        /// Half-sets per muscle (2 per set of a primary muscle, 1 per set of a secondary one), by
        /// muscle number: what the session gives the weekly floors.
        var halvesByMuscle: [Int]
        /// The exercises of the session the calendar day before, never repeated.
        let yesterday: Marks
        /// Whether one more exercise fits the session's time, as the session stands.
        var budget: TimeBudget
        var compounds: Int { picks.count { $0.isCompound } }

        init(catalog: GeneratorCatalog, yesterday: Set<Int>, profile: TrainingProfile) {
            setsByMuscle = Array(repeating: 0, count: catalog.muscleSlugList.count)
            halvesByMuscle = Array(repeating: 0, count: catalog.muscleSlugList.count)
            canonicalGroups = Marks(count: catalog.groupCount)
            var marks = Marks(count: catalog.exercises.count)
            for exercise in yesterday { marks.insert(exercise) }
            self.yesterday = marks
            budget = TimeBudget(profile: profile, picks: [])
        }
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
    /// Per exercise: the recorded injuries it may load (contraindicated, or allowed with a cue),
    /// by joint slug.
    let risks: [[JointRisk]]
    /// Per exercise: how much `risks` weighs (`[JointRisk].weight`), and whether it holds a
    /// contraindicated joint (a warning): what every candidate is ranked and filtered on.
    let riskWeight: [Int]
    let isWarned: [Bool]
    let prioritySlugs: Set<String>
    /// Per muscle number: a priority.
    let isPriorityMuscle: [Bool]
    /// The priority muscles' slugs, in the questionnaire's order.
    let priorityOrder: [String]
    /// The user selected equipment besides Bodyweight: loaded exercises rank first.
    let ownsEquipment: Bool
    /// The weekly floors and ceilings per muscle.
    let volume: WeeklyVolume
    /// The week's sessions, in order.
    let schedule: [ScheduledSession]
    let warmUpPlanner: WarmUpPlanner
    private let muscleNumbers: [String: Int]

    /// Per muscle: the fewest sets the week's exercises so far may come down to. A new exercise
    /// fits the weekly cap when this stays within it.
    private(set) var weeklyFewest: [Int]
    /// Per muscle: the half-sets the week's exercises so far give it (see `SessionState`).
    private(set) var weeklyHalves: [Int]
    private(set) var exercisesByFamily: [SessionKind: Marks] = [:]
    private(set) var usedThisWeek: Marks
    private(set) var previousDay: (weekday: Weekday, exercises: Set<Int>, warmUps: Set<Int>)?
    private(set) var prioritySlotsFilled: [String: Int] = [:]
    private(set) var emptySessions: [String] = []
    /// Priority muscles (slugs) whose extra isolation slot waited for a warning.
    private(set) var warnedPriorities: Set<String> = []
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
        // Joint by joint, by slug (the order of each exercise's `jointRisks`).
        var risks: [[JointRisk]] = Array(repeating: [], count: catalog.exercises.count)
        for joint in Set(profile.injuries.map(\.slug)).sorted() {
            for (exercise, risk) in catalog.risksByJoint[joint] ?? [] { risks[exercise].append(risk) }
        }
        self.risks = risks
        riskWeight = risks.map(\.weight)
        isWarned = risks.map(\.isWarned)
        priorityOrder = profile.priorityMuscles.map(\.slug)
        prioritySlugs = Set(priorityOrder)
        isPriorityMuscle = catalog.muscleSlugList.map(prioritySlugs.contains)
        weeklyFewest = Array(repeating: 0, count: catalog.muscleSlugList.count)
        weeklyHalves = Array(repeating: 0, count: catalog.muscleSlugList.count)
        usedThisWeek = Marks(count: catalog.exercises.count)
        ownsEquipment = profile.equipment.categories.keys.contains { $0 != EquipmentSelection.bodyweightCategory }
        volume = WeeklyVolume(
            muscleSlugs: catalog.muscleSlugList, profile: profile, isPriority: isPriorityMuscle,
            weeklyMaximum: options.maximumSetsPerMusclePerWeek)
        schedule = profile.split?.sessions(daysPerWeek: profile.daysPerWeek) ?? []
        warmUpPlanner = WarmUpPlanner(
            catalog: catalog, equipmentAllows: equipmentAllows, risks: risks,
            ceiling: profile.experience.complexityCeiling)
        muscleNumbers = catalog.muscleNumberBySlug
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
    ///
    /// Slots are filled core first, then priority work, then the template's other slots, those
    /// for a muscle still short of its weekly floor first. A slot whose best exercise carries
    /// an injury warning is dropped when the session already trains that exercise's muscle
    /// without a warning (priority work at once, in its turn); else it waits (priority work
    /// does not): the session's other slots fill first, so that a warning is left only where
    /// nothing safer fills the session. Then each waiting slot is dropped, or taken: a core slot
    /// always, another only to reach the session's lower count.
    mutating func planSession(
        _ scheduled: ScheduledSession, number: Int, using generator: inout some RandomNumberGenerator
    ) -> PlannedSession {
        let band = profile.sessionDuration.exerciseCount
        let template = scheduled.kind.template(isSecond: scheduled.isSecond)
        var session = SessionState(
            catalog: catalog, yesterday: exercisesOfDay(before: scheduled.weekday),
            profile: profile)
        var failures: [(slot: Slot, cause: EmptyCause, isCore: Bool)] = []
        var dropped: [EmptySlot] = []
        let targets = floorTargets(from: number)
        var pending = orderedEntries(template, kind: scheduled.kind)
        var waiting: [Entry] = []
        // Core slots that wait keep their places in the session.
        while !pending.isEmpty, session.picks.count + waiting.count(where: \.isCore) < band.upperBound {
            let next = nextEntry(
                in: pending, session: session, targets: targets, scheduled: scheduled, using: &generator)
            let entry = pending.remove(at: next.offset)
            let filled = next.fill ?? fill(entry.slot, session: session, scheduled: scheduled, using: &generator)
            if case .picked(let index, _) = filled, isWarned[index] {
                if entry.isPriorityExtra { warnedPriorities.insert(catalog.muscleSlugs[index]) }
                // Priority work keeps its turn (and its time), unless the session already
                // trains the muscle without a warning.
                guard entry.isFavoured else {
                    waiting.append(entry)
                    continue
                }
                if let trainer = unwarnedTrainer(of: catalog.muscleIDs[index], in: session) {
                    drop(droppedSlot(entry.slot, warned: index, trainer: trainer), into: &dropped)
                    continue
                }
            }
            take(filled, for: entry, into: &session, failures: &failures, scheduled: scheduled)
        }
        for entry in waiting where session.picks.count < band.upperBound {
            let filled = fill(entry.slot, session: session, scheduled: scheduled, using: &generator)
            if case .picked(let index, _) = filled, isWarned[index] {
                // A core slot is taken where nothing trains its muscle without a warning;
                // another only to reach the session's lower count.
                let mayTake = entry.isCore || session.picks.count < band.lowerBound
                if let trainer = unwarnedTrainer(of: catalog.muscleIDs[index], in: session) {
                    if mayTake { drop(droppedSlot(entry.slot, warned: index, trainer: trainer), into: &dropped) }
                    continue
                }
                guard mayTake else { continue }
            }
            take(filled, for: entry, into: &session, failures: &failures, scheduled: scheduled)
        }
        session.picks = leadOrder(session.picks)
        remember(session, scheduled: scheduled)
        let warmUp = warmUpPlanner.warmUp(
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
        } else if session.picks.count < band.lowerBound {
            shortSessions.append((scheduled.dayName, session.picks.count))
        }
        return PlannedSession(
            scheduled: scheduled, number: number, picks: session.picks,
            emptySlots: dropped + reportedEmptySlots(failures, count: session.picks.count), warmUp: warmUp)
    }

    /// Records what a slot got: the exercise taken, or why it stayed empty.
    private mutating func take(
        _ filled: Fill, for entry: Entry, into session: inout SessionState,
        failures: inout [(slot: Slot, cause: EmptyCause, isCore: Bool)], scheduled: ScheduledSession
    ) {
        switch filled {
        case .picked(let index, let refilledFor):
            take(index, into: &session)
            if entry.isPriorityExtra { prioritySlotsFilled[catalog.muscleSlugs[index], default: 0] += 1 }
            if let joints = refilledFor {
                refills.append(Refill(
                    dayName: scheduled.dayName, slot: entry.slot.name, joints: joints,
                    exercise: catalog.exercises[index].displayName))
            }
        case .empty(let cause):
            if !entry.isPriorityExtra { failures.append((entry.slot, cause, entry.isCore)) }
        }
    }

    /// The week's sessions as the programme gives them: each muscle brought within its weekly
    /// cap, then up to its weekly floor where a set fits, then each session fitted to its time;
    /// and the floors it could not reach.
    func finish(_ week: [PlannedSession]) -> (
        sessions: [ProgrammeSession], shortfalls: [(muscle: Int, sets: Double, floor: Int)]
    ) {
        var week = week
        WeeklyCap(limits: volume.limits, muscleIDs: catalog.muscleIDs).apply(to: &week)
        raiseToFloors(&week)
        let sessions = week.map { planned in
            let sessionID = "day-\(planned.number)"
            let exercises = prescribed(planned.picks, sessionID: sessionID)
            let seconds = exercises.reduce(Self.warmUpSeconds) { $0 + $1.prescription.seconds }
            return ProgrammeSession(
                id: sessionID, dayName: planned.scheduled.dayName, weekday: planned.scheduled.weekday,
                estimatedMinutes: exercises.isEmpty ? 0 : (seconds + 30) / 60, warmUp: planned.warmUp,
                exercises: exercises, emptySlots: planned.emptySlots)
        }
        return (sessions, shortfalls(of: week))
    }

    static let warmUpSeconds = 5 * 60

    /// The session's slots in the order they are filled. Core slots first. Then the priority
    /// muscles take turns in the questionnaire's order, one slot each per round: first the
    /// template's own slots that train the muscle, then its extra isolation slot (while the week
    /// has given it fewer than its quota), so that each priority gets an exercise before any gets
    /// a second. Then the template's other slots. Priority work is added after the core, and
    /// never crowds out the template's own work for the muscle.
    private func orderedEntries(_ template: SessionTemplate, kind: SessionKind) -> [Entry] {
        var entries = template.core.map { Entry(slot: $0, isCore: true) }
        guard !priorityOrder.isEmpty else { return entries + template.others.map { Entry(slot: $0, isCore: false) } }
        // The template's other slots, by position: those taken by a priority.
        var favoured = Array(repeating: false, count: template.others.count)
        var queues: [[Entry]] = zip(profile.priorityMuscles, priorityOrder).map { muscle, muscleSlug in
            let own = template.others.indices.filter { position in
                !favoured[position]
                    && slotMuscle(template.others[position]).map { catalog.muscleSlugList[$0] } == muscleSlug
            }
            for position in own { favoured[position] = true }
            let hasQuota = kind.trains(muscleSlug: muscleSlug)
                && prioritySlotsFilled[muscleSlug, default: 0] < options.priorityIsolationSessionsPerWeek
            let priority = Entry(
                slot: .priorityIsolation(muscle: muscle), isCore: false, isPriorityExtra: true, isFavoured: true)
            let extra = hasQuota ? [priority] : []
            return own.map { Entry(slot: template.others[$0], isCore: false, isFavoured: true) } + extra
        }
        while queues.contains(where: { !$0.isEmpty }) {
            for index in queues.indices where !queues[index].isEmpty {
                entries.append(queues[index].removeFirst())
            }
        }
        return entries
            + template.others.indices.filter { !favoured[$0] }.map { Entry(slot: template.others[$0], isCore: false) }
    }

    /// The next entry to fill, and what it gets when that was worked out to choose it: core
    /// slots and priority work in their turn; then, while this session still owes a muscle sets
    /// towards its weekly floor, the slot whose exercise brings the owed muscles the most (its
    /// primary muscle's sets, and half its secondary muscles'), the earlier on a tie; else the
    /// order of `orderedEntries`. Only slots that usually train an owed muscle are tried, each
    /// with its own copy of the random generator (the chosen one's copy carries on), and only
    /// while the most its muscles could bring can still beat the best found.
    private func nextEntry<Generator: RandomNumberGenerator>(
        in pending: [Entry], session: SessionState, targets: [Int], scheduled: ScheduledSession,
        using generator: inout Generator
    ) -> (offset: Int, fill: Fill?) {
        guard let first = pending.first, !first.isCore, !first.isFavoured else { return (0, nil) }
        let owed = targets.indices.map { max(0, targets[$0] - session.halvesByMuscle[$0]) }
        guard owed.contains(where: { $0 > 0 }) else { return (0, nil) }
        // The most a slot's exercise could bring: its best-owed primary muscle at two halves a
        // set, and every muscle it could train as secondary at one.
        let mostSets = profile.experience.sets(isIsolation: false) + 1
        let bounds = pending.enumerated().compactMap { offset, entry -> (offset: Int, bound: Int)? in
            guard let muscles = catalog.muscles(of: entry.slot), muscles.usual.contains(where: { owed[$0] > 0 })
            else { return nil }
            let primary = muscles.primaries.map { min(owed[$0], 2 * mostSets) }.max() ?? 0
            return (offset, primary + muscles.secondaries.reduce(0) { $0 + min(owed[$1], mostSets) })
        }.sorted { ($0.bound, $1.offset) > ($1.bound, $0.offset) }
        var best: (offset: Int, score: Int, fill: Fill, generator: Generator)?
        for (offset, bound) in bounds {
            if let best, bound < best.score { break }
            var trial = generator
            let filled = fill(pending[offset].slot, session: session, scheduled: scheduled, using: &trial)
            guard case .picked(let index, _) = filled else { continue }
            let sets = cappedSets(index, session: session)
            let score = min(owed[catalog.muscleIDs[index]], 2 * sets)
                + catalog.secondaryMuscleIDs[index].reduce(0) { $0 + min(owed[$1], sets) }
            if score > (best?.score ?? 0) || (score == best?.score && offset < best?.offset ?? 0) {
                best = (offset, score, filled, trial)
            }
        }
        guard let best else { return (0, nil) }
        generator = best.generator
        return (best.offset, best.fill)
    }

    /// Per muscle: the half-sets the session `number` (1-based) should give it, so that the week
    /// reaches the muscle's floor: what the floor still lacks, shared among this session and the
    /// later ones that train the muscle.
    private func floorTargets(from number: Int) -> [Int] {
        let remaining = schedule.dropFirst(number - 1)
        return catalog.muscleSlugList.indices.map { muscle in
            let lacking = volume.floorHalves[muscle] - weeklyHalves[muscle]
            guard lacking > 0 else { return 0 }
            let sessions = remaining.count { $0.kind.trains(muscleSlug: catalog.muscleSlugList[muscle]) }
            return sessions == 0 ? 0 : (lacking + sessions - 1) / sessions
        }
    }

    /// The muscle (number) a slot trains: the primary muscle most of its first target's
    /// exercises train.
    func slotMuscle(_ slot: Slot) -> Int? {
        slot.choices.first.flatMap { catalog.dominantMuscle(of: $0.target) }.flatMap { muscleNumbers[$0] }
    }

    /// The session's compounds ordered so that its main lifts (the first two) are the ones a
    /// coach leads with: exercises without an injury warning in the order their slots took
    /// them, then warned ones from the least warned (business rules §4); specialist moves, never
    /// a main lift, right after the main lifts. Then the isolation exercises, in slot order.
    private func leadOrder(_ picks: [Pick]) -> [Pick] {
        let compounds = picks.filter(\.isCompound)
        // Keyed once, so the sort's comparisons touch two integers and not the planner.
        let leads = compounds.filter { !$0.load.isSpecialist }.enumerated()
            .map { (key: warning($0.element) << 8 | $0.offset, pick: $0.element) }
            .sorted { $0.key < $1.key }.map(\.pick)
        let specialists = compounds.filter(\.load.isSpecialist)
        return Array(leads.prefix(2)) + specialists + leads.dropFirst(2) + picks.filter { !$0.isCompound }
    }

    /// How heavily a pick carries a warning: 0 without one (a cue is no warning).
    private func warning(_ pick: Pick) -> Int {
        isWarned[pick.exercise] ? riskWeight[pick.exercise] : 0
    }

    /// An exercise of the session that trains `muscle` (primary) without an injury warning.
    private func unwarnedTrainer(of muscle: Int, in session: SessionState) -> Int? {
        session.picks.first { catalog.muscleIDs[$0.exercise] == muscle && !isWarned[$0.exercise] }?.exercise
    }

    /// Records a slot left out, once per reason (a template may list a slot twice).
    private func drop(_ slot: EmptySlot, into dropped: inout [EmptySlot]) {
        if !dropped.contains(where: { $0.reason == slot.reason }) { dropped.append(slot) }
    }

    /// A slot left out because its best exercise carries a warning and `trainer` already
    /// trains that muscle without one.
    private func droppedSlot(_ slot: Slot, warned index: Int, trainer: Int) -> EmptySlot {
        let joints = risks[index].filter { !$0.isModified }.map { $0.joint.lowercased() }
        return EmptySlot(
            slot: slot.name,
            reason: "\(catalog.exercises[index].displayName), its best exercise, may aggravate the injury in your "
                + "\(Self.list(joints)) that you recorded, and \(catalog.exercises[trainer].displayName) already "
                + "trains your \(catalog.exercises[index].primaryMuscle.lowercased()) without a warning")
    }

    private mutating func take(_ index: Int, into session: inout SessionState) {
        let exercise = catalog.traits[index]
        let muscle = catalog.muscleIDs[index]
        let sets = cappedSets(index, session: session)
        session.picks.append(Pick(
            exercise: index, isCompound: !exercise.isIsolation, isPriority: isPriorityMuscle[muscle], tableSets: sets,
            load: catalog.loads[index]))
        session.canonicalGroups.insert(exercise.group)
        session.budget = TimeBudget(profile: profile, picks: session.picks)
        session.setsByMuscle[muscle] += sets
        weeklyFewest[muscle] += min(sets, fewestSets(index))
        for (target, halves) in [(muscle, 2 * sets)] + catalog.secondaryMuscleIDs[index].map({ ($0, sets) }) {
            session.halvesByMuscle[target] += halves
            weeklyHalves[target] += halves
        }
    }

    /// The fewest sets an exercise may be left with by the caps or the time: 2 for isolation,
    /// 3 for a compound (or the table's, when fewer).
    func fewestSets(_ index: Int) -> Int {
        min(tableSets(index), catalog.traits[index].isIsolation ? ExerciseRole.accessory.minimumSets : 3)
    }

    private mutating func remember(_ session: SessionState, scheduled: ScheduledSession) {
        for pick in session.picks {
            exercisesByFamily[scheduled.kind.family, default: Marks(count: catalog.exercises.count)]
                .insert(pick.exercise)
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
