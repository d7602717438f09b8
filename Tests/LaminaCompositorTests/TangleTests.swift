// Strongly connected groups of overlap constraints split only as they need: interpenetrating
// pairs once each, along the crossing; cycles of cards that do not interpenetrate once.
import Foundation
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct TangleTests {
    /// Three strips along the sides of a triangle, each rising along its length, so each lies
    /// over the next where they cross and under the one before: a cycle with no intersection.
    static func pinwheel() -> [CALayer] {
        let side = 160.0
        var p = SIMD2(120.0, 140.0)
        var strips: [CALayer] = []
        for k in 0..<3 {
            let phi = Double(k) * 120
            let q = p + side * SIMD2(cos(phi * .pi / 180), sin(phi * .pi / 180))
            let m = (p + q) / 2
            strips.append(card("s\(k)", 260, 30, at: m.x, m.y, CGColor(red: Double(k) / 3, green: 0.5, blue: 0.7, alpha: 1),
                               transform: then(ry(20), rz(phi))))
            p = q
        }
        return strips
    }

    @Test func CyclicOverlapWithoutIntersectionSplitsOnce() {
        let plan = compile(stage(eye: 800, Self.pinwheel()))
        // One strip cut in two (splitCount counts pieces): four quads.
        #expect(plan.splitCount == 2, "\(plan.drawOrder)")
        #expect(plan.output.quads.count == 4)
    }

    /// Two cards crossing through each other (an X seen from above) among cards apart from
    /// them: one split, of the later card along the earlier one's plane.
    @Test func CrossingCardsSplitOnceAlongTheCrossing() {
        var layers = [card("a", 120, 80, at: 200, 200, red, transform: ry(40)), card("b", 120, 80, at: 200, 200, blue, transform: ry(-40))]
        for k in 0..<6 {
            layers.append(card("c\(k)", 60, 60, at: 200 + Double(k) * 25 - 60, 320, green,
                               transform: then(rx(Double(k) * 7 + 10), tr(0, 0, Double(k) * 15))))
        }
        let plan = compile(stage(eye: 500, layers))
        #expect(plan.splitCount == 2)
        #expect(Set(plan.output.quads.filter(\.isSplit).map(\.layerName)) == ["b"])
        #expect(collapsed(plan.drawOrder.filter { $0 == "a" || $0 == "b" }) == ["b", "a", "b"])
    }

    /// Cards all overlapping on screen, turned by different angles (no two parallel), with
    /// depth ranges that overlap but no two meeting: ordered with no split at all.
    @Test func OverlappingCardsThatDoNotMeetAreNotSplit() {
        var cards: [CALayer] = []
        for k in 0..<8 {
            cards.append(card("c\(k)", 140, 100, at: 180 + Double(k) * 6, 200 + Double(k % 3) * 5,
                              CGColor(red: Double(k) / 8, green: 0.3, blue: 0.6, alpha: 1),
                              transform: then(then(ry(Double(k) * 4 - 14), rx(Double(k % 4) * 3 - 4)), tr(0, 0, Double(k) * 16 - 60))))
        }
        let plan = compile(stage(eye: 500, cards))
        #expect(plan.splitCount == 0, "\(plan.drawOrder)")
        #expect(plan.drawOrder == (0..<8).map { "c\($0)" })
    }
}
