import Logging

extension Logger {
    /// A logger that drops everything: the default of the library's types, which never write
    /// to the terminal unless the caller hands them a logger of its own.
    public static var silent: Logger {
        Logger(label: "traindb.catalog", factory: { _ in SwiftLogNoOpLogHandler() })
    }
}
