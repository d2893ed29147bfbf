import Foundation
import Hummingbird

/// A bench's record of each request's time inside the service (`TRAINDB_SERVE_TIMINGS=FILE`, set by
/// `bench/serve`), to put beside the client's latencies: one line a request,
/// `START_US MICROSECONDS STATUS METHOD PATH`, where START_US is the wall clock (microseconds
/// since 1970) when the router took the request and MICROSECONDS the time until its answer was
/// handed back for writing. What the client's latency has beyond it was spent before the router
/// (the event loop, the task that runs the connection) or after it (the write, the client).
/// Each line is one `write(2)` to a file opened for appending; a line that cannot be written is
/// dropped, never the request.
final class RequestTimings: Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ServiceStartError(
                code: "serve.timings", message: "cannot open \(path) for the request timings: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    func record(startMicroseconds: Int64, microseconds: Int64, status: Int, method: String, path: String) {
        var line = "\(startMicroseconds) \(microseconds) \(status) \(method) \(path)\n"
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }

    /// The wall clock in microseconds since 1970.
    static func wallMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }

    /// A monotonic clock in microseconds.
    static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}

/// Times every request into `RequestTimings`: the outermost of the router's middlewares.
struct RequestTimingMiddleware<Context: RequestContext>: RouterMiddleware {
    let timings: RequestTimings

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let wall = RequestTimings.wallMicroseconds()
        let start = RequestTimings.monotonicMicroseconds()
        var status = 0
        defer {
            timings.record(
                startMicroseconds: wall, microseconds: RequestTimings.monotonicMicroseconds() - start, status: status,
                method: request.method.rawValue, path: request.uri.path)
        }
        let response = try await next(request, context)
        status = Int(response.status.code)
        return response
    }
}
