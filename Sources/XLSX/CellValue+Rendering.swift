/// Text renderings of cell values: plain text for CSV, and ISO 8601 for dates, times and
/// durations.
extension CellValue {
    /// The value as plain text, for CSV: numbers in general format, `TRUE`/`FALSE`, error codes
    /// as written, dates and durations in ISO 8601.
    public var plainText: String {
        switch self {
        case .number(let value): value.isFinite ? Self.numberText(value) : ""
        case .text(let text): text
        case .boolean(let value): value ? "TRUE" : "FALSE"
        case .error(let code): code
        case .date, .duration: iso8601 ?? ""
        }
    }

    /// For `.date`: `YYYY-MM-DD` for a whole day, `YYYY-MM-DDTHH:MM:SS[.mmm]` for a moment,
    /// `HH:MM:SS[.mmm]` for a time of day (serial below 1). For `.duration`: `PT<seconds>S`.
    /// Nil for other values and for date serials outside Excel's range (below 0, after
    /// 9999-12-31), which the reader keeps as numbers.
    public var iso8601: String? {
        switch self {
        case .date(let serial): Self.isoDate(serial: serial)
        case .duration(let serial): Self.isoDuration(serial: serial)
        default: nil
        }
    }

    /// A number the way Excel's General format shows it, at full precision: integers without
    /// `.0` (`42`), otherwise the shortest text that reads back as the same double (`0.1`,
    /// `1e-07`).
    public static func numberText(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int64(value))
        }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }


    static func isoDate(serial: Double) -> String? {
        guard ExcelSerialDate.serials.contains(serial) else { return nil }
        var day = Int(serial.rounded(.down))
        var milliseconds = Int(((serial - Double(day)) * 86_400_000).rounded())
        if milliseconds >= 86_400_000 {
            day += 1
            milliseconds -= 86_400_000
        }
        let time = timeOfDay(milliseconds)
        if day == 0 { return time }
        let date: String
        if let calendarDate = ExcelSerialDate.calendarDate(serialDay: day) {
            date = calendarDate.description
        } else {
            date = "1900-02-29"
        }
        return milliseconds == 0 ? date : date + "T" + time
    }

    static func isoDuration(serial: Double) -> String? {
        guard serial.isFinite, abs(serial) < 1e12 else { return nil }
        let seconds = (abs(serial) * 86_400_000).rounded() / 1000
        return (serial < 0 && seconds != 0 ? "-" : "") + "PT" + numberText(seconds) + "S"
    }

    private static func timeOfDay(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        let fraction = milliseconds % 1000
        let text = pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
        return fraction == 0 ? text : text + "." + pad(fraction, 3)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
        return value < 0 ? "-" + padded : padded
    }
}
