import Foundation
import Testing
@testable import CatalogImport

/// The check's shortcuts for plain ASCII text give, byte for byte, what the general methods
/// give (Foundation's trimming, the standard library's lower-casing and white space), on every
/// short ASCII text and on text that must take the general way: a problem is found, and its
/// value quoted, as before.
@Suite("text shortcuts")
struct TextShortcutTests {
    /// Every ASCII text of up to two bytes, then pseudo-random texts over the characters that
    /// matter (cases, every kind of ASCII white space, controls, punctuation) and a few beyond
    /// ASCII.
    static let texts: [String] = {
        var texts = [""]
        for a in UInt8(0)..<0x80 {
            texts.append(String(decoding: [a], as: UTF8.self))
            for b in UInt8(0)..<0x80 { texts.append(String(decoding: [a, b], as: UTF8.self)) }
        }
        let alphabet = Array("aZ_9 ,\t\n\r\u{0B}\u{0C}\u{01}\u{1F}\u{7F}.-é\u{A0}\u{2028}\u{301}".unicodeScalars)
        var state: UInt64 = 0x5EED
        for _ in 0..<20_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<(Int(state >> 60) + 1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.unicodeScalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            texts.append(text)
        }
        return texts
    }()

    @Test func normaliseFoldsAsTheGeneralWayDoes() {
        var differing: [String] = []
        for text in Self.texts {
            let general = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if Array(SheetTable.normalise(text).utf8) != Array(general.utf8) { differing.append(text.debugDescription) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func trimmingGivesFoundationsBytes() {
        var differing: [String] = []
        for text in Self.texts {
            for set in [CharacterSet.whitespacesAndNewlines, .whitespaces] {
                if Array(text.trimmed(of: set).utf8) != Array(text.trimmingCharacters(in: set).utf8) {
                    differing.append(text.debugDescription)
                }
            }
            // The pieces of a list are substrings.
            for piece in text.split(separator: ",")
            where Array(piece.trimmed(of: .whitespaces).utf8)
                != Array(piece.trimmingCharacters(in: .whitespaces).utf8)
            {
                differing.append("piece of " + text.debugDescription)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func listItemsAreTheGeneralWaysItems() {
        var differing: [String] = []
        for text in Self.texts + ["a, b", " a ,, b ,", ",", " , ", "Triceps, Shoulders", "a,b,c,,"] {
            guard let items = FieldReader.asciiListItems(text) else {
                // Only printable ASCII takes the shortcut.
                if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { differing.append(text.debugDescription) }
                continue
            }
            let general = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if items.map({ Array($0.utf8) }) != general.map({ Array($0.utf8) }) {
                differing.append(text.debugDescription)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func everyControlCharacterIsStillNamed() {
        for byte in UInt8(0)..<0x80 {
            let text = "a" + String(decoding: [byte], as: UTF8.self) + "b"
            let named = FieldReader.firstControlCharacter(in: text)
            #expect((named == nil) == (byte >= 0x20 && byte != 0x7F), "byte \(byte): \(named ?? "none")")
        }
        #expect(FieldReader.firstControlCharacter(in: "caf\u{E9}\u{2028}") == "a line break")
        #expect(FieldReader.firstControlCharacter(in: "caf\u{E9}\u{85}") == "a line break")
        #expect(FieldReader.firstControlCharacter(in: "caf\u{E9}\u{9F}") == "the control character U+009F")
        #expect(FieldReader.firstControlCharacter(in: "caf\u{E9} ok") == nil)
    }

    /// A text the reader takes whole without trimming or scanning it again is one that trimming
    /// keeps whole and that holds no control character.
    @Test func printableTextIsTakenWhole() {
        var differing: [String] = []
        for text in Self.texts + ["a", " a", "a ", "Barbell Bench Press", "~", "a\u{7F}"]
        where FieldReader.isPrintableUntrimmed(text) {
            if text.isEmpty || text.trimmingCharacters(in: .whitespacesAndNewlines) != text
                || FieldReader.firstControlCharacter(in: text) != nil
            {
                differing.append(text.debugDescription)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        #expect(FieldReader.isPrintableUntrimmed("Barbell Bench Press"))
    }

    /// Texts beside copies that normalise alike or nearly (other case, spaces doubled or added
    /// around, a letter changed), so that equal pairs are compared as well as different ones.
    static let pairs: [(String, String)] = texts.flatMap { text -> [(String, String)] in
        [(text, text.uppercased()), (text, " " + text.replacingOccurrences(of: " ", with: " \t ") + "  "),
         (text, text + "a"), (text, String(text.dropLast())), (text, text.lowercased())]
    } + zip(texts, texts.dropFirst()).map { ($0, $1) }

    @Test func normalisedBytesCompareAsNormalisedTexts() {
        var differing: [String] = []
        for (first, second) in Self.pairs {
            var first = first
            var second = second
            let compared = first.withUTF8 { a in
                second.withUTF8 { b -> Bool? in
                    a.allSatisfy { $0 < 0x80 } && b.allSatisfy { $0 < 0x80 } ? String.asciiNormalisedEqual(a, b) : nil
                }
            }
            guard let compared else { continue }
            if compared != (SheetTable.normalise(first) == SheetTable.normalise(second)) {
                differing.append("\(first.debugDescription) \(second.debugDescription)")
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    /// A lookup finds a value by its bytes exactly when the set of its `String`s holds it, the
    /// Kelvin sign ("K") and a decomposed "é" included.
    @Test func lookupsFindWhatTheirSetsHold() {
        let sets: [[String]] = [
            ["Barbells", "Dumbbells", "Cable Machines", "Pin-loaded Machines", "", "a", "1", "2", "3"],
            Array(Self.texts.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.prefix(3000)),
            ["Kelvin", "e\u{301}te", "plain"],
        ]
        let probes = Self.texts + ["\u{212A}elvin", "\u{E9}te", "Barbells", "barbells", "Barbells ", "K", "\u{212A}"]
        for values in sets {
            let index = LookupIndex(source: "s.c", values: values)
            let set = Set(values)
            let differing = probes.filter { index.contains($0) != set.contains($0) }
            #expect(differing.isEmpty, "\(differing.prefix(10).map(\.debugDescription))")
        }
    }

    @Test func normalisedLookupsFindWhatTheirSetsHold() {
        let sets: [Set<String>] = [
            ["bench press", "squat", "barbell_bench_press"], Set(Self.texts.prefix(2000).map(SheetTable.normalise)),
            ["k", "bench press"], [],
        ]
        let probes = Self.texts + ["Bench  Press", " SQUAT", "\u{212A}", "BARBELL_BENCH_PRESS"]
        for values in sets {
            let lookedUp = NormalisedValues(values)
            let differing = probes.filter {
                lookedUp.contains(normalising: $0) != values.contains(SheetTable.normalise($0))
            }
            #expect(differing.isEmpty, "\(differing.prefix(10).map(\.debugDescription))")
        }
    }

    /// `ExerciseRules.isClear` says a list is clear only when no muscle is the primary or a
    /// repeat of an earlier one, as the general check compares them.
    @Test func clearSecondaryMusclesAreClear() {
        var differing: [String] = []
        var state: UInt64 = 0xC1EA
        func pick() -> String {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pool = ["Triceps", "triceps", "Shoulders", " shoulders ", "Glutes", "Front  Delts", "front delts",
                        "Ch\u{E9}st", "\u{212A}ettle", "kettle", "Abs"]
            return pool[Int(state >> 33) % pool.count]
        }
        for _ in 0..<20_000 {
            let list = (0..<(Int(state >> 62) + 1)).map { _ in pick() }
            let primary: String? = state & 1 == 0 ? nil : pick()
            let keys = list.map(SheetTable.normalise)
            let expected = keys.indices.allSatisfy { index in
                keys[index] != primary.map(SheetTable.normalise) && !keys[..<index].contains(keys[index])
            }
            if let verdict = ExerciseRules.isClear(list, primary: primary), verdict != expected {
                differing.append("\(list) \(primary ?? "nil")")
            }
            if ExerciseRules.isClear(list, primary: primary) == nil,
                (list + [primary ?? ""]).allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } })
            {
                differing.append("no verdict: \(list)")
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    /// The eight-bytes-at-a-time tests answer as `allSatisfy` does, for every text above and for
    /// long texts with one byte of each kind at every place of a word and of the tail (and for
    /// short ones, read a byte at a time).
    @Test func wordAtATimeByteTestsAnswerAsAllSatisfy() {
        var inputs: [[UInt8]] = Self.texts.map { Array($0.utf8) }
        let odd: [UInt8] = [
            0x00, 0x09, 0x1F, 0x20, 0x21, 0x40, 0x41, 0x5A, 0x5B, 0x5F, 0x7E, 0x7F, 0x80, 0xBF, 0xE9, 0xFF,
        ]
        for length in [1, 3, 7, 8, 9, 15, 16, 17, 24, 31] {
            for place in 0..<length {
                for byte in odd {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = byte
                    inputs.append(bytes)
                }
            }
        }
        var differing: [[UInt8]] = []
        for bytes in inputs {
            let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            let ascii = bytes.allSatisfy { $0 < 0x80 }
            let normalised = bytes.allSatisfy { $0 > 0x20 && $0 < 0x80 && !(0x41...0x5A).contains($0) }
            bytes.withUnsafeBufferPointer { buffer in
                if String.isPrintableASCII(buffer) != printable || String.isASCII(buffer) != ascii
                    || String.isASCIINormalised(buffer) != normalised
                {
                    differing.append(bytes)
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    /// Long texts (ids, names, words of every length around eight bytes, mixed case, runs of
    /// white space and controls at every place of a word) normalise, and are found normalised,
    /// as the general way has it.
    @Test func longTextsNormaliseAsTheGeneralWayDoes() {
        let words = [
            "Barbell", "BENCH", "press_2", "a", "Z", "  ", "\t", " \r\n ", "x\u{01}y", "Abcdefgh",
            "ThisIsALongWordOverEight", "90_90_hip_switch", "[@`{", "\u{0B}", "1234567", "MiXeD",
        ]
        var state: UInt64 = 0x0E16
        var texts: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<(Int(state >> 60) + 1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += words[Int(state >> 33) % words.count]
            }
            texts.append(text)
        }
        let differing = texts.filter { text in
            let general = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return Array(SheetTable.normalise(text).utf8) != Array(general.utf8)
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map(\.debugDescription))")
        let values = Set(texts.prefix(500).map(SheetTable.normalise))
        let lookedUp = NormalisedValues(values)
        let missed = texts.filter { lookedUp.contains(normalising: $0) != values.contains(SheetTable.normalise($0)) }
        #expect(missed.isEmpty, "\(missed.prefix(10).map(\.debugDescription))")
        var shortcut = FirstRowIndex()
        var general = FirstRowIndex()
        var unlike: [String] = []
        for (row, text) in texts.enumerated() {
            let first = try? shortcut.firstRow(ofNormalised: text, orRemember: UInt32(row))
            if first != (try? general.firstRow(of: SheetTable.normalise(text), orRemember: UInt32(row))) {
                unlike.append(text)
            }
        }
        #expect(unlike.isEmpty, "\(unlike.prefix(10).map(\.debugDescription))")
    }

    /// `isSnakeCase`, reading the bytes in place, says what a plain reading of
    /// `[a-z0-9]+(_[a-z0-9]+)*` over the UTF-8 view says.
    @Test func snakeCaseAnswersAsThePlainReading() {
        func plain(_ id: String) -> Bool {
            let bytes = Array(id.utf8)
            guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "_"),
                last != UInt8(ascii: "_")
            else { return false }
            return zip(bytes, [0] + bytes).allSatisfy { byte, previous in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (byte == UInt8(ascii: "_") && previous != UInt8(ascii: "_"))
            }
        }
        var ids = Self.texts + ["bench_press", "leg_press_2", "a__b", "_a", "a_", "\u{212A}", "caf\u{E9}"]
        // Ids read eight bytes at a time: one odd byte, or a doubled underscore, at every place
        // of ids of each length around the word's, and the bytes on either side of each range.
        let odd: [Character] = ["_", "/", ":", "@", "A", "Z", "[", "`", "{", "~", " ", "\t", "\u{7F}", "\u{E9}"]
        for length in [7, 8, 9, 14, 15, 16, 17, 23, 24, 25] {
            for place in 0..<length {
                for character in odd {
                    var id = Array(repeating: Character("a"), count: length)
                    id[place] = character
                    ids.append(String(id))
                }
                var doubled = Array("a0b1c2d3e4f5g6h7i8j9k0l1m2n3".prefix(length))
                doubled[place] = "_"
                if place + 1 < length { doubled[place + 1] = "_" }
                ids.append(String(doubled))
                var single = Array("z9y8x7w6v5u4t3s2r1q0p9o8n7".prefix(length))
                single[place] = "_"
                ids.append(String(single))
            }
        }
        let differing = ids.filter { ExerciseRules.isSnakeCase($0) != plain($0) }
        #expect(differing.isEmpty, "\(differing.prefix(10).map(\.debugDescription))")
    }
}
