import Crypto
import Foundation

extension AccessToken {
    /// An access token signed HS256 with the project's JWT secret, as the project's sign-in
    /// issues one: for `user` as `authenticated` (audience `authenticated`, subject the user), or
    /// with `user` nil the project's service-role key. Valid from `now` for `lifetime`.
    ///
    /// For development and the project's own jobs: a device gets its token from signing in, and
    /// only whoever holds the secret can make one. The secret is held to the same rule as when a
    /// token is verified (32 bytes or more).
    public static func signed(
        user: UUID?, secret: Data, lifetime: TimeInterval = 3600, now: Date = Date()
    ) throws(AccessTokenError) -> String {
        let secret = try Keys.secret(secret, from: "given")
        guard lifetime > 0 else { throw AccessTokenError(.malformed, "a token's lifetime must be more than 0 seconds") }
        let issued = Int(now.timeIntervalSince1970.rounded(.down))
        let expires = issued + Int(lifetime.rounded(.up))
        var claims = #"{"iat":\#(issued),"nbf":\#(issued),"exp":\#(expires),"#
        if let user {
            claims += #""sub":"\#(user.uuidString.lowercased())","aud":"authenticated","role":"authenticated"}"#
        } else {
            claims += #""role":"\#(serviceRole)"}"#
        }
        let signed = base64URLText(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "." + base64URLText(Data(claims.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(signed.utf8), using: SymmetricKey(data: secret))
        return signed + "." + base64URLText(Data(mac))
    }

    /// `data` as base64url without padding.
    static func base64URLText(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
