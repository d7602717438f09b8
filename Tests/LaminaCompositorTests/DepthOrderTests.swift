// Depth ordering by screen overlap: members split only where they truly interleave, parallel
// planes (parallel before projection) sorted whole, and nested targets sized from the final
// on-screen stretch.
import Foundation
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct DepthOrderTests {
    /// Two cards whose planes cross (turned +-60 degrees about y) but which lie far apart on
    /// screen: the plain BSP splits one by the other's infinite plane; ordering by overlap does not.
    @Test func NonOverlappingCardsAreNotSplit() {
        func scene() -> CALayer {
            stage(eye: 500, [card("left", 80, 80, at: 90, 200, red, transform: ry(60)),
                   card("right", 80, 80, at: 310, 200, blue, transform: then(ry(-60), tr(0, 0, 30)))])
        }
        let plan = compile(scene())
        #expect(plan.splitCount == 0)
        #expect(Set(plan.drawOrder) == ["left", "right"])
    }

    /// Cards turned 35 degrees about y and stacked along their normal under perspective:
    /// parallel before projection (not after), overlapping on screen, never split, back to front.
    @Test(arguments: [false, true])
    func TiltedParallelCardsAreNotSplit(reversed: Bool) {
        var cards: [CALayer] = []
        for k in 0..<40 {
            cards.append(card("c\(k)", 120, 90, at: 200, 200, CGColor(red: Double(k) / 40, green: 0.4, blue: 0.8, alpha: 1),
                              transform: then(tr(0, 0, Double(k) * 4 - 80), ry(35))))
        }
        let plan = DepthOrdering.$byOverlap.withValue(true) { compile(stage(eye: 500, reversed ? cards.reversed() : cards)) }
        #expect(plan.splitCount == 0)
        #expect(plan.drawOrder == (0..<40).map { "c\($0)" })
    }

    /// Two cards crossing through each other (an X seen from above) still split.
    @Test func InterleavingCardsAreSplit() {
        let plan = DepthOrdering.$byOverlap.withValue(true) { compile(stage(eye: 500, [card("a", 120, 80, at: 200, 200, red, transform: ry(40)),
                                  card("b", 120, 80, at: 200, 200, blue, transform: ry(-40))])) }
        #expect(plan.splitCount > 0)
        // Each card is drawn in pieces, some behind the other, some in front.
        #expect(collapsed(plan.drawOrder).count >= 3)
    }

    /// An interleaving pair among cards turned every which way but apart on screen (whose
    /// planes cross the pair's): only the pair's strongly connected group goes through the
    /// BSP tree, so only its members are split, and in the BSP's way (the later by the earlier).
    @Test func OnlyTheInterleavingGroupIsSplit() {
        var layers = [card("a", 120, 80, at: 200, 200, red, transform: ry(40)), card("b", 120, 80, at: 200, 200, blue, transform: ry(-40))]
        for k in 0..<12 {
            let angle = Double(k) * 30
            let x = 200 + 170 * cos(angle * .pi / 180), y = 200 + 170 * sin(angle * .pi / 180)
            layers.append(card("far\(k)", 30, 30, at: x, y, green, transform: then(rx(angle + 20), ry(70 - angle))))
        }
        let plan = compile(stage(eye: 500, layers))
        let split = Set(plan.output.quads.filter(\.isSplit).map(\.layerName))
        #expect(split == ["b"], "\(plan.drawOrder)")
        #expect(plan.output.quads.filter { $0.layerName.hasPrefix("far") }.count == 12)
        // The plain BSP splits cards that never meet on screen.
        let bsp = DepthOrdering.$byOverlap.withValue(false) { compile(stage(eye: 500, layers)) }
        #expect(bsp.splitCount > plan.splitCount)
    }

    /// Separate cubes (six faces in a transform layer each), apart on screen: no splits.
    @Test func SeparateCubesAreNotSplit() {
        var cubes: [CALayer] = []
        for i in 0..<9 {
            let t = CATransformLayer()
            t.name = "cube\(i)"
            t.bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
            t.position = CGPoint(x: 70 + Double(i % 3) * 130, y: 70 + Double(i / 3) * 130)
            t.transform = then(ry(20 + Double(i) * 17), rx(25 + Double(i) * 9))
            let faces: [CATransform3D] = [tr(0, 0, 25), then(ry(180), tr(0, 0, -25)), then(ry(90), tr(25, 0, 0)),
                                          then(ry(-90), tr(-25, 0, 0)), then(rx(90), tr(0, -25, 0)), then(rx(-90), tr(0, 25, 0))]
            for (k, f) in faces.enumerated() {
                t.addSublayer(card("cube\(i).f\(k)", 50, 50, at: 0, 0, CGColor(red: Double(k) / 6, green: 0.5, blue: 0.5, alpha: 1), transform: f))
            }
            cubes.append(t)
        }
        let plan = DepthOrdering.$byOverlap.withValue(true) { compile(stage(eye: 500, cubes)) }
        #expect(plan.splitCount == 0)
        #expect(plan.output.quads.count == 54)
    }

    /// A chain of nested flattening layers (each tilted 7 degrees under its parent's
    /// perspective, opacity 0.97, so each needs a target): every target's resolution follows
    /// the final on-screen stretch, at most twice the output's per side, instead of doubling
    /// with each level of nesting.
    @Test func NestedTargetsDoNotCompound() {
        let depth = 12
        var node: CALayer?
        for i in (0..<depth).reversed() {
            let l = CALayer()
            l.name = "n\(i)"
            l.bounds = CGRect(x: 0, y: 0, width: 160, height: 160)
            l.position = CGPoint(x: i == 0 ? 100 : 80, y: i == 0 ? 100 : 80)
            l.backgroundColor = CGColor(red: Double(i) / Double(depth), green: 0.5, blue: 0.5, alpha: 1)
            l.opacity = 0.97
            l.transform = ry(7)
            var p = CATransform3DIdentity
            p.m34 = -1.0 / 500
            l.sublayerTransform = p
            if let node { l.addSublayer(node) }
            node = l
        }
        let plan = compile(stage(200, 200, eye: 500, [node!]), 200, 200)
        let offscreen = plan.targets.indices.filter { $0 != plan.outputIndex }.map { plan.targets[$0] }
        #expect(offscreen.count == depth - 1)
        for t in offscreen {
            // At most twice the output's 200 px per side, plus padding.
            #expect(t.width <= 2 * 200 + 8 && t.height <= 2 * 200 + 8, "\(t.label): \(t.width)x\(t.height)")
        }
        let pixels = offscreen.reduce(0) { $0 + $1.width * $1.height }
        #expect(pixels <= (depth - 1) * 410 * 410)
        // The innermost target is not larger than the outermost: no compounding.
        let sizes = offscreen.map { $0.width * $0.height }
        #expect(sizes.max()! <= 2 * sizes.min()!)
    }
}

@Suite struct WideFootprintTests {
    /// A floor tens of thousands of pixels wide (far more grid cells than the grid lists under
    /// one box), turned a degree so it is not parallel to the 600 small cards in front of it:
    /// the floor is a candidate of every card, tested as any pair, and drawn first; nothing splits.
    @Test func aHugeFloorIsOrderedAgainstEveryCard() {
        var random = TestRandom(state: 11)
        var layers = [card("floor", 40000, 40000, at: 200, 200, blue, transform: then(rx(1), tr(0, 0, -200)))]
        for i in 0..<600 {
            layers.append(card("c\(i)", 10, 10, at: 20 + random.next() * 360, 20 + random.next() * 360, red, transform: tr(0, 0, 50)))
        }
        let plan = compile(stage(eye: 500, layers))
        #expect(plan.drawOrder.first == "floor")
        #expect(plan.drawOrder.count == 601, "\(plan.drawOrder.count) quads")
        #expect(plan.splitCount == 0)
    }
}
