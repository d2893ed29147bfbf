import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime
import PostgresStore
import Synchronization

/// Runs around every generated operation: verifies the access token of the operations that take
/// one (all but the health check and the App Store's notifications) and makes its user the
/// request's `Caller`; answers every error as JSON, `{"error": {"code", "message"}}`: a refusal
/// with its status, a request the generated code could not read with a 4xx saying what is wrong,
/// and anything else with a 5xx that says only "Something went wrong. Please try again later."
/// (its cause logged).
struct ServiceMiddleware: ServerMiddleware {
    let authentication: ServiceAuthentication
    let logger: Logger

    /// The operations anyone may call.
    static let open: Set<String> = ["health", "appStoreNotification"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            if Self.open.contains(operationID) {
                return try await next(request, body, metadata)
            }
            let user = try authentication.user(authorization: request.headerFields[.authorization])
            let written = WrittenBody()
            var (response, answer) = try await Caller.$user.withValue(user) {
                try await WrittenBody.$current.withValue(written) { try await next(request, body, metadata) }
            }
            if let bytes = written.take() {
                response.headerFields[.contentLength] = nil
                answer = HTTPBody(bytes)
            }
            return (response, answer)
        } catch {
            let refusal = serviceError(error, operationID: operationID)
            return Self.response(refusal)
        }
    }

    /// `error` as the service answers it.
    func serviceError(_ error: any Error, operationID: String) -> ServiceError {
        var cause: any Error = error
        var status = 500
        if let serverError = error as? ServerError {
            cause = serverError.underlyingError
            status = Int(serverError.httpStatus.code)
        }
        switch cause {
        case let refusal as ServiceError:
            if refusal.status >= 500 {
                logger.error("\(operationID) failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            return refusal
        case let database as PostgresStoreError:
            logger.error("\(operationID): the database failed", metadata: ["error": "\(database.message)"])
            return database.code == "postgres.unreachable" ? .unavailable() : .internalError()
        case let decoding as DecodingError:
            return ServiceError(
                400, "request.malformed", "the body is not JSON of this operation's shape: \(Self.describe(decoding))")
        default:
            guard (400..<500).contains(status) else {
                logger.error("\(operationID) failed", metadata: ["error": "\(String(reflecting: error))"])
                return .internalError()
            }
            let code =
                switch status {
                case 415: "request.content_type"
                case 406: "request.not_acceptable"
                case 413: "request.too_large"
                default: "request.malformed"
                }
            return ServiceError(status, code, Self.sentence("\(cause)"))
        }
    }

    /// A JSON response for `refusal`.
    static func response(_ refusal: ServiceError) -> (HTTPResponse, HTTPBody?) {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        if refusal.status == 401 { fields[.wwwAuthenticate] = "Bearer" }
        return (HTTPResponse(status: .init(code: refusal.status), headerFields: fields), HTTPBody(refusal.body))
    }

    /// Where in the body and what: `trainingDaysPerWeek: expected Int, found a string`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type), \(context.debugDescription.lowercased())"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(type), found nothing"
        case .keyNotFound(let key, let context):
            return "\(path(context)): \(key.stringValue) is required"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `text` with a lowercase start and no final full stop.
    static func sentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "the request cannot be read" }
        return first.lowercased() + text.dropFirst()
    }
}

/// The methods of each path of the document, as the generated code registers its operations:
/// what a request for a known path with another method is told (405 and `Allow`).
final class OperationMethods: ServerTransport {
    private(set) var byPath: [String: [HTTPRequest.Method]] = [:]

    /// The paths and methods `register` registers, in the document's order.
    static func of(_ register: (OperationMethods) throws -> Void) rethrows -> [String: [HTTPRequest.Method]] {
        let recorder = OperationMethods()
        try register(recorder)
        return recorder.byPath
    }

    func register(
        _ handler:
            @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method, path: String
    ) throws {
        byPath[path, default: []].append(method)
    }
}

/// Refuses a body over `limit` bytes (by its Content-Length, or as it arrives) with a 413, and
/// answers what Hummingbird refuses itself as JSON too, before any operation reads anything: an
/// unknown path with a 404, a known path with a method the document does not list for it with a
/// 405 that lists those it does (`Allow`).
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int
    /// The document's paths (the generated code's templates: none has a parameter) and methods.
    let methods: [String: [HTTPRequest.Method]]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return Self.response(Self.tooLarge(limit))
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            request.body = RequestBody(buffer: buffer)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return Self.response(Self.tooLarge(limit))
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            if error.status == .notFound, let allowed = methods[request.uri.path], !allowed.contains(request.method) {
                var response = Self.response(
                    ServiceError(
                        405, "request.method",
                        "\(request.method) is not an operation of \(request.uri.path); it takes "
                            + allowed.map(\.rawValue).joined(separator: " and ")))
                response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                return response
            }
            let status = Int(error.status.code)
            let code = status == 404 ? "request.not_found" : status == 405 ? "request.method" : "request.refused"
            let message =
                status == 404
                ? "\(request.method) \(request.uri.path) is not an operation of this service (see openapi/openapi.yaml)"
                : ServiceMiddleware.sentence(error.body ?? "the request was refused (\(status))")
            return Self.response(ServiceError(status, code, message))
        }
    }

    static func tooLarge(_ limit: Int) -> ServiceError {
        ServiceError(413, "request.too_large", "the body is over \(limit / 1024) KB; at most \(limit) bytes are taken")
    }

    static func response(_ refusal: ServiceError) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: .init(code: refusal.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(data: refusal.body)))
    }
}

/// A response body an operation wrote itself, which `ServiceMiddleware` sends in place of the
/// generated code's encoding of the operation's answer: the generated programme, whose JSON the
/// programme writes (`JSONWritable`) in a fraction of the time Foundation's decoder and encoder
/// take to copy it through the generated types. The bytes must be the answer the operation
/// returned, in the document's schema (ServiceTests holds the answer to the stored programme).
final class WrittenBody: Sendable {
    /// The request's, set by `ServiceMiddleware` around each operation that takes a token.
    @TaskLocal static var current: WrittenBody?

    private let bytes = Mutex<[UInt8]?>(nil)

    func set(_ body: [UInt8]) {
        bytes.withLock { $0 = body }
    }

    func take() -> [UInt8]? {
        bytes.withLock { $0.take() }
    }
}
