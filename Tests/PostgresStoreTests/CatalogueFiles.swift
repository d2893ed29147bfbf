import Catalog
import Foundation
import GRDB
import TestSupport

/// Catalogue databases for the publish tests: the committed catalogue, and copies of it changed
/// the way a later release would change it, written with plain SQL.
enum CatalogueFiles {
    /// The committed workbooks' database, built once per test run.
    static func committed() throws -> String {
        try CommittedCatalogue.databasePath()
    }

    /// A copy of the committed catalogue in `directory`, then `sql` run on it (foreign keys off,
    /// so that keys can be renumbered as a rebuild would).
    static func changed(_ sql: String, in directory: TemporaryDirectory, name: String) throws -> String {
        let path = directory.path(name)
        try FileManager.default.copyItem(atPath: try committed(), toPath: path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return path
    }

    /// A release with something of every kind of change: an exercise added, one renamed, two
    /// swapping display names, two muscles swapping keys (every reference renumbered), a
    /// contraindication dropped, a description edited and new workbook checksums.
    static let nextRelease = """
        INSERT INTO exercises
            SELECT 'dumbbell_floor_press_paused', 'Paused Dumbbell Floor Press', canonical_group_id,
                   equipment_category_id, equipment_item_id, primary_muscle_id, movement_pattern_id,
                   complexity_level, is_isolation, include_in_programme, video_url, thumbnail_url, selection_tier
            FROM exercises WHERE id = 'dumbbell_floor_press';
        INSERT INTO exercise_instructions
            SELECT 'dumbbell_floor_press_paused', step, instruction FROM exercise_instructions
            WHERE exercise_id = 'dumbbell_floor_press';
        UPDATE exercises SET display_name = 'Flat Barbell Bench Press' WHERE id = 'barbell_bench_press';
        UPDATE exercises SET display_name = 'swap in progress' WHERE id = 'push_up';
        UPDATE exercises SET display_name = 'Push-Up' WHERE id = 'knee_push_up';
        UPDATE exercises SET display_name = 'Knee Push-Up' WHERE id = 'push_up';
        UPDATE muscles SET id = 1000 WHERE id = 2;
        UPDATE muscles SET id = 2 WHERE id = 4;
        UPDATE muscles SET id = 4 WHERE id = 1000;
        UPDATE exercises SET primary_muscle_id = CASE primary_muscle_id WHEN 2 THEN 4 ELSE 2 END
            WHERE primary_muscle_id IN (2, 4);
        UPDATE exercise_secondary_muscles SET muscle_id = 1000 WHERE muscle_id = 2;
        UPDATE exercise_secondary_muscles SET muscle_id = 2 WHERE muscle_id = 4;
        UPDATE exercise_secondary_muscles SET muscle_id = 4 WHERE muscle_id = 1000;
        DELETE FROM contraindications
            WHERE rowid = (SELECT min(rowid) FROM contraindications);
        UPDATE movement_patterns SET description = description || ' (revised)' WHERE id = 1;
        UPDATE catalogue_sources SET sha256 = replace(sha256, substr(sha256, 1, 1), 'f');
        """

    /// The committed catalogue without `push_up` (and its rows), which the server holds.
    static let pushUpRemoved = """
        DELETE FROM exercise_instructions WHERE exercise_id = 'push_up';
        DELETE FROM exercise_secondary_muscles WHERE exercise_id = 'push_up';
        DELETE FROM exercises WHERE id = 'push_up';
        """
}
