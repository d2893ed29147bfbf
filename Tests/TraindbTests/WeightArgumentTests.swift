import Foundation
import TestSupport
import Testing

/// `--weight` is a decimal number as people write it: hexadecimal, exponents and `nan` are refused
/// before any file is touched, naming the value; a negative weight is a value, refused by the
/// log's range.
@Suite("--weight is a decimal number")
struct WeightArgumentTests {
    @Test(
        "0x10, 1e-400, 1e3, nan and 6,5 are usage errors naming the value",
        arguments: ["0x10", "1e-400", "1e3", "nan", "6,5"])
    func refused(_ weight: String) throws {
        try TemporaryDirectory.with { directory in
            let run = try TraindbProcess.run(
                ["log", "set", "barbell_bench_press", "--reps", "10", "--weight", weight, "--store", "log.sqlite"],
                in: directory.url)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("traindb: error[usage]: The value '\(weight)' is invalid for '--weight"))
            #expect(try directory.fileNames().isEmpty)
        }
    }

    @Test("a negative weight reaches the log, which names the range")
    func negative() throws {
        try TemporaryDirectory.with { directory in
            let catalogue = try CommittedCatalogue.databasePath()
            let run = try TraindbProcess.run(
                ["log", "set", "barbell_bench_press", "--reps", "10", "--weight", "-3", "--store", "log.sqlite",
                 "--db", catalogue], in: directory.url)
            #expect(run.status == 2)
            #expect(
                run.stderr == "traindb: error[set.invalid]: Please enter valid weight and reps: "
                    + "weight -3 kg is outside 0 to 500 kg\n")
        }
    }
}
