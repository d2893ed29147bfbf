/// The week's volume rules (business rules §3), per muscle: the floor a muscle's sets must reach
/// and the ceiling its direct sets must stay under.
///
/// Floors count an exercise fully for its primary muscle and half for each secondary one, so
/// they are kept in half-sets; ceilings count primary sets only. For build_muscle and tone_up
/// with 3 or more days, chest, back, shoulders, quadriceps, hamstrings and glutes get at least 8
/// sets a week, biceps and triceps at least 3; with 2 days the six get at least 6. Forearms,
/// abdominals and calves get at most 8 direct sets unless they are a priority; every other
/// muscle at most the options' weekly maximum (20).
struct WeeklyVolume {
    /// Per muscle number: the floor, in half-sets (0: none).
    let floorHalves: [Int]
    /// Per muscle number: the most primary sets a week.
    let limits: [Int]

    static let majorMuscles: Set<String> = ["chest", "back", "shoulders", "quads", "hamstrings", "glutes"]
    static let armMuscles: Set<String> = ["biceps", "triceps"]
    /// Direct work capped low unless a priority: a week's abs, calves or forearms need little.
    static let smallMuscles: Set<String> = ["forearms", "abs", "calves"]
    static let smallMuscleLimit = 8

    init(muscleSlugs: [String], profile: TrainingProfile, isPriority: [Bool], weeklyMaximum: Int) {
        let buildsVolume = profile.goal != .getStronger
        floorHalves = muscleSlugs.map { slug in
            guard buildsVolume else { return 0 }
            if Self.majorMuscles.contains(slug) { return 2 * (profile.daysPerWeek >= 3 ? 8 : 6) }
            if Self.armMuscles.contains(slug), profile.daysPerWeek >= 3 { return 2 * 3 }
            return 0
        }
        limits = zip(muscleSlugs, isPriority).map { slug, isPriority in
            Self.smallMuscles.contains(slug) && !isPriority ? min(Self.smallMuscleLimit, weeklyMaximum) : weeklyMaximum
        }
    }

    /// The floor of a muscle in sets (0: none).
    func floor(_ muscle: Int) -> Int {
        floorHalves[muscle] / 2
    }
}
