import Foundation

/// The package's root folder, found from this file's place in it.
public enum PackageRoot {
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` inside the package, e.g. `database-management` or `schema`.
    public static func url(_ relative: String) -> URL {
        url.appendingPathComponent(relative)
    }

    /// The committed workbooks' folder.
    public static let workbooks = url("database-management")
}
