// A large tangle's steps shared among the cores (Tangle+Parallel.swift) give what one thread
// gives: the demo's 1,000 cards, turned to views spread over its benchmark's run (one tangle
// of some 850 cards each), compiled both ways, the same plan to the bit.
@testable import LaminaCompositor
import LaminaWorkloads
import QuartzCore
import Testing

@Suite struct TangleSharingTests {
    @Test func aLargeTangleIsOrderedOnAllCoresAsOnOne() {
        let scene = Generators.cards(count: 1000, seed: 1)
        for drags in [Generators.demoDrags.lowerBound, 60, Generators.demoDrags.upperBound] {
            Generators.turnDemo(scene, drags: drags)
            let shared = Compositor().compile(root: scene.root, width: 800, height: 600)
            let one = TangleSharing.$enabled.withValue(false) { Compositor().compile(root: scene.root, width: 800, height: 600) }
            #expect(shared.splitCount > 500, "view \(drags): the cards interpenetrate")
            #expect(shared.targets == one.targets, "view \(drags)")
        }
    }
}
