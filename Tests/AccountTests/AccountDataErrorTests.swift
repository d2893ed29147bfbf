import Account
import Foundation
import Testing

/// What an app matches on when the user's stores cannot be exported or deleted: the typed kind.
struct AccountDataErrorTests {
    @Test("no store named is a typed no-stores error")
    func noStores() {
        let error = #expect(throws: AccountDataError.self) { try AccountData.read(stores: []) }
        #expect(error?.kind == .noStores)
        #expect(error?.code == "account.no_stores")
    }

    @Test("a path where no store is, is a typed not-a-store error naming the path")
    func missingStore() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)").path
        let error = #expect(throws: AccountDataError.self) { try AccountData.read(stores: [path]) }
        #expect(error?.kind == .notAStore)
        #expect(error?.message == "\(path) does not exist")
    }
}
