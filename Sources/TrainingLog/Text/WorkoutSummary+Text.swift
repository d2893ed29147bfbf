extension WorkoutSummary {
    /// The completion summary: the session, date, duration and totals, then each exercise with
    /// its sets, `+N` and rosette.
    public var text: String {
        var lines = ["\(sessionName) workout · \(date) · took \(duration)"]
        if firstTime {
            lines.append("  First time completing this workout!")
        } else {
            let reps = increasedReps ?? 0
            let load = unit.text(increasedLoadKg ?? 0)
            lines.append(
                "  Total increased reps: \(reps > 0 ? "+" : "")\(reps) · Total increased load: "
                    + "\((increasedLoadKg ?? 0) > 0 ? "+" : "")\(load)")
        }
        for exercise in exercises {
            lines.append(contentsOf: exercise.lines(indent: "  ", title: exercise.exerciseName, unit: unit))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ExerciseEntry {
    /// `Barbell Bench Press · 2400 kg · progressed`, then `Set 1: 60 kg × 10 +1` lines.
    func lines(indent: String, title: String, unit: WeightUnit) -> [String] {
        var head = "\(indent)\(title) · volume \(unit.text(volumeKg))"
        if progressed { head += " · progressed" }
        if !records.isEmpty {
            head += " · PR: " + records.map { $0.replacingOccurrences(of: "_", with: " ") }.joined(separator: ", ")
        }
        return [head] + sets.map { set in "\(indent)  \(set.line)" + (set.gain.map { "  \($0)" } ?? "") }
    }
}

extension ExerciseHistory {
    /// The exercise's history: best set, start weight, then one card per workout, newest first.
    public var text: String {
        var lines = [exerciseName + (retired ? " (retired from programmes)" : "")]
        guard let bestSet, let startWeight else {
            lines.append("No history yet. Complete your first set!")
            return lines.joined(separator: "\n") + "\n"
        }
        let best = "Best set: \(bestSet.weight) × \(bestSet.reps)"
        lines.append("\(best) · Start weight: \(startWeight) · \(entries.count) workouts")
        for entry in entries {
            lines.append(
                contentsOf: entry.lines(indent: "  ", title: "\(entry.date) · \(entry.sessionName)", unit: unit))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Array where Element == WorkoutSummary {
    /// The workout history, newest first.
    public var text: String {
        isEmpty ? "No completed workout yet.\n" : map(\.text).joined(separator: "\n")
    }
}
