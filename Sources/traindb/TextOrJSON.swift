import ArgumentParser

/// `--format text|json`: a report for people, or JSON for scripts.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
