import Foundation
import OrderedJSON

extension Questionnaire {
    /// Reads a questionnaire from its JSON: an object with the field names of `000_*` §11.1.
    /// Other fields (`name`, `email`, …) are ignored; a missing or null list is empty.
    ///
    /// Throws `questionnaire.unreadable` for text that is not a JSON object, and
    /// `questionnaire.invalid` with one problem per field of the wrong type. The values
    /// themselves are checked by `TrainingProfile(_:catalog:)`.
    public init(json: Data) throws(ProgrammeGeneratorError) {
        var check = QuestionnaireCheck(catalog: nil)
        let questionnaire = try Self.read(json, check: &check)
        guard check.problems.isEmpty else { throw .invalid(check.sortedProblems) }
        self = questionnaire
    }

    /// Reads the fields, reporting each of the wrong type to `check` and leaving it empty.
    static func read(_ json: Data, check: inout QuestionnaireCheck) throws(ProgrammeGeneratorError) -> Questionnaire {
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: json)
        } catch {
            throw ProgrammeGeneratorError(.unreadableQuestionnaire, "the questionnaire is not valid JSON")
        }
        return try read(document: document, check: &check)
    }

    /// Reads the fields of a questionnaire already parsed as JSON (`document`), reporting each
    /// of the wrong type to `check` and leaving it empty.
    static func read(document: JSONValue, check: inout QuestionnaireCheck) throws(ProgrammeGeneratorError)
        -> Questionnaire
    {
        guard case .object = document else {
            throw ProgrammeGeneratorError(
                .unreadableQuestionnaire, "the questionnaire must be a JSON object, not \(document.typeDescription)")
        }
        var questionnaire = Questionnaire()
        questionnaire.primaryGoal = text(document, "primaryGoal", check: &check)
        questionnaire.targetMuscleGroups = texts(document, "targetMuscleGroups", check: &check)
        questionnaire.experienceLevel = text(document, "experienceLevel", check: &check)
        questionnaire.equipmentAvailable = texts(document, "equipmentAvailable", check: &check)
        questionnaire.detailedEquipment = itemsByCategory(document, "detailedEquipment", check: &check)
        questionnaire.injuries = texts(document, "injuries", check: &check)
        questionnaire.trainingDaysPerWeek = wholeNumber(document, "trainingDaysPerWeek", check: &check)
        questionnaire.sessionDuration = text(document, "sessionDuration", check: &check)
        if document["motivations"] != nil, document["motivations"] != .null {
            questionnaire.motivations = texts(document, "motivations", check: &check)
        }
        questionnaire.motivationOther = text(document, "motivationOther", check: &check)
        questionnaire.gender = text(document, "gender", check: &check)
        questionnaire.dateOfBirth = text(document, "dateOfBirth", check: &check)
        questionnaire.heightCm = number(document, "heightCm", check: &check)
        questionnaire.heightFt = wholeNumber(document, "heightFt", check: &check)
        questionnaire.heightIn = wholeNumber(document, "heightIn", check: &check)
        questionnaire.heightUnit = text(document, "heightUnit", check: &check)
        questionnaire.weightKg = number(document, "weightKg", check: &check)
        questionnaire.weightLbs = number(document, "weightLbs", check: &check)
        questionnaire.weightUnit = text(document, "weightUnit", check: &check)
        return questionnaire
    }

    private static func text(_ document: JSONValue, _ field: String, check: inout QuestionnaireCheck) -> String? {
        switch document[field] {
        case nil, .null: return nil
        case .string(let value): return value
        case let value?:
            check.report(.wrongType, field: field, issues: ["expected a string, got \(value.typeDescription)"])
            return nil
        }
    }

    private static func texts(_ document: JSONValue, _ field: String, check: inout QuestionnaireCheck) -> [String] {
        switch document[field] {
        case nil, .null: return []
        case .array(let values):
            var result: [String] = []
            for value in values {
                guard case .string(let text) = value else {
                    check.report(
                        .wrongType, field: field,
                        issues: ["expected a list of strings, found \(value.typeDescription) in it"])
                    return []
                }
                result.append(text)
            }
            return result
        case let value?:
            check.report(.wrongType, field: field, issues: ["expected a list of strings, got \(value.typeDescription)"])
            return []
        }
    }

    private static func itemsByCategory(
        _ document: JSONValue, _ field: String, check: inout QuestionnaireCheck
    ) -> [String: [String]] {
        switch document[field] {
        case nil, .null: return [:]
        case .object(let members):
            var result: [String: [String]] = [:]
            for member in members {
                switch member.value {
                case .null:
                    result[member.key] = []
                case .array(let values):
                    var items: [String] = []
                    for value in values {
                        guard case .string(let item) = value else {
                            check.report(
                                .wrongType, field: field,
                                issues: [
                                    "expected \"\(member.key)\" to list item names, found \(value.typeDescription)"
                                ])
                            return [:]
                        }
                        items.append(item)
                    }
                    result[member.key] = items
                default:
                    check.report(
                        .wrongType, field: field,
                        issues: ["expected \"\(member.key)\" to list item names, got \(member.value.typeDescription)"])
                    return [:]
                }
            }
            return result
        case let value?:
            check.report(
                .wrongType, field: field,
                issues: ["expected an object of category → items, got \(value.typeDescription)"])
            return [:]
        }
    }

    private static func wholeNumber(_ document: JSONValue, _ field: String, check: inout QuestionnaireCheck) -> Int? {
        switch document[field] {
        case nil, .null: return nil
        case .integer(let value): return value
        case .number(let value) where value == value.rounded() && abs(value) < 1e9: return Int(value)
        case .number(let value):
            check.report(.wrongType, field: field, issues: ["expected a whole number, got \(value)"])
            return nil
        case let value?:
            check.report(.wrongType, field: field, issues: ["expected a whole number, got \(value.typeDescription)"])
            return nil
        }
    }

    private static func number(_ document: JSONValue, _ field: String, check: inout QuestionnaireCheck) -> Double? {
        switch document[field] {
        case nil, .null: return nil
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case let value?:
            check.report(.wrongType, field: field, issues: ["expected a number, got \(value.typeDescription)"])
            return nil
        }
    }
}
