import ArgumentParser
import Catalog

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the database schema: every migration, in the order they apply.",
        discussion: "Each file is preceded by a `-- NNNN_name.sql` line; the output runs in sqlite3 as it is.")

    func run() {
        for (index, migration) in CatalogSchema.migrations.enumerated() {
            if index > 0 { print() }
            print("-- \(migration.fileName)")
            print(migration.sql, terminator: migration.sql.hasSuffix("\n") ? "" : "\n")
        }
    }
}
