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
    return seconds(ContinuousClock.now - start)
}

func seconds(_ elapsed: Duration) -> Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The value below which `fraction` of `values` lie (nearest rank).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[max(0, min(sorted.count - 1, rank - 1))]
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

// 50 users push a 1-hour workout each, all at once.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traindb-pg-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let syncServer = try await freshDatabase("traindb_bench_sync")
_ = try await publisher.publish(catalogue, to: syncServer)
let logs = try SyncBench.makeLogs(in: folder, catalogue: catalogue)
let (syncTimes, syncTotal) = try await SyncBench.run(logs, server: syncServer)
let setsPerWorkout = try await syncServer.withConnection(applicationName: "pg-bench", logger: logger) { connection in
    var count = 0
    let rows = try await connection.query("SELECT count(*) FROM logged_sets", logger: logger)
    for try await sets in rows.decode(Int.self) {
        count = sets / SyncBench.users
    }
    return count
}
try await run("DROP DATABASE traindb_bench_sync WITH (FORCE)", on: admin)
print("sync: \(SyncBench.users) users each push a 1-hour workout (\(setsPerWorkout) sets) at once:")
print("  per sync p50 \(milliseconds(percentile(syncTimes, 0.5))), p99 \(milliseconds(percentile(syncTimes, 0.99)));",
      "all \(SyncBench.users) in \(milliseconds(syncTotal))")

// A sync with nothing to bring, after a week of history and after five years: its cost should
// follow what changed, not how long the user has trained.
let noOpServer = try await freshDatabase("traindb_bench_noop")
_ = try await publisher.publish(catalogue, to: noOpServer)
var noOp: [(weeks: Int, median: Double, rows: Int)] = []
for (index, weeks) in [1, 260].enumerated() {
    let path = folder.appendingPathComponent("history-\(weeks).sqlite").path
    try SyncBench.history(weeks: weeks, at: path, catalogue: catalogue)
    let user = String(format: "10000000-0000-4000-8000-%012d", index + 1)
    let upload = try await LogSync().sync(userDatabase: path, with: noOpServer, user: user)
    var times: [Double] = []
    for _ in 0..<20 {
        times.append(try await seconds { _ = try await LogSync().sync(userDatabase: path, with: noOpServer, user: user) })
    }
    noOp.append((weeks, median(times), upload.pushed))
}
try await run("DROP DATABASE traindb_bench_noop WITH (FORCE)", on: admin)
print("sync with nothing to bring, median of 20:")
for figure in noOp {
    let weeks = figure.weeks == 1 ? "1 week" : "\(figure.weeks) weeks"
    print("  after \(weeks) (\(figure.rows) rows uploaded first): " + String(format: "%.1f ms", figure.median * 1000))
}
print(String(format: "  five years / one week: %.2f×", noOp[1].median / noOp[0].median))
