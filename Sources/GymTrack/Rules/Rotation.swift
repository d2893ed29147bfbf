import TrainingCalendar

/// Which workout the Main Screen highlights (seed 002 §7).
public enum Rotation {
    /// The type after the last session (`last`, partial or not: the most recent row of
    /// `sessions`), A when there is none, skipping any type already done on `today` so the same
    /// type is never offered twice in one day. When A, B and C were all done today, the type
    /// after the last one.
    public static func next(after last: SessionType?, doneToday: Set<SessionType>) -> SessionType {
        guard let last else { return .a }
        var candidate = last.next
        for _ in SessionType.allCases where doneToday.contains(candidate) {
            candidate = candidate.next
        }
        return doneToday.contains(candidate) ? last.next : candidate
    }
}
