import Foundation
import GRDB
import TrainingCalendar

/// The rotation and the Exercise Screen: start, check steps, finish.
extension GymTrack {
    /// The workout to highlight (seed 002 §7).
    public func next() throws(GymTrackError) -> NextSession {
        try read { db, now in try nextSession(db, today: now.today) }
    }

    /// Starts a workout of `type` (any type, not only the highlighted one). Refused while
    /// another is open.
    @discardableResult
    public func start(_ type: SessionType) throws(GymTrackError) -> OpenSessionView {
        try write { db, now in
            if let open = try OpenSessionRecord.fetchOne(db) {
                throw GymTrackError(
                    .sessionOpen, "Day \(open.sessionType.rawValue) is already started: finish it first")
            }
            try OpenSessionRecord(sessionType: type, date: now.today.description, startedAt: now.moment).insert(db)
            return try openSessionView(db, now: now)
        }
    }

    /// The open workout, or nil.
    public func currentSession() throws(GymTrackError) -> OpenSessionView? {
        try read { db, now in
            try OpenSessionRecord.fetchOne(db) == nil ? nil : try openSessionView(db, now: now)
        }
    }

    /// Checks off step `number` (1 is the first). Checking the daily challenge's step adds one
    /// set to today's challenge (seed 002 §4.3); checking a step twice changes nothing.
    @discardableResult
    public func checkStep(_ number: Int) throws(GymTrackError) -> OpenSessionView {
        try write { db, now in
            let open = try requireOpenSession(db)
            try Self.checkOrder(now.moment, after: open)
            let steps = routine(open.sessionType).steps
            guard steps.indices.contains(number - 1) else {
                throw GymTrackError(
                    .unknownStep, "step must be 1 to \(steps.count) for Day \(open.sessionType.rawValue), not \(number)"
                )
            }
            guard try CheckedStepRecord.fetchOne(db, key: number) == nil else {
                return try openSessionView(db, now: now)
            }
            try CheckedStepRecord(step: number, checkedAt: now.moment).insert(db)
            if steps[number - 1].isDailyChallenge {
                let sets = try challengeSets(db, on: now.today)
                try storeChallenge(db, sets: ChallengeCounter.tap(sets), on: now.today)
            }
            return try openSessionView(db, now: now)
        }
    }

    /// Finishes the open workout and logs it (seed 002 §4.4): its type, the date it started,
    /// the moment it started and its duration. With fewer than half of its steps checked it is
    /// refused until `confirmingPartial` says Yes to "Log as partial session?", and is then
    /// logged as partial. `confirmingPartial` never makes a session with half its steps or more
    /// partial.
    @discardableResult
    public func finish(confirmingPartial: Bool = false) throws(GymTrackError) -> FinishedSession {
        try write { db, now in
            let open = try requireOpenSession(db)
            try Self.checkOrder(now.moment, after: open)
            let total = routine(open.sessionType).steps.count
            let checked = try CheckedStepRecord.fetchCount(db)
            let partial = FinishRule.isPartial(checked: checked, of: total)
            if partial && !confirmingPartial {
                throw GymTrackError(
                    .partialUnconfirmed,
                    "only \(checked) of \(total) steps are checked: log as partial session? (finish --partial)")
            }
            let record = SessionRecord(
                id: ids.next(at: now.moment), sessionType: open.sessionType, date: open.date, startedAt: open.startedAt,
                durationSeconds: max(0, Int(now.moment.timeIntervalSince(open.startedAt))), isPartial: partial)
            try record.insert(db)
            try CheckedStepRecord.deleteAll(db)
            try OpenSessionRecord.deleteAll(db)
            return FinishedSession(
                id: record.id, type: record.sessionType, name: routine(record.sessionType).name,
                date: try Self.date(record.date), startedAt: Timestamp.secondsText(record.startedAt),
                durationSeconds: record.durationSeconds, isPartial: partial, checkedSteps: checked, totalSteps: total,
                gymStreak: try gymStreak(db, today: now.today),
                next: try nextSession(db, today: now.today).next)
        }
    }

    // MARK: - Inside a transaction

    func requireOpenSession(_ db: Database) throws -> OpenSessionRecord {
        guard let open = try OpenSessionRecord.fetchOne(db) else {
            throw GymTrackError(.noOpenSession, "no workout is started: start A, B or C first")
        }
        return open
    }

    func nextSession(_ db: Database, today: CalendarDate) throws -> NextSession {
        let last = try SessionRecord.order(
            SessionRecord.Columns.date.desc, SessionRecord.Columns.startedAt.desc, Column.rowID.desc
        )
        .fetchOne(db)
        let typesToday = try SessionType.fetchSet(
            db,
            SessionRecord.select(SessionRecord.Columns.sessionType).filter(
                SessionRecord.Columns.date == today.description))
        let next = Rotation.next(after: last?.sessionType, doneToday: typesToday)
        return NextSession(
            today: today, next: next, name: routine(next).name, focus: routine(next).focus,
            lastSession: try last.map(Self.summary), openSession: try OpenSessionRecord.fetchOne(db)?.sessionType)
    }

    static func summary(_ record: SessionRecord) throws(GymTrackError) -> SessionSummary {
        SessionSummary(type: record.sessionType, date: try date(record.date), isPartial: record.isPartial)
    }

    /// A stored `date` (`YYYY-MM-DD`): a damaged one is an error, never today in its place.
    static func date(_ text: String) throws(GymTrackError) -> CalendarDate {
        guard let date = CalendarDate(text) else {
            throw GymTrackError(.storeUnreadable, "a session's date in the store is not a date: \"\(text)\"")
        }
        return date
    }

    /// Refuses an action at `moment` on a workout that started after it: a session's moments are
    /// in order (business rules §6), as the training log's are.
    static func checkOrder(_ moment: Date, after open: OpenSessionRecord) throws(GymTrackError) {
        guard moment < open.startedAt else { return }
        throw GymTrackError(
            .invalidMoment,
            "the moment \(Timestamp.secondsText(moment)) is before the workout started, "
                + "at \(Timestamp.secondsText(open.startedAt))")
    }

    private func openSessionView(_ db: Database, now: Now) throws -> OpenSessionView {
        let open = try requireOpenSession(db)
        let routine = routine(open.sessionType)
        let checked = Set(try Int.fetchAll(db, CheckedStepRecord.select(CheckedStepRecord.Columns.step)))
        let steps = routine.steps.enumerated().map { index, step in
            OpenSessionView.Step(
                number: index + 1, title: step.title, sets: step.sets, amount: step.amount,
                timerSeconds: step.timerSeconds, notes: step.notes, detail: step.detail, exerciseIds: step.exerciseIds,
                isDailyChallenge: step.isDailyChallenge, checked: checked.contains(index + 1))
        }
        return OpenSessionView(
            type: open.sessionType, name: routine.name, date: try Self.date(open.date),
            startedAt: Timestamp.secondsText(open.startedAt),
            elapsedSeconds: max(0, Int(now.moment.timeIntervalSince(open.startedAt))),
            checkedSteps: checked.count, totalSteps: steps.count,
            finishingIsPartial: FinishRule.isPartial(checked: checked.count, of: steps.count),
            challengeSets: try challengeSets(db, on: now.today), steps: steps)
    }
}

extension SessionType: DatabaseValueConvertible {}
