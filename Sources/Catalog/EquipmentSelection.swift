/// The equipment a user has, as the questionnaire stores it: categories, and for a category with
/// items either all of them or the ones ticked.
///
/// Names are kept as slugs; every initialiser and method accepts a slug (`pin_loaded_machines`)
/// or the exact catalogue name (`Pin-loaded Machines`).
///
/// What it allows:
/// - an exercise of a selected category that names no item;
/// - an exercise naming an item, when its category is selected with all items or with that
///   item ticked. An item is identified by its category: Leg Press under pin-loaded machines is
///   not Leg Press under plate-loaded machines;
/// - a Bodyweight exercise that names no item, always: it needs no equipment at all.
public struct EquipmentSelection: Hashable, Sendable, Codable {
    /// The items selected under one category.
    public enum Items: Hashable, Sendable, Codable {
        /// Every item of the category (a category ticked with no detail).
        case all
        /// Only these items, as slugs (possibly none: only the category's item-less exercises).
        case only(Set<String>)
    }

    /// The slug of the category whose item-less exercises need no equipment.
    public static let bodyweightCategory = "bodyweight"

    /// Category slug → its selected items.
    public private(set) var categories: [String: Items]

    /// Nothing selected: only item-less Bodyweight exercises are allowed.
    public init() {
        categories = [:]
    }

    /// From the questionnaire's answers: `equipmentAvailable` lists categories and
    /// `detailedEquipment` maps a category to its ticked items. A listed category with no entry
    /// in `detailedEquipment` has all its items; a category with ticked items counts as
    /// selected even when `equipmentAvailable` leaves it out.
    public init(equipmentAvailable: [String], detailedEquipment: [String: Set<String>] = [:]) {
        categories = [:]
        for category in equipmentAvailable {
            let key = category.slug
            let entries = detailedEquipment.filter { $0.key.slug == key }
            if entries.isEmpty {
                select(category: category)
            } else {
                select(category: category, items: entries.values.flatMap { $0 })
            }
        }
        for (category, items) in detailedEquipment where !items.isEmpty && categories[category.slug] == nil {
            select(category: category, items: items)
        }
    }

    /// From entries as the command line takes them: `category` (all its items) or
    /// `category:item`, by name or slug; entries add up.
    public init(entries: [String]) {
        categories = [:]
        for entry in entries {
            let (category, item) = Self.parse(entry: entry)
            if let item {
                select(category: category, item: item)
            } else {
                select(category: category)
            }
        }
    }

    /// `category` or `category:item`, as typed.
    public static func parse(entry: String) -> (category: String, item: String?) {
        let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : (entry, nil)
    }

    /// True when no category is selected.
    public var isEmpty: Bool { categories.isEmpty }

    /// Selects a category with all its items.
    public mutating func select(category: String) {
        categories[category.slug] = .all
    }

    /// Selects a category with these items ticked (added to any already ticked). Selecting
    /// no items selects the category's item-less exercises only.
    public mutating func select(category: String, items: some Sequence<String>) {
        let key = category.slug
        let slugs = Set(items.map(\.slug))
        switch categories[key] {
        case .all:
            break
        case .only(let existing):
            categories[key] = .only(existing.union(slugs))
        case nil:
            categories[key] = .only(slugs)
        }
    }

    /// Selects a category with this item ticked (added to any already ticked).
    public mutating func select(category: String, item: String) {
        select(category: category, items: [item])
    }

    /// Whether an exercise needing `category` (and `item`, when not nil) can be done.
    public func allows(category: String, item: String?) -> Bool {
        allows(categorySlug: category.slug, itemSlug: item.map(\.slug))
    }

    /// `allows(category:item:)` for names already in slug form.
    public func allows(categorySlug: String, itemSlug: String?) -> Bool {
        if itemSlug == nil && categorySlug == Self.bodyweightCategory { return true }
        guard let items = categories[categorySlug] else { return false }
        guard let itemSlug else { return true }
        switch items {
        case .all: return true
        case .only(let selected): return selected.contains(itemSlug)
        }
    }

    /// Whether the exercise's equipment is available.
    public func allows(_ exercise: Exercise) -> Bool {
        allows(category: exercise.equipmentCategory, item: exercise.equipmentItem)
    }
}
