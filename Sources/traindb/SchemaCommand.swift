import ArgumentParser
import Catalog

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the database schema: every migration, in the order they apply.",
        discussion: "Each file is preceded by a `-- NNNN_name.sql` line; the output runs in sqlite3 as it is.")

    func run() throws {
        let files = CatalogSchema.migrations.map { migration in
            "-- \(migration.fileName)\n" + migration.sql + (migration.sql.hasSuffix("\n") ? "" : "\n")
        }
        try Terminal.write(files.joined(separator: "\n"))
    }
}
