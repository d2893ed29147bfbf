import Foundation
import ProgrammeGenerator

/// The programmes the log has decoded, by row id: a programme row never changes, so its JSON is
/// decoded once per process.
final class ProgrammeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var programmes: [String: Programme] = [:]

    /// The programme of `record`, decoded on first use.
    func programme(of record: ProgrammeRecord) throws(TrainingLogError) -> Programme {
        if let cached = lock.withLock({ programmes[record.id] }) { return cached }
        let programme: Programme
        do {
            programme = try JSONDecoder().decode(Programme.self, from: Data(record.programme.utf8))
        } catch {
            throw TrainingLogError(
                .invalidProgramme, "the stored programme \(record.programmeId) cannot be read: \(error)")
        }
        lock.withLock { programmes[record.id] = programme }
        return programme
    }
}
