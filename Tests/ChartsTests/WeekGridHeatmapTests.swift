import Charts
import TestSupport
import Testing
import TrainingCalendar

@Suite("52-week heatmap")
struct WeekGridHeatmapTests {
    private func date(_ text: String) throws -> CalendarDate {
        try #require(CalendarDate(text))
    }

    @Test("52 columns of Monday-to-Sunday weeks, the last one cut at the last day")
    func grid() throws {
        let lastDay = try date("2026-11-25")  // a Wednesday
        let heatmap = WeekGridHeatmap(title: "Challenge", lastDay: lastDay, values: [:], maximum: 3)
        #expect(heatmap.firstDay == (try date("2025-12-01")))
        #expect(heatmap.firstDay.weekday == .mon)
        let picture = try SVGPicture(heatmap.document.text)
        let cells = picture.elements("rect", class: "cell")
        #expect(cells.count == 51 * 7 + 3)
        #expect(cells.first?.attributes["data-date"] == "2025-12-01")
        #expect(cells.last?.attributes["data-date"] == "2026-11-25")
        let columns = Set(cells.compactMap { $0.number("x") })
        let rows = Set(cells.compactMap { $0.number("y") })
        #expect(columns.count == 52)
        #expect(rows.count == 7)
        // Sunday sits at the bottom of its column, Monday at the top.
        let sunday = try #require(cells.first { $0.attributes["data-date"] == "2025-12-07" })
        let monday = try #require(cells.first { $0.attributes["data-date"] == "2025-12-01" })
        #expect(sunday.number("x") == monday.number("x"))
        #expect(try #require(sunday.number("y")) > (try #require(monday.number("y"))))
    }

    @Test("the filled cells are exactly the days with a value, on their dates")
    func filledCells() throws {
        let lastDay = try date("2027-01-03")  // a Sunday, across a year boundary
        var values: [CalendarDate: Double] = [:]
        for offset in [0, 1, 2, 5, 40, 200, 363] { values[lastDay.adding(days: -offset)] = 3 }
        values[lastDay.adding(days: -3)] = 1
        values[lastDay.adding(days: -400)] = 3  // before the grid: not drawn
        let heatmap = WeekGridHeatmap(title: "Challenge", lastDay: lastDay, values: values, maximum: 3)
        let picture = try SVGPicture(heatmap.document.text)
        let filled = picture.elements("rect", class: "filled")
        #expect(filled.count == 8)
        let drawn = Set(filled.compactMap { $0.attributes["data-date"] })
        let expected = Set(values.keys.filter { $0 >= heatmap.firstDay }.map(\.description))
        #expect(drawn == expected)
        #expect(picture.elements("rect", class: "cell").count == 52 * 7)
        let partial = try #require(filled.first { $0.attributes["data-date"] == "2026-12-31" })
        #expect(partial.attributes["data-level"] == "2")
        #expect(partial.title == "2026-12-31: 1")
    }

    @Test(
        "a value's shade is its share of the maximum, rounded up",
        arguments: [(0.0, 0), (-1, 0), (0.5, 1), (1, 2), (2, 3), (2.9, 4), (3, 4), (9, 4)])
    func levels(value: Double, level: Int) throws {
        let heatmap = WeekGridHeatmap(title: "", lastDay: try date("2026-01-01"), values: [:], maximum: 3)
        #expect(heatmap.level(of: value) == level)
    }

    @Test("a day's tooltip is the caller's when given")
    func details() throws {
        let day = try date("2026-06-10")
        let heatmap = WeekGridHeatmap(
            title: "", lastDay: day, values: [day: 3], maximum: 3, levels: 1, details: [day: "all 3 sets"])
        let picture = try SVGPicture(heatmap.document.text)
        let cell = try #require(picture.elements("rect", class: "filled").first)
        #expect(cell.title == "all 3 sets")
        #expect(cell.attributes["data-level"] == "1")
    }
}
