extension String {
    func replacingBackslashes() -> String {
        guard utf8.contains(UInt8(ascii: "\\")) else { return self }
        return String(decoding: utf8.map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }, as: UTF8.self)
    }
}
