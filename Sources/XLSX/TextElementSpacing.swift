/// The white-space rule of one `<t>` element: without `xml:space="preserve"`, its leading and
/// trailing space, tab, CR and LF are not part of the text (what Excel shows); with it, every
/// character counts. Each `<t>` of a rich-text string follows its own attribute.
struct TextElementSpacing {
    /// Whether a `<t>` is open.
    private(set) var isOpen = false
    private var trims = false
    /// Still before the first kept character of a trimmed `<t>`.
    private var inLeadingSpace = false
    /// Where the open `<t>`'s text starts in the buffer.
    private var start = 0

    /// A `<t>` opens; its text will be appended to `buffer`.
    mutating func open(_ attributes: XMLAttributes, appendingTo buffer: ByteBuffer) {
        isOpen = true
        trims = !attributes.preservesSpace
        inLeadingSpace = trims
        start = buffer.count
    }

    /// Text of the open `<t>`, possibly one piece of several.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: ByteBuffer) {
        guard inLeadingSpace else { return buffer.append(bytes) }
        var index = 0
        while index < bytes.count, DecimalParsing.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return }
        inLeadingSpace = false
        buffer.append(UnsafeBufferPointer(rebasing: bytes[index...]))
    }

    /// The `<t>` closes: a trimmed one loses its trailing white space.
    mutating func close(in buffer: ByteBuffer) {
        if isOpen && trims { buffer.removeTrailingSpace(downTo: start) }
        isOpen = false
    }
}
