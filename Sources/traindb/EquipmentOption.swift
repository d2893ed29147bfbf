import ArgumentParser
import Catalog

/// `--equipment CATEGORY[:ITEM]`, repeatable: the equipment filter of `query`.
struct EquipmentOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Equipment the user has: a category (all its items) or category:item, by name or slug. "
                + "Repeat for more. Item-less Bodyweight exercises are always available.",
            valueName: "category[:item]"))
    var equipment: [String] = []

    func validate() throws {
        for entry in equipment {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let blank = parts.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            if blank {
                throw ValidationError("--equipment expects CATEGORY or CATEGORY:ITEM, not \"\(entry)\"")
            }
        }
    }

    /// The selection (nil when no --equipment was given), after checking that the catalogue
    /// has every category and item named.
    func selection(checkedAgainst catalog: CatalogDatabase) throws -> EquipmentSelection? {
        guard !equipment.isEmpty else { return nil }
        return try catalog.equipmentSelection(entries: equipment)
    }
}
