import Catalog

/// What changed between two releases of the catalogue, exercise by exercise, and which
/// contraindications (canonical group × joint) came and went. Users' workout logs point at
/// exercise ids, so an id that disappears is an error: an exercise is retired by keeping its
/// row with `include_in_programme = 0`. A contraindication that disappears is a warning: users
/// with that injury are no longer warned, which must be meant.
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

    /// A canonical group × joint pairing.
    public struct Pair: Encodable, Sendable, Equatable, Hashable, Comparable {
        public var canonicalName: String
        public var joint: String

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.canonicalName, lhs.joint) < (rhs.canonicalName, rhs.joint)
        }
    }

    /// Contraindication pairs added and removed.
    public struct Contraindications: Encodable, Sendable, Equatable {
        public var added: [Pair]
        public var removed: [Pair]
    }

    /// An exercise × joint exception.
    public struct ExceptionEntry: Encodable, Sendable, Equatable, Hashable, Comparable {
        public var exerciseId: String
        public var joint: String
        public var level: ExerciseException.Level
        /// A `modified` row's cue.
        public var cue: String?

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.exerciseId, lhs.joint, lhs.level.rawValue, lhs.cue ?? "")
                < (rhs.exerciseId, rhs.joint, rhs.level.rawValue, rhs.cue ?? "")
        }

        /// `modified (to a pain-free depth)`, or the level alone.
        public var levelDescription: String {
            cue.map { "\(level.rawValue) (\($0))" } ?? level.rawValue
        }
    }

    /// Exercise exceptions added and removed (a changed level or cue is one of each).
    public struct Exceptions: Encodable, Sendable, Equatable {
        public var added: [ExceptionEntry]
        public var removed: [ExceptionEntry]
    }

    public var added: [Entry]
    public var removed: [Entry]
    public var renamed: [Rename]
    /// Fields other than the display name, per exercise present in both.
    public var changed: [Change]
    public var contraindications: Contraindications
    public var exceptions: Exceptions

    /// Removed ids: each one breaks the logs that point at it.
    public var errorCount: Int { removed.count }
    /// Removed contraindications and removed `contraindicated` exceptions: each stops warning
    /// the users with that injury.
    public var warningCount: Int {
        contraindications.removed.count + exceptions.removed.count { $0.level == .contraindicated }
    }
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && changed.isEmpty
            && contraindications.added.isEmpty && contraindications.removed.isEmpty
            && exceptions.added.isEmpty && exceptions.removed.isEmpty
    }

    public init(
        old: [Exercise], new: [Exercise], oldContraindications: [Contraindication] = [],
        newContraindications: [Contraindication] = [], oldExceptions: [ExerciseException] = [],
        newExceptions: [ExerciseException] = []
    ) {
        let entries = { (list: [ExerciseException]) in
            Set(list.map { ExceptionEntry(exerciseId: $0.exerciseId, joint: $0.joint, level: $0.level, cue: $0.cue) })
        }
        let oldEntries = entries(oldExceptions)
        let newEntries = entries(newExceptions)
        exceptions = Exceptions(
            added: newEntries.subtracting(oldEntries).sorted(), removed: oldEntries.subtracting(newEntries).sorted())
        let pairs = { (list: [Contraindication]) in
            Set(list.map { Pair(canonicalName: $0.canonicalName, joint: $0.joint) })
        }
        let oldPairs = pairs(oldContraindications)
        let newPairs = pairs(newContraindications)
        contraindications = Contraindications(
            added: newPairs.subtracting(oldPairs).sorted(), removed: oldPairs.subtracting(newPairs).sorted())
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
