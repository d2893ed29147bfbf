import ArgumentParser
import Catalog

/// `--db FILE`, shared by every command that reads the catalogue database.
struct DatabaseOption: ParsableArguments {
    @Option(help: ArgumentHelp("The catalogue database.", valueName: "file"))
    var db = CatalogDatabase.defaultPath

    /// The database, opened read-only.
    func open() throws -> CatalogDatabase {
        try CatalogDatabase(path: db)
    }
}

/// `--workbooks FOLDER`, shared by every command that reads the workbooks.
struct WorkbooksOption: ParsableArguments {
    @Option(name: .long, help: "The folder holding both workbooks.")
    var workbooks = "database-management"
}
