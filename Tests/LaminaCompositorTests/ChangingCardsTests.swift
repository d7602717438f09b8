// The bench's changing workload (1,000 cards, one turned per frame): every frame a frame
// compositor compiles is the very plan a compile from scratch makes, while its large tangled
// group is ordered again from steps kept from earlier frames (TangleMemo.swift).
import Testing
@testable import LaminaCompositor
import LaminaWorkloads
import QuartzCore

@Suite struct ChangingCardsTests {
    @Test func everyChangedFrameOfAThousandCardsEqualsACompileFromScratch() throws {
        let s = Generators.cards(count: 1000, seed: 1)
        let w = s.canvas.width, h = s.canvas.height
        let frames = FrameCompositor()
        _ = try frames.compile(root: s.root, width: w, height: h, background: s.canvas.background)
        // The bench's own sequence of turns (seed 1).
        var rng = SplitMix64(seed: 1 ^ 0xC4A2_6E00)
        var reusedSteps = 0, reorderedFrames = 0, keptFrames = 0
        for frame in 0..<12 {
            Generators.changeOneCard(of: s, frame: frame, rng: &rng)
            let plan = try compileMatchingScratch(frames, s.root, width: w, height: h, background: s.canvas.background, "frame \(frame)")
            let (related, ordered) = frames.lastReorder
            if related < ordered { reorderedFrames += 1 }
            reusedSteps += frames.lastReusedTangleSteps
            if frames.lastKeptTangleSplits > 0 { keptFrames += 1 }
            // The unchanged cards' layer infos were not read again.
            #expect(frames.lastReusedLayers >= 990)
            // The unchanged cards' items and polygons were kept from the frame before (the
            // turned card, drawn afresh, is the one not reused).
            #expect(frames.lastReusedMembers == 999, "frame \(frame): \(frames.lastReusedMembers) members reused")
            // And most output quads were placed and finished as in the frame before.
            #expect(frames.lastReusedQuads >= plan.targets.last!.quads.count / 2)
        }
        // Every frame reused the order of the unchanged cards, and tangles were ordered
        // again from kept steps (card 0 and most of the first dozen are in the large group).
        #expect(reorderedFrames == 12)
        #expect(reusedSteps > 5_000)
        // And most frames kept the large group's interpenetrating splits where the turned card
        // was not (TangleReuse.swift).
        #expect(keptFrames >= 8, "\(keptFrames) frames kept splits")
    }
}
