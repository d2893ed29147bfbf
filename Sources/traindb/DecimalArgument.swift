import ArgumentParser
import UserInput

/// A number as people write it, by the one rule of `UserInput.decimal` (the replays' too):
/// digits, an optional sign and an optional decimal fraction (`62.5`, `-3`, `0`), never `0x10`,
/// `1e3` or `nan`; anything else is refused, naming the value.
struct DecimalArgument: ExpressibleByArgument, Hashable, Sendable {
    let value: Double

    init?(argument: String) {
        guard let value = UserInput.decimal(argument) else { return nil }
        self.value = value
    }

    static var defaultValueDescription: String { "a decimal number" }
}
