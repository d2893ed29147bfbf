import TrainingCalendar

/// A GitHub-style grid of the last 52 weeks: one column per week (Monday at the top, Sunday at
/// the bottom), the oldest week on the left, the week holding `lastDay` on the right. Days after
/// `lastDay` are not drawn.
///
/// Each day is a `rect` of class `cell` with `data-date`, `data-value` and `data-level`; a day
/// whose value is above zero is also of class `filled`, shaded by its level (1 to `levels`, the
/// value's share of `maximum` rounded up). A reader (or a test) counts the filled cells to know
/// how many days had something.
public struct WeekGridHeatmap: Hashable, Sendable {
    public var title: String
    /// The last day drawn: today, usually.
    public var lastDay: CalendarDate
    /// Each day's value; days missing here are empty (0).
    public var values: [CalendarDate: Double]
    /// The value that gets the darkest shade (and anything above it).
    public var maximum: Double
    /// How many shades a filled day can have (1-4).
    public var levels: Int
    /// Each day's tooltip; a day missing here shows its date and value (`2026-11-23: 3`).
    public var details: [CalendarDate: String]

    public static let weeks = 52

    public init(
        title: String, lastDay: CalendarDate, values: [CalendarDate: Double], maximum: Double, levels: Int = 4,
        details: [CalendarDate: String] = [:]
    ) {
        self.title = title
        self.lastDay = lastDay
        self.values = values
        self.maximum = maximum
        self.levels = min(max(levels, 1), Colour.shades.count)
        self.details = details
    }

    /// The canvas: cells of `cell` points with a `gap` between them.
    public enum Layout {
        public static let cell = 11.0
        public static let gap = 2.0
        public static let left = 36.0
        public static let top = 48.0
        static var pitch: Double { cell + gap }
        public static var width: Double { left + Double(WeekGridHeatmap.weeks) * pitch + 16 }
        public static var height: Double { top + 7 * pitch + 36 }
    }

    enum Colour {
        static let empty = "#ebedf0"
        static let shades = ["#9be9a8", "#40c463", "#30a14e", "#216e39"]
        static let text = "#11181C"
        static let secondary = "#687076"
    }

    /// The first day of the grid: the Monday 51 weeks before `lastDay`'s week.
    public var firstDay: CalendarDate {
        TrainingWeek(containing: lastDay).adding(weeks: -(Self.weeks - 1)).monday
    }

    /// The grid's days, oldest first.
    public var days: [CalendarDate] {
        (0...lastDay.days(since: firstDay)).map { firstDay.adding(days: $0) }
    }

    /// 0 for an empty day, else 1 … `levels`.
    public func level(of value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        guard maximum > 0, value < maximum else { return levels }
        let share = (value / maximum * Double(levels)).rounded(.up)
        return min(max(Int(share), 1), levels)
    }

    /// The picture.
    public var document: SVGDocument {
        var document = SVGDocument(width: Layout.width, height: Layout.height, title: title)
        document.add(
            SVGElement.rect(x: 0, y: 0, width: Layout.width, height: Layout.height).attribute("fill", "#ffffff"))
        document.add(
            SVGElement.text(title, x: Layout.left, y: 24).attribute("font-size", 14).attribute("font-weight", "bold")
                .attribute("fill", Colour.text).attribute("font-family", "sans-serif"))
        document.add(weekdayLabels)
        document.add(monthLabels)
        document.add(cells)
        document.add(legend)
        return document
    }

    private func origin(of date: CalendarDate) -> (x: Double, y: Double) {
        let column = date.days(since: firstDay) / 7
        let row = date.weekday.offsetFromMonday
        return (Layout.left + Double(column) * Layout.pitch, Layout.top + Double(row) * Layout.pitch)
    }

    private var cells: SVGElement {
        SVGElement.group(
            days.map { date in
                let value = values[date] ?? 0
                let level = level(of: value)
                let (x, y) = origin(of: date)
                return SVGElement.rect(x: x, y: y, width: Layout.cell, height: Layout.cell)
                    .attribute("class", level > 0 ? "cell filled" : "cell")
                    .attribute("fill", level > 0 ? Colour.shades[level - 1] : Colour.empty)
                    .attribute("data-date", date.description).attribute("data-value", value)
                    .attribute("data-level", String(level))
                    .titled(details[date] ?? "\(date): \(SVGNumber.text(value))")
            }
        ).attribute("class", "cells")
    }

    private var weekdayLabels: SVGElement {
        let labels = [Weekday.mon, .wed, .fri].map { weekday in
            SVGElement.text(
                weekday.shortName, x: Layout.left - 6,
                y: Layout.top + Double(weekday.offsetFromMonday) * Layout.pitch + Layout.cell - 1, anchor: .end)
        }
        return SVGElement.group(labels).attribute("class", "weekday-labels").attribute("font-size", 9)
            .attribute("fill", Colour.secondary).attribute("font-family", "sans-serif")
    }

    /// A month's short name over the first column whose Monday falls in that month.
    private var monthLabels: SVGElement {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var labels: [SVGElement] = []
        var previousMonth: Int?
        for column in 0..<Self.weeks {
            let monday = firstDay.adding(days: 7 * column)
            guard monday.month != previousMonth else { continue }
            previousMonth = monday.month
            guard column < Self.weeks - 2 else { continue }
            labels.append(
                SVGElement.text(
                    names[monday.month - 1], x: Layout.left + Double(column) * Layout.pitch, y: Layout.top - 6))
        }
        return SVGElement.group(labels).attribute("class", "month-labels").attribute("font-size", 9)
            .attribute("fill", Colour.secondary).attribute("font-family", "sans-serif")
    }

    private var legend: SVGElement {
        let y = Layout.top + 7 * Layout.pitch + 12
        var x = Layout.width - 16 - Double(levels + 1) * Layout.pitch - 60
        var children = [SVGElement.text("Less", x: x - 4, y: y + Layout.cell - 1, anchor: .end)]
        for fill in [Colour.empty] + Colour.shades.prefix(levels) {
            children.append(
                SVGElement.rect(x: x, y: y, width: Layout.cell, height: Layout.cell).attribute("fill", fill))
            x += Layout.pitch
        }
        children.append(SVGElement.text("More", x: x + 2, y: y + Layout.cell - 1))
        return SVGElement.group(children).attribute("class", "legend").attribute("font-size", 9)
            .attribute("fill", Colour.secondary).attribute("font-family", "sans-serif")
    }
}
