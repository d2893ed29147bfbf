/// Reads `workbook.xml`: the sheets in tab order and the date system.
final class WorkbookPartParser: XMLContentHandler {
    struct SheetEntry {
        let name: String
        let state: SheetState
        let relationshipID: String?
    }

    private(set) var sheets: [SheetEntry] = []
    private(set) var usesDate1904 = false

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.is("sheet") {
            sheets.append(SheetEntry(
                name: attributes.string("name") ?? "",
                state: SheetState(attribute: attributes.string("state")),
                relationshipID: attributes.string("id", namespaced: true)))
        } else if name.is("workbookPr") {
            let value = attributes.string("date1904")?.lowercased()
            usesDate1904 = value == "1" || value == "true" || value == "on"
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {}
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}
