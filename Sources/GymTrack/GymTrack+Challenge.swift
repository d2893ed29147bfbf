import GRDB
import TrainingCalendar
import UserStore

/// The daily challenge's counter (seed 002 §3.4).
extension GymTrack {
    /// One tap: one more set today, up to 3.
    @discardableResult
    public func tapChallenge() throws(GymTrackError) -> ChallengeCard {
        try write { db, now in
            let sets = try challengeSets(db, on: now.today)
            try storeChallenge(db, sets: ChallengeCounter.tap(sets), on: now.today)
            return try challengeCard(db, today: now.today)
        }
    }

    /// A correction: today's sets become `sets` (0-3).
    @discardableResult
    public func setChallenge(_ sets: Int) throws(GymTrackError) -> ChallengeCard {
        let corrected = try ChallengeCounter.corrected(to: sets)
        return try write { db, now in
            try storeChallenge(db, sets: corrected, on: now.today)
            return try challengeCard(db, today: now.today)
        }
    }

    /// The challenge card as of now.
    public func challengeCard() throws(GymTrackError) -> ChallengeCard {
        try read { db, now in try challengeCard(db, today: now.today) }
    }

    // MARK: - Inside a transaction

    func challengeSets(_ db: Database, on date: CalendarDate) throws -> Int {
        let statement = try db.cachedStatement(sql: "SELECT sets_completed FROM daily_challenge WHERE date = ?")
        return try Int.fetchOne(statement, arguments: [date.description]) ?? 0
    }

    func storeChallenge(_ db: Database, sets: Int, on date: CalendarDate) throws {
        try db.execute(
            literal: """
                INSERT INTO daily_challenge (id, date, sets_completed)
                VALUES (\(ids.next(at: clock.now())), \(date.description), \(sets))
                ON CONFLICT (date) DO UPDATE SET sets_completed = excluded.sets_completed
                """)
    }

    func challengeCard(_ db: Database, today: CalendarDate) throws -> ChallengeCard {
        let sql = "SELECT \(StoreSQL.dayNumberOfDate) FROM daily_challenge WHERE sets_completed = 3 AND date <= ?"
        var sets: [CalendarDate: Int] = [:]
        for day in try Int.fetchAll(db, sql: sql, arguments: [today.description]) {
            sets[CalendarDate(dayNumber: day)] = ChallengeCounter.setsPerDay
        }
        sets[today] = try challengeSets(db, on: today)
        return GymHistory(sessions: [], challengeSets: sets).challengeCard(today: today)
    }
}
