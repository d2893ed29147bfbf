/// What a cell's number format makes of a number: a plain number, a date/time, or an elapsed
/// duration (`[h]:mm:ss`).
enum NumberFormatKind: UInt8, Sendable {
    case number, date, duration

    /// The kind of a built-in format id, when the id is one of Excel's implicit formats.
    ///
    /// 14–22 and 45–47 are the date and time formats (46 is `[h]:mm:ss`, a duration);
    /// 27–36 and 50–58 are the East Asian locale date formats.
    init(builtInID id: Int) {
        switch id {
        case 46: self = .duration
        case 14...22, 27...36, 45, 47, 50...58: self = .date
        default: self = .number
        }
    }

    /// Classifies a custom format code such as `yyyy-mm-dd`, `[h]:mm` or `#,##0.00 "kg"`.
    ///
    /// It is a date when one of `d m y h s` appears outside quoted text, `\`-escapes, `_`/`*`
    /// padding and `[...]` brackets (colours, locales, conditions); an elapsed bracket
    /// (`[h]`, `[mm]`, `[ss]`) makes it a duration.
    init(formatCode: String) {
        var isDate = false
        var isElapsed = false
        var inQuote = false
        var scalars = formatCode.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if inQuote {
                if scalar == "\"" { inQuote = false }
                continue
            }
            switch scalar {
            case "\"":
                inQuote = true
            case "\\", "_", "*":
                _ = scalars.next()
            case "[":
                var content = ""
                while let inner = scalars.next(), inner != "]" { content.unicodeScalars.append(inner) }
                let lowered = content.lowercased()
                if let first = lowered.first, "hms".contains(first), lowered.allSatisfy({ $0 == first }) {
                    isElapsed = true
                }
            case "d", "D", "m", "M", "y", "Y", "h", "H", "s", "S":
                isDate = true
            default:
                break
            }
        }
        self = isElapsed ? .duration : (isDate ? .date : .number)
    }
}
