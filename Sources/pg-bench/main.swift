// pg-bench: how long `traindb publish` takes on a real PostgreSQL server over loopback. Run
// through `make bench-pg` (release build, a throwaway cluster of its own). Prints figures; it is
// never a test.
//
//   pg-bench ADMIN_URL CATALOGUE.sqlite
//
// Each run gets a new database (with the Supabase stand-in): a first publish (migrations and
// every row), then republishes of the same catalogue, which change no row.
import Catalog
import Foundation
import Logging
import PostgresNIO
import PostgresStore

let logger = Logger(label: "traindb.pg-bench", factory: { _ in SwiftLogNoOpLogHandler() })
let arguments = CommandLine.arguments
guard arguments.count == 3, let admin = try? PostgresURL(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: pg-bench ADMIN_URL CATALOGUE.sqlite\n".utf8))
    exit(2)
}
let catalogue = try CatalogDatabase(path: arguments[2])
let runs = 5

/// Runs every statement of `sql` on `url`.
func run(_ sql: String, on url: PostgresURL) async throws {
    try await url.withConnection(applicationName: "pg-bench", logger: logger) { connection in
        for statement in SQLScript(sql).statements {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
    }
}

/// A new database holding the stand-in.
func freshDatabase(_ name: String) async throws -> PostgresURL {
    try await run("DROP DATABASE IF EXISTS \(name) WITH (FORCE); CREATE DATABASE \(name)", on: admin)
    var url = admin
    url.database = name
    try await run(PostgresSchema.supabaseStandIn, on: url)
    return url
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func milliseconds(_ value: Double) -> String {
    String(format: "%.0f ms", value * 1000)
}

let publisher = CataloguePublisher(logger: logger)
var first: [Double] = []
var again: [Double] = []
var rows = 0
for index in 0..<runs {
    let url = try await freshDatabase("traindb_bench_\(index)")
    first.append(try await seconds { rows = try await publisher.publish(catalogue, to: url).rowsChanged })
    for _ in 0..<runs {
        again.append(try await seconds { _ = try await publisher.publish(catalogue, to: url) })
    }
    try await run("DROP DATABASE traindb_bench_\(index) WITH (FORCE)", on: admin)
}
let exerciseCount = try catalogue.exercises().count
print("publish of the committed catalogue (\(exerciseCount) exercises, \(rows) rows), median of \(runs):")
print("  first publish (migrations and every row): \(milliseconds(median(first)))")
print("  republish, no row changed:                 \(milliseconds(median(again)))")
