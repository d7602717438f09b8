// Kept interpenetrating splits (TangleReuse.swift): whatever a change does to a tangle's
// units (a card moving into or out of one, joining two, leaving one that then splits),
// every frame a frame compositor compiles is the very plan a compile from scratch makes,
// while the splits of the units it left alone are kept from the frame before.
import Testing
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore
import LaminaWorkloads

@Suite struct TangleReuseTests {
    /// Two crowds of crossing cards (each a tangle of interpenetrating pairs) side by side on
    /// a 400x200 canvas, apart from each other, in one perspective context.
    func crowds(_ rng: inout TestRandom) -> (CALayer, [CALayer]) {
        let root = stage(400, 200, [])
        var cards: [CALayer] = []
        for i in 0..<24 {
            let card = CALayer()
            let left = i % 2 == 0
            card.frame = CGRect(x: (left ? 10 : 230) + rng.next() * 110, y: 20 + rng.next() * 130, width: 50, height: 36)
            card.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: Double(i % 5) / 5, alpha: 0.7 + rng.next() * 0.3)
            card.transform = rng.rotation()
            root.addSublayer(card)
            cards.append(card)
        }
        return (root, cards)
    }

    /// Compiles a frame after `change` and checks it against a compile from scratch; returns
    /// how many splits it kept.
    func frame(_ frames: FrameCompositor, _ root: CALayer, _ label: String, _ change: () -> Void) throws -> Int {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
        let plan = try compileMatchingScratch(frames, root, width: 400, height: 200, label)
        #expect(plan.splitCount > 0)
        return frames.lastKeptTangleSplits
    }

    @Test func aCardMovingThroughTwoCrowdsEqualsACompileFromScratch() throws {
        var rng = TestRandom(state: 0x51_7CC1_B727_220A)
        let (root, cards) = crowds(&rng)
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 400, height: 200)
        var keptFrames = 0
        // A turned card slides from the left edge through the left crowd, across the gap and
        // through the right crowd: into and out of each tangle.
        let mover = cards[0]
        mover.transform = CATransform3DMakeRotation(0.9, 0.3, 1, 0.1)
        for step in 0..<30 {
            if try frame(frames, root, "slide \(step)", { mover.position.x = -20 + Double(step) * 15 }) > 0 { keptFrames += 1 }
        }
        // (Where the card is in a tangle with other units: about one frame in five.)
        #expect(keptFrames >= 5, "\(keptFrames) frames kept splits")
    }

    @Test func aCardMovingAcrossAThousandEqualsACompileFromScratch() throws {
        // The bench's 1,000 cards: one card slides across the canvas, leaving the large
        // tangle's units it crossed (which split again) and joining others (merged with it).
        let s = Generators.cards(count: 1000, seed: 1)
        let w = s.canvas.width, h = s.canvas.height
        let frames = FrameCompositor()
        _ = try frames.compile(root: s.root, width: w, height: h, background: s.canvas.background)
        let card = s.root.sublayers![7]
        var keptFrames = 0
        for step in 0..<14 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.position.x = 40 + Double(step) * 53
            CATransaction.commit()
            try compileMatchingScratch(frames, s.root, width: w, height: h, background: s.canvas.background, "step \(step)")
            if frames.lastKeptTangleSplits > 0 { keptFrames += 1 }
        }
        #expect(keptFrames >= 12, "\(keptFrames) frames kept splits")
    }
}
