import GRDB

extension CatalogDatabase {
    /// The muscle groups the exercises name, by name, each with its body region.
    public func muscles() throws -> [Muscle] {
        try read { db in
            try MuscleRecord.order(Column("name")).fetchAll(db).map {
                Muscle(name: $0.name, slug: $0.slug, bodyRegion: $0.bodyRegion)
            }
        }
    }
}
