import Foundation
import PostgresStore

/// How the service knows who calls: the `Authorization: Bearer <access token>` header, verified
/// as `traindb sync` verifies its token (`AccessToken`: the project's secret or JWKS, expiry,
/// audience) before anything is read. The one place the service handles tokens.
struct ServiceAuthentication: Sendable {
    let keys: AccessToken.Keys
    let clock: @Sendable () -> Date

    /// The signed-in user the header proves (a lowercase UUID), or a 401 saying why not.
    func user(authorization: String?) throws(ServiceError) -> String {
        guard let authorization, !authorization.isEmpty else {
            throw ServiceError(
                401, "token.missing", "no access token was given: send Authorization: Bearer <access token>")
        }
        let scheme = authorization.prefix { $0 != " " }
        guard scheme.lowercased() == "bearer" else {
            throw ServiceError(
                401, "token.malformed", "the Authorization header must be Bearer <access token>, not \(scheme) …")
        }
        // The spaces and tabs around the token, by its bytes: Foundation's trimming cost 2% of the
        // service's CPU per request. Any other white space at an end is `AccessToken`'s to trim.
        let bytes = authorization.utf8.dropFirst(scheme.utf8.count)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
        let end = bytes[start...].lastIndex { !isBlank($0) }.map { bytes.index(after: $0) } ?? start
        let text = String(Substring(authorization.utf8[start..<end]))
        let token: AccessToken
        do {
            token = try AccessToken(verifying: text, keys: keys, now: clock())
        } catch {
            throw ServiceError(401, error.code, error.message)
        }
        let subject: String? = token.user
        guard let subject, token.role == "authenticated" else {
            throw ServiceError(
                401, "token.wrong_role", "the token is not a signed-in user's (its role is \(token.role))")
        }
        return subject
    }
}
