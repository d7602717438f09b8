// drawingOrder: sublayers in drawing order, by zPosition, ties (and -0 against 0) in
// their order among the sublayers, as a stable sort by (z, index) gives.
import Testing
import QuartzCore
@testable import LaminaCompositor

@Suite struct DrawingOrderTests {
    @Test func sortsByZKeepingTiesInOrder() {
        var rng = TestRandom(state: 0x5EED_0D0E)
        for round in 0..<40 {
            // Few distinct z values (many ties), -0 and 0 among them, now and then all equal.
            let values: [CGFloat] = round % 10 == 0 ? [2] : [-3, -0.0, 0, 0.5, 7]
            let layers = (0..<(1 + round * 5)).map { _ -> CALayer in
                let l = CALayer()
                l.zPosition = values[min(Int(rng.next() * Double(values.count)), values.count - 1)]
                return l
            }
            let drawn = drawingOrder(layers)
            #expect(drawn.z == layers.map(\.zPosition))
            // One zPosition for all: no order made (the layers come as they are).
            if round % 10 == 0 { #expect(drawn.order == nil) }
            let order = (drawn.order ?? Array(layers.indices)).map { ObjectIdentifier(layers[$0]) }
            // The reference: insertion of each layer after every earlier one of lower or equal z.
            var expected: [CALayer] = []
            for l in layers {
                let at = expected.lastIndex { $0.zPosition <= l.zPosition }.map { $0 + 1 } ?? 0
                expected.insert(l, at: at)
            }
            #expect(order == expected.map(ObjectIdentifier.init), "round \(round)")
        }
    }
}
