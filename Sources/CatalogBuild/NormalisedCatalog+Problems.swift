import Catalog

extension NormalisedCatalog {
    /// The problems found while resolving content, reported together in one error.
    struct Problems {
        private var found: [(kind: CatalogBuildError.Kind, message: String)] = []

        mutating func unknown(_ message: String) {
            found.append((.unknownLookupValue, message))
        }

        mutating func checkUniqueIDs(_ sortedIDs: some Collection<String>) {
            for (previous, id) in zip(sortedIDs, sortedIDs.dropFirst()) where previous == id {
                found.append((.duplicateExercise, "exercise id \"\(id)\" appears more than once"))
            }
        }

        /// Throws the first problem's kind with every problem's message, one per line.
        func throwIfAny() throws {
            guard let first = found.first else { return }
            let message =
                found.count == 1
                ? first.message
                : "\(found.count) problems:\n" + found.map { "  \($0.message)" }.joined(separator: "\n")
            throw CatalogBuildError(first.kind, message)
        }
    }
}
