// Double -> Int without traps. Swift's Int(_: Double) traps on NaN, infinities and values
// out of Int's range; geometry that reaches a conversion through the API (or through a
// valid scene with huge sizes) must never do that. Every such conversion in Lamina goes
// through this helper, which clamps to a stated range.

extension Double {
    /// The value rounded by `rule` and clamped to `range`; NaN gives `range.lowerBound`.
    @inlinable public func clampedToInt(in range: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .towardZero) -> Int {
        guard !isNaN else { return range.lowerBound }
        let r = rounded(rule)
        if r <= Double(range.lowerBound) { return range.lowerBound }
        // Double(upperBound) may round up past it (Int.max): compare with >=.
        if r >= Double(range.upperBound) { return range.upperBound }
        return Int(r)
    }
}
