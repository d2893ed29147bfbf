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
}
