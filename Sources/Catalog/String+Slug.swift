extension String {
    /// The questionnaire's spelling of a catalogue name: lower case, spaces and hyphens as
    /// underscores (`Pin-loaded Machines` → `pin_loaded_machines`, `Lower Back` → `lower_back`).
    /// Surrounding blanks go, and a run of blanks, hyphens and underscores is one underscore.
    public var slug: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingUnderscore = false
        for character in lowercased() {
            let isBlank = character.isWhitespace && !character.isNewline
            if isBlank || character == "-" || character == "_" {
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
