import GRDB

extension CatalogDatabase {
    /// Every row of `Record`'s table, ordered by its primary key: what `traindb publish` sends
    /// to the server, and what the parity tests compare with the server's rows.
    package func records<Record: CatalogRecord>(_ type: Record.Type) throws -> [Record] {
        try read { db in
            let key = try db.primaryKey(Record.databaseTableName).columns
            return try Record.order(key.map { Column($0) }).fetchAll(db)
        }
    }
}
