// pg-bench: how long `traindb publish` and `traindb sync` take on a real PostgreSQL server over
// loopback. Run through `make bench-pg` (release build, a throwaway cluster of its own). Prints
// figures; it is never a test.
//
//   pg-bench ADMIN_URL CATALOGUE.sqlite
//
// Each part gets a new database (with the Supabase stand-in): a first publish (migrations and
// every row), then republishes of the same catalogue, which change no row; users with five
// years of history syncing a workout many at a time; a sync with nothing to bring.
import Catalog
import Foundation
import Logging
import PostgresNIO
import PostgresStore
import Synchronization
import TrainingLog

let logger = Logger(label: "traindb.pg-bench", factory: { _ in SwiftLogNoOpLogHandler() })
let arguments = CommandLine.arguments
guard arguments.count == 3, let admin = try? PostgresURL(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: pg-bench ADMIN_URL CATALOGUE.sqlite\n".utf8))
    exit(2)
}
// The settings that choose how the devices hold their logs (below), checked before anything
// runs: a misspelt one would measure another bench than the one asked for, and say so only in
// its heading, minutes later.
let logsMode = ProcessInfo.processInfo.environment["PG_BENCH_LOGS"] ?? "app"
let openSetting = ProcessInfo.processInfo.environment["PG_BENCH_OPEN"]
if !["app", "kept", "each"].contains(logsMode) {
    FileHandle.standardError.write(Data("pg-bench: PG_BENCH_LOGS is app, kept or each, not \(logsMode)\n".utf8))
    exit(2)
}
if let open = openSetting, open != "after-workout" || logsMode != "kept" {
    let asked = "PG_BENCH_OPEN=\(open) with PG_BENCH_LOGS=\(logsMode)"
    FileHandle.standardError.write(
        Data("pg-bench: PG_BENCH_OPEN takes after-workout alone, with PG_BENCH_LOGS=kept (asked: \(asked))\n".utf8))
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

@Sendable func seconds(_ elapsed: Duration) -> Double {
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

/// `what`, and the wall clock's time (UTC, to the millisecond), on standard error at once.
func stamp(_ what: String) {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    FileHandle.standardError.write(Data("pg-bench: \(what) at \(formatter.string(from: Date()))\n".utf8))
}

/// Where the time of the round's slowest syncs went, beside the medians of every sync's steps:
/// what a p99 is made of. A sync waits for a pooled connection while the pool's connections serve
/// others; its exchange counts the server's work and the wait for this process's threads to take
/// the answer; reading and applying are the device's SQLite work, on the same two cores.
func printSlowest(_ stamps: [SyncBench.Stamps], count: Int = 5) {
    guard let first = stamps.map(\.started).min() else { return }
    let steps = stamps.map(\.steps)
    let ms = { (value: Double) in String(format: "%.0f", value * 1000) }
    print(
        "  each sync's steps, ms: reading the device's changes / waiting for a pooled connection / the exchange",
        "/ applying the answer; medians \(ms(median(steps.map(\.read)))) / \(ms(median(steps.map(\.pool))))",
        "/ \(ms(median(steps.map(\.exchange)))) / \(ms(median(steps.map(\.apply)))), p99s",
        "\(ms(percentile(steps.map(\.read), 0.99))) / \(ms(percentile(steps.map(\.pool), 0.99)))",
        "/ \(ms(percentile(steps.map(\.exchange), 0.99))) / \(ms(percentile(steps.map(\.apply), 0.99)));",
        "the slowest:")
    for index in stamps.indices.sorted(by: { stamps[$0].seconds > stamps[$1].seconds }).prefix(count) {
        let step = steps[index]
        print(
            "    sync \(index + 1), from \(ms(seconds(stamps[index].started - first))) ms into the round:",
            "\(ms(stamps[index].seconds)) = \(ms(step.read)) / \(ms(step.pool)) / \(ms(step.exchange))",
            "/ \(ms(step.apply))")
    }
}

let publisher = CataloguePublisher(logger: logger)

// PG_BENCH_NOOP=N: only N syncs with nothing to bring (a year of history), each split into its
// steps (reading the device's changes, the exchange through a pooled connection, applying the
// answer), medians printed: a quick look at a sync's fixed cost. Twice: the log opened and closed
// by each sync, as `traindb sync` does; then its connection kept between syncs (`OpenLogs`), as
// an app or a service that syncs again and again does. PG_BENCH_NOOP_LOGS=each or kept: only one
// of the two (to count one's instructions under callgrind).
if let count = ProcessInfo.processInfo.environment["PG_BENCH_NOOP"].flatMap(Int.init), count > 0 {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traindb-pg-noop-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await freshDatabase("traindb_bench_noop")
    _ = try await publisher.publish(catalogue, to: server)
    let path = folder.appendingPathComponent("history-52.sqlite").path
    try SyncBench.history(weeks: 52, at: path, catalogue: catalogue)
    let user = "10000000-0000-4000-8000-000000000001"
    _ = try await LogSync().sync(userDatabase: path, with: server, user: user)
    let pool = PostgresPool(server: server, size: 1, applicationName: LogSync.applicationName)
    let modes = ProcessInfo.processInfo.environment["PG_BENCH_NOOP_LOGS"]
    for kept in [false, true] where modes == nil || modes == (kept ? "kept" : "each") {
        let logs = kept ? OpenLogs() : nil
        var steps: [[Double]] = [[], [], [], []]
        let cpuBefore = SyncBench.cpuSeconds()
        for _ in 0..<count {
            let started = ContinuousClock.now
            let pending = try LogSync().start(userDatabase: path, server: server, user: user, keeping: logs)
            let read = ContinuousClock.now
            try await LogSync().exchange(pending, through: pool)
            let exchanged = ContinuousClock.now
            _ = try LogSync().finish(pending)
            let finished = ContinuousClock.now
            steps[0].append(seconds(read - started))
            steps[1].append(seconds(exchanged - read))
            steps[2].append(seconds(finished - exchanged))
            steps[3].append(seconds(finished - started))
        }
        let cpuAfter = SyncBench.cpuSeconds()
        logs?.close()
        print(
            String(
                format: "sync with nothing to bring, %@, median of %d: %.2f ms (read %.2f, exchange %.2f, "
                    + "apply %.2f); CPU %.2f ms a sync this process",
                kept ? "the log kept open" : "the log opened by each sync", count, median(steps[3]) * 1000,
                median(steps[0]) * 1000, median(steps[1]) * 1000, median(steps[2]) * 1000,
                (cpuAfter.process - cpuBefore.process) / Double(count) * 1000))
    }
    await pool.close()
    try await run("DROP DATABASE traindb_bench_noop WITH (FORCE)", on: admin)
    exit(0)
}

// PG_BENCH_WORKOUT=N: only the devices' side of the 1-hour workout's sync, N times on one device
// (a year of history, its log kept open as an app keeps its store, one pooled connection, one sync
// at a time): before each, the app logs the next day's 1-hour workout through its own connection,
// as `make bench-pg`'s devices do; the CPU of this process is counted over the sync alone. With
// no other sync in flight, the figure is the device's own work, without the waiting and the
// threads of 50 syncs at once: what the two builds of a change are compared by.
if let count = ProcessInfo.processInfo.environment["PG_BENCH_WORKOUT"].flatMap(Int.init), count > 0 {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traindb-pg-workout-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await freshDatabase("traindb_bench_workout")
    _ = try await publisher.publish(catalogue, to: server)
    try await SyncBench.subscribe(users: 1, on: server)
    let path = folder.appendingPathComponent("history-52.sqlite").path
    try SyncBench.history(weeks: 52, at: path, catalogue: catalogue)
    let user = SyncBench.user(0)
    _ = try await LogSync().sync(userDatabase: path, with: server, user: user)
    let pool = PostgresPool(server: server, size: 1, applicationName: LogSync.applicationName)
    let logs = OpenLogs()
    try logs.open(path)
    let sessions = try SyncBench.programme(catalogue).sessions.map(\.dayName)
    let catalog = try LogCatalog(database: catalogue)
    var steps: [[Double]] = [[], [], [], []]
    var cpu: [Double] = []
    var pushed = 0
    for index in 0..<count {
        // Monday 2026-01-05, 18:00 UTC, and a day later each time.
        try SyncBench.logHour(
            of: sessions[index % sessions.count],
            at: Date(timeIntervalSince1970: 1_767_636_000 + Double(index) * 86_400), on: path, catalog: catalog,
            seed: UInt64(3_000_000 + index))
        let cpuBefore = SyncBench.cpuSeconds().process
        let started = ContinuousClock.now
        let pending = try LogSync().start(userDatabase: path, server: server, user: user, keeping: logs)
        let read = ContinuousClock.now
        try await LogSync().exchange(pending, through: pool)
        let exchanged = ContinuousClock.now
        let report = try LogSync().finish(pending)
        let finished = ContinuousClock.now
        cpu.append(SyncBench.cpuSeconds().process - cpuBefore)
        pushed += report.pushed
        steps[0].append(seconds(read - started))
        steps[1].append(seconds(exchanged - read))
        steps[2].append(seconds(finished - exchanged))
        steps[3].append(seconds(finished - started))
    }
    logs.close()
    await pool.close()
    print(
        String(
            format: "the 1-hour workout's sync (%d rows each), the log kept open, %d syncs: median %.2f ms "
                + "(read %.2f, exchange %.2f, apply %.2f); CPU of this process per sync: mean %.2f ms, "
                + "median %.2f ms",
            pushed / count, count, median(steps[3]) * 1000, median(steps[0]) * 1000, median(steps[1]) * 1000,
            median(steps[2]) * 1000, cpu.reduce(0, +) / Double(count) * 1000, median(cpu) * 1000))
    try await run("DROP DATABASE traindb_bench_workout WITH (FORCE)", on: admin)
    exit(0)
}
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

// Users with five years of history each push a 1-hour workout, `concurrency` at a time, through a
// pool of connections (a sync service's): PG_BENCH_USERS (500), PG_BENCH_CONCURRENCY (50) and
// PG_BENCH_POOL (4) change them.
let environment = ProcessInfo.processInfo.environment
let users = max(2, environment["PG_BENCH_USERS"].flatMap(Int.init) ?? 500)
let concurrency = max(1, environment["PG_BENCH_CONCURRENCY"].flatMap(Int.init) ?? 50)
let poolSize = max(1, environment["PG_BENCH_POOL"].flatMap(Int.init) ?? 4)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traindb-pg-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let syncServer = try await freshDatabase("traindb_bench_sync")
_ = try await publisher.publish(catalogue, to: syncServer)
// PG_BENCH_SERVER_INDEXES=device: the server also holds the device's indexes for its screens, as
// before migration 0022 dropped them, so that both can be measured in one sitting.
if environment["PG_BENCH_SERVER_INDEXES"] == "device" {
    for index in [
        "workouts_by_session ON workouts (user_id, session_name, state, started_at)",
        "workouts_by_start ON workouts (user_id, state, started_at)",
        "exercise_logs_by_exercise ON exercise_logs (user_id, performed_exercise_id, submitted_at)",
        "exercise_logs_by_workout ON exercise_logs (workout_id, performed_exercise_id)",
    ] {
        try await run("CREATE INDEX " + index, on: syncServer)
    }
}
let template = folder.appendingPathComponent("history-260.sqlite").path
try SyncBench.history(weeks: 260, at: template, catalogue: catalogue)
// Each user subscribed, as paying lifters are: a sync that finds no subscription makes the device
// refuse starting workouts (business rules §14), and the bench logs workouts after syncing.
try await SyncBench.subscribe(users: users, on: syncServer)
// Kept unsynced for the no-op figures below.
try FileManager.default.copyItem(
    atPath: template, toPath: folder.appendingPathComponent("history-260-noop.sqlite").path)
let uploaded = try await LogSync().sync(userDatabase: template, with: syncServer, user: SyncBench.user(0))
let preparing = ContinuousClock.now
let logs = try await SyncBench.copies(of: template, users: users, in: folder, server: syncServer)
print(
    "sync: \(users) users with five years of history (\(uploaded.pushed) rows each, copied in",
    "\(milliseconds(seconds(ContinuousClock.now - preparing)))), each pushing a 1-hour workout,")
if environment["PG_BENCH_SERVER_INDEXES"] == "device" {
    print("  (the server also holding the device's indexes for its screens: PG_BENCH_SERVER_INDEXES=device)")
}
let dataDirectory = try await syncServer.withConnection(applicationName: "pg-bench", logger: logger) { connection in
    var directory = ""
    for try await text in try await connection.query("SHOW data_directory", logger: logger).decode(String.self) {
        directory = text
    }
    return directory
}
// How the devices hold their logs. By default each device's app has its log open, logs the workout
// with it and syncs it on that connection (`LogSync.sync(_:…)`), as the app syncs after a
// workout. PG_BENCH_LOGS=kept: the sync has a connection of its own to each log, kept open
// between syncs (`OpenLogs`), as a sync in a process of its own (a background sync) keeps one,
// and the app's connection is closed once the workout is logged; the bench's default before
// 11-28, which reads the pages the app's writes changed again at each sync. PG_BENCH_LOGS=each:
// each sync opens its log and closes it, as `traindb sync` does.
let eachSyncOpens = logsMode == "each"
// The workout is logged while the device's log is open, as a lifter logs it in an app that keeps
// its store open: the file's write-ahead log, begun by the workout's writes, is where the sync's
// writes go next. PG_BENCH_OPEN=after-workout (with PG_BENCH_LOGS=kept): each log opened after
// its workout was logged and its file closed (the write-ahead log gone with the last
// connection), as the bench did before 11-27: each device's first write of the round then starts
// a new write-ahead log, and SQLite flushes its header and the folder (two fdatasync calls a
// sync, on this machine's disk, each holding one of the process's two threads).
let openAfterWorkout = openSetting != nil
let workoutLoggedFirst = openAfterWorkout || eachSyncOpens
if workoutLoggedFirst { try SyncBench.firstWorkout(on: logs, catalogue: catalogue) }
// What opening them costs (untimed, as an app opens its store when it starts): printed beside
// the first round, since opening a log also gets its connection ready for the first sync.
let openingBefore = SyncBench.cpuSeconds().process
let apps = logsMode == "app" ? try SyncBench.apps(logs, catalogue: catalogue, seed: 1_001) : nil
let devices: SyncBench.Devices
if let apps {
    devices = .apps(apps)
} else if eachSyncOpens {
    devices = .each
} else {
    let kept = OpenLogs()
    for log in logs { try kept.open(log.path) }
    devices = .kept(kept)
}
let openingCPU = (SyncBench.cpuSeconds().process - openingBefore) / Double(logs.count)
if !workoutLoggedFirst { try SyncBench.firstWorkout(on: logs, apps: apps, catalogue: catalogue) }
let pool = PostgresPool(server: syncServer, size: poolSize, applicationName: LogSync.applicationName)
// The pool filled before the syncs are timed, as a sync service's pool is once it has run a
// while: each connection's server process started and has served a sync that pushed rows to
// every table (the first sync of a week-long log, of a user of its own, not one of the timed
// ones), so that its first look at the catalogues, its compile of the sync's functions, its plans
// of their statements and of the foreign keys' checks are made. Opened by the round, the pool
// made the round's first 50 syncs wait behind four new server processes and their first
// exchanges (21-66 ms each, against 4-5 ms after), and the last of those 50 were the 5 slowest
// of 499 syncs: the p99. PG_BENCH_POOL_FILL=no: the pool opens its connections in the round, as
// before; PG_BENCH_POOL_FILL=nothing: each connection filled by a sync of user 0 that brings
// nothing (its catalogues and functions, not the pushes' plans).
let fillMode = environment["PG_BENCH_POOL_FILL"] ?? "week"
let fillingServerBefore = SyncBench.serverCPUSeconds(dataDirectory: dataDirectory).all
let fillingStarted = ContinuousClock.now
if fillMode != "no" {
    var warmLogs: [(user: String, path: String)] = []
    for index in 0..<poolSize {
        let path = folder.appendingPathComponent("warm-\(index).sqlite").path
        if fillMode != "nothing" { try SyncBench.history(weeks: 1, at: path, catalogue: catalogue) }
        warmLogs.append(
            fillMode == "nothing"
                ? (SyncBench.user(0), template) : (String(format: "20000000-0000-4000-8000-%012d", index), path))
    }
    let next = Mutex(0)
    let filling = warmLogs
    try await pool.fill { connection in
        let (user, path) = filling[
            next.withLock { index in
                defer { index += 1 }
                return index
            }]
        let sync = LogSync()
        let pending = try sync.start(userDatabase: path, server: syncServer, user: user)
        try await sync.exchange(pending, on: connection)
        _ = try sync.finish(pending)
    }
}
let filling = (
    wall: seconds(ContinuousClock.now - fillingStarted),
    server: SyncBench.serverCPUSeconds(dataDirectory: dataDirectory).all - fillingServerBefore
)
// The seeding's gigabytes (the server's copies, the devices' files) written out to the disk now,
// as the CHECKPOINT above writes the server's pages: left to the kernel, their writeback fell in
// the round, and the devices' writes, throttled behind it, held this process's threads (a round
// at 18:00 waited 760 ms with 1.7 GB not yet on the disk at its start).
let flushing = ContinuousClock.now
sync()
let flushed = seconds(ContinuousClock.now - flushing)
let countersBefore = await SyncBench.serverCounters(syncServer)
let ioBefore = SyncBench.machineIO()
let serverBefore = SyncBench.serverCPUSeconds(dataDirectory: dataDirectory)
let cpuBefore = SyncBench.cpuSeconds()
// The round's start and end on the wall clock, printed as they happen: to be read beside the
// server's log (`make bench-pg` keeps it) and whatever else watched the machine meanwhile.
stamp("the timed round starts")
let (syncStamps, syncTotal) = try await SyncBench.run(logs, concurrency: concurrency, pool: pool, devices: devices)
stamp("the timed round ends")
let cpuAfter = SyncBench.cpuSeconds()
let serverAfter = SyncBench.serverCPUSeconds(dataDirectory: dataDirectory)
let ioAfter = SyncBench.machineIO()
let syncTimes = syncStamps.map(\.seconds)
let roundEnded = ContinuousClock.now
// Measured after the round, not before: the pages it touches, once given back, would be pages
// the round could take again without the host's cost.
let freshPage = SyncBench.freshPageMicroseconds()
// The next day's workout on every device, synced the same way but with each device's own steps
// taken alone, as on phones: what the server's side costs 50 syncs at a time.
try SyncBench.nextWorkout(on: logs, apps: apps, catalogue: catalogue)
// The server's counters once its backends have reported the round's (idle at most 10 s), before
// the next round.
try await Task.sleep(for: .seconds(max(0, 11 - seconds(ContinuousClock.now - roundEnded))))
let countersAfter = await SyncBench.serverCounters(syncServer)
let cpuBeforeOwn = SyncBench.cpuSeconds()
let serverBeforeOwn = SyncBench.serverCPUSeconds(dataDirectory: dataDirectory)
let own = try await SyncBench.runOnDevicesOfTheirOwn(logs, concurrency: concurrency, pool: pool, devices: devices)
devices.close()
let cpuAfterOwn = SyncBench.cpuSeconds()
let serverAfterOwn = SyncBench.serverCPUSeconds(dataDirectory: dataDirectory)
await pool.close()
let setsPerWorkout = try await syncServer.withConnection(applicationName: "pg-bench", logger: logger) { connection in
    var count = 0
    let rows = try await connection.query(
        """
        SELECT count(*) FROM logged_sets
        WHERE user_id = \(SyncBench.user(1))::uuid AND logged_at >= '2026-01-05' AND logged_at < '2026-01-06'
        """,
        logger: logger)
    for try await sets in rows.decode(Int.self) { count = sets }
    return count
}
if environment["PG_BENCH_KEEP"] == nil { try await run("DROP DATABASE traindb_bench_sync WITH (FORCE)", on: admin) }
print(
    "  \(concurrency) at a time through \(poolSize) pooled connections (\(setsPerWorkout) sets a workout),",
    eachSyncOpens
        ? "each sync opening its log:"
        : apps != nil
            ? String(
                format: "each device's app with its log open, the sync on the app's connection (opened before, "
                    + "%.2f ms of CPU each; the workout logged through it):", openingCPU * 1000)
            : String(
                format: "each device's log kept open by the sync, on a connection of its own (PG_BENCH_LOGS=kept; "
                    + "opened before, %.2f ms of CPU each; the workout logged %@):",
                openingCPU * 1000,
                openAfterWorkout
                    ? "before, its file closed (PG_BENCH_OPEN=after-workout)"
                    : "with it open, through the app's connection, closed after"))
print(
    fillMode == "no"
        ? "  the pool's connections opened by the round's first syncs (PG_BENCH_POOL_FILL=no)"
        : "  the pool filled before (\(poolSize) connections, each with "
            + (fillMode == "nothing"
                ? "a sync that brought nothing" : "a first sync of a week's log, of a user of its own")
            + String(
                format: ": %.0f ms, %.1f ms of the server's CPU in all)", filling.wall * 1000, filling.server * 1000))
print(String(format: "  the seeding's writes flushed to the disk before the round (%.0f ms)", flushed * 1000))
print(
    String(
        format: "  a fresh page of memory cost the machine %.2f µs just after the round (64 MiB newly mapped, "
            + "a byte written into each 4 KiB page)",
        freshPage))
print(
    "  per sync p50 \(milliseconds(percentile(syncTimes, 0.5))), p99 \(milliseconds(percentile(syncTimes, 0.99)));",
    "all \(logs.count) in \(milliseconds(syncTotal))")
let deviceCPU = (cpuAfter.process - cpuBefore.process) / Double(logs.count)
let machineCPU = (cpuAfter.machine - cpuBefore.machine) / Double(logs.count)
let serverCPU = (serverAfter.all - serverBefore.all) / Double(logs.count)
let backendsCPU = (serverAfter.backends - serverBefore.backends) / Double(logs.count)
print(
    String(
        format: "  CPU per sync: %.1f ms the devices' side (this process), %.1f ms the server's (its processes, "
            + "%.1f ms of it the connections' backends); the machine was busy %.1f ms a sync in all",
        deviceCPU * 1000, serverCPU * 1000, backendsCPU * 1000, machineCPU * 1000))
print(
    String(
        format: "  of it in the kernel: %.2f ms the devices', %.2f ms the server's; processors taken from a "
            + "runnable thread or process (involuntary switches) per sync: %.1f the devices', %.1f the server's",
        (cpuAfter.kernel - cpuBefore.kernel) / Double(logs.count) * 1000,
        (serverAfter.kernel - serverBefore.kernel) / Double(logs.count) * 1000,
        (cpuAfter.preempted - cpuBefore.preempted) / Double(logs.count),
        (serverAfter.preempted - serverBefore.preempted) / Double(logs.count)))
printSlowest(syncStamps)
// PG_BENCH_STAMPS=FILE: every sync's steps of the round, one line each (CSV, milliseconds).
if let file = environment["PG_BENCH_STAMPS"], let first = syncStamps.map(\.started).min() {
    var text = "sync,started,read,pool,exchange,apply,total\n"
    for (index, stamp) in syncStamps.enumerated() {
        let step = stamp.steps
        text += String(
            format: "%d,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\n", index + 1, seconds(stamp.started - first) * 1000,
            step.read * 1000, step.pool * 1000, step.exchange * 1000, step.apply * 1000, stamp.seconds * 1000)
    }
    try text.write(toFile: file, atomically: true, encoding: .utf8)
}
let counted = { (name: String) in (countersAfter[name] ?? .nan) - (countersBefore[name] ?? .nan) }
let machine = { (name: String) in (ioAfter[name] ?? .nan) - (ioBefore[name] ?? .nan) }
print(
    String(
        format: "  during it the server found %.0f blocks in its shared buffers and read %.0f from the kernel, "
            + "%.0f ms of its backends' time in those reads; %.0f checkpoints and %.0f autovacuums started, "
            + "%.1f MB of WAL;", counted("blks_hit"), counted("blks_read"), counted("blk_read_time"),
        counted("checkpoints"), counted("autovacuums"), counted("wal_bytes") / 1e6))
print(
    String(
        format: "  the machine read %.1f MB from its disk (%.0f major page faults, %.0f dropped file pages read "
            + "again); some task waited on I/O for %.0f ms of the round's %.0f; written pages not yet on the disk "
            + "%.0f MB at its start, %.0f MB at its end", machine("pgpgin") / 1024,
        machine("pgmajfault"), machine("workingset_refault_file"), machine("io_stall_us") / 1000, syncTotal * 1000,
        ((ioBefore["Dirty"] ?? .nan) + (ioBefore["Writeback"] ?? .nan)) / 1024,
        ((ioAfter["Dirty"] ?? .nan) + (ioAfter["Writeback"] ?? .nan)) / 1024))
print(
    "  the next day's workout, each device's own steps taken alone (as on a phone of its own),",
    "the exchanges \(concurrency) at a time:")
print(
    "  per sync p50 \(milliseconds(percentile(own.sync, 0.5))), p99 \(milliseconds(percentile(own.sync, 0.99)));",
    "the exchange alone p50 \(milliseconds(percentile(own.exchange, 0.5))),",
    "p99 \(milliseconds(percentile(own.exchange, 0.99)))")
let exchangeCPU = (cpuAfterOwn.machine - cpuBeforeOwn.machine) / Double(logs.count)
let serverOwnCPU = (serverAfterOwn.all - serverBeforeOwn.all) / Double(logs.count)
let backendsOwnCPU = (serverAfterOwn.backends - serverBeforeOwn.backends) / Double(logs.count)
print(
    String(
        format: "  CPU per sync: %.1f ms the devices' side, %.1f ms the server's (%.1f ms the backends'); "
            + "the machine busy %.1f ms a sync",
        (cpuAfterOwn.process - cpuBeforeOwn.process) / Double(logs.count) * 1000, serverOwnCPU * 1000,
        backendsOwnCPU * 1000, exchangeCPU * 1000))

// A sync with nothing to bring, after a week of history and after five years: its cost should
// follow what changed, not how long the user has trained. Through the pooled connection with the
// log kept open (`OpenLogs`, as an app or a service syncs), and with the log opened by each sync;
// through a connection of its own, the log opened by each sync (as `traindb sync` does).
let noOpServer = try await freshDatabase("traindb_bench_noop")
_ = try await publisher.publish(catalogue, to: noOpServer)
let noOpPool = PostgresPool(server: noOpServer, size: 1, applicationName: LogSync.applicationName)
var noOp: [(weeks: Int, kept: Double, median: Double, fresh: Double, rows: Int)] = []
for (index, weeks) in [1, 260].enumerated() {
    let path = folder.appendingPathComponent("history-\(weeks)-noop.sqlite").path
    if weeks != 260 { try SyncBench.history(weeks: weeks, at: path, catalogue: catalogue) }
    let user = String(format: "10000000-0000-4000-8000-%012d", index + 1)
    let upload = try await LogSync().sync(userDatabase: path, with: noOpServer, user: user)
    let kept = OpenLogs()
    var keptTimes: [Double] = []
    var pooled: [Double] = []
    var fresh: [Double] = []
    for _ in 0..<50 {
        keptTimes.append(
            try await seconds {
                _ = try await LogSync().sync(userDatabase: path, through: noOpPool, user: user, keeping: kept)
            })
    }
    kept.close()
    for _ in 0..<50 {
        pooled.append(
            try await seconds { _ = try await LogSync().sync(userDatabase: path, through: noOpPool, user: user) })
        fresh.append(
            try await seconds { _ = try await LogSync().sync(userDatabase: path, with: noOpServer, user: user) })
    }
    noOp.append((weeks, median(keptTimes), median(pooled), median(fresh), upload.pushed))
}
await noOpPool.close()
try await run("DROP DATABASE traindb_bench_noop WITH (FORCE)", on: admin)
print(
    "sync with nothing to bring, median of 50 (pooled connection, the log kept open; pooled, the log opened",
    "by each sync; a connection of its own, the log opened by each sync):")
for figure in noOp {
    let weeks = figure.weeks == 1 ? "1 week" : "\(figure.weeks) weeks"
    print(
        "  after \(weeks) (\(figure.rows) rows uploaded first): "
            + String(format: "%.1f ms; %.1f ms; %.1f ms", figure.kept * 1000, figure.median * 1000, figure.fresh * 1000)
    )
}
print(
    String(
        format: "  five years / one week: %.2f×; %.2f×; %.2f×", noOp[1].kept / noOp[0].kept,
        noOp[1].median / noOp[0].median, noOp[1].fresh / noOp[0].fresh))
