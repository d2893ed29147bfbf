import TrainingCalendar

/// The stats of seed 002 §3.4, §3.5, §8 and §9 as of a day. Days after `today` (a clock set
/// back) count in nothing.
extension GymHistory {
    /// How many weeks and months the frequency lists cover.
    public static let frequencyPeriods = 12
    /// The heatmap's width in weeks.
    public static let heatmapWeeks = 52

    /// Every stat.
    public func stats(today: CalendarDate) -> GymStats {
        GymStats(
            today: today, gymStreak: gymStreak(today: today), quick: quickStats(today: today),
            challenge: challengeCard(today: today), weekly: weekly(today: today), monthly: monthly(today: today),
            distribution: distribution(today: today), heatmap: heatmapSummary(today: today))
    }

    /// Seed 002 §8.1 through the one streak function.
    public func gymStreak(today: CalendarDate) -> Streak {
        Streak(days: gymDays, today: today)
    }

    public func challengeCard(today: CalendarDate) -> ChallengeCard {
        let sets = challengeSets[today] ?? 0
        let complete = challengeDays.filter { $0 <= today }
        let yearStart = CalendarDate(year: today.year, month: 1, day: 1) ?? today
        return ChallengeCard(
            date: today, sets: sets, status: ChallengeCounter.status(sets),
            streak: Streak(days: complete, today: today),
            past365Days: complete.count { $0.days(since: today) > -365 },
            yearToDate: complete.count { $0 >= yearStart })
    }

    public func quickStats(today: CalendarDate) -> QuickStats {
        let week = TrainingWeek(containing: today)
        var thisWeek = 0
        var thisMonth = 0
        var last: Session?
        for session in sessions where session.date <= today {
            if week.contains(session.date) && session.date <= today { thisWeek += 1 }
            if session.date.year == today.year && session.date.month == today.month { thisMonth += 1 }
            last = session
        }
        return QuickStats(
            today: today, sessionsThisWeek: thisWeek, sessionsThisMonth: thisMonth,
            lastSession: last.map { SessionSummary(type: $0.type, date: $0.date, isPartial: $0.isPartial) })
    }

    /// Sessions per training week, the 12 weeks ending with today's.
    public func weekly(today: CalendarDate) -> [PeriodCount] {
        let last = TrainingWeek(containing: today)
        let first = last.adding(weeks: -(Self.frequencyPeriods - 1))
        return count(
            periods: (0..<Self.frequencyPeriods).map { first.adding(weeks: $0).monday }, today: today,
            index: { date in
                let weeks = TrainingWeek(containing: date).weeks(since: first)
                return (0..<Self.frequencyPeriods).contains(weeks) ? weeks : nil
            })
    }

    /// Sessions per calendar month, the 12 months ending with today's.
    public func monthly(today: CalendarDate) -> [PeriodCount] {
        let lastIndex = today.year * 12 + today.month - 1
        let firstIndex = lastIndex - (Self.frequencyPeriods - 1)
        let starts = (firstIndex...lastIndex).compactMap { CalendarDate(year: $0 / 12, month: $0 % 12 + 1, day: 1) }
        return count(
            periods: starts, today: today,
            index: { date in
                let offset = date.year * 12 + date.month - 1 - firstIndex
                return (0..<Self.frequencyPeriods).contains(offset) ? offset : nil
            })
    }

    /// A, B and C over every session up to today.
    public func distribution(today: CalendarDate) -> [TypeShare] {
        var counts: [SessionType: Int] = [:]
        for session in sessions where session.date <= today {
            counts[session.type, default: 0] += 1
        }
        let total = counts.values.reduce(0, +)
        return SessionType.allCases.map { type in
            let sessions = counts[type] ?? 0
            let percent = total == 0 ? 0 : Int((Double(sessions) * 100 / Double(total)).rounded())
            return TypeShare(type: type, sessions: sessions, percent: percent)
        }
    }

    /// The first day of the 52-week grid ending with today's week.
    public static func heatmapFirstDay(today: CalendarDate) -> CalendarDate {
        TrainingWeek(containing: today).adding(weeks: -(heatmapWeeks - 1)).monday
    }

    /// Each day of the grid with at least one set, and its sets.
    public func heatmapSets(today: CalendarDate) -> [CalendarDate: Int] {
        let first = Self.heatmapFirstDay(today: today)
        return challengeSets.filter { $0.key >= first && $0.key <= today && $0.value > 0 }
    }

    public func heatmapSummary(today: CalendarDate) -> HeatmapSummary {
        let sets = heatmapSets(today: today)
        return HeatmapSummary(
            firstDay: Self.heatmapFirstDay(today: today), lastDay: today,
            completeDays: sets.values.count { $0 >= ChallengeCounter.setsPerDay }, daysWithSets: sets.count)
    }

    private func count(
        periods starts: [CalendarDate], today: CalendarDate, index: (CalendarDate) -> Int?
    ) -> [PeriodCount] {
        var sessionCounts = Array(repeating: 0, count: starts.count)
        var partialCounts = Array(repeating: 0, count: starts.count)
        for session in sessions where session.date <= today {
            guard let period = index(session.date), starts.indices.contains(period) else { continue }
            sessionCounts[period] += 1
            if session.isPartial { partialCounts[period] += 1 }
        }
        return starts.indices.map {
            PeriodCount(start: starts[$0], sessions: sessionCounts[$0], partial: partialCounts[$0])
        }
    }
}
