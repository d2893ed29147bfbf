/// Numbers as an SVG file writes them: at most two decimals, no trailing zeros, no `-0`, and
/// `0` for a value that is not finite, so the same picture always gives the same bytes.
public enum SVGNumber {
    /// `12`, `12.5`, `0.25`, `-3.14`.
    public static func text(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0" }
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
