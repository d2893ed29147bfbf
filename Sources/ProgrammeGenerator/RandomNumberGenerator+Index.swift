extension RandomNumberGenerator {
    /// A uniform index in `0..<count` (count > 0) drawn from `next()` alone (Lemire's
    /// multiply-and-reject), so that the draw does not depend on the standard library's own
    /// bounded-random algorithm, which may change between Swift versions.
    mutating func index(below count: Int) -> Int {
        precondition(count > 0, "index(below:) needs a positive count")
        let bound = UInt64(count)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return Int(product.high)
    }
}
