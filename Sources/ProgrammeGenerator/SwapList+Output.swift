extension SwapList {
    /// A readable list: the exercise and its prescription, then each alternative with its
    /// equipment and any injury warning.
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
            for warning in alternative.warnings {
                lines.append("     ! \(warning.message)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
