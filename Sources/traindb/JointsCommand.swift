import ArgumentParser
import Catalog

struct JointsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "joints",
        abstract: "List the joints of the contraindications: the answers of the injury question, with slugs.")

    @OptionGroup var database: DatabaseOption
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let joints = try database.open().joints()
        switch output.format {
        case .json:
            try Terminal.printJSON(joints, layout: .sortedReport)
        default:
            try Terminal.write(joints.map { "\($0.name) (\($0.slug))\n" }.joined())
        }
    }
}
