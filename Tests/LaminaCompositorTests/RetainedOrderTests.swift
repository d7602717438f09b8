// Incremental depth ordering (RetainedOrder.swift): after any change, a frame compositor's
// plan is the very plan a compile from scratch makes, while unchanged polygons reuse the
// previous frame's work.
import Testing
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore

@Suite struct RetainedOrderTests {
    /// `count` cards of 60x40 points crowded on a 300x200 canvas in one perspective context, so
    /// they overlap and cross and depth ordering forms groups that must be split.
    func scene(_ count: Int, _ rng: inout TestRandom) -> (CALayer, [CALayer]) {
        let root = stage(300, 200, [])
        var cards: [CALayer] = []
        for i in 0..<count {
            let card = CALayer()
            card.frame = CGRect(x: 20 + rng.next() * 200, y: 20 + rng.next() * 120, width: 60, height: 40)
            card.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: Double(i % 7) / 7, alpha: 0.6 + rng.next() * 0.4)
            card.transform = rng.rotation()
            // Some single-sided cards, so a turn can cull one (the polygon count changes).
            card.isDoubleSided = i % 5 != 0
            root.addSublayer(card)
            cards.append(card)
        }
        return (root, cards)
    }

    @Test func everyFrameEqualsACompileFromScratch() throws {
        var rng = TestRandom(state: 0x9E37_79B9_7F4A_7C15)
        let (root, cards) = scene(40, &rng)
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 300, height: 200)
        var reused = 0, splitFrames = 0
        for frame in 0..<50 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            // Mostly one card turned; sometimes two, or a card moved, or the whole view turned.
            switch frame % 10 {
            case 3: cards[Int(rng.next() * 40)].transform = rng.rotation(); cards[Int(rng.next() * 40)].transform = rng.rotation()
            case 6: cards[Int(rng.next() * 40)].position.x += 7
            case 9:
                var p = CATransform3DMakeRotation(rng.next() * 0.2, 0, 1, 0)
                p.m34 = -1 / 500
                root.sublayerTransform = p
            default: cards[Int(rng.next() * 40)].transform = rng.rotation()
            }
            CATransaction.commit()
            let plan = try frames.compile(root: root, width: 300, height: 200)
            let scratch = Compositor().compile(root: root, width: 300, height: 200)
            // (Compared first: a failing #expect would print both plans whole.)
            let same = plan.targets == scratch.targets
            #expect(same, "frame \(frame): the plan differs from a compile from scratch")
            let (related, ordered) = frames.lastReorder
            if related < ordered { reused += 1 }
            if plan.splitCount > 0 { splitFrames += 1 }
        }
        // The frames really reused work, and the scene really needed splitting.
        #expect(reused >= 30)
        #expect(splitFrames == 50)
    }
}
