import Foundation

/// The routines A, B and C of seed 002 §5, read once from the module's `routines.json`.
public enum Routines {
    /// The three routines, A, B and C in that order; an error when the embedded file is not
    /// one routine per type, each with exactly one daily challenge step.
    public static func all() throws(GymTrackError) -> [Routine] {
        try loaded.get()
    }

    /// The routine of `type`.
    public static func routine(_ type: SessionType) throws(GymTrackError) -> Routine {
        let routines = try all()
        guard let routine = routines.first(where: { $0.type == type }) else {
            throw GymTrackError(.invalidRoutines, "routines.json has no routine \(type.rawValue)")
        }
        return routine
    }

    private static let loaded: Result<[Routine], GymTrackError> = decode(PackageResources.routines_json)

    /// The routines in `bytes` (JSON), checked.
    static func decode(_ bytes: [UInt8]) -> Result<[Routine], GymTrackError> {
        let routines: [Routine]
        do {
            routines = try JSONDecoder().decode([Routine].self, from: Data(bytes))
        } catch {
            return .failure(GymTrackError(.invalidRoutines, "routines.json cannot be read: \(error)"))
        }
        guard routines.map(\.type) == SessionType.allCases else {
            let types = routines.map(\.type.rawValue).joined(separator: ", ")
            return .failure(GymTrackError(.invalidRoutines, "routines.json holds \(types), not A, B, C in order"))
        }
        for routine in routines where routine.steps.filter(\.isDailyChallenge).count != 1 {
            return .failure(
                GymTrackError(
                    .invalidRoutines, "routine \(routine.type.rawValue) needs exactly one daily challenge step"))
        }
        return .success(routines)
    }
}

extension Routines {
    /// Each step of `routines` that names an exercise id missing from `known` (the catalogue's
    /// ids), as `Day A step 3 (Dumbbell rows (pull)): no exercise "x" in the catalogue`.
    public static func unknownExerciseIds(in routines: [Routine], known: Set<String>) -> [String] {
        routines.flatMap { routine in
            routine.steps.enumerated().flatMap { index, step in
                step.exerciseIds.filter { !known.contains($0) }.map { id in
                    let place = "Day \(routine.type.rawValue) step \(index + 1) (\(step.title))"
                    return "\(place): no exercise \"\(id)\" in the catalogue"
                }
            }
        }
    }
}
