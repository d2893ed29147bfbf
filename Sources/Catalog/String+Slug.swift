import Foundation

extension String {
    /// The questionnaire's spelling of a catalogue name: lower case, spaces and hyphens as
    /// underscores (`Pin-loaded Machines` → `pin_loaded_machines`, `Lower Back` → `lower_back`).
    public var slug: String {
        var result = ""
        var pendingUnderscore = false
        for character in trimmingCharacters(in: .whitespaces).lowercased() {
            if character == " " || character == "-" || character == "_" {
                pendingUnderscore = !result.isEmpty
            } else {
                if pendingUnderscore { result.append("_") }
                pendingUnderscore = false
                result.append(character)
            }
        }
        return result
    }
}
