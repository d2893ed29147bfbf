import GRDB

extension CatalogDatabase {
    /// The muscle groups the exercises name, by name, each with its body region.
    public func muscles() throws -> [Muscle] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT name, slug, body_region FROM muscles ORDER BY name").map { row in
                Muscle(
                    name: try row.decode(forColumn: "name"), slug: try row.decode(forColumn: "slug"),
                    bodyRegion: try row.decode(forColumn: "body_region"))
            }
        }
    }
}
