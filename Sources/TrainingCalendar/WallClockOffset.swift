import Foundation

/// A time zone's offset from UTC for a run of moments, asked of `TimeZone` once per stretch
/// between two of its transitions rather than once per moment: a list of thousands of rows
/// (the journal's CSV export, a log's exercise history) crosses only a few transitions a year,
/// and each `secondsFromGMT(for:)` costs more than the rest of a row.
///
/// Moments in any order give the offset `TimeZone` gives; moments in increasing order, as the
/// stores list their rows, ask it once per transition.
public struct WallClockOffset {
    public let timeZone: TimeZone
    /// The moments (seconds since 1970) the kept offset holds for: from a moment asked about to
    /// the zone's next transition after it.
    private var known: Range<Double> = 0..<0
    private var seconds = 0

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The seconds the wall clock of `timeZone` is ahead of UTC at `moment`.
    public mutating func seconds(at moment: Date) -> Int {
        let instant = moment.timeIntervalSince1970
        if known.contains(instant) { return seconds }
        seconds = timeZone.secondsFromGMT(for: moment)
        let next = timeZone.nextDaylightSavingTimeTransition(after: moment)?.timeIntervalSince1970 ?? .infinity
        // A transition the zone reports at or before the moment itself keeps nothing.
        known = next > instant ? instant..<next : 0..<0
        return seconds
    }

    /// The date on the wall clock of `timeZone` at `moment`, as `CalendarDate(moment, in:)`.
    public mutating func date(at moment: Date) -> CalendarDate {
        let local = moment.timeIntervalSince1970 + Double(seconds(at: moment))
        return CalendarDate(dayNumber: Int((local / 86_400).rounded(.down)))
    }
}
