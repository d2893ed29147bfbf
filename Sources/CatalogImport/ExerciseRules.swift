import Catalog
import XLSX

/// The rules of the `exercises` sheet that span columns or rows: the equipment hierarchy,
/// secondary muscles, instruction steps and swap groups. Runs on rows already type-checked.
struct ExerciseRules {
    let table: SheetTable
    let itemsByCategory: [String: [String]]

    func check(_ records: [ParsedRecord]) -> (exercises: [Exercise], problems: [Problem]) {
        var reader = FieldReader(table: table)
        var exercises: [Exercise] = []
        for record in records {
            let errorsBefore = reader.errorCount
            checkEquipment(record, &reader)
            checkSecondaryMuscles(record, &reader)
            checkInstructions(record, &reader)
            if record.isValid, reader.errorCount == errorsBefore, let exercise = Self.exercise(from: record) {
                exercises.append(exercise)
            }
        }
        checkCanonicalSpellings(records, &reader)
        checkSwapAlternatives(records, &reader)
        return (exercises, reader.problems)
    }

    /// An item must be listed under the row's own category; a category without items takes none.
    private func checkEquipment(_ record: ParsedRecord, _ reader: inout FieldReader) {
        guard let category = record["equipment_category"]?.text,
              let item = record["equipment_specific"]?.text,
              let column = record.columns["equipment_specific"],
              let items = itemsByCategory[category]
        else { return }
        guard !items.contains(item) else { return }
        let owners = itemsByCategory.filter { $0.value.contains(item) }.map(\.key).sorted()
        guard !owners.isEmpty else { return }  // unknown everywhere: the lookup check said so
        let hint: String
        if items.isEmpty {
            hint = "\(category) has no items: leave equipment_specific blank, or change the category to \(owners.joined(separator: " or "))"
        } else if let close = LookupIndex(source: "lookup_equipment", values: items).closest(to: item) {
            hint = "did you mean \"\(close)\"? \"\(item)\" is listed under \(owners.joined(separator: ", "))"
        } else {
            hint = "\"\(item)\" is listed under \(owners.joined(separator: ", ")); \(category) has " + items.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        reader.report(.error, .equipmentItemNotInCategory, row: record.number, column, value: item,
                      message: "\"\(item)\" is not an item of \(category)", hint: hint)
    }

    private func checkSecondaryMuscles(_ record: ParsedRecord, _ reader: inout FieldReader) {
        guard let list = record["secondary_muscles"]?.list, let column = record.columns["secondary_muscles"] else { return }
        let primary = record["primary_muscle"]?.text.map(SheetTable.normalise)
        var seen: Set<String> = []
        for muscle in list {
            let key = SheetTable.normalise(muscle)
            if key == primary {
                reader.report(.error, .listContainsPrimary, row: record.number, column, value: muscle,
                              message: "secondary_muscles lists \"\(muscle)\", the primary muscle",
                              hint: "remove it from secondary_muscles")
            } else if !seen.insert(key).inserted {
                reader.report(.error, .listDuplicate, row: record.number, column, value: muscle,
                              message: "secondary_muscles lists \"\(muscle)\" twice")
            }
        }
    }

    /// Steps are numbered without gaps: a step 3 needs a step 2.
    private func checkInstructions(_ record: ParsedRecord, _ reader: inout FieldReader) {
        let steps = (1...4).map { record["instruction_\($0)"]?.text }
        for step in 2...4 where steps[step - 1] != nil && steps[step - 2] == nil {
            guard let column = record.columns["instruction_\(step)"] else { continue }
            reader.report(.error, .instructionsGap, row: record.number, column, value: steps[step - 1],
                          message: "instruction_\(step) is filled but instruction_\(step - 1) is empty",
                          hint: "move the step up so the steps have no gap")
        }
    }

    /// One swap group per spelling: names that differ only in case or spacing are one group
    /// spelt two ways.
    private func checkCanonicalSpellings(_ records: [ParsedRecord], _ reader: inout FieldReader) {
        var first: [String: (name: String, row: Int)] = [:]
        for record in records {
            guard let name = record["canonical_name"]?.text, let column = record.columns["canonical_name"] else { continue }
            let key = SheetTable.normalise(name)
            guard let existing = first[key] else {
                first[key] = (name, record.number)
                continue
            }
            if existing.name != name {
                reader.report(.error, .canonicalSpelling, row: record.number, column, value: name,
                              message: "canonical_name \"\(name)\" differs only in case or spacing from \"\(existing.name)\" at \(table.sheet)!\(CellReference(row: existing.row, column: column).a1)",
                              hint: "did you mean \"\(existing.name)\"?")
            }
        }
    }

    /// Every programme exercise needs a swap: another programme exercise of its group.
    private func checkSwapAlternatives(_ records: [ParsedRecord], _ reader: inout FieldReader) {
        var members: [String: Int] = [:]
        for record in records where record["include_in_programme"]?.boolean == true {
            if let name = record["canonical_name"]?.text { members[name, default: 0] += 1 }
        }
        for record in records where record["include_in_programme"]?.boolean == true {
            guard let name = record["canonical_name"]?.text, members[name] == 1,
                  let column = record.columns["canonical_name"] else { continue }
            reader.report(.warning, .swapNoAlternative, row: record.number, column, value: name,
                          message: "\"\(record["display_name"]?.text ?? name)\" is the only programme exercise in group \"\(name)\", so it has no swap",
                          hint: "add another programme exercise with canonical_name \"\(name)\", or move it to a group that has one")
        }
    }

    static func exercise(from record: ParsedRecord) -> Exercise? {
        guard let id = record["exercise_id"]?.text,
              let displayName = record["display_name"]?.text,
              let canonicalName = record["canonical_name"]?.text,
              let category = record["equipment_category"]?.text,
              let primary = record["primary_muscle"]?.text,
              let pattern = record["movement_pattern"]?.text,
              let complexity = record["complexity_level"]?.integer,
              let tier = record["selection_tier"]?.integer,
              let isolation = record["is_isolation"]?.boolean,
              let programme = record["include_in_programme"]?.boolean
        else { return nil }
        return Exercise(
            id: id, displayName: displayName, canonicalName: canonicalName,
            equipmentCategory: category, equipmentItem: record["equipment_specific"]?.text,
            primaryMuscle: primary, secondaryMuscles: record["secondary_muscles"]?.list ?? [],
            movementPattern: pattern, complexity: complexity, selectionTier: tier,
            isIsolation: isolation, includeInProgramme: programme,
            instructions: (1...4).compactMap { record["instruction_\($0)"]?.text },
            videoURL: record["video_url"]?.text, thumbnailURL: record["thumbnail_url"]?.text)
    }
}
