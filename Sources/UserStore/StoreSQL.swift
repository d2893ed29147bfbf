/// SQL the stores share, written once.
public enum StoreSQL {
    /// A row's `date` column (`YYYY-MM-DD`) as `CalendarDate.dayNumber` (days since
    /// 1970-01-01), NULL when it is not a date: much faster than parsing the text in Swift.
    public static let dayNumberOfDate = "CAST(julianday(date) - 2440587.5 AS INTEGER)"
}
