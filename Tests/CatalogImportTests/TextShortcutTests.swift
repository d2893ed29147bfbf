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
}
