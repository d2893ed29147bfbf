/// "Export workout data".
extension FitnessJournal {
    /// Every workout as CSV (`JournalCSV.workouts`), oldest first.
    public func exportWorkoutsCSV() throws(JournalError) -> String {
        let workouts = try allWorkouts()
        return JournalCSV.workouts(workouts, timeZone: try settings().timeZone)
    }

    /// Every check-in as CSV (`JournalCSV.checkIns`), oldest first.
    public func exportCheckInsCSV() throws(JournalError) -> String {
        let checkIns = try allCheckIns()
        return JournalCSV.checkIns(checkIns, timeZone: try settings().timeZone)
    }
}
