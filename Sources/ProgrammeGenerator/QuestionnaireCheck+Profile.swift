import Catalog
import TrainingCalendar

extension QuestionnaireCheck {
    /// The checked profile, or nil after reporting every bad field. A field already reported
    /// (of the wrong type) is not reported twice.
    mutating func profile(from questionnaire: Questionnaire, answeredOn: CalendarDate) -> TrainingProfile? {
        let goal = choice(questionnaire.primaryGoal, field: "primaryGoal", noun: "a goal", Goal.self)
        let muscles = priorityMuscles(questionnaire.targetMuscleGroups)
        let experience = choice(
            questionnaire.experienceLevel, field: "experienceLevel", noun: "an experience level", ExperienceLevel.self)
        let equipment = equipmentSelection(questionnaire.equipmentAvailable, questionnaire.detailedEquipment)
        let injuries = joints(questionnaire.injuries)
        let days = trainingDays(questionnaire.trainingDaysPerWeek)
        let duration = choice(
            questionnaire.sessionDuration, field: "sessionDuration", noun: "a session duration", SessionDuration.self)
        // The generator reads none of the About-you answers, but a questionnaire is whole only
        // when they are right too.
        _ = aboutYou(from: questionnaire, answeredOn: answeredOn)
        guard let goal, let muscles, let experience, let equipment, let injuries, let days, let duration else {
            return nil
        }
        return TrainingProfile(
            goal: goal, priorityMuscles: muscles, experience: experience, equipment: equipment, injuries: injuries,
            daysPerWeek: days, sessionDuration: duration)
    }

    /// One of a fixed set of answers, by raw value or its slug (`Tone Up` → `tone_up`).
    private mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ answer: String?, field: String, noun: String, _ type: Value.Type
    ) -> Value? where Value.RawValue == String {
        guard let answer else {
            report(.missing, field: field, issues: ["missing"])
            return nil
        }
        if let value = Value.allCases.first(where: { $0.rawValue == answer || $0.rawValue.slug == answer.slug }) {
            return value
        }
        report(.unknownValue, field: field, issues: ["\"\(answer)\" is not \(noun)"])
        return nil
    }

    private mutating func trainingDays(_ answer: Int?) -> Int? {
        guard let answer else {
            report(.missing, field: "trainingDaysPerWeek", issues: ["missing"])
            return nil
        }
        guard Self.trainingDays.contains(answer) else {
            report(.outOfRange, field: "trainingDaysPerWeek", issues: ["\(answer) is out of range"])
            return nil
        }
        return answer
    }

    private mutating func priorityMuscles(_ answers: [String]) -> [String]? {
        guard let catalog else { return nil }
        var names: [String] = []
        var unknown: [String] = []
        for answer in answers {
            if let name = catalog.muscleNameBySlug[answer.slug] {
                if !names.contains(name) { names.append(name) }
            } else {
                unknown.append("\"\(answer)\"")
            }
        }
        var issues: [String] = []
        if names.count + unknown.count > Self.maximumPriorityMuscles {
            let given = names.count + unknown.count
            issues.append("\(given) muscle groups given, at most \(Self.maximumPriorityMuscles) allowed")
        }
        if !unknown.isEmpty {
            let verb = unknown.count == 1 ? "is not a muscle group" : "are not muscle groups"
            issues.append("\(unknown.joined(separator: ", ")) \(verb)")
        }
        guard issues.isEmpty else {
            report(unknown.isEmpty ? .tooMany : .unknownValue, field: "targetMuscleGroups", issues: issues)
            return nil
        }
        return names
    }

    private mutating func joints(_ answers: [String]) -> [String]? {
        guard let catalog else { return nil }
        var names: Set<String> = []
        var unknown: [String] = []
        for answer in answers {
            if let name = catalog.jointNameBySlug[answer.slug] {
                names.insert(name)
            } else {
                unknown.append("\"\(answer)\"")
            }
        }
        guard unknown.isEmpty else {
            report(
                .unknownValue, field: "injuries",
                issues: [
                    "\(unknown.joined(separator: ", ")) \(unknown.count == 1 ? "is not a joint" : "are not joints")"
                ])
            return nil
        }
        return names.sorted { $0.slug < $1.slug }
    }

    private mutating func equipmentSelection(
        _ available: [String], _ detailed: [String: [String]]
    ) -> EquipmentSelection? {
        guard let catalog else { return nil }
        let categories = Dictionary(
            catalog.equipmentCategories.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let unknownCategories = available.filter { categories[$0.slug] == nil }.map { "\"\($0)\"" }
        if !unknownCategories.isEmpty {
            let verb = unknownCategories.count == 1 ? "is not an equipment category" : "are not equipment categories"
            report(
                .unknownValue, field: "equipmentAvailable",
                issues: ["\(unknownCategories.joined(separator: ", ")) \(verb)"])
        }
        var detailIssues: [String] = []
        for (category, items) in detailed.sorted(by: { $0.key < $1.key }) {
            guard let known = categories[category.slug] else {
                detailIssues.append("\"\(category)\" is not an equipment category")
                continue
            }
            let unknownItems = items.filter { item in !known.items.contains { $0.slug == item.slug } }
            guard !unknownItems.isEmpty else { continue }
            let listed = unknownItems.map { "\"\($0)\"" }.joined(separator: ", ")
            let has =
                known.items.isEmpty
                ? "\(known.slug) has no items" : "its items are \(known.items.map(\.slug).joined(separator: ", "))"
            let verb = unknownItems.count == 1 ? "is not an item" : "are not items"
            detailIssues.append("\(listed) \(verb) of \(known.slug) (\(has))")
        }
        report(.unknownValue, field: "detailedEquipment", issues: detailIssues)
        guard unknownCategories.isEmpty, detailIssues.isEmpty else { return nil }
        return EquipmentSelection(
            equipmentAvailable: available, detailedEquipment: detailed.mapValues { Set($0) })
    }
}
