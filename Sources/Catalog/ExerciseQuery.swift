import Foundation
import GRDB

/// The app's exercise query, `schema/queries/exercises.sql`, with the values of its parameters.
/// The same text runs here on SQLite and on the server on PostgreSQL (the parity tests run it
/// on both), so the equipment rule, the filters and the order are written once, in SQL; values
/// travel as arguments only.
package struct ExerciseQuery: Sendable, Hashable {
    /// A parameter's value, typed so that a NULL still has its type on PostgreSQL.
    package enum Value: Sendable, Hashable {
        case text(String?)
        case integer(Int?)
        case boolean(Bool?)
    }

    /// The text of `schema/queries/exercises.sql`.
    package static let sql = String(decoding: PackageResources.exercises_sql, as: UTF8.self)

    /// `$1`, `$2` … in order.
    package private(set) var arguments: [Value]

    /// The exercises `filter` lets through, by display name.
    package init(_ filter: ExerciseFilter = ExerciseFilter()) {
        self.init(filter, swapsFor: nil, id: nil)
    }

    /// The other members of `exerciseID`'s canonical group that `filter` lets through, closest
    /// complexity first.
    package init(swapsFor exerciseID: String, _ filter: ExerciseFilter) {
        self.init(filter, swapsFor: exerciseID, id: nil)
    }

    /// The exercise with this id (none when there is no such exercise).
    package init(id: String) {
        self.init(ExerciseFilter(), swapsFor: nil, id: id)
    }

    private init(_ filter: ExerciseFilter, swapsFor: String?, id: String?) {
        let equipment = filter.equipment.map(Self.encode)
        let search = filter.searchText?.trimmingCharacters(in: .whitespaces)
        arguments = [
            .text(equipment?.categories),
            .text(equipment?.items),
            .text(filter.muscle?.slug),
            .text(filter.movementPattern?.slug),
            .integer(filter.maxComplexity),
            .integer(filter.selectionTier),
            .boolean(filter.isIsolation),
            .boolean(filter.programmeOnly ? true : nil),
            .text(search.flatMap { $0.isEmpty ? nil : Self.likePattern($0) }),
            .text(swapsFor),
            .text(id),
        ]
    }

    /// The query for GRDB: the file's text, its arguments bound by name (`$1` is "1").
    var request: SQLRequest<Selected> {
        var named: [String: DatabaseValue] = [:]
        for (offset, value) in arguments.enumerated() {
            switch value {
            case .text(let text): named["\(offset + 1)"] = text?.databaseValue ?? .null
            case .integer(let number): named["\(offset + 1)"] = number?.databaseValue ?? .null
            case .boolean(let flag): named["\(offset + 1)"] = flag?.databaseValue ?? .null
            }
        }
        return SQLRequest(sql: Self.sql, arguments: StatementArguments(named))
    }

    /// `$1` and `$2`: the categories the user has (`,barbells,dumbbells,`) and the items
    /// (`,barbells:squat_rack,dumbbells:*,`, `*` for every item of a category).
    private static func encode(_ selection: EquipmentSelection) -> (categories: String, items: String) {
        let selected = selection.categories.sorted { $0.key < $1.key }
        var items: [String] = []
        for (category, chosen) in selected {
            switch chosen {
            case .all: items.append("\(category):*")
            case .only(let ticked): items += ticked.sorted().map { "\(category):\($0)" }
            }
        }
        return ("," + selected.map(\.key).map { $0 + "," }.joined(), "," + items.map { $0 + "," }.joined())
    }

    /// `$9`: the search text with ASCII letters lower-cased (as SQL's lower() folds them) and
    /// LIKE's `%`, `_` and `\` escaped.
    private static func likePattern(_ text: String) -> String {
        var pattern = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character.isASCII ? Character(character.lowercased()) : character)
        }
        return pattern
    }
}

extension ExerciseQuery {
    /// An exercise as the query selects it, before its secondary muscles and steps are added.
    package struct Selected: Decodable, FetchableRecord, Sendable {
        package static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
        package var id: String
        package var displayName: String
        package var canonicalName: String
        package var equipmentCategory: String
        package var equipmentItem: String?
        package var primaryMuscle: String
        package var movementPattern: String
        package var complexityLevel: Int
        package var selectionTier: Int
        package var isIsolation: Bool
        package var includeInProgramme: Bool
        package var videoUrl: String?
        package var thumbnailUrl: String?

        /// The query's columns in order, as another engine's driver decodes them.
        package init(
            _ columns: (
                String, String, String, String, String?, String, String, Int, Int, Bool, Bool, String?, String?
            )
        ) {
            (
                id, displayName, canonicalName, equipmentCategory, equipmentItem, primaryMuscle, movementPattern,
                complexityLevel, selectionTier, isIsolation, includeInProgramme, videoUrl, thumbnailUrl
            ) = columns
        }

        /// The exercise, complete with its secondary muscles and steps in order.
        package func exercise(secondaryMuscles: [String], instructions: [String]) -> Exercise {
            Exercise(
                id: id, displayName: displayName, canonicalName: canonicalName,
                equipmentCategory: equipmentCategory, equipmentItem: equipmentItem, primaryMuscle: primaryMuscle,
                secondaryMuscles: secondaryMuscles, movementPattern: movementPattern, complexity: complexityLevel,
                selectionTier: selectionTier, isIsolation: isIsolation, includeInProgramme: includeInProgramme,
                instructions: instructions, videoURL: videoUrl, thumbnailURL: thumbnailUrl)
        }
    }
}
