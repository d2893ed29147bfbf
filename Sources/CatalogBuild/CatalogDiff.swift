import Catalog

/// What changed between two releases of the catalogue, exercise by exercise. Users' workout
/// logs point at exercise ids, so an id that disappears is an error: an exercise is retired by
/// keeping its row with `include_in_programme = 0`.
public struct CatalogDiff: Encodable, Sendable, Equatable {
    public struct Entry: Encodable, Sendable, Equatable {
        public var id: String
        public var displayName: String
    }

    public struct Rename: Encodable, Sendable, Equatable {
        public var id: String
        public var from: String
        public var to: String
    }

    public struct FieldChange: Encodable, Sendable, Equatable {
        public var field: String
        public var from: String
        public var to: String
    }

    public struct Change: Encodable, Sendable, Equatable {
        public var id: String
        public var displayName: String
        public var fields: [FieldChange]
    }

    public var added: [Entry]
    public var removed: [Entry]
    public var renamed: [Rename]
    /// Fields other than the display name, per exercise present in both.
    public var changed: [Change]

    /// Removed ids: each one breaks the logs that point at it.
    public var errorCount: Int { removed.count }
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && renamed.isEmpty && changed.isEmpty }

    public init(old: [Exercise], new: [Exercise]) {
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newByID = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let entry = { (exercise: Exercise) in Entry(id: exercise.id, displayName: exercise.displayName) }
        added = new.filter { oldByID[$0.id] == nil }.map(entry).sorted { $0.id < $1.id }
        removed = old.filter { newByID[$0.id] == nil }.map(entry).sorted { $0.id < $1.id }
        var renamed: [Rename] = []
        var changed: [Change] = []
        for before in old.sorted(by: { $0.id < $1.id }) {
            guard let after = newByID[before.id] else { continue }
            if before.displayName != after.displayName {
                renamed.append(Rename(id: before.id, from: before.displayName, to: after.displayName))
            }
            let fields = Self.fields.compactMap { name, value -> FieldChange? in
                let from = value(before)
                let to = value(after)
                return from == to ? nil : FieldChange(field: name, from: from, to: to)
            }
            if !fields.isEmpty { changed.append(Change(id: after.id, displayName: after.displayName, fields: fields)) }
        }
        self.renamed = renamed
        self.changed = changed
    }

    /// The compared fields, by their workbook column names.
    private static let fields: [(String, @Sendable (Exercise) -> String)] = [
        ("canonical_name", { $0.canonicalName }),
        ("equipment_category", { $0.equipmentCategory }),
        ("equipment_specific", { $0.equipmentItem ?? "" }),
        ("primary_muscle", { $0.primaryMuscle }),
        ("secondary_muscles", { $0.secondaryMuscles.joined(separator: ", ") }),
        ("movement_pattern", { $0.movementPattern }),
        ("complexity_level", { String($0.complexity) }),
        ("selection_tier", { String($0.selectionTier) }),
        ("is_isolation", { $0.isIsolation ? "1" : "0" }),
        ("include_in_programme", { $0.includeInProgramme ? "1" : "0" }),
        ("instructions", { $0.instructions.joined(separator: " | ") }),
        ("video_url", { $0.videoURL ?? "" }),
        ("thumbnail_url", { $0.thumbnailURL ?? "" }),
    ]
}
