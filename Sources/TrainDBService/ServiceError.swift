import ErrorCodes
import Foundation

/// A refusal the service answers with: an HTTP status, a stable code and a message, as JSON
/// (`{"error": {"code", "message"}}`). A 5xx never says more than the seeds' message; what went
/// wrong is logged instead.
struct ServiceError: Error, Sendable {
    let status: Int
    let code: String
    let message: String
    /// For a bad questionnaire: (code, field, message) per bad field.
    var problems: [(code: String, field: String, message: String)] = []

    init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// What every 5xx says (`001_*`).
    static let serverErrorMessage = "Something went wrong. Please try again later."

    static func internalError() -> ServiceError {
        ServiceError(500, "server.error", serverErrorMessage)
    }

    static func unavailable() -> ServiceError {
        ServiceError(503, "server.unavailable", serverErrorMessage)
    }

    /// `error` refused with `status`, keeping its code and message.
    static func refusal(_ status: Int, _ error: some CodedError) -> ServiceError {
        ServiceError(status, error.code, error.message)
    }

    /// The error's JSON body.
    var body: Data {
        var error: [String: Any] = ["code": code, "message": message]
        if !problems.isEmpty {
            error["problems"] = problems.map { ["code": $0.code, "field": $0.field, "message": $0.message] }
        }
        return (try? JSONSerialization.data(withJSONObject: ["error": error], options: [.sortedKeys]))
            ?? Data(
                #"{"error":{"code":"server.error","message":"Something went wrong. Please try again later."}}"#.utf8)
    }
}
