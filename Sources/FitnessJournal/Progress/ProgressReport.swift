import TrainingCalendar

/// The progress screen for one period: per-day workouts and minutes (the chart), the stats
/// summary, the streak, the mood trend and the weekly goal.
public struct ProgressReport: Codable, Hashable, Sendable {
    /// One day of the period.
    public struct Day: Codable, Hashable, Sendable {
        public var date: CalendarDate
        public var workouts: Int
        public var minutes: Int

        public init(date: CalendarDate, workouts: Int, minutes: Int) {
            self.date = date
            self.workouts = workouts
            self.minutes = minutes
        }
    }

    public var period: ProgressPeriod
    public var today: CalendarDate
    public var firstDay: CalendarDate
    public var lastDay: CalendarDate
    /// Every day from `firstDay` to `lastDay`, with or without workouts.
    public var days: [Day]
    public var totalWorkouts: Int
    public var totalMinutes: Int
    /// Days of the period with at least one workout.
    public var activeDays: Int
    /// Minutes per workout, to one decimal; nil without workouts.
    public var averageDurationMinutes: Double?
    public var mostFrequentType: MostFrequentType?
    /// Consecutive days with a workout, ending today or yesterday, over the whole journal; and
    /// the longest run up to today.
    public var streak: Streak
    public var moodTrend: MoodTrend
    public var goal: GoalProgress

    /// The report of `period` as of `today`, from totals a store has added up.
    ///
    /// - Parameters:
    ///   - firstDay: the journal's first day with anything, for all time.
    ///   - dayTotals: workouts and minutes per day (days outside the period are ignored).
    ///   - typeTallies: workouts and minutes per type, over the period.
    ///   - workoutDays: every day with a workout, for the streak.
    ///   - moods: each day's mood (its last check-in's), oldest first.
    ///   - thisWeek: workouts in the week holding today.
    public init(
        period: ProgressPeriod, today: CalendarDate, firstDay: CalendarDate?, dayTotals: some Sequence<Day>,
        typeTallies: [MostFrequentType], workoutDays: some Sequence<CalendarDate>, moods: [MoodTrend.Point],
        thisWeek: Int, weeklyGoal: Int
    ) {
        let range = period.days(today: today, firstDay: firstDay)
        self.period = period
        self.today = today
        self.firstDay = range.lowerBound
        self.lastDay = range.upperBound
        // Day numbers rather than dates inside the loops: ten years of days stay within a few ms.
        let start = range.lowerBound.dayNumber
        var days = (start...range.upperBound.dayNumber).map {
            Day(date: CalendarDate(dayNumber: $0), workouts: 0, minutes: 0)
        }
        for total in dayTotals {
            let index = total.date.dayNumber - start
            guard days.indices.contains(index) else { continue }
            days[index].workouts += total.workouts
            days[index].minutes += total.minutes
        }
        self.days = days
        totalWorkouts = days.reduce(0) { $0 + $1.workouts }
        totalMinutes = days.reduce(0) { $0 + $1.minutes }
        activeDays = days.count { $0.workouts > 0 }
        averageDurationMinutes =
            totalWorkouts == 0 ? nil : MoodTrend.oneDecimal(Double(totalMinutes) / Double(totalWorkouts))
        mostFrequentType = MostFrequentType.best(of: typeTallies)
        streak = Streak(days: workoutDays, today: today)
        moodTrend = MoodTrend(points: moods.filter { range.contains($0.date) && $0.date <= today })
        goal = Self.goal(days: days, start: start, today: today, weeklyGoal: weeklyGoal, thisWeek: thisWeek)
    }

    /// The report of `period` as of `today`, adding up the entries themselves.
    ///
    /// - Parameters:
    ///   - workouts: at least the workouts of the period and of this week (others are ignored).
    ///   - workoutDays: every day with a workout, for the streak.
    ///   - checkIns: at least the check-ins of the period, in the order they were saved.
    public init(
        period: ProgressPeriod, today: CalendarDate, workouts: [WorkoutEntry], workoutDays: some Sequence<CalendarDate>,
        checkIns: [CheckIn], firstDay: CalendarDate?, weeklyGoal: Int
    ) {
        let range = period.days(today: today, firstDay: firstDay)
        let inPeriod = workouts.filter { range.contains($0.date) }
        var lastOfDay: [CalendarDate: CheckIn] = [:]
        for checkIn in checkIns { lastOfDay[checkIn.date] = checkIn }
        let thisWeek = TrainingWeek(containing: today)
        self.init(
            period: period, today: today, firstDay: firstDay,
            dayTotals: inPeriod.map { Day(date: $0.date, workouts: 1, minutes: $0.durationMinutes) },
            typeTallies: ExerciseType.allCases.map { type in
                let ofType = inPeriod.filter { $0.type == type }
                return MostFrequentType(
                    type: type, workouts: ofType.count, minutes: ofType.reduce(0) { $0 + $1.durationMinutes })
            },
            workoutDays: workoutDays,
            moods: lastOfDay.values.sorted { $0.date < $1.date }.map {
                MoodTrend.Point(date: $0.date, mood: $0.mood, energyLevel: $0.energyLevel)
            },
            thisWeek: workouts.count { thisWeek.contains($0.date) }, weeklyGoal: weeklyGoal)
    }

    /// The weeks of the period up to today's.
    private static func goal(
        days: [Day], start: Int, today: CalendarDate, weeklyGoal: Int, thisWeek: Int
    ) -> GoalProgress {
        let firstMonday = CalendarDate(dayNumber: start).mondayOfWeek.dayNumber
        let lastSunday = TrainingWeek(containing: today).sunday.dayNumber
        var weeks: [(monday: CalendarDate, workouts: Int)] = []
        for (index, day) in days.enumerated() where start + index <= lastSunday {
            let week = (start + index - firstMonday) / 7
            if week == weeks.count {
                weeks.append((CalendarDate(dayNumber: firstMonday + 7 * week), 0))
            }
            weeks[week].workouts += day.workouts
        }
        return GoalProgress(goal: weeklyGoal, thisWeek: thisWeek, weeks: weeks)
    }
}
