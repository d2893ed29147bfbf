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
        var bytes: [UInt8] = []
        appendNumberText(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `numberText(value)`'s UTF-8 bytes to `output`, without making a string for the
    /// integers that most cells hold (`traindb xlsx dump` writes millions).
    public static func appendNumberText(_ value: Double, to output: inout [UInt8]) {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            var magnitude = UInt64(abs(value))
            if value < 0, magnitude != 0 { output.append(UInt8(ascii: "-")) }
            // At most 15 digits, written backwards into a fixed buffer.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
                var start = 16
                repeat {
                    start -= 1
                    digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
            }
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
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
