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
        var bytes: [UInt8] = []
        guard appendISO8601(to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso8601`'s UTF-8 bytes to `output`, digit by digit from the serial with integer
    /// arithmetic (`traindb xlsx dump` writes millions); false, appending nothing, when
    /// `iso8601` is nil.
    @discardableResult
    public func appendISO8601(to output: inout [UInt8]) -> Bool {
        switch self {
        case .date(let serial): Self.appendISODate(serial: serial, to: &output)
        case .duration(let serial): Self.appendISODuration(serial: serial, to: &output)
        default: false
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
        // Swift's shortest round-trip digits, written straight into `output`: no `String`.
        var sink = ByteSink()
        swap(&sink.bytes, &output)
        value.write(to: &sink)
        swap(&sink.bytes, &output)
        if output.count >= 2, output[output.count - 2] == UInt8(ascii: "."),
            output[output.count - 1] == UInt8(ascii: "0")
        {
            output.removeLast(2)
        }
    }

    /// What `Double.write(to:)` writes, appended to `bytes`: the standard library hands a
    /// number's ASCII digits to `_writeASCII` as a buffer, which is copied without making a
    /// `String`.
    private struct ByteSink: TextOutputStream {
        var bytes: [UInt8] = []

        mutating func write(_ string: String) { bytes += string.utf8 }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }


    static func appendISODate(serial: Double, to output: inout [UInt8]) -> Bool {
        guard ExcelSerialDate.serials.contains(serial) else { return false }
        var day = Int(serial.rounded(.down))
        var milliseconds = Int(((serial - Double(day)) * 86_400_000).rounded())
        if milliseconds >= 86_400_000 {
            day += 1
            milliseconds -= 86_400_000
        }
        guard day != 0 else {
            appendTimeOfDay(milliseconds, to: &output)
            return true
        }
        if let date = ExcelSerialDate.calendarDate(serialDay: day) {
            appendDigits(date.year, width: 4, to: &output)
            output.append(UInt8(ascii: "-"))
            appendDigits(date.month, width: 2, to: &output)
            output.append(UInt8(ascii: "-"))
            appendDigits(date.day, width: 2, to: &output)
        } else {
            // Serial 60: the 29 February 1900 that Excel counts and the calendar lacks.
            output += "1900-02-29".utf8
        }
        if milliseconds != 0 {
            output.append(UInt8(ascii: "T"))
            appendTimeOfDay(milliseconds, to: &output)
        }
        return true
    }

    static func appendISODuration(serial: Double, to output: inout [UInt8]) -> Bool {
        guard serial.isFinite, abs(serial) < 1e12 else { return false }
        let seconds = (abs(serial) * 86_400_000).rounded() / 1000
        if serial < 0 && seconds != 0 { output.append(UInt8(ascii: "-")) }
        output += "PT".utf8
        appendNumberText(seconds, to: &output)
        output.append(UInt8(ascii: "S"))
        return true
    }

    /// `HH:MM:SS` and `.mmm` when the milliseconds are not 0.
    private static func appendTimeOfDay(_ milliseconds: Int, to output: inout [UInt8]) {
        let seconds = milliseconds / 1000
        appendDigits(seconds / 3600, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        appendDigits(seconds / 60 % 60, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        appendDigits(seconds % 60, width: 2, to: &output)
        if milliseconds % 1000 != 0 {
            output.append(UInt8(ascii: "."))
            appendDigits(milliseconds % 1000, width: 3, to: &output)
        }
    }

    /// `value` (0 or more) in decimal, zero-padded to `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to output: inout [UInt8]) {
        var divisor = 1
        var digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
