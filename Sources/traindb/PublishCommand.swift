import ArgumentParser
import Catalog
import PostgresStore

struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish the catalogue database to PostgreSQL (Supabase), in one transaction.",
        discussion: """
            Applies the server's pending migrations, then makes its catalogue equal to the database's: \
            exercises upserted by id, every other table's rows inserted, updated or deleted, the \
            provenance last. A row already equal is not touched: publishing the same catalogue twice \
            changes nothing and says so. An exercise id the server has and the database lacks is \
            refused as `traindb diff` refuses it (exit 1) and nothing is written; any failure leaves \
            the server's catalogue as it was. Exit status: 0 published or unchanged, 1 refused, \
            2 could not run.
            """)

    @OptionGroup var database: DatabaseOption

    @OptionGroup var server: PostgresOption

    @Option(help: ArgumentHelp("Publish as this role (SET ROLE), e.g. service_role.", valueName: "role"))
    var role: String?

    @Flag(help: "Do everything, report what would change, and roll it back.")
    var dryRun = false

    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() async throws {
        let report = try await CataloguePublisher().publish(
            try database.open(), to: try server.url(), role: role, dryRun: dryRun)
        switch output.format {
        case .json: try Terminal.printJSON(report, layout: .sortedReport)
        default: try Terminal.write(report.text())
        }
        if report.outcome == .refused { throw CommandError.dataErrorsReported }
    }
}
