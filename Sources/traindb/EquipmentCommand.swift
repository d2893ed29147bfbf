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
            var text = ""
            for category in categories {
                text += "\(category.name) (\(category.slug))\n"
                for item in category.items {
                    text += "  \(item.name) (\(item.slug))\n"
                }
            }
            try Terminal.write(text)
        }
    }
}
