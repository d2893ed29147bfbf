/// Bars for one series with a line for another over the same categories, each series on its own
/// axis: a progress chart's workouts per day (bars, left axis) and minutes per day (line, right
/// axis).
///
/// Bar heights and line points are proportional to their values from a zero baseline; each axis
/// runs from 0 to the "nice" number at or above its largest value (1, 2, 2.5 or 5 times a power
/// of ten). Every bar is a `rect` of class `bar` and every line point a `circle` of class `point`,
/// each with `data-label` and `data-value`, so a reader (or a test) can tell what they show.
public struct BarLineChart: Hashable, Sendable {
    /// One category: its label on the x axis, its two values, and the tooltip over its bar.
    public struct Point: Hashable, Sendable {
        public var label: String
        public var bar: Double
        public var line: Double
        public var detail: String

        public init(label: String, bar: Double, line: Double, detail: String) {
            self.label = label
            self.bar = bar
            self.line = line
            self.detail = detail
        }
    }

    public var title: String
    /// The legend's names of the two series (`Workouts`, `Minutes`).
    public var barName: String
    public var lineName: String
    public var points: [Point]
    /// Shown in the middle of the plot when there are no points.
    public var emptyMessage: String

    public init(title: String, barName: String, lineName: String, points: [Point], emptyMessage: String = "No data") {
        self.title = title
        self.barName = barName
        self.lineName = lineName
        self.points = points
        self.emptyMessage = emptyMessage
    }

    /// The canvas and the plot inside it.
    public enum Layout {
        public static let width = 760.0
        public static let height = 320.0
        public static let plotLeft = 52.0
        public static let plotRight = 700.0
        public static let plotTop = 56.0
        public static let plotBottom = 280.0
        /// At most this many x-axis labels, evenly spaced.
        public static let maximumLabels = 8
        static var plotWidth: Double { plotRight - plotLeft }
        static var plotHeight: Double { plotBottom - plotTop }
    }

    /// The colours of the app's palette.
    enum Colour {
        static let bar = "#0a7ea4"
        static let line = "#F59E0B"
        static let text = "#11181C"
        static let secondary = "#687076"
        static let grid = "#e5e7eb"
    }

    /// The top of the bars' axis: the nice number at or above the largest bar (1 when none).
    public var barAxisMaximum: Double { Self.niceCeiling(points.map(\.bar).max() ?? 0) }
    /// The top of the line's axis.
    public var lineAxisMaximum: Double { Self.niceCeiling(points.map(\.line).max() ?? 0) }

    /// The picture.
    public var document: SVGDocument {
        var document = SVGDocument(width: Layout.width, height: Layout.height, title: title)
        document.add(
            SVGElement.rect(x: 0, y: 0, width: Layout.width, height: Layout.height).attribute("fill", "#ffffff"))
        document.add(
            SVGElement.text(title, x: Layout.plotLeft, y: 28).attribute("font-size", 16)
                .attribute("font-weight", "bold").attribute("fill", Colour.text).attribute("font-family", "sans-serif"))
        document.add(legend)
        document.add(axes)
        guard !points.isEmpty else {
            document.add(
                SVGElement.text(
                    emptyMessage, x: Layout.plotLeft + Layout.plotWidth / 2, y: Layout.plotTop + Layout.plotHeight / 2,
                    anchor: .middle
                ).attribute("class", "empty").attribute("fill", Colour.secondary)
                    .attribute("font-family", "sans-serif"))
            return document
        }
        document.add(bars)
        document.add(line)
        document.add(xLabels)
        return document
    }

    // MARK: - Parts

    private var slot: Double { Layout.plotWidth / Double(max(points.count, 1)) }

    private func centre(_ index: Int) -> Double {
        Layout.plotLeft + slot * (Double(index) + 0.5)
    }

    private func y(_ value: Double, maximum: Double) -> Double {
        Layout.plotBottom - max(0, value) / maximum * Layout.plotHeight
    }

    private var bars: SVGElement {
        let width = slot * 0.7
        let maximum = barAxisMaximum
        return SVGElement.group(
            points.enumerated().map { index, point in
                let top = y(point.bar, maximum: maximum)
                return SVGElement.rect(
                    x: centre(index) - width / 2, y: top, width: width, height: Layout.plotBottom - top
                ).attribute("class", "bar").attribute("fill", Colour.bar)
                    .attribute("data-label", point.label).attribute("data-value", point.bar).titled(point.detail)
            }
        ).attribute("class", "bars")
    }

    private var line: SVGElement {
        let maximum = lineAxisMaximum
        let coordinates = points.indices.map { (x: centre($0), y: y(points[$0].line, maximum: maximum)) }
        let dots = points.enumerated().map { index, point in
            SVGElement.circle(cx: coordinates[index].x, cy: coordinates[index].y, r: 2.5)
                .attribute("class", "point").attribute("fill", Colour.line)
                .attribute("data-label", point.label).attribute("data-value", point.line)
        }
        let path = SVGElement.polyline(coordinates).attribute("class", "line").attribute("fill", "none")
            .attribute("stroke", Colour.line).attribute("stroke-width", 2)
        return SVGElement.group([path] + dots).attribute("class", "minutes")
    }

    private var xLabels: SVGElement {
        let step = (points.count + Layout.maximumLabels - 1) / Layout.maximumLabels
        let labels = points.enumerated().filter { $0.offset % max(step, 1) == 0 }.map { index, point in
            SVGElement.text(point.label, x: centre(index), y: Layout.plotBottom + 18, anchor: .middle)
        }
        return SVGElement.group(labels).attribute("class", "x-labels").attribute("font-size", 11)
            .attribute("fill", Colour.secondary).attribute("font-family", "sans-serif")
    }

    /// Gridlines at 0, half and the top of the axes, labelled left (bars) and right (line).
    private var axes: SVGElement {
        let barTop = barAxisMaximum
        let lineTop = lineAxisMaximum
        var children: [SVGElement] = []
        for fraction in [0.0, 0.5, 1.0] {
            let level = Layout.plotBottom - fraction * Layout.plotHeight
            children.append(
                SVGElement.line(x1: Layout.plotLeft, y1: level, x2: Layout.plotRight, y2: level)
                    .attribute("stroke", Colour.grid))
            children.append(
                SVGElement.text(SVGNumber.text(barTop * fraction), x: Layout.plotLeft - 8, y: level + 4, anchor: .end)
                    .attribute("class", "bar-axis"))
            children.append(
                SVGElement.text(SVGNumber.text(lineTop * fraction), x: Layout.plotRight + 8, y: level + 4)
                    .attribute("class", "line-axis"))
        }
        return SVGElement.group(children).attribute("class", "axes").attribute("font-size", 11)
            .attribute("fill", Colour.secondary).attribute("font-family", "sans-serif")
    }

    /// Under the title, at the plot's right: a long title never runs into it.
    private var legend: SVGElement {
        let x = Layout.plotRight - 170
        return SVGElement.group([
            SVGElement.rect(x: x, y: 34, width: 12, height: 12).attribute("fill", Colour.bar),
            SVGElement.text(barName, x: x + 18, y: 44),
            SVGElement.line(x1: x + 90, y1: 40, x2: x + 104, y2: 40).attribute("stroke", Colour.line)
                .attribute("stroke-width", 2),
            SVGElement.text(lineName, x: x + 110, y: 44),
        ]).attribute("class", "legend").attribute("font-size", 12).attribute("fill", Colour.text)
            .attribute("font-family", "sans-serif")
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of ten at or above `value`; 1 for 0 or less.
    static func niceCeiling(_ value: Double) -> Double {
        guard value.isFinite, value > 1 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 < value { magnitude *= 10 }
        for multiple in [1.0, 2.0, 2.5, 5.0, 10.0] where multiple * magnitude >= value {
            return multiple * magnitude
        }
        return 10 * magnitude
    }
}
