/// What `traindb gymtrack` prints for people.
extension NextSession {
    /// `Next: Day B — Cardio + Core`, its focus and the last session.
    public var text: String {
        var lines = ["Next: \(name)", focus]
        if let lastSession {
            lines.append("Last session: \(lastSession.text)")
        } else {
            lines.append("No session logged yet.")
        }
        if let openSession { lines.append("Day \(openSession.rawValue) is started: finish it first.") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SessionSummary {
    /// `A on 2026-01-05`, `B on 2026-01-06 (partial)`.
    public var text: String {
        "\(type.rawValue) on \(date)" + (isPartial ? " (partial)" : "")
    }
}

extension OpenSessionView {
    /// The header, one line per step (`[x]` when checked) and the count.
    public var text: String {
        var lines = ["\(name) · started \(startedAt) · \(Duration.text(elapsedSeconds)) elapsed"]
        for step in steps {
            var line = "  \(step.number). [\(step.checked ? "x" : " ")] \(step.title) — "
            line += [step.sets.map { "\($0) × \(step.amount)" } ?? step.amount, step.notes].compactMap { $0 }
                .joined(separator: " · ")
            lines.append(line)
        }
        var footer = "Checked \(checkedSteps) of \(totalSteps) steps · daily challenge today: \(challengeSets)/3"
        if finishingIsPartial { footer += " · finishing now logs a partial session" }
        lines.append(footer)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension FinishedSession {
    /// `Logged Day A — Upper Strength on 2026-01-05: 40:00, 9 of 9 steps.` and the streak.
    public var text: String {
        let steps = "\(checkedSteps) of \(totalSteps) steps"
        var lines = [
            isPartial
                ? "Logged \(name) on \(date) as a partial session: \(Duration.text(durationSeconds)), \(steps); "
                    + "it does not count for the streak."
                : "Logged \(name) on \(date): \(Duration.text(durationSeconds)), \(steps)."
        ]
        let streak = "Gym streak: \(Duration.days(gymStreak.current)) (longest \(gymStreak.longest))"
        lines.append("\(streak). Next: Day \(next.rawValue).")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Durations and counts as the text shows them.
enum Duration {
    /// `40:00`, `1:05:09`.
    static func text(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// `1 day`, `12 days`.
    static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }
}
