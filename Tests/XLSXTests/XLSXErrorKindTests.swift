import Foundation
import Testing
import XLSX
import XLSXTestSupport

/// The reader's errors carry a public kind, as every TrainDB error does: this file imports XLSX
/// as a tool built on it would (no `@testable`), so it compiles only while the kind is public.
@Suite("XLSX error kinds")
struct XLSXErrorKindTests {
    @Test("a caller matches a refused workbook on its kind, beside its code")
    func kindIsPublic() throws {
        let path = try TestFiles.write(Array("name,reps\nSquat,10\n".utf8), named: "kinds.xlsx")
        let error = #expect(throws: XLSXError.self) { _ = try Workbook(path: path) }
        #expect(error?.kind == .notAZip)
        #expect(error?.kind != .emptyFile)
        #expect(error?.code == "zip.not_a_zip")
    }
}
