import Foundation

/// Where the App Store's data comes from.
public enum AppStoreEnvironment: String, Hashable, Sendable, CaseIterable {
    case production = "Production"
    case sandbox = "Sandbox"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}

/// The fields of a signed transaction (StoreKit 2's `Transaction`, the App Store Server API's
/// `JWSTransactionDecodedPayload`) that the subscription needs. Dates are the payload's
/// milliseconds since 1970.
public struct SignedTransaction: Hashable, Sendable {
    public var transactionID: String
    /// The first transaction of the subscription: the same through every renewal.
    public var originalTransactionID: String
    public var bundleID: String
    public var productID: String
    /// `Auto-Renewable Subscription`, …
    public var type: String
    public var environment: AppStoreEnvironment
    public var purchaseDate: Date
    public var expiresDate: Date?
    public var signedDate: Date
    /// 1: an introductory offer (the free trial), 2: a promotional offer, 3: an offer code.
    public var offerType: Int?
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`, when the payload says.
    public var offerDiscountType: String?
    public var revocationDate: Date?
    /// The UUID the app set at purchase: TrainDB sets the user's id.
    public var appAccountToken: String?

    /// This transaction's period is the introductory free trial.
    public var isFreeTrial: Bool {
        offerType == 1 && (offerDiscountType == nil || offerDiscountType == "FREE_TRIAL")
    }

    public init(
        transactionID: String, originalTransactionID: String, bundleID: String, productID: String,
        type: String = "Auto-Renewable Subscription", environment: AppStoreEnvironment, purchaseDate: Date,
        expiresDate: Date?, signedDate: Date, offerType: Int? = nil, offerDiscountType: String? = nil,
        revocationDate: Date? = nil, appAccountToken: String? = nil
    ) {
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.bundleID = bundleID
        self.productID = productID
        self.type = type
        self.environment = environment
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.signedDate = signedDate
        self.offerType = offerType
        self.offerDiscountType = offerDiscountType
        self.revocationDate = revocationDate
        self.appAccountToken = appAccountToken
    }

    init(json: Data) throws(AppStoreError) {
        let fields = try PayloadFields(json, "the transaction")
        self.init(
            transactionID: try fields.identifier("transactionId"),
            originalTransactionID: try fields.identifier("originalTransactionId"),
            bundleID: try fields.text("bundleId"), productID: try fields.text("productId"),
            type: try fields.text("type"), environment: try fields.environment(),
            purchaseDate: try fields.date("purchaseDate"), expiresDate: try fields.optionalDate("expiresDate"),
            signedDate: try fields.date("signedDate"), offerType: try fields.optionalInteger("offerType"),
            offerDiscountType: try fields.optionalText("offerDiscountType"),
            revocationDate: try fields.optionalDate("revocationDate"),
            appAccountToken: try fields.optionalText("appAccountToken"))
    }

    /// The payload as the App Store writes it (the tests sign it).
    public var json: [String: Any] {
        var object: [String: Any] = [
            "transactionId": transactionID, "originalTransactionId": originalTransactionID, "bundleId": bundleID,
            "productId": productID, "type": type, "environment": environment.rawValue,
            "purchaseDate": milliseconds(purchaseDate), "signedDate": milliseconds(signedDate),
            "inAppOwnershipType": "PURCHASED",
        ]
        if let expiresDate { object["expiresDate"] = milliseconds(expiresDate) }
        if let offerType { object["offerType"] = offerType }
        if let offerDiscountType { object["offerDiscountType"] = offerDiscountType }
        if let revocationDate { object["revocationDate"] = milliseconds(revocationDate) }
        if let appAccountToken { object["appAccountToken"] = appAccountToken }
        return object
    }
}

/// The fields of a signed renewal info (`JWSRenewalInfoDecodedPayload`) the subscription needs.
public struct SignedRenewalInfo: Hashable, Sendable {
    public var originalTransactionID: String
    public var environment: AppStoreEnvironment
    public var signedDate: Date
    /// The App Store will renew at the period's end.
    public var willRenew: Bool
    /// The App Store is retrying a renewal that failed.
    public var isInBillingRetryPeriod: Bool
    /// While retrying, the end of the billing grace period.
    public var gracePeriodExpiresDate: Date?

    public init(
        originalTransactionID: String, environment: AppStoreEnvironment, signedDate: Date, willRenew: Bool,
        isInBillingRetryPeriod: Bool = false, gracePeriodExpiresDate: Date? = nil
    ) {
        self.originalTransactionID = originalTransactionID
        self.environment = environment
        self.signedDate = signedDate
        self.willRenew = willRenew
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
    }

    init(json: Data) throws(AppStoreError) {
        let fields = try PayloadFields(json, "the renewal info")
        self.init(
            originalTransactionID: try fields.identifier("originalTransactionId"),
            environment: try fields.environment(),
            signedDate: try fields.date("signedDate"), willRenew: try fields.optionalInteger("autoRenewStatus") == 1,
            isInBillingRetryPeriod: try fields.optionalBool("isInBillingRetryPeriod") ?? false,
            gracePeriodExpiresDate: try fields.optionalDate("gracePeriodExpiresDate"))
    }

    /// The payload as the App Store writes it (the tests sign it).
    public var json: [String: Any] {
        var object: [String: Any] = [
            "originalTransactionId": originalTransactionID, "environment": environment.rawValue,
            "signedDate": milliseconds(signedDate), "autoRenewStatus": willRenew ? 1 : 0,
            "isInBillingRetryPeriod": isInBillingRetryPeriod,
        ]
        if let gracePeriodExpiresDate { object["gracePeriodExpiresDate"] = milliseconds(gracePeriodExpiresDate) }
        return object
    }
}

/// An App Store Server Notification, version 2 (`ResponseBodyV2DecodedPayload`): its identity and
/// order, and the signed transaction and renewal info it carries, once verified.
public struct SignedNotification: Hashable, Sendable {
    /// `SUBSCRIBED`, `DID_RENEW`, `DID_FAIL_TO_RENEW`, `EXPIRED`, `REFUND`, `TEST`, …
    public var notificationType: String
    public var subtype: String?
    /// Each notification's own id: Apple sends the same one again when it retries.
    public var notificationUUID: String
    public var signedDate: Date
    public var bundleID: String
    public var environment: AppStoreEnvironment
    /// The JWS texts as received; read only through `transaction` and `renewalInfo`.
    var signedTransactionInfo: String?
    var signedRenewalInfo: String?
    /// The transaction the notification carries, verified; nil for one without (a test).
    public internal(set) var transaction: SignedTransaction?
    /// The renewal info the notification carries, verified.
    public internal(set) var renewalInfo: SignedRenewalInfo?

    init(json: Data) throws(AppStoreError) {
        let fields = try PayloadFields(json, "the notification")
        notificationType = try fields.text("notificationType")
        subtype = try fields.optionalText("subtype")
        notificationUUID = try fields.identifier("notificationUUID")
        guard UUID(uuidString: notificationUUID) != nil else {
            throw AppStoreError(.malformed, "the notification's notificationUUID \"\(notificationUUID)\" is not a UUID")
        }
        signedDate = try fields.date("signedDate")
        guard let data = fields.object("data") ?? fields.object("summary") else {
            throw AppStoreError(.malformed, "the notification has neither data nor summary: it names no app")
        }
        let inner = PayloadFields(object: data, what: "the notification's data")
        bundleID = try inner.text("bundleId")
        environment = try inner.environment()
        signedTransactionInfo = try inner.optionalText("signedTransactionInfo")
        signedRenewalInfo = try inner.optionalText("signedRenewalInfo")
    }
}

/// A payload's JSON object, read field by field with located errors.
struct PayloadFields {
    let object: [String: Any]
    let what: String

    init(_ json: Data, _ what: String) throws(AppStoreError) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw AppStoreError(.malformed, "\(what)'s payload is not a JSON object")
        }
        self.init(object: object, what: what)
    }

    init(object: [String: Any], what: String) {
        self.object = object
        self.what = what
    }

    /// A JSON true or false as JSONSerialization reads it: an NSNumber of C type char. (On Linux
    /// any NSNumber casts to Bool, so `is Bool` would take the number 1 for true.)
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    func object(_ name: String) -> [String: Any]? {
        object[name] as? [String: Any]
    }

    func optionalText(_ name: String) throws(AppStoreError) -> String? {
        switch object[name] {
        case nil, is NSNull: return nil
        case let text as String: return text
        default: throw AppStoreError(.malformed, "\(what)'s \(name) is not a text")
        }
    }

    func text(_ name: String) throws(AppStoreError) -> String {
        guard let text = try optionalText(name), !text.isEmpty, text.count <= 200 else {
            throw AppStoreError(.malformed, "\(what) has no \(name) (a text of 1 to 200 characters)")
        }
        return text
    }

    /// An identifier, a text or a number (older payloads wrote some ids as numbers).
    func identifier(_ name: String) throws(AppStoreError) -> String {
        if let number = object[name] as? NSNumber, !Self.isBoolean(number) { return number.stringValue }
        return try text(name)
    }

    func optionalInteger(_ name: String) throws(AppStoreError) -> Int? {
        switch object[name] {
        case nil, is NSNull: return nil
        case let number as NSNumber where !Self.isBoolean(number) && number.doubleValue.rounded() == number.doubleValue
            && abs(number.doubleValue) < 9e15:
            return number.intValue
        default: throw AppStoreError(.malformed, "\(what)'s \(name) is not a whole number")
        }
    }

    func optionalBool(_ name: String) throws(AppStoreError) -> Bool? {
        switch object[name] {
        case nil, is NSNull: return nil
        case let flag as NSNumber where Self.isBoolean(flag): return flag.boolValue
        default: throw AppStoreError(.malformed, "\(what)'s \(name) is not true or false")
        }
    }

    /// A moment in milliseconds since 1970, from 2000 to 2200.
    func optionalDate(_ name: String) throws(AppStoreError) -> Date? {
        guard let milliseconds = try optionalInteger(name) else { return nil }
        guard (946_684_800_000...7_258_118_400_000).contains(milliseconds) else {
            throw AppStoreError(
                .malformed, "\(what)'s \(name) (\(milliseconds) ms) is not a moment between 2000 and 2200")
        }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    func date(_ name: String) throws(AppStoreError) -> Date {
        guard let date = try optionalDate(name) else {
            throw AppStoreError(.malformed, "\(what) has no \(name)")
        }
        return date
    }

    func environment() throws(AppStoreError) -> AppStoreEnvironment {
        let name = try text("environment")
        guard let environment = AppStoreEnvironment(rawValue: name) else {
            throw AppStoreError(.wrongEnvironment, "\(what) is from an unknown environment, \(name)")
        }
        return environment
    }
}

/// `date` in whole milliseconds since 1970, as the App Store writes moments.
func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}
