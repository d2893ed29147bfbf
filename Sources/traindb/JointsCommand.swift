import ArgumentParser
import Catalog

struct JointsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "joints",
        abstract: "List the joints of the contraindications: the answers of the injury question, with slugs.")

    @OptionGroup var database: QueryCommand.DatabaseOptions

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        try database.query { catalog in
            let joints = try catalog.joints()
            switch format {
            case .json:
                try QueryCommand.printJSON(joints)
            case .text:
                for joint in joints {
                    print("\(joint.name) (\(joint.slug))")
                }
            }
        }
    }
}
