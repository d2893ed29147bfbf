import PostgresStore
import Testing

@Suite("SQL scripts split into statements")
struct SQLScriptTests {
    @Test(
        "a ; ends a statement only outside quotes, dollar quotes and comments",
        arguments: [
            ("SELECT 1; SELECT 2;", ["SELECT 1", "SELECT 2"]),
            ("SELECT 'a;b'; SELECT 'it''s;'", ["SELECT 'a;b'", "SELECT 'it''s;'"]),
            ("CREATE TABLE \"x;y\" (a int); SELECT 1", ["CREATE TABLE \"x;y\" (a int)", "SELECT 1"]),
            ("DO $$ BEGIN PERFORM 1; END $$; SELECT 2", ["DO $$ BEGIN PERFORM 1; END $$", "SELECT 2"]),
            ("DO $body$ SELECT '$$;'; $body$;", ["DO $body$ SELECT '$$;'; $body$"]),
            ("SELECT $1; SELECT $2", ["SELECT $1", "SELECT $2"]),
            ("-- a comment; still a comment\nSELECT 1", ["-- a comment; still a comment\nSELECT 1"]),
            ("SELECT 1 /* a; /* nested; */ b; */ ; SELECT 2", ["SELECT 1 /* a; /* nested; */ b; */", "SELECT 2"]),
            ("-- only a comment;\n;  ;\n", []),
            ("SELECT a$b$c FROM t; SELECT 2", ["SELECT a$b$c FROM t", "SELECT 2"]),
        ])
    func splits(script: String, statements: [String]) {
        #expect(SQLScript(script).statements == statements)
    }

    @Test("an unterminated quote runs to the end instead of crashing")
    func unterminated() {
        #expect(SQLScript("SELECT 'open; SELECT 2").statements == ["SELECT 'open; SELECT 2"])
        #expect(SQLScript("DO $$ never closed;").statements == ["DO $$ never closed;"])
    }

    @Test("every shipped server file splits into statements that each hold code")
    func shippedFilesSplit() {
        for migration in PostgresSchema.migrations {
            let statements = SQLScript(migration.sql).statements
            #expect(!statements.isEmpty, "\(migration.fileName) has no statement")
        }
        #expect(SQLScript(PostgresSchema.supabaseStandIn).statements.count >= 8)
    }
}
