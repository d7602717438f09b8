// drawingOrderWithZ: sublayers in drawing order, by zPosition, ties (and -0 against 0) in
// their order among the sublayers, as a stable sort by (z, index) gives.
import Testing
import QuartzCore
@testable import LaminaCompositor

@Suite struct DrawingOrderTests {
    @Test func sortsByZKeepingTiesInOrder() {
        var rng = SplitMix(state: 0x5EED_0D0E)
        for round in 0..<40 {
            // Few distinct z values (many ties), -0 and 0 among them, now and then all equal.
            let values: [CGFloat] = round % 10 == 0 ? [2] : [-3, -0.0, 0, 0.5, 7]
            let layers = (0..<(1 + round * 5)).map { _ -> CALayer in
                let l = CALayer()
                l.zPosition = values[Int(rng.next() % UInt64(values.count))]
                return l
            }
            let order = drawingOrderWithZ(layers).map { ObjectIdentifier($0.layer) }
            // The reference: insertion of each layer after every earlier one of lower or equal z.
            var expected: [CALayer] = []
            for l in layers {
                let at = expected.lastIndex { $0.zPosition <= l.zPosition }.map { $0 + 1 } ?? 0
                expected.insert(l, at: at)
            }
            #expect(order == expected.map(ObjectIdentifier.init), "round \(round)")
        }
    }

    /// A small deterministic generator (splitmix64).
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
