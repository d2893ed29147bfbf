import OrderedJSON
import TrainingCalendar

// The programme's JSON written member by member, without the `Encodable` tree: the same bytes
// as `encode(to:)` gives (the keys in the order of each type's `CodingKeys`), in a fraction of
// the time. `ProgrammeJSONTests` holds the two to the same bytes over the questionnaire space:
// a member added to a type goes in both.

extension Programme: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", id)
            writer.member("type", type.rawValue)
            writer.member("daysPerWeek", daysPerWeek)
            writer.member("sessionDuration", sessionDuration.rawValue)
            writer.member("totalWeeks", totalWeeks)
            writer.member("createdDate", createdDate.description)
            writer.member("sessions", sessions)
            writer.member("warnings", warnings)
        }
    }
}

extension ProgrammeSession: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", id)
            writer.member("dayName", dayName)
            writer.member("weekday", weekday.rawValue)
            writer.member("estimatedMinutes", estimatedMinutes)
            writer.member("warmUp", warmUp)
            writer.member("exercises", exercises)
            writer.member("emptySlots", emptySlots)
        }
    }
}

extension ProgrammeExercise: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", id)
            writer.member("exerciseId", exerciseId)
            writer.member("exerciseName", exerciseName)
            writer.member("canonicalName", canonicalName)
            writer.member("sets", sets)
            writer.member("repRange", repRange)
            writer.member("restSeconds", restSeconds)
            writer.member("primaryMuscle", primaryMuscle)
            writer.member("equipmentCategory", equipmentCategory)
            writer.member("equipmentItem", equipmentItem)
            writer.member("isIsolation", isIsolation)
            writer.member("warnings", warnings)
            writer.member("cues", cues)
        }
    }
}

// The small records: one line each.

extension WarmUpExercise: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object {
            $0.member("exerciseId", exerciseId); $0.member("exerciseName", exerciseName); $0.member("minutes", minutes)
        }
    }
}

extension EmptySlot: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { $0.member("slot", slot); $0.member("reason", reason) }
    }
}

extension InjuryWarning: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { $0.member("joint", joint); $0.member("message", message) }
    }
}

extension InjuryCue: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { $0.member("joint", joint); $0.member("cue", cue); $0.member("message", message) }
    }
}
