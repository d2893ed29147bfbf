import Catalog
import GRDB

extension CatalogDatabaseWriter {
    /// Inserts every record of `catalog`, parents before children, each table in the catalog's
    /// deterministic order, through GRDB's cached insert statements. A constraint the schema
    /// enforces becomes an error naming the row.
    func insert(_ catalog: NormalisedCatalog, into db: Database) throws {
        try insert(catalog.categories, db)
        try insert(catalog.items, db)
        try insert(catalog.muscles, db)
        try insert(catalog.movementPatterns, db)
        try insert(catalog.complexityLevels, db)
        try insert(catalog.selectionTiers, db)
        try insert(catalog.groups, db)
        for rows in catalog.exercises {
            try insert(rows.exercise, db)
            try insert(rows.secondaryMuscles, db)
            try insert(rows.instructions, db)
        }
        try insert(catalog.joints, db)
        try insert(catalog.contraindications, db)
        try insert(catalog.exceptions, db)
        try insert([catalog.provenance], db)
        try insert(catalog.sources, db)
    }

    private func insert(_ records: [some CatalogRecord], _ db: Database) throws {
        for record in records {
            try insert(record, db)
        }
    }

    /// Inserts `record`, turning a violated constraint into an error that names it.
    private func insert(_ record: some CatalogRecord, _ db: Database) throws {
        do {
            try record.insert(db)
        } catch let error as DatabaseError where error.message?.contains("exercises_display_name_key") == true {
            let name = (record as? ExerciseRecord)?.displayName ?? ""
            throw CatalogBuildError(
                .constraintViolation,
                "cannot write \(record.subject): another exercise already has the display name \"\(name)\" "
                    + "(display names are unique ignoring case)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw CatalogBuildError(
                .constraintViolation, "cannot write \(record.subject): \(error.message ?? "a constraint failed")")
        }
    }
}
