import ArgumentParser
import CatalogImport

/// A better first line for a usage error whose cause is a mistyped command: the parser says
/// "Unexpected argument 'chek'" or, for `log sett --store x`, "Unknown option '--store'",
/// neither of which names the word that was wrong.
enum UsageHint {
    /// The line for `arguments` (without the program's name), when a word in a command's place
    /// names none of that command's subcommands: `'chek' is not a traindb command; did you mean
    /// 'check'?`. Nil when every command word was right (the parser's message is then the
    /// better one).
    static func unknownCommand(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [name(of: root)]
        for word in arguments {
            // An option may take a value, so nothing after the first one is read as a command.
            if word.hasPrefix("-") { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(name(of: next))
                continue
            }
            if word == "help" { return nil }
            let choices = subcommands.map(name(of:))
            let suggestion = closest(to: word, among: choices)
            // A group with a default subcommand may take the word as that command's argument:
            // only a near miss is worth a hint there.
            if command.configuration.defaultSubcommand != nil, suggestion == nil { return nil }
            let place = "'\(word)' is not a \(path.joined(separator: " ")) command"
            if let suggestion { return "\(place); did you mean '\(suggestion)'?" }
            return "\(place); the commands are \(choices.joined(separator: ", "))"
        }
        return nil
    }

    private static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? command._commandName
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [name(of: command)] + command.configuration.aliases
    }

    /// The one choice `word` is a prefix of, or else the nearest within two edits (a typo), or
    /// nil.
    static func closest(to word: String, among choices: [String]) -> String? {
        let prefixed = choices.filter { $0.hasPrefix(word) }
        if prefixed.count == 1 { return prefixed[0] }
        let scored = choices.map { (choice: $0, distance: EditDistance.between(Array(word), Array($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2,
            scored.count(where: { $0.distance == best.distance }) == 1
        else { return nil }
        return best.choice
    }
}
