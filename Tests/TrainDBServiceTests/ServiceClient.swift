import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// What an instance answered: the status, the headers and the body's bytes as they came.
struct ServiceResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
}

/// The tests' HTTP/1.1 client of an instance listening on 127.0.0.1: each request on a
/// connection of its own (SwiftNIO's HTTP/1 codec, which the service's server already links),
/// its body sent whole with its Content-Length, the answer read to its end, then the connection
/// closed by the client. Requests made at once run at once.
struct ServiceClient: Sendable {
    let port: Int

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> ServiceResponse {
        let port = self.port
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
            head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
            for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
            // Always a length (0 without a body), so that the request is never sent in chunks.
            head.headers.replaceOrAdd(name: "Content-Length", value: "\(body?.readableBytes ?? 0)")
            try await outbound.write(.head(head))
            if let body { try await outbound.write(.body(.byteBuffer(body))) }
            try await outbound.write(.end(nil))

            var answer: HTTPResponseHead?
            var bytes = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let received):
                    answer = received
                case .body(var chunk):
                    bytes.writeBuffer(&chunk)
                case .end:
                    guard let answer else { throw ServiceClientError("an answer ended before its head: \(uri)") }
                    return Self.response(answer, body: bytes)
                }
            }
            throw ServiceClientError("the connection closed before the answer to \(method) \(uri) ended")
        }
    }

    private static func response(_ head: HTTPResponseHead, body: ByteBuffer) -> ServiceResponse {
        var fields = HTTPFields()
        for (name, value) in head.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let status = HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase)
        return ServiceResponse(status: status, headers: fields, body: body)
    }
}

struct ServiceClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An application as it runs, which tells the port it was given once it listens (the service
/// asks for port 0, any free one).
struct ListeningApplication<Base: ApplicationProtocol>: ApplicationProtocol {
    typealias Responder = Base.Responder

    let base: Base
    let listening: AsyncStream<Int>.Continuation

    var responder: Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        if let port = channel.localAddress?.port { listening.yield(port) }
        listening.finish()
    }
}

extension ApplicationProtocol {
    /// Runs the application until `body` returns or throws, then shuts it down gracefully;
    /// `body` gets a client of it. Throws when the application stops before it listens.
    func withClient<Value: Sendable>(
        _ body: @Sendable (ServiceClient) async throws -> Value
    ) async throws -> Value {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = ListeningApplication(base: self, listening: listening)
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                // An application that fails to start ends the wait for its port.
                defer { listening.finish() }
                try await group.run()
            }
            guard let port = await ports.first(where: { _ in true }) else {
                try await tasks.waitForAll()
                throw ServiceClientError("the service stopped before it listened")
            }
            do {
                let value = try await body(ServiceClient(port: port))
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }
}
