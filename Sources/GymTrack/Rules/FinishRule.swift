/// Finishing a workout (seed 002 §4.4): a session with fewer than half of its steps checked is
/// logged only once the user answers "Log as partial session?" with Yes, and then as partial.
public enum FinishRule {
    /// True when fewer than 50 % of `total` steps are checked: 4 of 9 is partial, 5 of 9 is not,
    /// 4 of 8 is not (exactly half is enough).
    public static func isPartial(checked: Int, of total: Int) -> Bool {
        checked * 2 < total
    }
}
