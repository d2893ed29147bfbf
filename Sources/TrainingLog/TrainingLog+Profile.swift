import Foundation
import GRDB
import ProgrammeGenerator
import TrainingCalendar

/// The user's profile: the About-you answers, written when a programme starts from a
/// questionnaire that answers them (a retake replaces them) or when the user edits them.
public struct Profile: Hashable, Sendable, Encodable {
    public var aboutYou: AboutYou
    /// The user's date when the profile was first written: "Member since November 2026".
    public var memberSince: CalendarDate
    public var updatedAt: Date

    public init(aboutYou: AboutYou, memberSince: CalendarDate, updatedAt: Date) {
        self.aboutYou = aboutYou
        self.memberSince = memberSince
        self.updatedAt = updatedAt
    }
}

extension Profile {
    private enum CodingKeys: String, CodingKey {
        case gender, dateOfBirth, heightCm, heightUnit, height, weightKg, weightUnit, weight, motivations
        case motivationOther, memberSince, updatedAt
    }

    /// The answers by the questionnaire's names, each with its text as shown (`5 ft 11 in`); the
    /// unanswered ones null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(aboutYou.gender?.rawValue, forKey: .gender)
        try container.encode(aboutYou.dateOfBirth?.description, forKey: .dateOfBirth)
        try container.encode(aboutYou.heightCm, forKey: .heightCm)
        try container.encode(aboutYou.heightUnit?.rawValue, forKey: .heightUnit)
        try container.encode(aboutYou.heightText, forKey: .height)
        try container.encode(aboutYou.weightKg, forKey: .weightKg)
        try container.encode(aboutYou.weightUnit?.rawValue, forKey: .weightUnit)
        try container.encode(aboutYou.weightText, forKey: .weight)
        try container.encode(aboutYou.motivations.map(\.rawValue), forKey: .motivations)
        try container.encode(aboutYou.motivationOther, forKey: .motivationOther)
        try container.encode(memberSince.description, forKey: .memberSince)
        try container.encode(Timestamp.secondsText(updatedAt), forKey: .updatedAt)
    }

    /// The profile as `traindb profile show` prints it, ages counted on `today`.
    public func text(today: CalendarDate) -> String {
        var lines: [String] = []
        func line(_ label: String, _ value: String?) { lines.append("\(label): \(value ?? "not answered")") }
        line("Gender", aboutYou.gender.map { $0 == .other ? "other / prefer not to say" : $0.rawValue })
        line("Date of birth", aboutYou.dateOfBirth.map { "\($0) (age \(aboutYou.age(on: today) ?? 0))" })
        line("Height", aboutYou.heightText)
        line("Weight", aboutYou.weightText)
        let motivations = aboutYou.motivations.map {
            $0 == .other ? "other (\(aboutYou.motivationOther ?? ""))" : $0.rawValue
        }
        line("Motivations", motivations.isEmpty ? nil : motivations.joined(separator: ", "))
        line("Member since", Self.monthText(memberSince))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `November 2026`.
    static func monthText(_ date: CalendarDate) -> String {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(months[date.month - 1]) \(date.year)"
    }
}

extension TrainingLog {
    /// The profile, or nil before any About-you answer was saved.
    public func profile() throws(TrainingLogError) -> Profile? {
        try read { db, _ in try Self.profile(db) }
    }

    /// Replaces the About-you answers with `aboutYou` (checked by `AboutYou(_:answeredOn:)`);
    /// the log's weight unit becomes the weight answer's unit.
    @discardableResult
    public func saveProfile(_ aboutYou: AboutYou) throws(TrainingLogError) -> Profile {
        try write { db, now in
            try storeProfile(db, aboutYou, now: now)
            guard let profile = try Self.profile(db) else {
                throw TrainingLogError(.storeUnreadable, "the training log \(name) lost its profile")
            }
            return profile
        }
    }

    // MARK: - Inside a transaction

    static func profile(_ db: Database) throws -> Profile? {
        guard let record = try ProfileRecord.fetchOne(db) else { return nil }
        return Profile(aboutYou: try record.aboutYou(), memberSince: record.memberSince, updatedAt: record.updatedAt)
    }

    /// Writes `aboutYou` over the profile (keeping its id and member-since date), and makes the
    /// log's unit the weight answer's.
    func storeProfile(_ db: Database, _ aboutYou: AboutYou, now: Date) throws {
        let existing = try ProfileRecord.fetchOne(db)
        let today = CalendarDate(now, in: try userSettings(db).timeZone)
        var record = ProfileRecord(
            id: existing?.id ?? ids.next(at: now), aboutYou: aboutYou, memberSince: existing?.memberSince ?? today,
            updatedAt: now)
        record.syncedAt = existing?.syncedAt
        if existing == nil { try record.insert(db) } else { try record.update(db) }
        if let unit = aboutYou.weightUnit, var settings = try UserSettingsRecord.fetchOne(db) {
            let logUnit: WeightUnit = unit == .kg ? .kg : .lbs
            if settings.weightUnit != logUnit {
                settings.weightUnit = logUnit
                settings.updatedAt = now
                try settings.update(db)
            }
        }
    }
}
