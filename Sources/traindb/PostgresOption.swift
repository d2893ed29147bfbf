import ArgumentParser
import PostgresStore

/// `--postgres URL`, shared by the commands that talk to the server.
struct PostgresOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The server: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require|verify-full].",
            valueName: "url"))
    var postgres: String

    /// The URL, checked.
    func url() throws -> PostgresURL {
        try PostgresURL(postgres)
    }
}
