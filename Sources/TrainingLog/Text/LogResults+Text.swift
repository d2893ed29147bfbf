extension ProgrammeStarted {
    /// `Programme 8f3c… started: week 1 is the week of 2026-01-05 · 3 sessions · 8 weeks`, then
    /// the sessions.
    public var text: String {
        var lines = [
            "Programme \(programmeId) starts on \(startDate) · \(sessions.count) sessions · \(totalWeeks) weeks"
        ]
        if let replacedProgrammeId { lines.append("It replaces programme \(replacedProgrammeId); every log is kept.") }
        for session in sessions {
            let day = "\(session.weekday.shortName) · \(session.dayName) (\(session.id))"
            lines.append("  \(day) · \(session.exercises) exercises")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SetLogged {
    /// `Barbell Bench Press · Set 2: 60 kg × 9 ✓ · +3 · rest 2:00`.
    public var text: String {
        var line = "\(exercise.exerciseName) · \(set.line)\(set.completed ? " ✓" : " (not done)")"
        if let shown = exercise.repCounter?.shown { line += " · \(shown)" }
        if let restTimer { line += " · rest \(restTimer.shown)" }
        return line + "\n"
    }
}

extension ExerciseSubmitted {
    /// The feedback modal: title, message, change against the baseline, incomplete sets.
    public var text: String {
        var lines = ["\(prompt.title) · \(exercise.exerciseName)", "  \(prompt.message)", "  \(prompt.change)"]
        if prompt.incompleteSets > 0 {
            let count = prompt.incompleteSets
            lines.append("  \(count) set\(count == 1 ? "" : "s") left incomplete")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ExerciseSwapped {
    /// `Swapped barbell_bench_press for Dumbbell Bench Press · 4 × 8-12, rest 120 s`.
    public var text: String {
        "Swapped \(previousExerciseId) for \(exercise.exerciseName) · \(exercise.prescription)\n"
    }
}

extension WorkoutDiscarded {
    /// `Discarded the Push workout and its 5 sets.`
    public var text: String {
        "Discarded the \(sessionName) workout and its \(setsDiscarded) set\(setsDiscarded == 1 ? "" : "s").\n"
    }
}

extension StreakView {
    /// `Streak: 3 days · longest 5 · last workout 2026-01-21`.
    public var text: String {
        let last = lastWorkoutDate.map { " · last workout \($0)" } ?? " · no workout yet"
        return "Streak: \(current) day\(current == 1 ? "" : "s") · longest \(longest)\(last)\n"
    }
}
