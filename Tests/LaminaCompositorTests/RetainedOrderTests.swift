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

    @Test func aContextGoingInAndOutOfDisjointDepthsEqualsACompileFromScratch() throws {
        // Cards one behind the other, each tilted a little differently (not parallel, but with
        // disjoint depth ranges: sorted by depth alone), then two turned until their ranges
        // meet (ordered by overlap), a third turned meanwhile (the two still meet: the depth
        // test is not run again), and the two turned back.
        let tilt = { (i: Int) in CATransform3DMakeRotation(0.04 * Double(i + 1), 1, 0, 0) }
        let cards = (0..<6).map { i -> CALayer in
            let card = CALayer()
            card.frame = CGRect(x: 40 + Double(i) * 25, y: 50 + Double(i % 3) * 20, width: 90, height: 60)
            card.backgroundColor = CGColor(red: Double(i) / 6, green: 0.5, blue: 1 - Double(i) / 6, alpha: 0.8)
            card.zPosition = Double(i) * 30
            card.transform = tilt(i)
            return card
        }
        let root = stage(300, 200, cards)
        let frames = FrameCompositor()
        var disjointFrames = 0
        let steps: [(String, () -> Void)] = [
            ("apart", {}),
            ("two meet", { cards[2].transform = CATransform3DMakeRotation(1.2, 0, 1, 0); cards[3].transform = CATransform3DMakeRotation(-1.2, 0, 1, 0) }),
            ("a third turned", { cards[5].transform = CATransform3DMakeRotation(0.3, 1, 0, 0) }),
            ("a third moved", { cards[0].position.x += 10 }),
            ("one turned back", { cards[2].transform = tilt(2) }),
            ("both turned back", { cards[3].transform = tilt(3) }),
            ("meet again", { cards[1].transform = CATransform3DMakeRotation(1.3, 0, 1, 0); cards[2].transform = CATransform3DMakeRotation(-1.3, 0, 1, 0) }),
            ("apart again", { cards[1].zPosition = -200 }),
        ]
        for (label, change) in steps {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            change()
            CATransaction.commit()
            try compileMatchingScratch(frames, root, width: 300, height: 200, label)
            if frames.lastReorder.related == 0 && frames.lastReorder.ordered > 0 { disjointFrames += 1 }
        }
        // Some frames really were sorted by depth alone (no polygon related by overlap).
        #expect(disjointFrames >= 2)
    }

    @Test func longestIncreasingRunOfAnIncreasingListIsAllOfIt() {
        #expect(longestIncreasing([0, 3, 4, 9]) == [true, true, true, true])
        #expect(longestIncreasing([]) == [])
        #expect(longestIncreasing([5]) == [true])
        #expect(longestIncreasing([2, 0, 1, 3]) == [false, true, true, true])
        #expect(longestIncreasing([0, 2, 1]).filter { $0 }.count == 2)
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
            let plan = try compileMatchingScratch(frames, root, width: 300, height: 200, "frame \(frame)")
            let (related, ordered) = frames.lastReorder
            if related < ordered { reused += 1 }
            if plan.splitCount > 0 { splitFrames += 1 }
        }
        // The frames really reused work, and the scene really needed splitting.
        #expect(reused >= 30)
        #expect(splitFrames == 50)
    }
}
