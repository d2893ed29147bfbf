import Catalog

/// How much the load goes up after "Great Work!" (business rules §8): +5 kg for lower-body
/// barbell and plate-loaded compounds, +2 kg per dumbbell, +2.5 kg otherwise. Lower body means
/// the exercise's primary muscle is in the catalogue's `lower` body region.
public struct LoadIncrement: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A lower-body barbell or plate-loaded compound: +5 kg.
        case lowerBodyCompound = "lower_body_compound"
        /// Dumbbells, logged as the weight of one dumbbell: +2 kg each.
        case perDumbbell = "per_dumbbell"
        /// Everything else: +2.5 kg.
        case standard
    }

    public let kind: Kind

    public init(kind: Kind) {
        self.kind = kind
    }

    /// The increment of an exercise of `equipmentCategory` (a catalogue name or its slug) whose
    /// primary muscle is in `bodyRegion`.
    public init(equipmentCategory: String, isIsolation: Bool, bodyRegion: String?) {
        let category = equipmentCategory.slug
        if ["barbells", "plate_loaded_machines"].contains(category), !isIsolation, bodyRegion == "lower" {
            kind = .lowerBodyCompound
        } else if category == "dumbbells" {
            kind = .perDumbbell
        } else {
            kind = .standard
        }
    }

    /// The step, in kilograms.
    public var kilograms: Double {
        switch kind {
        case .lowerBodyCompound: 5
        case .perDumbbell: 2
        case .standard: 2.5
        }
    }

    /// The largest multiple of the step at or under `kilograms`.
    public func roundedDown(_ kilograms: Double) -> Double {
        (kilograms / self.kilograms + 1e-9).rounded(.down) * self.kilograms
    }
}
