/// The prompt after an exercise is submitted (business rules §8, `003_*` Task 11): its title,
/// the next load, and the change against the baseline.
///
/// The prescribed sets are judged on the first N completed sets by set number (N prescribed);
/// sets added beyond them count in the totals but neither spoil nor make the verdict. "The
/// load" is the heaviest of those sets.
public struct ProgressionPrompt: Codable, Hashable, Sendable {
    public let outcome: PromptOutcome
    /// `Great Work!`, `Good Session` or `Keep Pushing`.
    public let title: String
    /// What happened and what to do next time, in the user's unit.
    public let message: String
    /// The load the verdict is about: the heaviest prescribed set.
    public let loadKg: Double
    /// The load to use next time.
    public let nextLoadKg: Double
    /// True when the next load is the 90% step down after a second workout in a row below target.
    public let deload: Bool
    /// Reps now minus reps in the baseline, over the completed sets; nil without a baseline.
    public let repsChange: Int?
    /// `+3 reps on last time`, or that there is nothing to compare with.
    public let change: String
    /// Sets entered but not ticked complete.
    public let incompleteSets: Int

    /// The verdict on `sets` against the prescription. `belowLastTime` is true when the previous
    /// workout that logged the exercise was below target and did not already step the load
    /// down; `unloaded` when it is a bodyweight exercise done without added weight, and
    /// `harderVariation` the name of the next harder exercise of its swap group, if any.
    public init(
        prescribedSets: Int, repRange: RepRange, sets: [PerformedSet], baseline: [PerformedSet]?,
        belowLastTime: Bool, increment: LoadIncrement, unloaded: Bool, unit: WeightUnit, sessionName: String,
        harderVariation: String? = nil
    ) {
        let completed = sets.completedByNumber
        let working = Array(completed.prefix(prescribedSets))
        let load = working.map(\.weightKg).max() ?? 0
        let allDone = working.count == prescribedSets
        let oneLoad = Set(working.map(\.weightKg)).count <= 1
        var next = load
        var deload = false
        var message: String
        if allDone, oneLoad, working.allSatisfy({ $0.reps >= repRange.high }) {
            outcome = .exceeded
            message = "All \(prescribedSets) sets at \(repRange.high)+ reps. "
            if unloaded {
                message +=
                    harderVariation.map { "Next time: add reps, or move on to \($0)." }
                    ?? "Next time: add reps or move to a harder variation."
            } else {
                next = min(load + increment.kilograms, SetEntry.kilogramsRange.upperBound)
                message += Self.increase(from: load, to: next, increment: increment, unit: unit)
            }
        } else if allDone, working.allSatisfy({ $0.reps >= repRange.low }) {
            outcome = .met
            message =
                "All \(prescribedSets) sets in \(repRange) reps. "
                + (unloaded ? "Aim for one more rep next time." : "Keep \(unit.text(load)) and aim for one more rep.")
        } else {
            outcome = .below
            let short = working.filter { $0.reps < repRange.low }.count
            message =
                allDone
                ? "\(short) of \(prescribedSets) sets under \(repRange.low) reps. "
                : "\(working.count) of \(prescribedSets) sets completed. "
            let stepDown = increment.roundedDown(load * 0.9)
            if belowLastTime, !unloaded, stepDown > 0, stepDown < load {
                next = stepDown
                deload = true
                message += "Below target again: next time \(unit.text(next)) (90%)."
            } else {
                message +=
                    unloaded
                    ? "Aim for \(repRange.low) reps on every set next time."
                    : "Keep \(unit.text(load)) next time."
            }
        }
        title = outcome.title
        self.message = message
        loadKg = load
        nextLoadKg = next
        self.deload = deload
        incompleteSets = sets.filter { !$0.completed }.count
        if let baseline {
            let reps = RepCounter.change(sets, baseline).reps
            repsChange = reps
            change = Self.changeText(reps)
        } else {
            repsChange = nil
            change = "No earlier \(sessionName) to compare with"
        }
    }

    /// `+3 reps on last time`, `-2 reps on last time`, `Same reps as last time`.
    static func changeText(_ reps: Int) -> String {
        switch reps {
        case 0: "Same reps as last time"
        case 1...: "+\(reps) rep\(reps == 1 ? "" : "s") on last time"
        default: "\(reps) rep\(reps == -1 ? "" : "s") on last time"
        }
    }

    private static func increase(
        from load: Double, to next: Double, increment: LoadIncrement, unit: WeightUnit
    ) -> String {
        let step = unit.text(next - load)
        switch increment.kind {
        case .perDumbbell: return "Next time: \(unit.text(next)) per dumbbell (+\(step) each)."
        default: return "Next time: \(unit.text(next)) (+\(step))."
        }
    }
}
