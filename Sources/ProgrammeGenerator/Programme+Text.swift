extension Programme {
    /// A readable week plan: the split, then each session with its exercises, their
    /// prescriptions and warnings, and its empty slots; then the programme's warnings.
    public var text: String {
        var lines = [
            "\(type.title) · \(daysPerWeek) days a week · \(sessionDuration.rawValue) sessions · \(totalWeeks) weeks"
        ]
        for (offset, session) in sessions.enumerated() {
            lines.append("")
            let minutes = session.exercises.isEmpty ? "no exercises" : "about \(session.estimatedMinutes) min"
            lines.append("Day \(offset + 1) · \(session.weekday.shortName) · \(session.dayName) · \(minutes)")
            if !session.warmUp.isEmpty {
                let parts = session.warmUp.map { "\($0.exerciseName) \($0.minutes) min" }
                lines.append("  Warm-up: " + parts.joined(separator: ", "))
            }
            for (number, exercise) in session.exercises.enumerated() {
                lines.append(
                    "  \(number + 1). \(exercise.exerciseName) · \(exercise.prescriptionText) · "
                        + "\(exercise.primaryMuscle) · \(exercise.equipmentText)")
                lines += exercise.injuryLines
            }
            for slot in session.emptySlots {
                lines.append("  - \(slot.slot) left empty: \(slot.reason)")
            }
        }
        if !warnings.isEmpty {
            lines.append("")
            lines.append("Warnings:")
            lines += warnings.map { "  ! \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ProgrammeExercise {
    /// Under the exercise: each injury warning (`! …`), then each cue that makes it allowed
    /// (`> Knee: to a pain-free depth`).
    var injuryLines: [String] {
        warnings.map { "     ! \($0.message)" } + cues.map { "     > \($0.message)" }
    }

    /// `4 × 8-12, rest 120 s`.
    var prescriptionText: String {
        "\(sets) × \(repRange), rest \(restSeconds) s"
    }

    /// `Barbells (Flat Bench)` or `Dumbbells`.
    var equipmentText: String {
        equipmentItem.map { "\(equipmentCategory) (\($0))" } ?? equipmentCategory
    }
}
