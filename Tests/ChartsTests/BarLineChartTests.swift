import Charts
import TestSupport
import Testing

@Suite("Bars with a line")
struct BarLineChartTests {
    private let points = [
        BarLineChart.Point(label: "Mon", bar: 2, line: 75, detail: "Mon: 2 workouts, 75 min"),
        BarLineChart.Point(label: "Tue", bar: 0, line: 0, detail: "Tue: rest"),
        BarLineChart.Point(label: "Wed", bar: 1, line: 30, detail: "Wed: 1 workout, 30 min"),
        BarLineChart.Point(label: "Thu", bar: 4, line: 150, detail: "Thu: 4 workouts, 150 min"),
    ]

    @Test("each bar's height is its value's share of the bars' axis, from the same baseline")
    func barHeights() throws {
        let chart = BarLineChart(title: "Week", barName: "Workouts", lineName: "Minutes", points: points)
        #expect(chart.barAxisMaximum == 5)
        let picture = try SVGPicture(chart.document.text)
        let bars = picture.elements("rect", class: "bar")
        #expect(bars.map { $0.attributes["data-label"] } == ["Mon", "Tue", "Wed", "Thu"])
        let plot = BarLineChart.Layout.plotBottom - BarLineChart.Layout.plotTop
        for (bar, point) in zip(bars, points) {
            let height = try #require(bar.number("height"))
            let y = try #require(bar.number("y"))
            #expect(abs(height - point.bar / 5 * plot) < 0.01)
            #expect(abs(y + height - BarLineChart.Layout.plotBottom) < 0.01)
            #expect(bar.title == point.detail)
        }
        let heights = bars.compactMap { $0.number("height") }
        #expect(heights[3] > heights[0] && heights[0] > heights[2] && heights[2] > heights[1])
    }

    @Test("the line's points rise with the minutes on their own axis, one over each bar")
    func linePoints() throws {
        let chart = BarLineChart(title: "Week", barName: "Workouts", lineName: "Minutes", points: points)
        #expect(chart.lineAxisMaximum == 200)
        let picture = try SVGPicture(chart.document.text)
        let dots = picture.elements("circle", class: "point")
        let bars = picture.elements("rect", class: "bar")
        #expect(dots.map { $0.number("data-value") } == [75, 0, 30, 150])
        let plot = BarLineChart.Layout.plotBottom - BarLineChart.Layout.plotTop
        for (dot, point) in zip(dots, points) {
            let cy = try #require(dot.number("cy"))
            #expect(abs(BarLineChart.Layout.plotBottom - cy - point.line / 200 * plot) < 0.01)
        }
        for (dot, bar) in zip(dots, bars) {
            let centre = try #require(bar.number("x")) + (try #require(bar.number("width"))) / 2
            #expect(abs(try #require(dot.number("cx")) - centre) < 0.01)
        }
        #expect(picture.elements("polyline", class: "line").count == 1)
        let axis = picture.elements("text", class: "line-axis").map(\.text)
        #expect(axis == ["0", "100", "200"])
    }

    @Test("no points: no bars, and the empty message instead")
    func empty() throws {
        let chart = BarLineChart(
            title: "Nothing yet", barName: "Workouts", lineName: "Minutes", points: [], emptyMessage: "No workouts")
        let picture = try SVGPicture(chart.document.text)
        #expect(picture.elements("rect", class: "bar").isEmpty)
        #expect(picture.elements("text", class: "empty").map(\.text) == ["No workouts"])
    }

    @Test(
        "an axis tops out at the nice number at or above the largest value",
        arguments: [(0.0, 1.0), (1, 1), (3, 5), (7, 10), (12, 20), (22, 25), (26, 50), (51, 100), (180, 200)])
    func niceAxis(largest: Double, top: Double) {
        let chart = BarLineChart(
            title: "", barName: "", lineName: "", points: [.init(label: "x", bar: largest, line: 0, detail: "")])
        #expect(chart.barAxisMaximum == top)
    }

    @Test("a long period labels at most eight days on the x axis")
    func labelsThinned() throws {
        let many = (1...31).map { BarLineChart.Point(label: "\($0)", bar: 1, line: 10, detail: "") }
        let chart = BarLineChart(title: "Month", barName: "Workouts", lineName: "Minutes", points: many)
        let picture = try SVGPicture(chart.document.text)
        #expect(picture.elements("rect", class: "bar").count == 31)
        let labels = picture.elements("g", class: "x-labels").first?.children ?? []
        #expect(labels.count <= BarLineChart.Layout.maximumLabels)
        #expect(labels.first?.text == "1")
    }
}
