import GRDB

extension CatalogDatabase {
    /// The muscle groups the exercises name, by name, each with its body region.
    public func muscles() throws -> [Muscle] {
        try read { db in
            try MuscleRecord.order(MuscleRecord.Columns.name).fetchAll(db).map {
                Muscle(name: $0.name, slug: $0.slug, bodyRegion: $0.bodyRegion)
            }
        }
    }

    /// Checks that `muscle` (a name or slug, as typed) is a muscle the exercises name, else
    /// reports it (`query.unknown_muscle`) with the slugs the catalogue has.
    public func checkMuscle(_ muscle: String) throws {
        let known = try muscles()
        guard !known.contains(where: { $0.slug == muscle.slug }) else { return }
        throw CatalogDatabaseError(
            .unknownMuscle,
            "unknown muscle \"\(muscle)\"; the catalogue has: " + known.map(\.slug).joined(separator: ", "),
            path: path)
    }
}
