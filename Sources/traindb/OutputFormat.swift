import ArgumentParser

/// Every format `traindb` writes. Each command offers some of them through `FormatOption`.
enum OutputFormat: String, ExpressibleByArgument, Sendable {
    /// For people: a report, a list, a plan.
    case text
    /// For people: one aligned row per exercise.
    case table
    /// For scripts.
    case json
    /// One RFC 4180 line per row.
    case csv
    /// GitHub Actions annotations.
    case github
}

/// The formats a command offers, its default first.
protocol OfferedFormats {
    static var formats: [OutputFormat] { get }
}

enum TextOrJSON: OfferedFormats {
    static let formats: [OutputFormat] = [.text, .json]
}

enum TableOrJSON: OfferedFormats {
    static let formats: [OutputFormat] = [.table, .json]
}

enum ProblemFormats: OfferedFormats {
    static let formats: [OutputFormat] = [.text, .json, .github]
}

enum CellFormats: OfferedFormats {
    static let formats: [OutputFormat] = [.json, .csv]
}

/// `--format`, shared by every command that prints something a script may read.
struct FormatOption<Offered: OfferedFormats>: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: \(Self.offeredList).", valueName: "format"))
    var format: OutputFormat = Offered.formats.first ?? .text

    func validate() throws {
        guard Offered.formats.contains(format) else {
            throw ValidationError("--format must be \(Self.offeredList), not \(format.rawValue)")
        }
    }

    /// Prints the confirmation of a change the command has saved: `print`, after recording that
    /// the change is saved (`Terminal.savedChange`), which a lost output no longer undoes.
    func confirm(_ value: some Encodable, text: String) throws {
        Terminal.changeSaved()
        try print(value, text: text)
    }

    private static var offeredList: String {
        let names = Offered.formats.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
