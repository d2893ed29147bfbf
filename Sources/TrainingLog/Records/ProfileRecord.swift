import Foundation
import GRDB
import ProgrammeGenerator
import TrainingCalendar
import UserStore

/// `profiles`: the About-you answers (one row).
package struct ProfileRecord: StoreRecord, Hashable {
    package static let databaseTableName = "profiles"
    package var id: String
    package var gender: String?
    package var dateOfBirth: CalendarDate?
    package var heightCm: Double?
    package var heightUnit: String?
    package var weightKg: Double?
    package var weightUnit: String?
    /// A JSON array of motivation slugs.
    package var motivations: String
    package var motivationOther: String?
    package var memberSince: CalendarDate
    package var updatedAt: Date
    package var syncedAt: Date?

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case id, gender, dateOfBirth = "date_of_birth", heightCm = "height_cm", heightUnit = "height_unit"
        case weightKg = "weight_kg", weightUnit = "weight_unit", motivations, motivationOther = "motivation_other"
        case memberSince = "member_since", updatedAt = "updated_at", syncedAt = "synced_at"
    }

    /// `record` (or a new row `id`) holding `aboutYou`.
    init(id: String, aboutYou: AboutYou, memberSince: CalendarDate, updatedAt: Date) {
        self.id = id
        gender = aboutYou.gender?.rawValue
        dateOfBirth = aboutYou.dateOfBirth
        heightCm = aboutYou.heightCm
        heightUnit = aboutYou.heightUnit?.rawValue
        weightKg = aboutYou.weightKg
        weightUnit = aboutYou.weightUnit?.rawValue
        // As PostgreSQL writes a jsonb array, so that a synced row reads back the same text.
        let slugs = aboutYou.motivations.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        motivations = "[" + slugs + "]"
        motivationOther = aboutYou.motivationOther
        self.memberSince = memberSince
        self.updatedAt = updatedAt
    }

    /// The answers, or an error naming what the row holds that the questionnaire never gives.
    func aboutYou() throws(TrainingLogError) -> AboutYou {
        let unreadable = TrainingLogError(
            .storeUnreadable, "the profile \(id) holds an answer the questionnaire never gives")
        func answer<Value: RawRepresentable>(_ raw: String?) throws(TrainingLogError) -> Value?
        where Value.RawValue == String {
            guard let raw else { return nil }
            guard let value = Value(rawValue: raw) else { throw unreadable }
            return value
        }
        var motivationAnswers: [Motivation] = []
        for slug in (try? JSONDecoder().decode([String].self, from: Data(motivations.utf8))) ?? [] {
            guard let motivation = try answer(slug) as Motivation? else { throw unreadable }
            motivationAnswers.append(motivation)
        }
        return AboutYou(
            gender: try answer(gender), dateOfBirth: dateOfBirth, heightCm: heightCm,
            heightUnit: try answer(heightUnit),
            weightKg: weightKg, weightUnit: try answer(weightUnit), motivations: motivationAnswers,
            motivationOther: motivationOther)
    }
}
