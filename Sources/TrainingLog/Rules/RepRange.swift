/// A prescription's rep range, `8-12`.
public struct RepRange: Codable, Hashable, Sendable, CustomStringConvertible {
    public var low: Int
    public var high: Int

    public init(low: Int, high: Int) {
        self.low = low
        self.high = high
    }

    /// Parses `8-12` (or `10`, a range of one); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts[parts.count - 1]),
            low >= 1, high >= low
        else { return nil }
        self.init(low: low, high: high)
    }

    /// `8-12`.
    public var description: String {
        low == high ? "\(low)" : "\(low)-\(high)"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let range = RepRange(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a rep range")
        }
        self = range
    }
}
