import PostgresStore
import Testing

@Suite("postgres:// URLs")
struct PostgresURLTests {
    @Test(
        "the parts libpq reads, with its defaults",
        arguments: [
            ("postgres://postgres@127.0.0.1:5433/traindb", "postgres", nil, "127.0.0.1", 5433, "traindb", "disable"),
            (
                "postgresql://app:s%40cret@db.example.com/catalogue", "app", "s@cret", "db.example.com", 5432,
                "catalogue", "require"
            ),
            ("postgres://localhost", "postgres", nil, "localhost", 5432, "postgres", "disable"),
            (
                "postgres://u:p@h.example.com:6543/d?sslmode=verify-full", "u", "p", "h.example.com", 6543, "d",
                "verify-full"
            ),
            ("postgres://u@h.example.com/d?sslmode=disable", "u", nil, "h.example.com", 5432, "d", "disable"),
        ] as [(String, String, String?, String, Int, String, String)])
    func parses(
        text: String, user: String, password: String?, host: String, port: Int, database: String, tls: String
    ) throws {
        let url = try PostgresURL(text)
        #expect(url.user == user)
        #expect(url.password == password)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.database == database)
        #expect(url.tls.rawValue == tls)
    }

    @Test("messages show the URL without its password")
    func redacted() throws {
        let url = try PostgresURL("postgres://publisher:hunter2@db.example.com:5432/traindb")
        #expect(url.description == "postgres://publisher@db.example.com:5432/traindb")
        #expect(!url.description.contains("hunter2"))
    }

    @Test(
        "a bad URL is a located error, its password hidden",
        arguments: ["mysql://u:topsecret@h/d", "not a url", "postgres://", "postgres://u@h/d?sslmode=sometimes"])
    func refused(text: String) {
        let error = #expect(throws: PostgresStoreError.self) { try PostgresURL(text) }
        #expect(error?.code == "postgres.invalid_url")
        #expect(error?.message.contains("topsecret") == false)
    }
}
