extension WorkoutView {
    /// The workout overview: each exercise with its prescription, sets, counter and warm-up.
    public var text: String {
        var lines = ["\(sessionName) workout · \(RestTimer.clock(elapsedSeconds)) elapsed"]
        if let restTimer { lines.append("Rest \(restTimer.shown)") }
        for exercise in exercises {
            lines.append(contentsOf: exercise.lines(indent: "  "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ExerciseView {
    /// `1. Barbell Bench Press · 4 × 8-12, rest 120 s · +2`, then its warm-up and sets.
    func lines(indent: String) -> [String] {
        var head = "\(indent)\(position). \(exerciseName) · \(prescription)"
        if let shown = repCounter?.shown { head += " · \(shown)" }
        if let outcome { head += " · submitted: \(outcome.title)" }
        var lines = [head]
        if let swappedFrom { lines.append("\(indent)   swapped from \(swappedFrom)") }
        if let warmUp { lines.append("\(indent)   \(warmUp.text)") }
        for set in sets {
            lines.append("\(indent)   \(set.line)\(set.completed ? " ✓" : "")")
        }
        return lines
    }

    /// `4 × 8-12, rest 120 s`.
    public var prescription: String {
        "\(prescribedSets) × \(repRange), rest \(restSeconds) s"
    }
}
