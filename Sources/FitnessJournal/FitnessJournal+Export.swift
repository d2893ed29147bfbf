/// "Export workout data".
extension FitnessJournal {
    /// Every workout as CSV (`JournalCSV.workouts`), oldest first.
    public func exportWorkoutsCSV() throws(JournalError) -> String {
        try read { db, _ in JournalCSV.workouts(try Self.workouts(db), timeZone: try settings(db).timeZone) }
    }

    /// Every check-in as CSV (`JournalCSV.checkIns`), oldest first.
    public func exportCheckInsCSV() throws(JournalError) -> String {
        try read { db, _ in JournalCSV.checkIns(try Self.checkIns(db), timeZone: try settings(db).timeZone) }
    }
}
