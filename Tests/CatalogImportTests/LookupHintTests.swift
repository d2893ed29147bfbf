import Foundation
import Testing
@testable import CatalogImport

@Suite("Did-you-mean hints for unknown lookup values")
struct LookupHintTests {
    static let equipment = LookupIndex(source: "lookup_equipment.equipment_category",
                                       values: ["Barbells", "Dumbbells", "Kettlebells", "Bodyweight"])

    @Test("a typo gets the close value", arguments: [("Kettlebel", "Kettlebells"), ("barbells ", "Barbells")])
    func typo(value: String, match: String) {
        #expect(Self.equipment.closest(to: value) == match)
    }

    @Test("a value far longer than any allowed one is no typo of one: it gets the list")
    func longValue() {
        let value = String(repeating: "Barbells", count: 250_000)
        #expect(Self.equipment.closest(to: value) == nil)
        #expect(Self.equipment.hint(for: value).hasPrefix("allowed values: \"Barbells\""))
    }

    /// A lookup sheet's plain values are found by their bytes (`ASCIIValueSet`), compared a word
    /// at a time: every value of every length from 0 to 24 is found, and none that differs from
    /// one of them in a single byte, wherever that byte is (the last word of a value overlaps
    /// the one before it).
    @Test func plainValuesAreFoundByEveryByte() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        let values = (0...24).map { length in
            String(decoding: (0..<length).map { alphabet[($0 * 7 + length) % 26] }, as: UTF8.self)
        }
        let set = try #require(ASCIIValueSet(values))
        for value in values {
            var bytes = Array(value.utf8)
            #expect(bytes.withUnsafeBufferPointer(set.contains(bytes:)), "\(value)")
            for index in bytes.indices {
                let kept = bytes[index]
                bytes[index] = kept == UInt8(ascii: "z") ? UInt8(ascii: "y") : kept + 1
                #expect(!bytes.withUnsafeBufferPointer(set.contains(bytes:)), "\(value), byte \(index)")
                bytes[index] = kept
            }
        }
    }
}
