import Account
import Foundation
import GRDB
import PostgresNIO
import ProgrammeGenerator
import Synchronization
import TestSupport
import TrainingCalendar
import TrainingLog
import UserStore

@testable import PostgresStore

/// A run in the manner of Jepsen's tests of sync services: several users, each with several
/// devices that work offline (workouts logged, sets edited on two devices at once, workouts
/// discarded, settings and profiles changed on both), syncing many at a time while clients are
/// killed mid-sync and the server drops every session or restarts; then every device syncs until
/// nothing changes, and the run checks what a user would notice:
/// - every device holds what the server holds for its user, row for row;
/// - no acknowledged write is lost: a version the server took (the device then marked it synced)
///   is still the server's, unless a write that could have come after it replaced it, or the
///   user deleted the row (or a row it belongs to);
/// - no row is a version no device of that user wrote: nothing of another user's appears.
///
/// Every random choice comes from `Plan.seed`; what the faults hit depends on timing too.
final class ConvergenceRun: @unchecked Sendable {
    struct Plan: Sendable, CustomStringConvertible {
        var users: Int
        var devices: Int
        var rounds: Int
        var seed: UInt64
        /// A command that restarts the whole server (the soak's own cluster); without one, a
        /// "restart" ends every session of the run's database, as a restart does to clients.
        var restart: String?

        var description: String { "\(users) users × \(devices) devices, \(rounds) rounds, seed \(seed)" }
    }

    /// What the run did, for the README and the soak's report.
    struct Figures: CustomStringConvertible {
        var operations = 0
        var operationsRefused = 0
        var syncs = 0
        var syncsFailed = 0
        var killedAfterCommit = 0
        var discardedDuringSync = 0
        var processesKilled = 0
        var restarts = 0
        var acknowledged = 0
        var conflicts = 0
        var quiescencePasses = 0
        var rowsAtEnd = 0
        var seconds = 0.0

        var description: String {
            "\(operations) offline changes (\(operationsRefused) refused by the app's rules), \(syncs) syncs "
                + "(\(syncsFailed) failed by a fault), \(killedAfterCommit) clients killed after the server "
                + "committed, \(processesKilled) traindb processes killed mid-sync, \(discardedDuringSync) "
                + "workouts discarded while the server answered, \(restarts) server restarts; "
                + "\(acknowledged) row versions acknowledged, \(conflicts) conflicts reported; quiescent after "
                + "\(quiescencePasses) passes, \(rowsAtEnd) rows on the server; "
                + String(format: "%.1f s", seconds)
        }
    }

    /// A device of a user: a training log file and the app's API over it.
    struct Device {
        let user: Int
        let index: Int
        let log: SyncDevice
        /// This device's part of every moment, in milliseconds: no two devices write a row at
        /// the same moment, so a row's `updated_at` says which device's version it is.
        let offset: Double
    }

    /// One row version a sync sent, and what became of it.
    struct Attempt {
        enum Status { case acknowledged, indeterminate, notWritten }
        let key: String
        let version: String
        let started: Int
        var ended: Int
        var status: Status
    }

    let plan: Plan
    let server: PostgresURL
    let directory: TemporaryDirectory
    private(set) var devices: [[Device]] = []
    private(set) var figures = Figures()
    /// The offline changes' choices, which also follow what the syncs before them did.
    private var random: SplitMix64
    /// Which devices sync and under which fault: the same in every run of a plan.
    private var faults: SplitMix64
    /// Per user, every row version a sync sent.
    private var attempts: [[Attempt]]
    /// Per user, the row each row belongs to (a set's exercise, an exercise's workout).
    private var parents: [[String: String]]
    /// Per user, the deletions a sync sent and the server took.
    private var acknowledgedDeletions: [Set<String>]
    private let tick = Mutex(0)
    private let secretFile: String

    static let start = Date(timeIntervalSince1970: 1_767_600_000)  // 2026-01-05T08:00:00Z

    init(_ plan: Plan, server: PostgresURL, directory: TemporaryDirectory) throws {
        self.plan = plan
        var patient = server
        patient.answerTimeout = 15
        self.server = patient
        self.directory = directory
        random = SplitMix64(seed: plan.seed)
        faults = SplitMix64(seed: plan.seed ^ 0x5EED_FA17)
        attempts = Array(repeating: [], count: plan.users)
        parents = Array(repeating: [:], count: plan.users)
        acknowledgedDeletions = Array(repeating: [], count: plan.users)
        secretFile = directory.path("jwt-secret")
        try AccessTokenTests.secret.write(to: URL(fileURLWithPath: secretFile))
        for user in 0..<plan.users {
            devices.append(
                try (0..<plan.devices).map { index in
                    // The same seeds for every user: their devices make the same row ids.
                    let log = try SyncDevice(
                        path: directory.path("u\(user)-d\(index).sqlite"), seed: UInt64(index + 1),
                        now: "2026-01-05T08:00:00Z")
                    return Device(user: user, index: index, log: log, offset: Double(user * 8 + index) / 1_000)
                })
        }
    }

    static func userID(_ user: Int) -> String {
        String(format: "e0000000-0000-4000-8000-%012d", user)
    }

    /// Runs the plan, then syncs until quiescent and checks; returns the problems found.
    func run() async throws -> [String] {
        let started = ContinuousClock.now
        for user in 0..<plan.users {
            try devices[user][0].log.startProgramme()
            for device in devices[user] { _ = try await recordedSync(device) }
        }
        for round in 0..<plan.rounds {
            for user in 0..<plan.users {
                for device in devices[user] {
                    setClock(device, round: round)
                    for _ in 0..<Int.random(in: 0...2, using: &random) { change(device) }
                }
            }
            try await syncRound(middle: round == plan.rounds / 2)
        }
        try await quiesce()
        let problems = try await check()
        let elapsed = (ContinuousClock.now - started).components
        figures.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return problems
    }

    // MARK: - Offline changes

    /// Each round is two hours of the devices' wall clocks, each device starting within its first
    /// ten minutes: every change of a round is later than anything a device pulled before it.
    private func setClock(_ device: Device, round: Int) {
        let minutes = Double(Int.random(in: 0...10, using: &random))
        device.log.clock.set(
            Self.start.addingTimeInterval(Double(round + 1) * 7_200 + minutes * 60 + device.offset))
    }

    /// One change a user makes offline on `device`; one the app refuses (a workout another
    /// device finished, say) is counted and skipped.
    private func change(_ device: Device) {
        let log = device.log.log
        let marker = Double(40 + device.user)
        device.log.clock.advance(by: Double(Int.random(in: 1...3, using: &random)) * 60)
        let first = device.index == 0
        let choice = Int.random(in: 0..<(first ? 9 : 6), using: &random)
        figures.operations += 1
        do {
            switch (choice, try log.currentWorkout()) {
            case (0...2, nil):
                // A session: completed at once, or on the first device left open for later.
                guard let programme = try log.activeProgramme() else { return refused() }
                let session = programme.sessions[Int.random(in: 0..<programme.sessions.count, using: &random)]
                let workout = try log.startWorkout(session: session.dayName)
                let exercises = workout.exercises.prefix(Int.random(in: 1...3, using: &random))
                for exercise in exercises {
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        device.log.clock.advance(by: 60)
                        try log.logSet(
                            exercise: exercise.exerciseId,
                            SetEntry(reps: Int.random(in: 5...12, using: &random), weight: marker, unit: .kg))
                    }
                }
                if !first || Bool.random(using: &random) { try finish(device) }
            case (0...2, let open?), (3...4, let open?):
                // An edit of a set of the open workout, which another device may be editing too.
                let withSets = open.exercises.filter { !$0.sets.isEmpty }
                guard let exercise = withSets.randomElement(using: &random),
                    let set = exercise.sets.randomElement(using: &random)
                else { return refused() }
                try log.editSet(
                    exercise: exercise.exerciseId, number: set.number,
                    SetEntry(reps: Int.random(in: 1...20, using: &random), weight: marker, unit: .kg))
            case (5, _):
                if Bool.random(using: &random) {
                    let zones = ["Europe/London", "Europe/Paris", "America/New_York", "Asia/Tokyo"]
                    try log.updateSettings(
                        timeZone: TimeZone(identifier: zones[(device.user + device.index) % zones.count]))
                } else {
                    // The user's weight, in a range of their own.
                    let weight = Double(50 + 10 * device.user) + Double(Int.random(in: 0...9, using: &random)) / 2
                    try log.saveProfile(AboutYou(weightKg: weight, weightUnit: .kg, motivations: [.structure]))
                }
            case (6, let open?):
                guard let exercise = open.exercises.randomElement(using: &random) else { return refused() }
                try log.logSet(
                    exercise: exercise.exerciseId,
                    SetEntry(reps: Int.random(in: 5...12, using: &random), weight: marker, unit: .kg))
            case (7, .some):
                try finish(device)
            case (8, .some):
                try log.discardWorkout()
            case (8, nil) where Int.random(in: 0..<4, using: &random) == 0:
                try device.log.startProgramme()
            default:
                refused()
            }
        } catch {
            refused()
        }
    }

    private func refused() {
        figures.operationsRefused += 1
    }

    /// Submits every exercise of the open workout with a set, then completes it.
    private func finish(_ device: Device) throws(TrainingLogError) {
        let log = device.log.log
        guard let open = try log.currentWorkout() else { return }
        for exercise in open.exercises where !exercise.sets.isEmpty {
            device.log.clock.advance(by: 30)
            try log.submit(exercise: exercise.exerciseId)
        }
        device.log.clock.advance(by: 60)
        try log.completeWorkout()
    }

    // MARK: - Syncs under faults

    enum Fault { case none, killedAfterCommit, processKilled, discardedDuringSync }

    struct Killed: Error {}

    /// A round's syncs: about two devices in three, all at once, some of them under a fault, and
    /// in one round in five a restart while they run. The `middle` round has one of each fault.
    private func syncRound(middle: Bool) async throws {
        var chosen: [(Device, Fault)] = []
        for user in devices {
            for device in user where Int.random(in: 0..<10, using: &faults) < 6 || (middle && chosen.count < 2) {
                let fault: Fault =
                    switch Int.random(in: 0..<100, using: &faults) {
                    case _ where middle && chosen.count < 2: chosen.isEmpty ? .killedAfterCommit : .processKilled
                    case ..<12: .killedAfterCommit
                    case ..<22: .processKilled
                    case ..<45 where device.index == 0: .discardedDuringSync
                    default: .none
                    }
                chosen.append((device, fault))
            }
        }
        let restartAfter =
            Int.random(in: 0..<100, using: &faults) < 20 || middle ? Int.random(in: 0...200, using: &faults) : nil
        let delays = chosen.map { _ in Int.random(in: 0...500, using: &faults) }
        let snapshots = try chosen.map { try snapshot($0.0) }
        let outcomes = await withTaskGroup(of: (Int, Result<SyncReport, any Error>, Int, Int).self) { group in
            for (index, (device, fault)) in chosen.enumerated() {
                let delay = delays[index]
                group.addTask {
                    let started = self.nextTick()
                    let result: Result<SyncReport, any Error>
                    do {
                        result = .success(try await self.sync(device, fault: fault, killAfter: delay))
                    } catch {
                        result = .failure(error)
                    }
                    return (index, result, started, self.nextTick())
                }
            }
            if let restartAfter {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(restartAfter))
                    await self.restart()
                    return (-1, .failure(Killed()), 0, 0)
                }
            }
            var outcomes: [(Int, Result<SyncReport, any Error>, Int, Int)] = []
            for await outcome in group where outcome.0 >= 0 { outcomes.append(outcome) }
            return outcomes
        }
        if restartAfter != nil { figures.restarts += 1 }
        for (index, result, started, ended) in outcomes {
            let (device, fault) = chosen[index]
            figures.syncs += 1
            switch (result, fault) {
            case (.success(let report), .none), (.success(let report), .discardedDuringSync):
                if fault == .discardedDuringSync { figures.discardedDuringSync += 1 }
                figures.conflicts += report.conflicts.count
                try record(snapshots[index], of: device, started: started, ended: ended, acknowledged: true)
            default:
                if fault == .killedAfterCommit { figures.killedAfterCommit += 1 }
                if fault == .processKilled {
                    figures.processesKilled += 1
                } else if case .failure(let error) = result,
                    !(error is Killed)
                {
                    figures.syncsFailed += 1
                }
                try record(snapshots[index], of: device, started: started, ended: ended, acknowledged: false)
            }
        }
    }

    private func nextTick() -> Int {
        tick.withLock { value in
            value += 1
            return value
        }
    }

    /// A sync of `device`: in this process, killed after the server's commit, or a `traindb
    /// sync` process killed `killAfter` milliseconds after it started (or done by then).
    private func sync(_ device: Device, fault: Fault, killAfter: Int = 0) async throws -> SyncReport {
        let user = Self.userID(device.user)
        switch fault {
        case .none:
            return try await LogSync().sync(userDatabase: device.log.path, with: server, user: user)
        case .killedAfterCommit:
            return try await LogSync().sync(
                userDatabase: device.log.path, with: server, user: user, role: "authenticated"
            ) { throw Killed() }
        case .processKilled:
            try await killedProcess(device, after: killAfter)
            throw Killed()
        case .discardedDuringSync:
            // The user discards the open workout while the server answers.
            return try await LogSync().sync(
                userDatabase: device.log.path, with: server, user: user, role: "authenticated"
            ) { _ = try? device.log.log.discardWorkout() }
        }
    }

    /// `traindb sync` for `device`, killed with SIGKILL after `milliseconds`.
    private func killedProcess(_ device: Device, after milliseconds: Int) async throws {
        let token = AccessTokenTests.hs256(
            AccessTokenTests.claims(exp: Date().timeIntervalSince1970 + 3_600, sub: Self.userID(device.user)))
        let pid = try Self.spawn([
            TraindbProcess.executable.path, "sync", "--store", device.log.path, "--postgres", server.description,
            "--token", token, "--jwt-secret-file", secretFile,
        ])
        try? await Task.sleep(for: .milliseconds(milliseconds))
        kill(pid, SIGKILL)
        await Self.waitFor(pid)
    }

    /// What a restart does to every client: the server's own restart when the plan has one,
    /// else every session of the run's database ended.
    private func restart() async {
        if let command = plan.restart {
            guard let pid = try? Self.spawn(["/bin/sh", "-c", command]) else { return }
            await Self.waitFor(pid)
            return
        }
        _ = try? await server.withTestConnection { connection in
            try await connection.query(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                """, logger: PostgresTestServer.logger)
        }
    }

    struct SpawnFailed: Error {}

    /// Starts the program `arguments[0]` with the rest, its output dropped; its process id.
    /// (posix_spawn and waitpid rather than Foundation's Process, whose end is not always seen
    /// on Linux when the program leaves a daemon behind, as pg_ctl does.)
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { throw SpawnFailed() }
        return pid
    }

    /// Waits on a thread of its own until the process `pid` has ended.
    static func waitFor(_ pid: pid_t) async {
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                ended.resume()
            }
        }
    }

    // MARK: - What each sync sent, and what became of it

    /// A device's rows waiting to go up: `table id` (the table alone for the one row per user)
    /// → (version, the row it belongs to); and its deletions.
    struct Snapshot {
        var rows: [String: (id: String, version: String, parent: String?)] = [:]
        var deletions: Set<String> = []
    }

    private func snapshot(_ device: Device) throws -> Snapshot {
        let queue = try DatabaseQueue(path: device.log.path)
        defer { try? queue.close() }
        return try queue.read { db in
            var snapshot = Snapshot()
            for table in LogTable.all {
                let parent = table.parent ?? "NULL"
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, updated_at, \(parent) AS parent FROM \(table.name)
                        WHERE synced_at IS NULL OR updated_at IS NOT synced_at
                        """)
                {
                    let id: String = row["id"]
                    snapshot.rows[Self.key(table, id)] = (id, row["updated_at"], row["parent"])
                }
            }
            snapshot.deletions = Set(try String.fetchAll(db, sql: "SELECT row_id FROM deleted_rows"))
            return snapshot
        }
    }

    static func key(_ table: LogTable, _ id: String) -> String {
        table.oneRowPerUser ? table.name : "\(table.name) \(id)"
    }

    /// Records the versions `snapshot` sent; after a sync that completed here, a version the
    /// device now holds as synced is acknowledged, any other was not written.
    private func record(
        _ snapshot: Snapshot, of device: Device, started: Int, ended: Int, acknowledged: Bool
    ) throws {
        var synced: [String: (updated: String, synced: String?)] = [:]
        var deletions: Set<String> = []
        if acknowledged {
            let queue = try DatabaseQueue(path: device.log.path)
            try queue.read { db in
                for table in LogTable.all {
                    for row in try Row.fetchAll(db, sql: "SELECT id, updated_at, synced_at FROM \(table.name)") {
                        synced[Self.key(table, row["id"])] = (row["updated_at"], row["synced_at"])
                    }
                }
                deletions = Set(try String.fetchAll(db, sql: "SELECT row_id FROM deleted_rows"))
            }
            try queue.close()
            acknowledgedDeletions[device.user].formUnion(snapshot.deletions.subtracting(deletions))
        }
        for (key, sent) in snapshot.rows {
            if let parent = sent.parent { parents[device.user][sent.id] = parent }
            var status = Attempt.Status.indeterminate
            // A row gone from the device after its sync (discarded meanwhile) may be on the server.
            if acknowledged, let now = synced[key] {
                status = now.updated == sent.version && now.synced == sent.version ? .acknowledged : .notWritten
                if status == .acknowledged { figures.acknowledged += 1 }
            }
            attempts[device.user].append(
                Attempt(key: key, version: sent.version, started: started, ended: ended, status: status))
        }
    }

    // MARK: - The end

    /// Syncs every device in turn, with no fault, until a whole pass moves nothing.
    private func quiesce() async throws {
        for pass in 1...10 {
            var moved = false
            for user in devices {
                for device in user {
                    let report = try await recordedSync(device)
                    if report.pushed > 0 || report.pulled > 0 || !report.conflicts.isEmpty || report.deletionsPushed > 0
                    {
                        moved = true
                    }
                }
            }
            figures.quiescencePasses = pass
            if !moved { return }
        }
    }

    /// A sync without a fault, its versions recorded.
    private func recordedSync(_ device: Device) async throws -> SyncReport {
        let snapshot = try snapshot(device)
        let started = nextTick()
        let report = try await sync(device, fault: .none)
        try record(snapshot, of: device, started: started, ended: nextTick(), acknowledged: true)
        figures.syncs += 1
        figures.conflicts += report.conflicts.count
        return report
    }

    /// The checks of the run; each problem found as a sentence.
    private func check() async throws -> [String] {
        var problems: [String] = []
        for user in 0..<plan.users {
            let id = Self.userID(user)
            let onServer = try await ServerAccount().export(from: server, user: id, role: "authenticated")
            for device in devices[user] {
                guard let here = try AccountData.read(stores: [device.log.path]).first else {
                    problems.append("user \(user) device \(device.index): its log cannot be read")
                    continue
                }
                for table in LogTable.all {
                    let mine = PostgresTests.SyncTests.exported(here.tables.first { $0.name == table.name })
                    let theirs = PostgresTests.SyncTests.exported(onServer.first { $0.name == table.name })
                    if mine != theirs {
                        problems.append(
                            "user \(user) device \(device.index): \(table.name) holds \(mine.count) rows, the server "
                                + "\(theirs.count), and they differ")
                    }
                }
            }
            let versions = try await serverVersions(id)
            figures.rowsAtEnd += versions.count
            let tombstones = try await serverTombstones(id)
            let sent = Dictionary(grouping: attempts[user], by: \.key)
            for (key, version) in versions {
                let mayBe = sent[key]?.contains { $0.version == version && $0.status != .notWritten } ?? false
                if !mayBe {
                    problems.append(
                        "user \(user): the server holds \(key) at \(version), a version none of their devices sent")
                }
            }
            for attempt in attempts[user] where attempt.status == .acknowledged {
                guard let now = versions[attempt.key] else {
                    if !deleted(attempt.key, user: user, tombstones: tombstones) {
                        problems.append("user \(user): \(attempt.key) at \(attempt.version), acknowledged, is gone")
                    }
                    continue
                }
                guard now != attempt.version else { continue }
                let replaced =
                    sent[attempt.key]?.contains {
                        $0.version == now && $0.status != .notWritten && $0.ended > attempt.started
                    } ?? false
                if !replaced {
                    problems.append(
                        "user \(user): \(attempt.key) at \(attempt.version), acknowledged, was replaced by \(now), "
                            + "written before it")
                }
            }
            for deletion in acknowledgedDeletions[user] where !tombstones.contains(deletion) {
                problems.append("user \(user): the deletion of \(deletion), acknowledged, is not on the server")
            }
        }
        return problems
    }

    /// Whether the row of `key`, or a row it belongs to, was deleted on the server.
    private func deleted(_ key: String, user: Int, tombstones: Set<String>) -> Bool {
        var id = key.split(separator: " ").last.map(String.init) ?? key
        for _ in 0..<4 {
            if tombstones.contains(id) { return true }
            guard let parent = parents[user][id] else { return false }
            id = parent
        }
        return false
    }

    /// The server's rows of `user`: key → `updated_at`, in the device's format.
    private func serverVersions(_ user: String) async throws -> [String: String] {
        try await server.withTestConnection { connection in
            var versions: [String: String] = [:]
            for table in LogTable.all {
                let rows = try await connection.rows(
                    (String, String).self,
                    PostgresQuery(
                        unsafeSQL: """
                            SELECT id::text, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                            FROM \(table.name) WHERE user_id = '\(user)'
                            """))
                for (id, version) in rows { versions[Self.key(table, id)] = version }
            }
            return versions
        }
    }

    private func serverTombstones(_ user: String) async throws -> Set<String> {
        try await server.withTestConnection { connection in
            Set(
                try await PostgresTests.PrivilegeTests.lines(
                    "SELECT row_id::text FROM deleted_rows WHERE user_id = '\(user)'", on: connection))
        }
    }
}
