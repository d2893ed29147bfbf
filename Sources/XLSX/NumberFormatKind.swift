/// What a cell's number format makes of a number: a plain number, a date (possibly with a
/// time), a time of day alone, or an elapsed duration (`[h]:mm:ss`).
///
/// Dates and times differ in the 1904 date system: a date format shows serial 0 as
/// 1904-01-01, a time-only format shows it as 00:00:00.
enum NumberFormatKind: UInt8, Sendable {
    case number, date, time, duration

    /// The kind of a built-in format id, when the id is one of Excel's implicit formats.
    ///
    /// 14–17 and 22 are dates, 18–21, 45 and 47 times of day, 46 is `[h]:mm:ss`, a duration;
    /// 27–36 and 50–58 are the East Asian locale formats, of which 32 and 33 are times in every
    /// locale that defines them.
    init(builtInID id: Int) {
        switch id {
        case 46: self = .duration
        case 18...21, 32, 33, 45, 47: self = .time
        case 14...17, 22, 27...31, 34...36, 50...58: self = .date
        default: self = .number
        }
    }

    /// Classifies a custom format code such as `yyyy-mm-dd`, `h:mm AM/PM`, `[h]:mm` or
    /// `#,##0.00 "kg"`.
    ///
    /// Quoted text, `\`-escapes, `_`/`*` padding and `[...]` brackets (colours, locales,
    /// conditions) are skipped. An elapsed bracket (`[h]`, `[mm]`, `[ss]`) makes a duration;
    /// `d`, `y` or a month `m` make a date; `h`, `s`, a minute `m` or `AM/PM` alone make a time.
    /// As in Excel, `m` is minutes right after an hour or right before a second, else months,
    /// and `mmm` or longer is always a month.
    init(formatCode: String) {
        var tokens = FormatTokens()
        let scalars = Array(formatCode.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"":
                while index < scalars.count, scalars[index] != "\"" { index += 1 }
                index += 1
            case "\\", "_", "*":
                index += 1
            case "[":
                var content = ""
                while index < scalars.count, scalars[index] != "]" {
                    content.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                tokens.bracket(content.lowercased())
            case "a", "A":
                let rest = String(String.UnicodeScalarView(scalars[(index - 1)...].prefix(5))).lowercased()
                if rest.hasPrefix("am/pm") {
                    tokens.amPM()
                    index += 4
                } else if rest.hasPrefix("a/p") {
                    tokens.amPM()
                    index += 2
                }
            default:
                guard scalar.isASCII, let letter = Character(scalar).lowercased().first,
                      "dymhs".contains(letter) else { continue }
                var length = 1
                while index < scalars.count, Character(scalars[index]).lowercased().first == letter {
                    length += 1
                    index += 1
                }
                tokens.letters(letter, count: length)
            }
        }
        self = tokens.kind
    }
}

/// The date and time parts of a format code, in order, deciding what each `m` means.
private struct FormatTokens {
    private enum Part { case date, hour, minute, second }

    private var hasDate = false
    private var hasTime = false
    private var isElapsed = false
    private var previous: Part?
    /// An `m` or `mm` not after an hour: minutes if a second follows, else a month.
    private var undecidedM = false

    var kind: NumberFormatKind {
        let hasDate = hasDate || undecidedM
        return isElapsed ? .duration : hasDate ? .date : hasTime ? .time : .number
    }

    mutating func letters(_ letter: Character, count: Int) {
        switch letter {
        case "d", "y": add(.date)
        case "h": add(.hour)
        case "s": add(.second)
        default:
            if count >= 3 {
                add(.date)
            } else if previous == .hour {
                add(.minute)
            } else {
                settleM(as: .date)
                undecidedM = true
            }
        }
    }

    mutating func bracket(_ content: String) {
        guard let first = content.first, "hms".contains(first), content.allSatisfy({ $0 == first }) else { return }
        isElapsed = true
        add(first == "h" ? .hour : first == "s" ? .second : .minute)
    }

    mutating func amPM() {
        hasTime = true
    }

    private mutating func add(_ part: Part) {
        settleM(as: part == .second ? .minute : .date)
        switch part {
        case .date: hasDate = true
        case .hour, .minute, .second: hasTime = true
        }
        previous = part
    }

    /// Gives a pending `m` its meaning once the next part is known.
    private mutating func settleM(as part: Part) {
        guard undecidedM else { return }
        undecidedM = false
        if part == .minute { hasTime = true } else { hasDate = true }
    }
}
