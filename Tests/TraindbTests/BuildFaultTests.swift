import CatalogBuild
import Foundation
import TestSupport
import Testing

/// `traindb build` against targets it must not replace, builds killed mid-write and builds that
/// race on one target: nothing touched that was not the database, nothing left behind.
@Suite("traindb build under faults", .serialized)
struct BuildFaultTests {
    static let workbooks = PackageRoot.workbooks.path

    @Test func aDeviceIsNeverReplaced() throws {
        // The library's check first, so a broken check cannot reach the system's /dev/null.
        #expect(throws: CatalogBuildError.self) { try CatalogDatabaseWriter.checkTarget("/dev/null") }
        let run = try TraindbProcess.run(["build", "--output", "/dev/null"])
        #expect(run.status == 2)
        #expect(run.stderr == "traindb: error[write.target_not_a_file]: /dev/null: "
            + "a character device, not a database file; nothing was written\n")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null") }
        #expect(leftovers == [])
    }

    @Test(arguments: ["fifo", "symlink", "directory", "workbook"])
    func aTargetThatIsNotADatabaseFileIsRefusedUntouched(_ kind: String) throws {
        try TemporaryDirectory.with { directory in
            try directory.copyCommittedWorkbooks()
            let target = directory.path("target")
            var expected: String
            switch kind {
            case "fifo":
                #expect(mkfifo(target, 0o644) == 0)
                expected = "write.target_not_a_file]: \(target): a FIFO, not a database file"
            case "symlink":
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "elsewhere.sqlite")
                expected = "write.target_not_a_file]: \(target): a symbolic link, not a database file"
            case "directory":
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
                expected = "write.target_not_a_file]: \(target): a directory, not a database file"
            default:
                // A hard link to the exercise workbook: another name for the input.
                let workbook = directory.path("train_exercise_database_prod.xlsx")
                try FileManager.default.linkItem(atPath: workbook, toPath: target)
                expected = "write.target_is_input]: \(target): the same file as the workbook \(workbook)"
            }
            let before = try directory.fileNames()
            let workbook = directory.url.appendingPathComponent("train_exercise_database_prod.xlsx")
            let workbookBytes = try Data(contentsOf: workbook)
            let run = try TraindbProcess.run(["build", "--workbooks", directory.url.path, "--output", target])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("traindb: error[" + expected), "\(run.stderr)")
            #expect(try directory.fileNames() == before, "nothing created beside the target")
            #expect(try Data(contentsOf: workbook) == workbookBytes)
        }
    }

    @Test func theNextBuildCleansUpAfterOneKilledMidWrite() throws {
        try TemporaryDirectory.with { directory in
            let target = directory.path("exercises.sqlite")
            var killedMidWrite = false
            for _ in 0..<5 where !killedMidWrite {
                let process = Process()
                process.executableURL = TraindbProcess.executable
                process.arguments = ["build", "--workbooks", Self.workbooks, "--output", target]
                process.standardError = FileHandle.nullDevice
                try process.run()
                // Kill it the moment its temporary database appears.
                let deadline = Date().addingTimeInterval(60)
                while process.isRunning, Date() < deadline {
                    if try directory.fileNames().contains(where: { $0.hasSuffix(".tmp") }) {
                        kill(process.processIdentifier, SIGKILL)
                        killedMidWrite = true
                        break
                    }
                    usleep(500)
                }
                process.waitUntilExit()
                killedMidWrite = killedMidWrite && process.terminationReason == .uncaughtSignal
            }
            try #require(killedMidWrite, "no build was caught writing its temporary file")
            #expect(try directory.fileNames().contains { $0.hasSuffix(".tmp") }, "the killed build left its file")

            let run = try TraindbProcess.run(["build", "--workbooks", Self.workbooks, "--output", target])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try directory.fileNames() == ["exercises.sqlite"])
        }
    }

    @Test func leftoversOfADeadBuildGoButOtherFilesStay() throws {
        try TemporaryDirectory.with { directory in
            let dead = ".exercises.sqlite.\(UUID().uuidString).tmp"
            for name in [dead, dead + "-journal", ".exercises.sqlite.lock", "notes.tmp", ".other.sqlite.x.tmp"] {
                try Data("left".utf8).write(to: directory.url.appendingPathComponent(name))
            }
            let run = try TraindbProcess.run(
                ["build", "--workbooks", Self.workbooks, "--output", directory.path("exercises.sqlite")])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try directory.fileNames() == [".other.sqlite.x.tmp", "exercises.sqlite", "notes.tmp"])
        }
    }

    @Test func concurrentBuildsOfOneTargetNeverInterleave() throws {
        try TemporaryDirectory.with { directory in
            let reference = directory.path("reference.sqlite")
            #expect(try TraindbProcess.run(["build", "--output", reference]).status == 0)
            let target = directory.path("exercises.sqlite")
            let runs = try (0..<2).map { _ in
                let process = Process()
                let errors = Pipe()
                process.executableURL = TraindbProcess.executable
                process.arguments = ["build", "--workbooks", Self.workbooks, "--output", target]
                process.standardError = errors
                try process.run()
                return (process, errors)
            }
            var statuses: [Int32] = []
            for (process, errors) in runs {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                statuses.append(process.terminationStatus)
                if process.terminationStatus != 0 {
                    #expect(message.hasPrefix("traindb: error[write.busy]: \(target): another build (process "))
                }
            }
            #expect(statuses.contains(0))
            #expect(statuses.allSatisfy { $0 == 0 || $0 == 2 })
            let built = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(built == (try Data(contentsOf: URL(fileURLWithPath: reference))))
            #expect(try directory.fileNames() == ["exercises.sqlite", "reference.sqlite"])
        }
    }
}
