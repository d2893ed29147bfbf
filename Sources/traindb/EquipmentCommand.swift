import ArgumentParser
import Catalog

struct EquipmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "equipment",
        abstract: "List the questionnaire's equipment: categories and their items, in display order, with slugs.")

    @OptionGroup var database: QueryCommand.DatabaseOptions

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        try database.query { catalog in
            let categories = try catalog.equipmentCategories()
            switch format {
            case .json:
                try QueryCommand.printJSON(categories)
            case .text:
                for category in categories {
                    print("\(category.name) (\(category.slug))")
                    for item in category.items {
                        print("  \(item.name) (\(item.slug))")
                    }
                }
            }
        }
    }
}
