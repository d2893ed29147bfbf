import ArgumentParser
import Catalog

struct EquipmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "equipment",
        abstract: "List the questionnaire's equipment: categories and their items, in display order, with slugs.")

    @OptionGroup var database: DatabaseOption
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let categories = try database.open().equipmentCategories()
        switch output.format {
        case .json:
            try Terminal.printJSON(categories, layout: .sortedReport)
        default:
            for category in categories {
                print("\(category.name) (\(category.slug))")
                for item in category.items {
                    print("  \(item.name) (\(item.slug))")
                }
            }
        }
    }
}
