// Output quads equal bit for bit drawn twice in one frame (a replicator whose second instance
// lies on its first): the retained placement, seam and finish passes, which share the look-ups
// among the cores and take an entry met again in the frame in quad order, give every changed
// frame the plan from scratch.
import Foundation
import Testing
@testable import LaminaCompositor
import QuartzCore

@Suite struct RetainedTwinsTests {
    @Test func twinQuadsOfChangedFramesCompileAsFromScratch() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let twins = CAReplicatorLayer()
        twins.bounds = root.bounds
        twins.position = root.position
        twins.instanceCount = 2
        root.addSublayer(twins)
        // Enough tiles for the passes to run on all cores (spreadRetainedQuads), turned a
        // little so that their edges are slanted and some abut.
        var tiles: [CALayer] = []
        for r in 0..<20 {
            for c in 0..<30 {
                let t = CALayer()
                t.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
                t.position = CGPoint(x: 20 + Double(c) * 12, y: 30 + Double(r) * 12)
                t.backgroundColor = CGColor(red: Double(c) / 30, green: Double(r) / 20, blue: 0.5, alpha: 0.8)
                t.allowsEdgeAntialiasing = true
                t.transform = CATransform3DMakeRotation(0.02 * Double((r + c) % 3), 0, 1, 0)
                twins.addSublayer(t)
                tiles.append(t)
            }
        }
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 400, height: 300)
        var twinFrames = 0
        for frame in 0..<8 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            // One tile turned, and now and then many moved.
            tiles[(frame * 37) % tiles.count].transform = CATransform3DMakeRotation(0.3 + 0.1 * Double(frame), 1, 1, 0)
            if frame % 4 == 3 { for k in stride(from: frame, to: tiles.count, by: 3) { tiles[k].position.x += 0.5 } }
            CATransaction.commit()
            let plan = try compileMatchingScratch(frames, root, width: 400, height: 300, "frame \(frame)")
            let quads = plan.targets.last!.quads
            if quads.count >= spreadRetainedQuads && Self.twinCount(quads) > 100 { twinFrames += 1 }
            if frame > 0 && frame % 4 != 3 { #expect(frames.lastReusedQuads > quads.count / 2, "frame \(frame)") }
        }
        // The twins were there: quads drawn twice, in targets large enough to share the work.
        #expect(twinFrames == 8)
    }

    /// How many quads equal another of the list.
    static func twinCount(_ quads: [DrawQuad]) -> Int {
        var buckets: [Int: [Int]] = [:]
        for (k, q) in quads.enumerated() { buckets[RetainedQuads.hash(q), default: []].append(k) }
        var twins = 0
        for list in buckets.values where list.count > 1 {
            for a in list where list.contains(where: { $0 != a && quads[$0] == quads[a] }) { twins += 1 }
        }
        return twins
    }
}
