import TrainingCalendar

/// Excel's 1900 date system: serial 1 is 1900-01-01, serial 60 is the fictitious 1900-02-29
/// (Lotus 1-2-3's leap-year bug), and from 61 on a serial counts days since 1899-12-30.
enum ExcelSerialDate {
    /// 1899-12-30, day 0 of the serials from 61 on.
    static let epochDaysSince1970 = -25_569
    /// The 1904 system's day 0 (1904-01-01) as a 1900-system serial.
    static let offset1904 = 1462.0
    /// The serials Excel shows as dates and times: from 0 (a time of day alone) to the last
    /// moment of 9999-12-31. Outside, Excel shows `#####`, so the number is kept as a number.
    static let serials: ClosedRange<Double> = 0...2_958_465.99999

    /// The calendar day of a whole serial, or nil for serial 60 (1900-02-29, which never was).
    static func calendarDate(serialDay: Int) -> CalendarDate? {
        if serialDay == 60 { return nil }
        let shifted = serialDay < 60 ? serialDay + 1 : serialDay
        return CalendarDate(dayNumber: epochDaysSince1970 + shifted)
    }

    /// The whole serial of a calendar day.
    static func serialDay(of date: CalendarDate) -> Int {
        let days = date.dayNumber - epochDaysSince1970
        return days < 61 ? days - 1 : days
    }

    /// Parses an ISO 8601 date or date-time (`2024-03-01`, `2024-03-01T10:30:00.5Z`), as written
    /// in cells of type `t="d"`, to a 1900-system serial. Time zones are ignored.
    static func serial(iso8601 text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        var serial = 0.0
        if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") {
            guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2),
                  expect(UInt8(ascii: "-")), let day = number(2),
                  let date = CalendarDate(year: year, month: month, day: day) else { return nil }
            serial = Double(serialDay(of: date))
            guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")) else {
                return index == bytes.count ? serial : nil
            }
        }
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2),
              hour < 24, minute < 60 else { return nil }
        var seconds = 0.0
        if expect(UInt8(ascii: ":")) {
            guard let whole = number(2), whole < 61 else { return nil }
            seconds = Double(whole)
            if expect(UInt8(ascii: ".")) {
                var scale = 0.1
                while index < bytes.count, let digit = Optional(bytes[index] &- UInt8(ascii: "0")), digit < 10 {
                    seconds += Double(digit) * scale
                    scale /= 10
                    index += 1
                }
            }
        }
        return serial + (Double(hour) * 3600 + Double(minute) * 60 + seconds) / 86_400
    }
}
