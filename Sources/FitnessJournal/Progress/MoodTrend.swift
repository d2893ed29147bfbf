import TrainingCalendar

/// How the user's mood moved over a period: each day's mood (its last check-in's), the average
/// score (great 5 … not great 1), and the direction.
public struct MoodTrend: Codable, Hashable, Sendable {
    /// One day's mood.
    public struct Point: Codable, Hashable, Sendable {
        public var date: CalendarDate
        public var mood: Mood
        public var score: Int
        public var energyLevel: Int

        public init(date: CalendarDate, mood: Mood, energyLevel: Int) {
            self.date = date
            self.mood = mood
            self.score = mood.score
            self.energyLevel = energyLevel
        }
    }

    public enum Direction: String, Codable, Hashable, Sendable {
        case improving, steady, declining
    }

    /// Days with a check-in, oldest first.
    public var points: [Point]
    /// The mean of the points' scores, to one decimal; nil without points.
    public var averageScore: Double?
    /// The later half's mean score against the earlier half's (the middle day of an odd count
    /// in neither): improving or declining when they differ by half a point or more, else
    /// steady; nil with fewer than two days.
    public var direction: Direction?

    public init(points: [Point]) {
        self.points = points
        let scores = points.map { Double($0.score) }
        averageScore = scores.isEmpty ? nil : Self.oneDecimal(scores.reduce(0, +) / Double(scores.count))
        guard scores.count >= 2 else {
            direction = nil
            return
        }
        let half = scores.count / 2
        let earlier = scores.prefix(half).reduce(0, +) / Double(half)
        let later = scores.suffix(half).reduce(0, +) / Double(half)
        switch later - earlier {
        case 0.5...: direction = .improving
        case ...(-0.5): direction = .declining
        default: direction = .steady
        }
    }

    static func oneDecimal(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
