/// What `traindb gymtrack challenge` and `stats` print for people.
extension ChallengeCard {
    /// `Daily challenge 2026-01-05: 2/3 sets (partial)` and the streak and counts.
    public var text: String {
        "Daily challenge \(date): \(sets)/3 sets (\(status.rawValue))\n"
            + "Challenge streak: \(Duration.days(streak.current)) (longest \(streak.longest)) · "
            + "past 365 days: \(past365Days) · this year: \(yearToDate)\n"
    }
}

extension QuickStats {
    /// `This week: 3 sessions · this month: 9 · last session: C on 2026-03-04`.
    public var text: String {
        let week = sessionsThisWeek == 1 ? "1 session" : "\(sessionsThisWeek) sessions"
        return "This week: \(week) · this month: \(sessionsThisMonth) · last session: "
            + (lastSession?.text ?? "none") + "\n"
    }
}

extension GymStats {
    /// The Main Screen's numbers, then the Stats Screen's.
    public var text: String {
        var lines = [
            "GymTrack on \(today)",
            "Gym streak: \(Duration.days(gymStreak.current)) (longest \(gymStreak.longest))",
        ]
        var text = lines.joined(separator: "\n") + "\n" + quick.text + challenge.text
        lines = ["Sessions by week (Monday, sessions, of which partial):"]
        lines += weekly.map { "  \($0.start)  \($0.sessions)" + ($0.partial > 0 ? "  (\($0.partial) partial)" : "") }
        lines.append("Sessions by month:")
        lines += monthly.map {
            "  \(String($0.start.description.prefix(7)))  \($0.sessions)"
                + ($0.partial > 0 ? "  (\($0.partial) partial)" : "")
        }
        lines.append(
            "Distribution: "
                + distribution.map { "\($0.type.rawValue) \($0.sessions) (\($0.percent)%)" }
                .joined(separator: " · "))
        lines.append(
            "Challenge heatmap \(heatmap.firstDay) to \(heatmap.lastDay): \(heatmap.completeDays) complete days, "
                + "\(heatmap.daysWithSets) with sets")
        text += lines.joined(separator: "\n") + "\n"
        return text
    }
}
