extension String {
    /// The questionnaire's spelling of a catalogue name: lower case, spaces and hyphens as
    /// underscores (`Pin-loaded Machines` → `pin_loaded_machines`, `Lower Back` → `lower_back`).
    /// Surrounding blanks go, and a run of blanks, hyphens and underscores is one underscore.
    public var slug: String {
        asciiSlug ?? unicodeSlug
    }

    /// `slug` for ASCII text, byte by byte (the text itself when it is already a slug, which is
    /// how questionnaires spell it); nil for any other text.
    private var asciiSlug: String? {
        var result: [UInt8] = []
        var changed = false
        var pendingUnderscore = false
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                // A separator other than one underscore between two kept characters changes the text.
                if byte != UInt8(ascii: "_") || pendingUnderscore || result.isEmpty { changed = true }
                pendingUnderscore = !result.isEmpty
            default:
                if pendingUnderscore { result.append(UInt8(ascii: "_")) }
                pendingUnderscore = false
                let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                if lower != byte { changed = true }
                result.append(lower)
            }
        }
        if pendingUnderscore { changed = true }
        return changed ? String(decoding: result, as: UTF8.self) : self
    }

    private var unicodeSlug: String {
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
