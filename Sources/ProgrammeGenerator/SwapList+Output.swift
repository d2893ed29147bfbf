extension SwapList {
    /// A readable list: the exercise and its prescription, then each alternative with its
    /// equipment and any injury warning or cue.
    public var text: String {
        var lines = [
            "Alternatives to \(exercise.exerciseName) (\(exercise.prescriptionText)):"
        ]
        if alternatives.isEmpty {
            lines.append("  none with your equipment")
        }
        for (offset, alternative) in alternatives.enumerated() {
            let name = "\(alternative.exerciseName) [\(alternative.exerciseId)]"
            lines.append("  \(offset + 1). \(name) · \(alternative.equipmentText)")
            lines += alternative.injuryLines
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
