import Catalog
import ProgrammeGenerator

/// Whether the rules leave room for a priority muscle to get more sets than a programme
/// without the priority gave it: the catalogue has an exercise for it that the user can do,
/// and one more set on each of its exercises breaks no cap and no session's time.
struct PriorityRoom {
    let muscle: String
    let programme: Programme
    let catalog: GeneratorCatalog
    let profile: TrainingProfile
    var options = GeneratorOptions()

    var allowsMore: Bool {
        let key = muscle.slug
        let exercises = programme.sessions.flatMap(\.exercises).filter { $0.primaryMuscle.slug == key }
        // More sets come from one more set on the muscle's exercises, or from an extra isolation
        // slot: without either, nothing can give it more.
        // An extra slot needs an isolation exercise the week does not already hold (an injured
        // user's slot may have been refilled with the muscle's only one), and not a specialist move,
        // which is never an accessory.
        let used = Set(programme.sessions.flatMap(\.exercises).map(\.exerciseId))
        let isolation = catalog.exercises.contains { exercise in
            exercise.includeInProgramme && exercise.isIsolation && exercise.primaryMuscle.slug == key
                && profile.equipment.allows(exercise) && exercise.complexity <= profile.experience.complexityCeiling
                && !used.contains(exercise.id) && exercise.selectionTier < 3
        }
        guard isolation || !exercises.isEmpty else { return false }
        // Without an extra slot, more sets come only as one more set each: not where time
        // fitting already cut the muscle's exercises below the table's sets, nor where the
        // weekly floor already raised them by the set a priority would add.
        let trimmed = exercises.contains { $0.sets < profile.experience.sets(isIsolation: $0.isIsolation) }
        let raised = exercises.contains { $0.sets > profile.experience.sets(isIsolation: $0.isIsolation) }
        guard !raised, isolation || !trimmed else { return false }
        let weekly = exercises.reduce(0) { $0 + $1.sets }
        guard weekly + max(1, exercises.count) <= options.maximumSetsPerMusclePerWeek else { return false }
        let maximumSeconds = profile.sessionDuration.minutes.upperBound * 60
        for session in programme.sessions {
            let own = session.exercises.filter { $0.primaryMuscle.slug == key }
            let sets = own.reduce(0) { $0 + $1.sets }
            if !own.isEmpty && sets + own.count > options.maximumSetsPerMusclePerSession { return false }
            let seconds = session.exercises.reduce(300) { $0 + $1.sets * (40 + $1.restSeconds) + 90 }
            let extra = own.reduce(0) { $0 + 40 + $1.restSeconds }
            if !own.isEmpty && seconds + extra > maximumSeconds { return false }
        }
        return true
    }
}
