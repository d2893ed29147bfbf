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

    /// The report of `period` as of `today`.
    ///
    /// - Parameters:
    ///   - workouts: at least the workouts of the period (others are ignored).
    ///   - workoutDays: every day with a workout, for the streak.
    ///   - checkIns: at least the check-ins of the period, in the order they were saved.
    ///   - firstDay: the journal's first day with anything, for all time.
    public init(
        period: ProgressPeriod, today: CalendarDate, workouts: [WorkoutEntry], workoutDays: some Sequence<CalendarDate>,
        checkIns: [CheckIn], firstDay: CalendarDate?, weeklyGoal: Int
    ) {
        let range = period.days(today: today, firstDay: firstDay)
        self.period = period
        self.today = today
        self.firstDay = range.lowerBound
        self.lastDay = range.upperBound
        let start = range.lowerBound.dayNumber
        var days = (0...range.upperBound.days(since: range.lowerBound)).map {
            Day(date: range.lowerBound.adding(days: $0), workouts: 0, minutes: 0)
        }
        var inPeriod: [(type: ExerciseType, minutes: Int)] = []
        for workout in workouts where range.contains(workout.date) {
            let index = workout.date.dayNumber - start
            days[index].workouts += 1
            days[index].minutes += workout.durationMinutes
            inPeriod.append((workout.type, workout.durationMinutes))
        }
        self.days = days
        totalWorkouts = inPeriod.count
        totalMinutes = inPeriod.reduce(0) { $0 + $1.minutes }
        activeDays = days.count { $0.workouts > 0 }
        averageDurationMinutes =
            totalWorkouts == 0 ? nil : MoodTrend.oneDecimal(Double(totalMinutes) / Double(totalWorkouts))
        mostFrequentType = MostFrequentType.of(inPeriod)
        streak = Streak(days: workoutDays, today: today)

        var lastOfDay: [CalendarDate: CheckIn] = [:]
        for checkIn in checkIns where range.contains(checkIn.date) && checkIn.date <= today {
            lastOfDay[checkIn.date] = checkIn
        }
        moodTrend = MoodTrend(
            points: lastOfDay.values.sorted { $0.date < $1.date }.map {
                MoodTrend.Point(date: $0.date, mood: $0.mood, energyLevel: $0.energyLevel)
            })
        goal = Self.goal(days: days, today: today, weeklyGoal: weeklyGoal, workouts: workouts)
    }

    /// The weeks of the period up to today's, and this week's count (from every workout given,
    /// so a month that starts mid-week still counts this week whole).
    private static func goal(
        days: [Day], today: CalendarDate, weeklyGoal: Int, workouts: [WorkoutEntry]
    ) -> GoalProgress {
        let thisWeek = TrainingWeek(containing: today)
        var weeks: [(monday: CalendarDate, workouts: Int)] = []
        for day in days where day.date <= thisWeek.sunday {
            let monday = day.date.mondayOfWeek
            if weeks.last?.monday == monday {
                weeks[weeks.count - 1].workouts += day.workouts
            } else {
                weeks.append((monday, day.workouts))
            }
        }
        let thisWeekCount = workouts.count { thisWeek.contains($0.date) }
        return GoalProgress(goal: weeklyGoal, thisWeek: thisWeekCount, weeks: weeks)
    }
}
