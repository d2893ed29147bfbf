import Charts
import TestSupport
import Testing

@Suite("SVG documents")
struct SVGDocumentTests {
    @Test(
        "numbers are written with at most two decimals, the same way every time",
        arguments: [
            (0.0, "0"), (12.0, "12"), (12.5, "12.5"), (0.25, "0.25"), (-3.14159, "-3.14"), (0.004, "0"),
            (-0.004, "0"), (2.005, "2.01"), (100.10, "100.1"), (.nan, "0"), (.infinity, "0"), (0.07, "0.07"),
        ])
    func numbers(value: Double, text: String) {
        #expect(SVGNumber.text(value) == text)
    }

    @Test(
        "any text a user typed leaves the file well-formed and reads back as typed",
        arguments: [
            "Tom & Jerry <3", "\"quoted\" and 'single'", "line one\nline two", "tab\there", "</svg><script>x</script>",
            "emoji 🏃‍♀️ and accents éàü", "]]> <!-- -->", "&amp; already escaped",
        ])
    func hostileText(_ text: String) throws {
        var document = SVGDocument(width: 100, height: 50, title: text)
        document.add(SVGElement.text(text, x: 1, y: 2).attribute("data-note", text))
        let picture = try SVGPicture(document.text)
        #expect(picture.title == text)
        let element = try #require(picture.elements("text").first)
        #expect(element.text == text)
        #expect(element.attributes["data-note"] == text)
    }

    @Test("characters XML cannot hold become U+FFFD instead of breaking the file")
    func controlCharacters() throws {
        var document = SVGDocument(width: 10, height: 10, title: "bell \u{07} null \u{00}")
        document.add(SVGElement.text("escape \u{1B}[31m", x: 0, y: 0))
        let picture = try SVGPicture(document.text)
        #expect(picture.title == "bell \u{FFFD} null \u{FFFD}")
        #expect(picture.elements("text").first?.text == "escape \u{FFFD}[31m")
    }

    @Test("the canvas has its size, a view box, and the elements in the order they were drawn")
    func canvas() throws {
        var document = SVGDocument(width: 200, height: 120.5, title: "Canvas")
        document.add(SVGElement.rect(x: 1, y: 2, width: 3, height: 4).attribute("class", "first"))
        document.add([
            SVGElement.circle(cx: 5, cy: 6, r: 7).attribute("class", "second"),
            SVGElement.group([SVGElement.line(x1: 0, y1: 0, x2: 1, y2: 1).titled("a line")]),
        ])
        let picture = try SVGPicture(document.text)
        #expect(picture.root.attributes["width"] == "200")
        #expect(picture.root.attributes["height"] == "120.5")
        #expect(picture.root.attributes["viewBox"] == "0 0 200 120.5")
        #expect(picture.root.children.map(\.name) == ["title", "rect", "circle", "g"])
        #expect(picture.elements("line").first?.title == "a line")
        #expect(picture.elements("rect", class: "first").first?.number("height") == 4)
    }

    @Test("an attribute given twice keeps its first place and its last value")
    func attributeReplaced() {
        let element = SVGElement("rect").attribute("x", 1).attribute("fill", "red").attribute("x", 2)
        #expect(element.attributes.map(\.name) == ["x", "fill"])
        #expect(element.attributes.first?.value == "2")
    }

    @Test("a polyline lists its points in order")
    func polyline() {
        let element = SVGElement.polyline([(x: 0, y: 10), (x: 2.5, y: 7.25)])
        #expect(element.attributes.first { $0.name == "points" }?.value == "0,10 2.5,7.25")
    }
}
