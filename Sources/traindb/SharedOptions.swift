import ArgumentParser
import Foundation
import Catalog

/// `--db FILE`, shared by every command that reads the catalogue database.
struct DatabaseOption: ParsableArguments {
    @Option(help: ArgumentHelp("The catalogue database.", valueName: "file"))
    var db = CatalogDatabase.defaultPath

    /// The database, opened read-only. Missing at the default place, the message says where
    /// that is looked for, since a command run outside the repository's root misses it.
    func open() throws -> CatalogDatabase {
        do {
            return try CatalogDatabase(path: db)
        } catch let error as CatalogDatabaseError
            where error.code == "database.missing" && db == CatalogDatabase.defaultPath
        {
            let folder = FileManager.default.currentDirectoryPath
            throw CommandError(
                error.code,
                "no catalogue database at \(db) (looked for from \(folder)); run traindb in the repository's "
                    + "root after `make db`, or give the database with --db FILE")
        }
    }
}

/// `--workbooks FOLDER`, shared by every command that reads the workbooks.
struct WorkbooksOption: ParsableArguments {
    @Option(name: .long, help: "The folder holding both workbooks.")
    var workbooks = "database-management"

    /// A workbook given for the folder says which folder to give.
    func validate() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: workbooks, isDirectory: &isFolder), !isFolder.boolValue else {
            return
        }
        let folder = (workbooks as NSString).deletingLastPathComponent
        throw ValidationError(
            "--workbooks takes the folder holding both workbooks, and \(workbooks) is a file; "
                + "give its folder: --workbooks \(folder.isEmpty ? "." : folder)")
    }
}
