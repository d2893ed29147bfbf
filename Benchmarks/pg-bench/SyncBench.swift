import Catalog
import Foundation
import GRDB
import PostgresNIO
import PostgresStore
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog
import UserStore

/// Users with years of history, each syncing a 1-hour workout, many at once, through a pool of
/// server connections as a sync service holds.
enum SyncBench {
    /// A persona's questionnaire: four days, 45-60 minutes, a full gym.
    static let questionnaire = """
        {"name": "Alex", "primaryGoal": "build_muscle", "targetMuscleGroups": ["chest", "biceps"],
         "experienceLevel": "6_months_2_years",
         "equipmentAvailable": ["barbells", "dumbbells", "cable_machines", "pin_loaded_machines",
                                "plate_loaded_machines", "bodyweight"],
         "detailedEquipment": {}, "injuries": [], "trainingDaysPerWeek": 4, "sessionDuration": "45-60 min"}
        """

    /// The bench's user number `index` (0 is the one whose history the others copy).
    static func user(_ index: Int) -> String {
        String(format: "00000000-0000-4000-8000-%012d", index)
    }

    /// Gives users 0..<`users` a paid annual subscription running to 2100 on `server`, as the
    /// service writes one from verified App Store data (`subscription_apply`).
    static func subscribe(users: Int, on server: PostgresURL) async throws {
        try await server.withConnection(applicationName: "pg-bench", logger: logger) { connection in
            try await connection.query(
                """
                SELECT subscription_apply(('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
                    'pg-bench-' || g, 'app.train.ios.annual', 'annual', 'Production', '2100-01-01T00:00:00Z',
                    false, NULL, '2026-01-01T00:00:00Z', NULL, NULL, NULL)
                FROM generate_series(0, \(users - 1)) AS g
                """, logger: logger
            ).collect()
        }
    }

    /// `users` users, each with the history of `template` (a device log already synced as user 0)
    /// on the server and on a device of their own in `folder`. The server's copies are made by
    /// SQL (a sync of each would take minutes); each device's cursor is set to where its user's
    /// rows end. Returns each user's id and device log; the workout each device then syncs is
    /// logged by `firstWorkout`.
    static func copies(
        of template: String, users: Int, in folder: URL, server: PostgresURL
    ) async throws -> [(user: String, path: String)] {
        // Copying millions of rows takes minutes: each batch of users may take its time.
        var patient = server
        patient.answerTimeout = 3_600
        let cursors = try await patient.withConnection(applicationName: "pg-bench", logger: logger) { connection in
            // Copies of rows already checked: without the triggers (each row's change number is
            // drawn here instead, from the same sequence) and the foreign-key checks, which
            // took most of the copy's minutes.
            try await connection.query("SET session_replication_role = replica", logger: logger)
            for table in ["user_settings", "profiles", "programmes", "workouts", "exercise_logs", "logged_sets"] {
                var columns: [String] = []
                let rows = try await connection.query(
                    """
                    SELECT attname::text FROM pg_attribute
                    WHERE attrelid = to_regclass(\("public." + table)) AND attnum > 0 AND NOT attisdropped
                      AND attname NOT IN ('user_id', 'change_seq') ORDER BY attnum
                    """, logger: logger)
                for try await name in rows.decode(String.self) { columns.append(name) }
                let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
                for first in stride(from: 1, to: users, by: 100) {
                    let copy = """
                        INSERT INTO \(table) (user_id, change_seq, \(names))
                        SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
                               nextval('log_changes'), \(names)
                        FROM \(table) CROSS JOIN generate_series(\(first), \(min(users, first + 100) - 1)) AS g
                        WHERE user_id = '\(user(0))' ORDER BY g
                        """
                    try await connection.query(PostgresQuery(unsafeSQL: copy), logger: logger)
                }
            }
            // The copies vacuumed and their statistics taken, and their pages written out, now
            // rather than by autovacuum and a checkpoint in the middle of the timed syncs.
            try await connection.query("VACUUM (ANALYZE)", logger: logger)
            try await connection.query("CHECKPOINT", logger: logger)
            var cursors: [String: Int64] = [:]
            let rows = try await connection.query(
                """
                SELECT user_id::text, max(change_seq) FROM (
                    SELECT user_id, change_seq FROM user_settings UNION ALL SELECT user_id, change_seq FROM profiles
                    UNION ALL SELECT user_id, change_seq FROM programmes
                    UNION ALL SELECT user_id, change_seq FROM workouts
                    UNION ALL SELECT user_id, change_seq FROM exercise_logs
                    UNION ALL SELECT user_id, change_seq FROM logged_sets) AS everything
                GROUP BY user_id
                """, logger: logger)
            for try await (user, cursor) in rows.decode((String, Int64).self) { cursors[user] = cursor }
            return cursors
        }
        // The template whole in its file (a sync leaves its writes in the write-ahead log), so
        // that copying the file copies all of it.
        let whole = try DatabaseQueue(path: template)
        try await whole.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try whole.close()
        return try (1..<users).map { index in
            let path = folder.appendingPathComponent("user-\(index).sqlite").path
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let id = user(index)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: "UPDATE sync_cursors SET user_id = ?, change_seq = ?",
                    arguments: [id, cursors[id] ?? 0])
            }
            try queue.close()
            return (id, path)
        }
    }

    /// On each device, a 1-hour workout logged since the history (Monday 2026-01-05, 18:00 UTC, the
    /// day after it ends: the programme's first session): an hour from its first set to its last,
    /// every prescribed set logged, each exercise submitted. On the apps' open logs when there
    /// are `apps`; otherwise through a connection opened for it.
    static func firstWorkout(
        on logs: [(user: String, path: String)], apps: [(log: TrainingLog, clock: ManualClock)]? = nil,
        catalogue: CatalogDatabase
    ) throws {
        if let apps { return try workouts(session: 0, at: 1_767_636_000, on: apps, catalogue: catalogue) }
        // Seeded by user number, as when each copy logged its own.
        try workouts(session: 0, at: 1_767_636_000, seed: 1_001, on: logs, catalogue: catalogue)
    }

    /// A log at `path` with `weeks` weeks of history, three 1-hour workouts a week (every
    /// prescribed set logged, each exercise submitted), as a lifter who trained that long has.
    static func history(weeks: Int, at path: String, catalogue: CatalogDatabase) throws {
        let programme = try programme(catalogue)
        // Monday 2026-01-05, 18:00 UTC, minus the weeks of history.
        let start = Date(timeIntervalSince1970: 1_767_636_000 - Double(weeks) * 7 * 86_400)
        let clock = ManualClock(start)
        let log = try open(path, catalog: try LogCatalog(database: catalogue), clock: clock, seed: 7)
        try log.startProgramme(
            programme, questionnaireJSON: questionnaire, startDate: CalendarDate(start, in: .gmt))
        for week in 0..<weeks {
            for (day, session) in [(0, 0), (2, 1), (4, 2)] {
                clock.set(start.addingTimeInterval(Double(week * 7 + day) * 86_400))
                try logWorkout(
                    session: programme.sessions[session % programme.sessions.count].dayName, in: log, clock: clock
                ) { _ in 150 }
            }
        }
    }

    /// PG_BENCH_IDS=random: the devices give their rows random version-4 UUIDs, as TrainDB's
    /// stores did before ids started with their day, to measure in one sitting what the day-first
    /// ids save the server (a workout's rows on a few leaf pages of each index rather than one
    /// page each, scattered over the user's history).
    static let randomIDs = ProcessInfo.processInfo.environment["PG_BENCH_IDS"] == "random"

    /// Seeded random version-4 UUIDs, the ids `SeededRowIDs` gave before they started with
    /// their day.
    final class RandomVersion4IDs: RowIDSource, @unchecked Sendable {
        private let lock = NSLock()
        private var generator: SplitMix64

        init(seed: UInt64) { generator = SplitMix64(seed: seed) }

        func next(at moment: Date) -> String {
            let (high, low) = lock.withLock { (generator.next(), generator.next()) }
            var bytes = Array(RowID.make(day: UInt16(truncatingIfNeeded: high >> 48), random: (high, low)).utf8)
            bytes[14] = UInt8(ascii: "4")
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The persona's programme, which every device of the bench follows.
    static func programme(_ catalogue: CatalogDatabase) throws -> Programme {
        try ProgrammeGenerator(catalog: try GeneratorCatalog(database: catalogue))
            .generate(fromJSON: Data(questionnaire.utf8), seed: 1, createdDate: CalendarDate(dayNumber: 20_458))
    }

    /// The training log at `path` as a device of the bench opens it, its row ids from `seed`.
    static func open(_ path: String, catalog: LogCatalog, clock: ManualClock, seed: UInt64) throws -> TrainingLog {
        try TrainingLog(
            path: path, catalog: catalog, clock: clock,
            ids: randomIDs ? RandomVersion4IDs(seed: seed) : SeededRowIDs(seed: seed),
            newUser: UserSettings(unit: .kg, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt))
    }

    /// On the device at `path`, a 1-hour workout of `session` from `start`: an hour from its
    /// first set to its last.
    static func logHour(of session: String, at start: Date, on path: String, catalog: LogCatalog, seed: UInt64) throws {
        let clock = ManualClock(start)
        let log = try open(path, catalog: catalog, clock: clock, seed: seed)
        try logHour(of: session, at: start, in: log, clock: clock)
    }

    /// The same in `log`, open already, whose calls read `clock`.
    static func logHour(of session: String, at start: Date, in log: TrainingLog, clock: ManualClock) throws {
        clock.set(start)
        try logWorkout(session: session, in: log, clock: clock) { sets in 3600 / Double(sets) }
    }

    /// A workout of `session` in `log`: every prescribed set logged, `gap(sets)` seconds apart
    /// (`sets`: how many the workout prescribes), each exercise submitted, the workout completed.
    static func logWorkout(
        session: String, in log: TrainingLog, clock: ManualClock, gap: (Int) -> Double
    ) throws {
        let workout = try log.startWorkout(session: session)
        let seconds = gap(max(1, workout.exercises.reduce(0) { $0 + $1.prescribedSets }))
        for exercise in workout.exercises {
            for _ in 0..<exercise.prescribedSets {
                clock.advance(by: seconds)
                try log.logSet(exercise: exercise.exerciseId, SetEntry(reps: 10, weight: 40, unit: .kg))
            }
            try log.submit(exercise: exercise.exerciseId)
        }
        try log.completeWorkout()
    }

    /// Runs `body` for each of `0..<count`, `concurrency` at a time (the next starting as one
    /// ends); what each returned, by index.
    static func inFlight<Value: Sendable>(
        _ count: Int, concurrency: Int, _ body: @escaping @Sendable (Int) async throws -> Value
    ) async throws -> [Value] {
        try await withThrowingTaskGroup(of: (Int, Value).self) { group in
            var next = 0
            func add() {
                guard next < count else { return }
                let index = next
                next += 1
                group.addTask { (index, try await body(index)) }
            }
            for _ in 0..<concurrency { add() }
            var values = [Value?](repeating: nil, count: count)
            while let (index, value) = try await group.next() {
                values[index] = value
                add()
            }
            return values.map { $0! }
        }
    }

    /// How the devices hold their logs for the syncs.
    enum Devices {
        /// Each device's app has its log open (`TrainingLog`, with the clock it logs by) and
        /// syncs it on that connection (`LogSync.sync(_:…)`), as the app syncs after a workout.
        case apps([(log: TrainingLog, clock: ManualClock)])
        /// A connection of the sync's own to each log, kept open between syncs (`OpenLogs`), as a
        /// sync in a process of its own (a background sync, a service) keeps it.
        case kept(OpenLogs)
        /// Each sync opens its log and closes it, as `traindb sync` does.
        case each

        /// The first step of a sync of `device` (the `index`th) to `server`.
        func start(
            _ index: Int, _ device: (user: String, path: String), server: PostgresURL
        ) throws -> LogSync.Pending {
            switch self {
            case .apps(let apps): try LogSync().start(apps[index].log, server: server, user: device.user)
            case .kept(let logs):
                try LogSync().start(userDatabase: device.path, server: server, user: device.user, keeping: logs)
            case .each: try LogSync().start(userDatabase: device.path, server: server, user: device.user)
            }
        }

        /// Closes the connections the bench opened for the devices.
        func close() {
            if case .kept(let logs) = self { logs.close() }
        }
    }

    /// When one sync of the timed round took its steps: it started (its task began), had read
    /// the device's changes, got a pooled connection, had the server's answer (its task running
    /// again), and had applied it. Five clock readings a sync, kept until the round ends.
    struct Stamps: Sendable {
        var started: ContinuousClock.Instant
        var read: ContinuousClock.Instant
        var connected: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        var finished: ContinuousClock.Instant

        var seconds: Double { pg_bench.seconds(finished - started) }
        /// Reading the device's changes, waiting for a pooled connection, the exchange (the
        /// server's work and the wait for this process's threads to take its answer), applying
        /// the answer on the device; in seconds.
        var steps: (read: Double, pool: Double, exchange: Double, apply: Double) {
            (
                pg_bench.seconds(read - started), pg_bench.seconds(connected - read),
                pg_bench.seconds(answered - connected), pg_bench.seconds(finished - answered)
            )
        }
    }

    /// Syncs every log, `concurrency` at a time, through `pool`, each held as `devices` holds
    /// it, in the three steps `LogSync.sync` takes, each stamped; and the whole run's seconds.
    static func run(
        _ logs: [(user: String, path: String)], concurrency: Int, pool: PostgresPool, devices: Devices
    ) async throws -> ([Stamps], Double) {
        let start = ContinuousClock.now
        let stamps = try await inFlight(logs.count, concurrency: concurrency) { index in
            let started = ContinuousClock.now
            let sync = LogSync()
            let pending = try devices.start(index, logs[index], server: pool.server)
            let read = ContinuousClock.now
            try await sync.exchange(pending, through: pool)
            let answered = ContinuousClock.now
            _ = try sync.finish(pending)
            return Stamps(
                started: started, read: read, connected: pending.connectedAt ?? read, answered: answered,
                finished: ContinuousClock.now)
        }
        return (stamps, seconds(ContinuousClock.now - start))
    }

    /// Opens each device's log as its app does (`open`, its ids seeded by `seed` plus the
    /// device's place in `logs`), with a clock of its own for the workouts it then logs, and
    /// gets it ready for its syncs (`LogSync.prepare`), as the app does when it opens its log.
    static func apps(
        _ logs: [(user: String, path: String)], catalogue: CatalogDatabase, seed: UInt64
    ) throws -> [(log: TrainingLog, clock: ManualClock)] {
        let catalog = try LogCatalog(database: catalogue)
        return try logs.enumerated().map { index, device in
            let clock = ManualClock(Date(timeIntervalSince1970: 1_767_636_000))
            let log = try open(device.path, catalog: catalog, clock: clock, seed: seed + UInt64(index))
            try LogSync.prepare(log)
            return (log, clock)
        }
    }

    /// On each app's open log, the programme's session number `session` logged from `start`
    /// (seconds since 1970) for an hour, as `logHour` logs it.
    static func workouts(
        session: Int, at start: TimeInterval, on apps: [(log: TrainingLog, clock: ManualClock)],
        catalogue: CatalogDatabase
    ) throws {
        try workouts(session: session, at: start, devices: apps.count, catalogue: catalogue) { apps[$0] }
    }

    /// On each device, the next day's 1-hour workout (Tuesday 2026-01-06, 18:00 UTC: the programme's
    /// second session), logged as `firstWorkout` logs the first.
    static func nextWorkout(
        on logs: [(user: String, path: String)], apps: [(log: TrainingLog, clock: ManualClock)]? = nil,
        catalogue: CatalogDatabase
    ) throws {
        if let apps { return try workouts(session: 1, at: 1_767_722_400, on: apps, catalogue: catalogue) }
        try workouts(session: 1, at: 1_767_722_400, seed: 2_000_000, on: logs, catalogue: catalogue)
    }

    /// On each device, the programme's session number `session` logged from `start` (seconds since
    /// 1970) for an hour, through a log opened for it and closed after, its row ids seeded by
    /// `seed` plus the device's place in `logs`.
    private static func workouts(
        session: Int, at start: TimeInterval, seed: UInt64, on logs: [(user: String, path: String)],
        catalogue: CatalogDatabase
    ) throws {
        let catalog = try LogCatalog(database: catalogue)
        try workouts(session: session, at: start, devices: logs.count, catalogue: catalogue) { index in
            let clock = ManualClock(Date(timeIntervalSince1970: start))
            return (try open(logs[index].path, catalog: catalog, clock: clock, seed: seed + UInt64(index)), clock)
        }
    }

    /// On each of `count` devices, whose log and clock `device` gives by the device's place, the
    /// session number `session` logged from `start` for an hour; then the app, back on its home
    /// screen, shows the week (a read of the log between its syncs, as every app makes).
    private static func workouts(
        session: Int, at start: TimeInterval, devices count: Int, catalogue: CatalogDatabase,
        _ device: (Int) throws -> (log: TrainingLog, clock: ManualClock)
    ) throws {
        let session = try programme(catalogue).sessions[session].dayName
        for index in 0..<count {
            let app = try device(index)
            try logHour(of: session, at: Date(timeIntervalSince1970: start), in: app.log, clock: app.clock)
            _ = try app.log.week()
        }
    }

    /// The syncs of `run` as they happen when every device is a phone of its own: each device's
    /// steps (reading its changes; applying the server's answer) taken one device at a time, so
    /// that no device waits for another's processor, and only the server's exchanges
    /// `concurrency` at a time through `pool`. Each sync's seconds are its device steps' plus its
    /// exchange's; and the exchanges' alone.
    static func runOnDevicesOfTheirOwn(
        _ logs: [(user: String, path: String)], concurrency: Int, pool: PostgresPool, devices: Devices
    ) async throws -> (sync: [Double], exchange: [Double]) {
        var pending: [LogSync.Pending] = []
        var device: [Double] = []
        for (index, log) in logs.enumerated() {
            let started = ContinuousClock.now
            pending.append(try devices.start(index, log, server: pool.server))
            device.append(seconds(ContinuousClock.now - started))
        }
        let syncs = pending
        let exchange = try await inFlight(syncs.count, concurrency: concurrency) { index in
            let started = ContinuousClock.now
            try await LogSync().exchange(syncs[index], through: pool)
            return seconds(ContinuousClock.now - started)
        }
        for (index, sync) in pending.enumerated() {
            let started = ContinuousClock.now
            _ = try LogSync().finish(sync)
            device[index] += seconds(ContinuousClock.now - started)
        }
        return (zip(device, exchange).map(+), exchange)
    }

    /// CPU seconds so far of the server's processes: the postmaster whose pid heads
    /// `postmaster.pid` in `dataDirectory`, and every process it started (the backends of the
    /// pool's connections, the WAL writer, the checkpointer …), from /proc. Unlike the machine's
    /// busy time, other work on a shared machine does not count. `backends`: the part of the
    /// connections' backends (their title names the client's address, `127.0.0.1(port)`), what
    /// the syncs' statements cost, against the rest (autovacuum, the checkpointer, the WAL writer).
    /// `kernel`: the part of `all` spent in the kernel (system time); `preempted`: how often the
    /// kernel took a processor from one of them while it could still run (involuntary context
    /// switches), as when more of them are ready to run than there are cores.
    static func serverCPUSeconds(
        dataDirectory: String
    ) -> (all: Double, backends: Double, kernel: Double, preempted: Double) {
        let pidFile = (try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8)) ?? ""
        guard let postmaster = pidFile.split(separator: "\n").first.flatMap({ Int($0) }) else {
            return (.nan, .nan, .nan, .nan)
        }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        var backends = 0.0
        var kernel = 0.0
        var preempted = 0.0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, ppid, …; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, pid == postmaster || Int(fields[1]) == postmaster,
                let user = Double(fields[11]), let system = Double(fields[12])
            else { continue }
            total += (user + system) / ticks
            kernel += system / ticks
            preempted += involuntarySwitches(of: entry)
            let title = (try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8)) ?? ""
            if title.contains("(") { backends += (user + system) / ticks }
        }
        return (total, backends, kernel, preempted)
    }

    /// The involuntary context switches of process `pid` so far, from /proc/PID/status.
    private static func involuntarySwitches(of pid: String) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("nonvoluntary_ctxt_switches:") }
        return line.flatMap { Double($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
    }

    /// CPU seconds so far: this process's (the devices' side of every sync), and the whole
    /// machine's busy time (this process and the server's backends), from /proc/stat.
    /// `kernel`: the part of `process` spent in the kernel; `preempted`: the process's involuntary
    /// context switches so far.
    static func cpuSeconds() -> (process: Double, machine: Double, kernel: Double, preempted: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let process =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let kernel = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let preempted = Double(usage.ru_nivcsw)
        let line = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8))?.split(separator: "\n").first ?? ""
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 5 else { return (process, .nan, kernel, preempted) }
        let busy = ticks.reduce(0, +) - ticks[3] - ticks[4]
        return (process, busy / Double(sysconf(Int32(_SC_CLK_TCK))), kernel, preempted)
    }

    /// What the machine takes, in microseconds, to hand out a page of memory it has not handed
    /// out lately: 64 MiB newly mapped, one byte written into each 4 KiB page, then unmapped.
    ///
    /// Every page the round's processes take fresh costs this: the page-cache pages each device's
    /// growing write-ahead log is written into (zeroed by the file system) and the anonymous pages
    /// its connection's page cache grows into, on the devices' side; the server's new pages
    /// likewise. On a virtual machine that reports its free memory back to its host, a page freed
    /// a while ago must be backed by the host again when it is next touched, and the cost differs
    /// from one sitting to the next by several times; printed beside the round, it says which
    /// kind of machine the round ran on.
    static func freshPageMicroseconds() -> Double {
        let size = 64 << 20
        let page = 4096
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else { return .nan }
        defer { munmap(memory, size) }
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        let started = ContinuousClock.now
        for offset in stride(from: 0, to: size, by: page) { bytes[offset] = 1 }
        return seconds(ContinuousClock.now - started) * 1e6 / Double(size / page)
    }

    /// The machine's disk and memory counters so far, from /proc: kilobytes read from disk
    /// (`pgpgin`), major page faults, page-cache pages read back after the kernel dropped them
    /// (`workingset_refault_file`), microseconds in which some task waited on I/O
    /// (`/proc/pressure/io`), and kilobytes of written pages not yet on the disk now (`Dirty`,
    /// `Writeback` of /proc/meminfo). Other work on a shared machine counts too.
    static func machineIO() -> [String: Double] {
        var counters: [String: Double] = [:]
        let vmstat = (try? String(contentsOfFile: "/proc/vmstat", encoding: .utf8)) ?? ""
        for line in vmstat.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, ["pgpgin", "pgmajfault", "workingset_refault_file"].contains(String(parts[0]))
            else { continue }
            counters[String(parts[0])] = Double(parts[1])
        }
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        for line in meminfo.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, ["Dirty:", "Writeback:"].contains(String(parts[0])) else { continue }
            counters[String(parts[0].dropLast())] = Double(parts[1])
        }
        let pressure = (try? String(contentsOfFile: "/proc/pressure/io", encoding: .utf8)) ?? ""
        if let some = pressure.split(separator: "\n").first(where: { $0.hasPrefix("some") }),
            let total = some.split(separator: " ").first(where: { $0.hasPrefix("total=") })
        {
            counters["io_stall_us"] = Double(total.dropFirst("total=".count))
        }
        return counters
    }

    /// The server's counters so far for `server`'s database: blocks found in its shared buffers
    /// and read from the kernel, milliseconds spent reading them (`track_io_timing`), checkpoints
    /// and autovacuums started, bytes of WAL. A backend reports its counters when it has been idle
    /// a moment (at most 10 s), so read them a while after the work they count. Empty (the
    /// figures print as nan) from a server whose statistics views differ (PostgreSQL 17 moved
    /// the checkpoints' counts).
    static func serverCounters(_ server: PostgresURL) async -> [String: Double] {
        let counters = try? await server.withConnection(applicationName: "pg-bench", logger: logger) { connection in
            var counters: [String: Double] = [:]
            let rows = try await connection.query(
                """
                SELECT d.blks_hit::float8, d.blks_read::float8, d.blk_read_time,
                       (b.checkpoints_timed + b.checkpoints_req)::float8, w.wal_bytes::float8,
                       (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0)::float8
                        FROM pg_stat_all_tables)
                FROM pg_stat_database AS d, pg_stat_bgwriter AS b, pg_stat_wal AS w
                WHERE d.datname = current_database()
                """, logger: logger)
            for try await (hit, read, readTime, checkpoints, wal, autovacuums) in rows.decode(
                (Double, Double, Double, Double, Double, Double).self)
            {
                counters = [
                    "blks_hit": hit, "blks_read": read, "blk_read_time": readTime, "checkpoints": checkpoints,
                    "wal_bytes": wal, "autovacuums": autovacuums,
                ]
            }
            return counters
        }
        return counters ?? [:]
    }
}
