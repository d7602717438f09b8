// Depth-sorted members kept across frames (RetainedMembers.swift): cards crossing one another
// (split fragments) in a lit context, with a card turned, recolored, faded or hidden, or the
// light changed, give a frame compositor the very plan a compile from scratch makes, while
// the unchanged cards keep their items, polygons and (drawn whole) placed items.
import Testing
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore

@Suite struct RetainedMembersTests {
    @Test func changedFramesOfCrossingLitCardsEqualCompilesFromScratch() throws {
        var rng = TestRandom(state: 0x3E3B_E125_0000_0007)
        let root = stage(240, 160, eye: 400, [])
        root.light = LaminaLight(direction: (-0.2, 0.3, -1), ambient: 0.3)
        var cards: [CALayer] = []
        for _ in 0..<14 {
            let card = CALayer()
            card.frame = CGRect(x: 60 + rng.next() * 80, y: 40 + rng.next() * 60, width: 50, height: 40)
            card.backgroundColor = CGColor(red: rng.next(), green: 0.4, blue: rng.next(), alpha: 0.8 + rng.next() * 0.2)
            card.borderWidth = 2
            card.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            card.transform = rng.rotation()
            root.addSublayer(card)
            cards.append(card)
        }
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 240, height: 160)
        var reusedFrames = 0, placedFrames = 0, splitFrames = 0, fragmentFrames = 0
        for frame in 0..<36 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let card = cards[Int(rng.next() * Double(cards.count))]
            switch frame % 6 {
            case 0, 1: card.transform = rng.rotation()
            case 2: card.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: 1)
            case 3: card.opacity = card.opacity < 1 ? 1 : 0.5
            case 4: card.isHidden.toggle()
            default: root.light = frame % 12 == 5 ? nil : LaminaLight(direction: (rng.next() - 0.5, 0.3, -1), ambient: 0.3)
            }
            CATransaction.commit()
            let plan = try compileMatchingScratch(frames, root, width: 240, height: 160, "frame \(frame)")
            if frames.lastReusedMembers >= 10 { reusedFrames += 1 }
            if frames.lastReusedPlacements > 0 { placedFrames += 1 }
            if frames.lastReusedFragments > 0 { fragmentFrames += 1 }
            if plan.targets.last!.quads.contains(where: { $0.isSplit }) { splitFrames += 1 }
        }
        // Most frames kept most cards (a hidden card renumbers the ones after it: drawn
        // again), many placed as before, among split fragments.
        #expect(reusedFrames >= 18)
        #expect(placedFrames >= 20)
        #expect(splitFrames >= 30)
        #expect(fragmentFrames >= 10)
    }

    /// Two cards crossing each other (one split in two by the other) and four apart: turning
    /// a card apart places the crossing cards' fragments as the frame before did, every one.
    @Test func fragmentsOfUntouchedCrossingCardsArePlacedAsBefore() throws {
        let root = stage(320, 200, eye: 500, [])
        func card(_ x: Double, _ y: Double, _ t: CATransform3D, _ red: Double) -> CALayer {
            let c = CALayer()
            c.frame = CGRect(x: x, y: y, width: 60, height: 40)
            c.backgroundColor = CGColor(red: red, green: 0.5, blue: 0.2, alpha: 1)
            c.transform = t
            root.addSublayer(c)
            return c
        }
        _ = card(40, 40, CATransform3DMakeRotation(0.7, 0, 1, 0), 0.1)
        _ = card(40, 40, CATransform3DMakeRotation(-0.7, 0, 1, 0), 0.3)
        var apart: [CALayer] = []
        for k in 0..<4 { apart.append(card(150 + Double(k % 2) * 80, 20 + Double(k / 2) * 90, CATransform3DMakeRotation(0.3 * Double(k + 1), 1, 0, 0), 0.5 + 0.1 * Double(k))) }
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 320, height: 200)
        for frame in 0..<6 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            apart[frame % 4].transform = CATransform3DMakeRotation(0.2 + 0.1 * Double(frame), 1, 1, 0)
            CATransaction.commit()
            let plan = try compileMatchingScratch(frames, root, width: 320, height: 200, "frame \(frame)")
            // One crossing card is split in two by the other's plane: two fragments of one item each.
            let split = plan.targets.last!.quads.filter(\.isSplit).count
            #expect(split == 2)
            #expect(frames.lastReusedFragments == 2, "frame \(frame)")
        }
    }
}
