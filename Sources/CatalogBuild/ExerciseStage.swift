import Catalog
import Foundation
import GRDB
import GRDBSQLite
import OrderedJSON

/// Where a build puts exercises as they are checked, before it knows their keys.
///
/// An exercise's row names its lookups (muscles, groups, equipment) by text, and their keys are
/// known only once every exercise is in: a lookup row gets a key only when some exercise uses
/// it, and the groups are numbered in name order. So each exercise is written as it arrives
/// into temporary tables of the build's connection (SQLite's temporary database, on disk and
/// bounded by its page cache), and only the few lookup values the exercises use are kept here.
/// The build then moves the rows into the catalogue's tables in id order with SQL, joined to
/// their keys: a catalogue of any length is built holding one exercise at a time.
///
/// The temporary tables are not part of the database file: `drop` removes them before the
/// build checks and vacuums the file.
public final class ExerciseStage {
    /// The values the staged exercises name, each with the first exercise naming it (for the
    /// message of a value no lookup declares).
    struct Used {
        /// Category → the items named under it, with their first exercise.
        var categories: [String: (exercise: String, items: [String: String])] = [:]
        var categoryOrder: [String] = []
        var muscles: [String: String] = [:]
        var muscleOrder: [String] = []
        var movementPatterns: [String: String] = [:]
        var movementPatternOrder: [String] = []
        var complexityLevels: [Int: String] = [:]
        var complexityLevelOrder: [Int] = []
        var selectionTiers: [Int: String] = [:]
        var selectionTierOrder: [Int] = []
    }

    private let db: Database
    private let exercise: Statement
    private(set) var used = Used()
    /// False once a canonical name outside ASCII is staged: the groups are then numbered by
    /// Swift's string order rather than SQLite's byte order (the two agree on ASCII).
    private(set) var groupNamesAreASCII = true
    /// How many exercises were staged.
    public private(set) var count = 0
    /// How many secondary muscles and instruction steps the staged exercises list: the rows
    /// their moves must write (counted here rather than by reading every staged row's JSON back).
    private(set) var secondaryMuscleCount = 0
    private(set) var instructionCount = 0
    /// The first error writing a row; every later row is skipped and `finish` throws it.
    private var failure: (any Error)?

    init(_ db: Database) throws {
        self.db = db
        // One row per exercise: its secondary muscles and steps ride along as JSON arrays, which
        // `json_each` spreads into rows when they move (a statement per exercise, not six).
        try db.execute(sql: """
            CREATE TEMP TABLE staged_exercises (
                id, display_name, canonical_name, equipment_category, equipment_item, primary_muscle,
                movement_pattern, complexity_level, selection_tier, is_isolation, include_in_programme,
                video_url, thumbnail_url, secondary_muscles, instructions)
            """)
        exercise = try db.makeStatement(
            sql: "INSERT INTO temp.staged_exercises VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
    }

    /// Stages `exercise`. An error writing it is kept for `finish`, which throws it.
    public func add(_ exercise: Exercise) {
        guard failure == nil else { return }
        do {
            try insert(exercise)
        } catch {
            failure = error
            return
        }
        count += 1
        secondaryMuscleCount += exercise.secondaryMuscles.count
        instructionCount += exercise.instructions.count
        note(exercise)
    }

    /// The JSON of one list, reused from row to row.
    private var json: [UInt8] = []

    /// Writes `exercise`'s row with the one prepared statement, each value bound in place.
    ///
    /// The values and their SQLite types are those GRDB bound from an arguments array (texts
    /// up to their first NUL, integers, NULL for a missing value, booleans as 1 or 0), so the
    /// staged rows, and the database moved from them, are the same bytes; what goes is the
    /// array of 15 boxed values and the two JSON strings built for every row. A statement
    /// that writes into a temporary table of an open transaction has nothing for GRDB to
    /// observe.
    private func insert(_ exercise: Exercise) throws {
        let statement = self.exercise.sqliteStatement
        var code = sqlite3_reset(statement)
        guard code == SQLITE_OK else { throw error(code) }
        _ = exercise.id.bind(to: statement, at: 1)
        _ = exercise.displayName.bind(to: statement, at: 2)
        _ = exercise.canonicalName.bind(to: statement, at: 3)
        _ = exercise.equipmentCategory.bind(to: statement, at: 4)
        if let item = exercise.equipmentItem {
            _ = item.bind(to: statement, at: 5)
        } else {
            sqlite3_bind_null(statement, 5)
        }
        _ = exercise.primaryMuscle.bind(to: statement, at: 6)
        _ = exercise.movementPattern.bind(to: statement, at: 7)
        sqlite3_bind_int64(statement, 8, Int64(exercise.complexity))
        sqlite3_bind_int64(statement, 9, Int64(exercise.selectionTier))
        sqlite3_bind_int64(statement, 10, exercise.isIsolation ? 1 : 0)
        sqlite3_bind_int64(statement, 11, exercise.includeInProgramme ? 1 : 0)
        if let url = exercise.videoURL { _ = url.bind(to: statement, at: 12) } else { sqlite3_bind_null(statement, 12) }
        if let url = exercise.thumbnailURL {
            _ = url.bind(to: statement, at: 13)
        } else {
            sqlite3_bind_null(statement, 13)
        }
        bindJSONArray(exercise.secondaryMuscles, at: 14, of: statement)
        bindJSONArray(exercise.instructions, at: 15, of: statement)
        code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// Binds `texts` as a JSON array, copied by SQLite from the
    /// reused buffer. The JSON escapes every control character, so it holds no NUL.
    private func bindJSONArray(_ texts: [String], at index: CInt, of statement: SQLiteStatement) {
        json.removeAll(keepingCapacity: true)
        Self.appendJSONArray(texts, to: &json)
        json.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                _ = sqlite3_bind_text(statement, index, text.baseAddress, CInt(text.count), Self.transient)
            }
        }
    }

    /// SQLite's SQLITE_TRANSIENT: the value is copied before the bind returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func error(_ code: CInt) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code),
            message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: self.exercise.sql)
    }

    /// Throws the error that stopped the staging, if one did.
    func finish() throws {
        if let failure { throw failure }
    }

    /// Removes the temporary tables.
    func drop() throws {
        try db.execute(sql: """
            DROP TABLE IF EXISTS temp.staged_exercises;
            DROP TABLE IF EXISTS temp.group_keys;
            DROP TABLE IF EXISTS temp.category_keys;
            DROP TABLE IF EXISTS temp.item_keys;
            DROP TABLE IF EXISTS temp.muscle_keys;
            DROP TABLE IF EXISTS temp.pattern_keys;
            """)
    }

    /// `texts` as a JSON array of strings, for `json_each` to give back unchanged.
    static func appendJSONArray(_ texts: [String], to json: inout [UInt8]) {
        json.append(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONString.append(text, to: &json)
        }
        json.append(UInt8(ascii: "]"))
    }

    /// Records the lookup values `exercise` names.
    private func note(_ exercise: Exercise) {
        let category = exercise.equipmentCategory
        if used.categories[category] == nil {
            used.categories[category] = (exercise.id, [:])
            used.categoryOrder.append(category)
        }
        if let item = exercise.equipmentItem, used.categories[category]?.items[item] == nil {
            used.categories[category]?.items[item] = exercise.id
        }
        if used.muscles[exercise.primaryMuscle] == nil {
            used.muscles[exercise.primaryMuscle] = exercise.id
            used.muscleOrder.append(exercise.primaryMuscle)
        }
        for muscle in exercise.secondaryMuscles where used.muscles[muscle] == nil {
            used.muscles[muscle] = exercise.id
            used.muscleOrder.append(muscle)
        }
        if used.movementPatterns[exercise.movementPattern] == nil {
            used.movementPatterns[exercise.movementPattern] = exercise.id
            used.movementPatternOrder.append(exercise.movementPattern)
        }
        if used.complexityLevels[exercise.complexity] == nil {
            used.complexityLevels[exercise.complexity] = exercise.id
            used.complexityLevelOrder.append(exercise.complexity)
        }
        if used.selectionTiers[exercise.selectionTier] == nil {
            used.selectionTiers[exercise.selectionTier] = exercise.id
            used.selectionTierOrder.append(exercise.selectionTier)
        }
        if groupNamesAreASCII, !exercise.canonicalName.utf8.allSatisfy({ $0 < 0x80 }) {
            groupNamesAreASCII = false
        }
    }

    // MARK: - Groups

    /// Numbers the canonical groups 1, 2, 3 … in name order and writes `canonical_groups`;
    /// returns how many. `groupKeys` is then the table that gives every staged spelling its
    /// group's key (by `name` and `id`).
    ///
    /// ASCII names sort and compare the same bytewise in SQLite as in Swift, so SQLite numbers
    /// them without the names passing through memory, straight into `canonical_groups`, whose
    /// key on the name then finds each staged spelling's group. Any other name is numbered as
    /// Swift orders and compares strings (canonically equivalent spellings are one group, named
    /// as first written), reading the distinct names into memory, and every spelling staged goes
    /// into `temp.group_keys` with its group's key.
    func writeGroups() throws -> Int {
        if groupNamesAreASCII {
            try db.execute(sql: """
                INSERT INTO main.canonical_groups (id, name)
                SELECT row_number() OVER (ORDER BY name), name FROM (
                    SELECT DISTINCT canonical_name AS name FROM temp.staged_exercises)
                """)
            groupKeys = "main.canonical_groups"
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM main.canonical_groups") ?? 0
        } else {
            try db.execute(sql: "CREATE TEMP TABLE group_keys (name TEXT PRIMARY KEY, id INTEGER NOT NULL)")
            groupKeys = "temp.group_keys"
            // Distinct spellings in the order first staged: the first of equivalent ones names the group.
            let spellings = try String.fetchAll(db, sql: """
                SELECT canonical_name FROM temp.staged_exercises GROUP BY canonical_name ORDER BY min(rowid)
                """)
            var names: Set<String> = []
            for spelling in spellings { names.insert(spelling) }
            let sorted = names.sorted()
            let ids = Dictionary(sorted.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
            let key = try db.makeStatement(sql: "INSERT INTO temp.group_keys (name, id) VALUES (?, ?)")
            for spelling in spellings {
                try key.execute(arguments: [spelling, ids[spelling] ?? 0])
            }
            let group = try db.makeStatement(sql: "INSERT INTO main.canonical_groups (id, name) VALUES (?, ?)")
            for (offset, name) in sorted.enumerated() {
                try group.execute(arguments: [offset + 1, name])
            }
            return sorted.count
        }
    }

    /// The table giving each staged canonical name its group's key: set by `writeGroups`.
    private var groupKeys = "temp.group_keys"

    /// The key of the group named `name` (as Swift compares names), nil when no exercise has it.
    func groupID(_ name: String) throws -> Int? {
        let sql = "SELECT id FROM \(groupKeys) WHERE name = ?"
        if let id = try Int.fetchOne(db, sql: sql, arguments: [name]) {
            return id
        }
        // A spelling canonically equivalent to a staged one (Swift takes them as one name).
        let composed = name.precomposedStringWithCanonicalMapping
        guard composed.utf8.elementsEqual(name.utf8) == false else { return nil }
        return try Int.fetchOne(db, sql: sql, arguments: [composed])
    }

    /// Whether an exercise with the id `id` (as Swift compares ids) was staged.
    func hasExercise(_ id: String) throws -> Bool {
        for candidate in Set([id, id.precomposedStringWithCanonicalMapping]) {
            if try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM main.exercises WHERE id = ?)", arguments: [candidate]) == true
            {
                return true
            }
        }
        return false
    }

    // MARK: - Exercises

    /// Moves the staged rows into `exercises`, `exercise_secondary_muscles` and
    /// `exercise_instructions`, each in id order (then position, step), with `keys`.
    ///
    /// The order is the rowid order the tables have always had. A row the schema refuses stops
    /// the move; the rows are then written one at a time, so that the error names the row.
    func writeExercises(keys: LookupKeys, insertOne: (any CatalogRecord) throws -> Void) throws {
        try writeKeys(keys)
        let exerciseRows = """
            SELECT s.id, s.display_name, g.id, c.id, i.id, m.id, p.id, s.complexity_level, s.selection_tier,
                   s.is_isolation, s.include_in_programme, s.video_url, s.thumbnail_url
            FROM temp.staged_exercises s
            JOIN \(groupKeys) g ON g.name = s.canonical_name
            JOIN temp.category_keys c ON c.name = s.equipment_category
            LEFT JOIN temp.item_keys i ON i.category = s.equipment_category AND i.name = s.equipment_item
            JOIN temp.muscle_keys m ON m.name = s.primary_muscle
            JOIN temp.pattern_keys p ON p.name = s.movement_pattern
            ORDER BY s.id
            """
        try move(
            into: ExerciseRecord.databaseTableName, ExerciseStatements.exerciseColumns, exerciseRows,
            expecting: count, insertOne: insertOne
        ) { row in
            ExerciseRecord(
                id: row[0], displayName: row[1], canonicalGroupId: row[2], equipmentCategoryId: row[3],
                equipmentItemId: row[4], primaryMuscleId: row[5], movementPatternId: row[6], complexityLevel: row[7],
                selectionTier: row[8], isIsolation: row[9], includeInProgramme: row[10], videoUrl: row[11],
                thumbnailUrl: row[12])
        }
        let secondaryRows = """
            SELECT s.id, j.key + 1, m.id
            FROM temp.staged_exercises s, json_each(s.secondary_muscles) j
            JOIN temp.muscle_keys m ON m.name = j.value
            ORDER BY s.id, j.key
            """
        try move(
            into: ExerciseSecondaryMuscleRecord.databaseTableName, ExerciseStatements.secondaryMuscleColumns,
            secondaryRows, expecting: secondaryMuscleCount, insertOne: insertOne
        ) { row in
            ExerciseSecondaryMuscleRecord(exerciseId: row[0], position: row[1], muscleId: row[2])
        }
        let instructionRows = """
            SELECT s.id, j.key + 1, j.value FROM temp.staged_exercises s, json_each(s.instructions) j
            ORDER BY s.id, j.key
            """
        try move(
            into: ExerciseInstructionRecord.databaseTableName, ExerciseStatements.instructionColumns,
            instructionRows, expecting: instructionCount, insertOne: insertOne
        ) { row in
            ExerciseInstructionRecord(exerciseId: row[0], step: row[1], instruction: row[2])
        }
    }

    /// `INSERT INTO table (columns) rows`, which must write `staged` rows; on a refused row, the
    /// same rows one at a time through `insertOne`, which names the row in its error.
    private func move(
        into table: String, _ columns: [String], _ rows: String, expecting staged: Int,
        insertOne: (any CatalogRecord) throws -> Void, record: (Row) throws -> any CatalogRecord
    ) throws {
        let names = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        do {
            try db.execute(sql: "INSERT INTO main.\(table.quotedDatabaseIdentifier) (\(names)) \(rows)")
            let moved = db.changesCount
            // Every staged row joins to its keys, unless a name was matched to its lookup as
            // Swift compares strings but is spelt with other bytes: refused rather than lost.
            guard moved == staged else {
                throw CatalogBuildError(
                    .unknownLookupValue,
                    "\(staged - moved) row(s) of \(table) name a lookup value spelt with other bytes "
                        + "than its lookup row (canonically equivalent Unicode); write both the same way")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // The statement's rows are undone; find and name the first the schema refuses.
            let cursor = try Row.fetchCursor(db, sql: rows)
            while let row = try cursor.next() {
                try insertOne(try record(row))
            }
            throw error
        }
    }

    /// The lookup keys as temporary tables the moves join to.
    private func writeKeys(_ keys: LookupKeys) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE category_keys (name TEXT PRIMARY KEY, id INTEGER NOT NULL);
            CREATE TEMP TABLE item_keys (category TEXT, name TEXT, id INTEGER NOT NULL, PRIMARY KEY (category, name));
            CREATE TEMP TABLE muscle_keys (name TEXT PRIMARY KEY, id INTEGER NOT NULL);
            CREATE TEMP TABLE pattern_keys (name TEXT PRIMARY KEY, id INTEGER NOT NULL);
            """)
        for (name, id) in keys.categories {
            try db.execute(sql: "INSERT INTO temp.category_keys VALUES (?, ?)", arguments: [name, id])
        }
        for (category, items) in keys.items {
            for (name, id) in items {
                try db.execute(sql: "INSERT INTO temp.item_keys VALUES (?, ?, ?)", arguments: [category, name, id])
            }
        }
        for (name, id) in keys.muscles {
            try db.execute(sql: "INSERT INTO temp.muscle_keys VALUES (?, ?)", arguments: [name, id])
        }
        for (name, id) in keys.movementPatterns {
            try db.execute(sql: "INSERT INTO temp.pattern_keys VALUES (?, ?)", arguments: [name, id])
        }
    }
}
