import Foundation
import OrderedJSON
import Testing

/// A value with every shape the catalogue's reports use: nested objects and lists, empty ones,
/// optionals present and absent, dictionaries, text that needs escaping.
private struct Report: Codable, Equatable {
    struct Row: Codable, Equatable {
        var name: String
        var byCategory: [String: Int]
        var total: Int
    }

    var zeta: String = "last by name, first by order"
    var rows: [Row] = [
        Row(name: "Chest", byCategory: ["Barbells": 4, "Dumbbells": 6], total: 10),
        Row(name: "Back", byCategory: [:], total: 0),
    ]
    var empty: [String] = []
    var absent: String?
    var present: String? = "https://videos.train.app/a/b.mp4"
    var text = "say \"hi\"\\\n\t\u{1}\u{1F} Übung 😀 /"
    var flag = true
    var ratio = 0.25
    var levels: [Int] = [1, 2, 3]
}

@Suite("OrderedJSONEncoder")
struct OrderedJSONEncoderTests {
    @Test("the report layout is byte for byte what JSONEncoder writes with sorted keys")
    func sortedReportMatchesFoundation() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for value in [Report(), Report(rows: [], absent: "here", text: "")] {
            let expected = String(decoding: try foundation.encode(value), as: UTF8.self)
            #expect(try OrderedJSONEncoder(layout: .sortedReport).encodeText(value) == expected)
        }
    }

    @Test("compact keeps the order the keys were encoded in and leaves out absent optionals")
    func compactKeepsEncodingOrder() throws {
        let report = Report(rows: [Report.Row(name: "Chest", byCategory: [:], total: 1)])
        let text = try OrderedJSONEncoder().encodeText(report)
        #expect(text == #"""
            {"zeta":"last by name, first by order","rows":[{"name":"Chest","byCategory":{},"total":1}],"empty":[],\#
            "present":"https://videos.train.app/a/b.mp4","text":"say \"hi\"\\\n\t\u0001\u001f Übung 😀 /",\#
            "flag":true,"ratio":0.25,"levels":[1,2,3]}
            """#)
    }

    @Test("indented writes one member per line, `key: value`, and [] for an empty list")
    func indented() throws {
        struct Small: Encodable {
            var name = "Push"
            var items: [Int] = []
            var nested = ["a": [1]]
            var missing: String?
            enum CodingKeys: String, CodingKey { case name, items, nested, missing }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(items, forKey: .items)
                try container.encode(nested, forKey: .nested)
                try container.encode(missing, forKey: .missing)
            }
        }
        #expect(try OrderedJSONEncoder(layout: .indented).encodeText(Small()) == """
            {
              "name": "Push",
              "items": [],
              "nested": {
                "a": [
                  1
                ]
              },
              "missing": null
            }
            """)
    }

    @Test("what it writes reads back as the same value")
    func roundTrip() throws {
        for layout in [JSONLayout.compact, .indented, .sortedReport] {
            let data = try OrderedJSONEncoder(layout: layout).encode(Report())
            #expect(try JSONDecoder().decode(Report.self, from: data) == Report())
        }
    }

    @Test("a key encoded twice keeps its first place and its last value")
    func repeatedKey() throws {
        struct Twice: Encodable {
            enum CodingKeys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
                try container.encode(3, forKey: .a)
            }
        }
        #expect(try OrderedJSONEncoder().encodeText(Twice()) == #"{"a":3,"b":2}"#)
    }

    @Test("numbers JSON cannot hold are an error, as with JSONEncoder", arguments: [Double.nan, .infinity])
    func nonFiniteNumbers(value: Double) {
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode(["x": value]) }
    }

    @Test("an error names where the bad value sits, and an encoder knows its own place")
    func errorPaths() throws {
        struct Set: Encodable {
            var weight: Double
        }
        struct Session: Encodable {
            var sets: [Set]
            var notes: Double?
        }
        let session = Session(sets: [Set(weight: 40), Set(weight: .nan)], notes: nil)
        do {
            _ = try OrderedJSONEncoder().encode(["monday": session])
            Issue.record("a NaN weight was encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["monday", "sets", "Index 1", "weight"])
            #expect(context.codingPath.map(\.intValue) == [nil, nil, 1, nil])
        }

        /// Writes the path its encoder reports instead of itself.
        struct Place: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
            }
        }
        struct Outer: Encodable {
            var list = [[Place(), Place()]]
            var here = Place()
        }
        #expect(try OrderedJSONEncoder().encodeText(Outer())
            == #"{"list":[["list/Index 0/Index 0","list/Index 0/Index 1"]],"here":"here"}"#)
    }

    @Test("leaf types of every width", arguments: [
        (try? OrderedJSONEncoder().encodeText([Int8(-8)]), "[-8]"),
        (try? OrderedJSONEncoder().encodeText([UInt64(64)]), "[64]"),
        (try? OrderedJSONEncoder().encodeText([Float(0.5)]), "[0.5]"),
        (try? OrderedJSONEncoder().encodeText([2.0, 1e-7, 1e20]), "[2,1e-07,1e+20]"),
        (try? OrderedJSONEncoder().encodeText([String?.none]), "[null]"),
    ])
    func leaves(encoded: String?, expected: String) {
        #expect(encoded == expected)
    }

    @Test("an integer too large for Int is an error, not a wrong number")
    func hugeUnsigned() {
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode([UInt64.max]) }
    }

    @Test("JSONString escapes quotes, backslashes and control characters only")
    func strings() {
        #expect(JSONString.literal("plain / ü") == "\"plain / ü\"")
        #expect(JSONString.literal("a\"b\\c\nd\re\tf\u{8}\u{C}\u{0}") == #""a\"b\\c\nd\re\tf\b\f\u0000""#)
    }

    @Test("JSONValue decodes any document and finds members by key")
    func decodedValue() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"b":[1,2.5,"x",null,true],"a":{}}"#.utf8))
        #expect(value["b"] == .array([.integer(1), .number(2.5), .string("x"), .null, .bool(true)]))
        #expect(value["a"]?.typeDescription == "an object")
        #expect(value.rendered() == #"{"a":{},"b":[1,2.5,"x",null,true]}"#)
    }
}
