import GRDB

extension CatalogDatabase {
    /// The joints of the contraindications workbook, by name: the answers of the
    /// questionnaire's injury question.
    public func joints() throws -> [Joint] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT name, slug FROM joints ORDER BY name").map { row in
                Joint(name: try row.decode(forColumn: "name"), slug: try row.decode(forColumn: "slug"))
            }
        }
    }

    /// Every contraindication, by canonical group then joint.
    public func contraindications() throws -> [Contraindication] {
        try read { db in try Self.fetchContraindications(where: nil, [], db) }
    }

    /// The joints a canonical group may aggravate, by joint.
    public func contraindications(forCanonicalName canonicalName: String) throws -> [Contraindication] {
        try read { db in try Self.fetchContraindications(where: "g.name = ?", [canonicalName], db) }
    }

    /// The canonical groups that may aggravate these joints (names or slugs), by canonical
    /// group then joint: what a questionnaire's injuries rule out or flag.
    public func contraindications(forJoints joints: [String]) throws -> [Contraindication] {
        let slugs = Array(Set(joints.map(slug))).sorted()
        guard !slugs.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: slugs.count).joined(separator: ", ")
        return try read { db in
            try Self.fetchContraindications(where: "j.slug IN (\(placeholders))", StatementArguments(slugs), db)
        }
    }

    private static func fetchContraindications(
        where condition: String?, _ arguments: StatementArguments, _ db: Database
    ) throws -> [Contraindication] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT g.name AS canonical_name, j.name AS joint, ci.notes
                FROM contraindications AS ci
                JOIN canonical_groups AS g ON g.id = ci.canonical_group_id
                JOIN joints AS j ON j.id = ci.joint_id
                \(condition.map { "WHERE " + $0 } ?? "")
                ORDER BY g.name, j.name
                """,
            arguments: arguments
        ).map { row in
            Contraindication(
                canonicalName: try row.decode(forColumn: "canonical_name"),
                joint: try row.decode(forColumn: "joint"),
                notes: try row.decode(forColumn: "notes"))
        }
    }
}
