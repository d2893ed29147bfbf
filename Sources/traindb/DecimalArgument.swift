import ArgumentParser

/// A number as people write it: digits, an optional sign and an optional decimal fraction
/// (`62.5`, `-3`, `0`). Swift's own parser also takes `0x10` (16), `1e-400` (0) and `nan`, which
/// a user never means as a weight; those are refused here, naming the value.
struct DecimalArgument: ExpressibleByArgument, Hashable, Sendable {
    let value: Double

    init?(argument: String) {
        var digits = Substring(argument)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 2, !parts[0].isEmpty,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let value = Double(argument), value.isFinite
        else { return nil }
        self.value = value
    }

    static var defaultValueDescription: String { "a decimal number" }
}
