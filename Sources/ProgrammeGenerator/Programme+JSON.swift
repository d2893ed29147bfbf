import Foundation

extension Programme {
    /// The programme's JSON, keys in the documented order, the same bytes for the same
    /// programme: `{"id","type","daysPerWeek","sessionDuration","totalWeeks","createdDate",
    /// "sessions","warnings"}`.
    public func jsonText(pretty: Bool = true) -> String {
        jsonValue.rendered(pretty: pretty)
    }

    /// `jsonText(pretty:)` as UTF-8 bytes.
    public func jsonData(pretty: Bool = true) -> Data {
        Data(jsonValue.renderedBytes(pretty: pretty))
    }

    var jsonValue: JSONValue {
        .object([
            ("id", .string(id)),
            ("type", .string(type.rawValue)),
            ("daysPerWeek", .integer(daysPerWeek)),
            ("sessionDuration", .string(sessionDuration.rawValue)),
            ("totalWeeks", .integer(totalWeeks)),
            ("createdDate", .string(createdDate.description)),
            ("sessions", .array(sessions.map(\.jsonValue))),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ])
    }
}

extension ProgrammeSession {
    var jsonValue: JSONValue {
        .object([
            ("id", .string(id)),
            ("dayName", .string(dayName)),
            ("weekday", .string(weekday.rawValue)),
            ("estimatedMinutes", .integer(estimatedMinutes)),
            ("warmUp", .array(warmUp.map {
                .object([
                    ("exerciseId", .string($0.exerciseId)), ("exerciseName", .string($0.exerciseName)),
                    ("minutes", .integer($0.minutes)),
                ])
            })),
            ("exercises", .array(exercises.map(\.jsonValue))),
            ("emptySlots", .array(emptySlots.map {
                .object([("slot", .string($0.slot)), ("reason", .string($0.reason))])
            })),
        ])
    }
}

extension ProgrammeExercise {
    var jsonValue: JSONValue {
        .object([
            ("id", .string(id)),
            ("exerciseId", .string(exerciseId)),
            ("exerciseName", .string(exerciseName)),
            ("canonicalName", .string(canonicalName)),
            ("sets", .integer(sets)),
            ("repRange", .string(repRange)),
            ("restSeconds", .integer(restSeconds)),
            ("primaryMuscle", .string(primaryMuscle)),
            ("equipmentCategory", .string(equipmentCategory)),
            ("equipmentItem", equipmentItem.map(JSONValue.string) ?? .null),
            ("isIsolation", .bool(isIsolation)),
            ("warnings", .array(warnings.map {
                .object([("joint", .string($0.joint)), ("message", .string($0.message))])
            })),
        ])
    }
}
