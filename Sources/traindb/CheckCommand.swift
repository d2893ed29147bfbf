import ArgumentParser
import CatalogImport

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check both workbooks and report every problem with its file, sheet and cell.",
        discussion: "Exit status: 0 no errors (warnings allowed unless --strict), 1 errors, 2 could not run.")

    @OptionGroup var options: CheckOptions

    func run() throws {
        let result = try options.run()
        if options.fails(result) { throw CommandError.dataErrorsReported }
    }
}
