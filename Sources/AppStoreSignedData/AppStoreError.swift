import ErrorCodes

/// Why the App Store's signed data was refused, before anything in it was used. `code` is stable.
public struct AppStoreError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case malformed
        case unsupportedAlgorithm
        case untrustedChain
        case badSignature
        case wrongApp
        case wrongEnvironment
        case unknownProduct
    }

    public let kind: Kind
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `appstore.malformed`, `appstore.unsupported_algorithm`, `appstore.untrusted_chain`,
    /// `appstore.bad_signature`, `appstore.wrong_app`, `appstore.wrong_environment` or
    /// `appstore.unknown_product`.
    public var code: String {
        switch kind {
        case .malformed: "appstore.malformed"
        case .unsupportedAlgorithm: "appstore.unsupported_algorithm"
        case .untrustedChain: "appstore.untrusted_chain"
        case .badSignature: "appstore.bad_signature"
        case .wrongApp: "appstore.wrong_app"
        case .wrongEnvironment: "appstore.wrong_environment"
        case .unknownProduct: "appstore.unknown_product"
        }
    }
}
