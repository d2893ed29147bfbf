import Catalog
import Testing

@Suite("Equipment selection")
struct EquipmentSelectionTests {
    @Test("slugs and exact names select the same thing", arguments: [
        ("Pin-loaded Machines", "Leg Press"),
        ("pin_loaded_machines", "leg_press"),
    ])
    func slugsAndNames(category: String, item: String) {
        var selection = EquipmentSelection()
        selection.select(category: category, item: item)
        #expect(selection.categories == ["pin_loaded_machines": .only(["leg_press"])])
        #expect(selection.allows(category: "Pin-loaded Machines", item: "Leg Press"))
        #expect(!selection.allows(category: "Plate-loaded Machines", item: "Leg Press"))
        #expect(!selection.allows(category: "Pin-loaded Machines", item: "Leg Extension"))
        #expect(selection.allows(category: "Pin-loaded Machines", item: nil))
    }

    @Test("a category with no item entry has all its items")
    func categoryAloneMeansAllItems() {
        let selection = EquipmentSelection(equipmentAvailable: ["barbells"])
        #expect(selection.allows(category: "Barbells", item: "Incline Bench"))
        #expect(selection.allows(category: "Barbells", item: nil))
    }

    @Test("an item entry narrows the category; an empty one leaves its item-less exercises")
    func detailNarrows() {
        let selection = EquipmentSelection(
            equipmentAvailable: ["barbells", "Pin-loaded Machines"],
            detailedEquipment: ["Barbells": ["squat_rack"], "pin_loaded_machines": []])
        #expect(selection.allows(category: "Barbells", item: "Squat Rack"))
        #expect(!selection.allows(category: "Barbells", item: "Flat Bench"))
        #expect(selection.allows(category: "Pin-loaded Machines", item: nil))
        #expect(!selection.allows(category: "Pin-loaded Machines", item: "Leg Press"))
    }

    @Test("Bodyweight without an item needs nothing; with an item it needs the item")
    func bodyweight() {
        let nothing = EquipmentSelection()
        #expect(nothing.isEmpty)
        #expect(nothing.allows(category: "Bodyweight", item: nil))
        #expect(!nothing.allows(category: "Bodyweight", item: "Pull-up Bar"))
        #expect(!nothing.allows(category: "Dumbbells", item: nil))
    }

    @Test("ticking a whole category wins over ticked items, in either order")
    func wholeCategoryWins() {
        var first = EquipmentSelection()
        first.select(category: "barbells", item: "squat_rack")
        first.select(category: "barbells")
        var second = EquipmentSelection()
        second.select(category: "barbells")
        second.select(category: "barbells", item: "squat_rack")
        #expect(first == second)
        #expect(first.categories["barbells"] == .all)
    }
}
