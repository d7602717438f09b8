// Render-target textures kept across frames (RetainedTargets): a target whose content did not
// change is not drawn again, and every frame still gives the bytes a fresh renderer gives for
// the same plan; a change anywhere under a target (a quad, a nested target, an image, a size)
// redraws it and everything that reads it; kept textures are bounded and freed.
@preconcurrency import CEpoxy
import Foundation
import LaminaCompositor
@testable import LaminaGL
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: GL.available, GL.reason), .serialized) struct RetainedTargetTests {
    static func shadowScene() throws -> RenderPlan { plan(try Self.scene("r2-mask-and-shadow")) }

    static func scene(_ name: String) throws -> Scene {
        name.hasPrefix("r2") ? try Scene.read(contentsOf: Paths.fixtures.appendingPathComponent("scenes-r2/\(name).json").path)
                             : try loadScene(name)
    }

    /// The bytes of a fresh renderer (nothing kept) for `p`.
    func fresh(_ p: RenderPlan) throws -> [UInt8] { try GLRenderer().render(p).premultipliedRGBA }

    /// Byte equality, reported as one Bool (not two arrays of bytes).
    func same(_ a: [UInt8], _ b: [UInt8]) -> Bool { a == b }

    func offscreen(_ p: RenderPlan) -> Int { p.targets.count - 1 }

    /// A quad of target `i` filled with a color, recolored.
    func recolored(_ p: RenderPlan, target i: Int) throws -> RenderPlan {
        var q = p
        let k = try #require(q.targets[i].quads.firstIndex { if case .color = $0.fill { true } else { false } })
        q.targets[i].quads[k].fill = .color(PremultipliedColor(0.1, 0.6, 0.2, 1))
        return q
    }

    /// Group opacity inside group opacity: target #0 (inner), read only by #1 (outer), read by the output.
    func nestedPlan() -> RenderPlan {
        func layer(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double, _ g: Double, _ b: Double) -> CALayer {
            let l = CALayer()
            l.frame = CGRect(x: x, y: y, width: w, height: h)
            l.backgroundColor = CGColor(red: r, green: g, blue: b, alpha: 1)
            return l
        }
        let outer = layer(20, 20, 160, 160, 0.2, 0.3, 0.9)
        outer.opacity = 0.8
        outer.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        let inner = layer(30, 30, 90, 90, 0.9, 0.4, 0.1)
        inner.opacity = 0.6
        inner.addSublayer(layer(10, 10, 40, 40, 1, 1, 1))
        inner.addSublayer(layer(30, 50, 50, 20, 0, 0, 0))
        outer.addSublayer(inner)
        let root = stage(200, 200, eye: 400, [outer])
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return Compositor(options: options(forceTargets: false)).compile(root: root, width: 200, height: 200)
    }

    @Test(arguments: ["transforms-5.8-nested-y-flattened", "conundrum-box-closed-green-flattened", "r2-mask-and-shadow"])
    func unchangedPlanDrawsOnlyTheOutput(name: String) throws {
        let scene = try Self.scene(name)
        let p = plan(scene)
        #expect(offscreen(p) > 0)
        let r = try GLRenderer()
        let first = try r.render(p).premultipliedRGBA
        #expect(r.lastFrameTargetsDrawn == p.targets.count)
        let drawCallsFirst = r.lastFrameDrawCalls
        for _ in 0..<3 {
            #expect(same(try r.render(p).premultipliedRGBA, first))
            #expect(r.lastFrameTargetsDrawn == 1, "only the output is drawn")
            #expect(r.lastFrameDrawCalls < drawCallsFirst)
        }
        #expect(r.retainedTargets.count == offscreen(p))
        #expect(same(first, try fresh(p)))
        // The same content in another plan value (a new compile of the unchanged tree).
        let again = plan(scene)
        #expect(same(try r.render(again).premultipliedRGBA, first))
        #expect(r.lastFrameTargetsDrawn == 1)
    }

    /// A presentation tree copied afresh (new layer objects, as running animations give each
    /// frame) with only the outer transform changed: the flattened target is kept.
    @Test func freshLayerCopiesKeepTheTarget() throws {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        let r = try GLRenderer()
        _ = try r.render(plan(scene))
        let copy = scene.root.presentationTree(at: 0)
        let moved = try #require(copy.sublayers?.first)
        moved.position.x += 7
        let p = Compositor(options: options(forceTargets: false))
            .compile(root: copy, width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale, background: scene.canvas.background)
        #expect(p.targets.count == 2)
        #expect(same(try r.render(p).premultipliedRGBA, try fresh(p)))
        #expect(r.lastFrameTargetsDrawn == 1, "only the output")
        // A quad differing only in what no renderer reads draws the same; one in its color does not.
        var q = p.targets[0].quads[0]
        q.layer = nil; q.layerName = "other"; q.role = "other"
        #expect(RetainedTargets.drawsSame(q, p.targets[0].quads[0]))
        q.opacity *= 0.5
        #expect(!RetainedTargets.drawsSame(q, p.targets[0].quads[0]))
    }

    /// One quad's color changes in a leaf target: that target and every target reading it
    /// (a blur, a plane over its shadow, the output) are drawn again; a sibling is kept.
    @Test func changedQuadRedrawsTheTargetAndItsReaders() throws {
        let p = try Self.shadowScene()
        // The plane with a shadow and a mask (#4), read by its shadow's blur (#6) and the plane over its shadow (#7).
        let leaf = 4
        #expect(p.targets[6].blur?.source == leaf)
        let changed = try recolored(p, target: leaf)
        let r = try GLRenderer()
        _ = try r.render(p)
        let image = try r.render(changed).premultipliedRGBA
        let expected = try fresh(changed), original = try fresh(p)
        #expect(same(image, expected))
        #expect(!same(image, original), "the change shows")
        // #4, #6, #7 and the output; #0-#3 and #5 are kept.
        #expect(r.lastFrameTargetsDrawn == 4)
        #expect(same(try r.render(p).premultipliedRGBA, original), "and back")
        #expect(same(try r.render(changed).premultipliedRGBA, image))
    }

    /// A change in a nested target (one only another target reads) redraws the chain up to the
    /// output; a change in the outer one keeps the inner one.
    @Test func changedNestedTargetRedrawsItsConsumers() throws {
        let p = nestedPlan()
        try #require(p.targets.count == 3)
        #expect(RetainedTargets.sources(of: p.targets[1]) == [0] && RetainedTargets.sources(of: p.targets[2]) == [1])
        let innerChanged = try recolored(p, target: 0), outerChanged = try recolored(p, target: 1)
        let r = try GLRenderer()
        _ = try r.render(p)
        _ = try r.render(p)
        #expect(r.lastFrameTargetsDrawn == 1)
        let a = try r.render(innerChanged).premultipliedRGBA
        let expectedA = try fresh(innerChanged), original = try fresh(p)
        #expect(same(a, expectedA) && !same(a, original))
        #expect(r.lastFrameTargetsDrawn == 3)
        let b = try r.render(outerChanged).premultipliedRGBA
        #expect(same(b, try fresh(outerChanged)))
        // The inner target is back to what it was two frames ago: drawn again, as the outer one.
        #expect(r.lastFrameTargetsDrawn == 3)
        _ = try r.render(outerChanged)
        let c = try r.render(p).premultipliedRGBA
        #expect(same(c, try fresh(p)))
        #expect(r.lastFrameTargetsDrawn == 2, "the inner target is kept; the outer one and the output are drawn")
    }

    /// A plan whose target samples an image: the same image object keeps the target; another
    /// image (even of the same pixels: identity decides) redraws it.
    @Test func changedImageRedrawsTheTarget() throws {
        var p = plan(try loadScene("transforms-5.8-nested-y-flattened"))
        func image(_ red: UInt8) -> CGImage {
            CGImage(width: 4, height: 4, premultipliedRGBA: (0..<16).flatMap { i in i % 3 == 0 ? [red, 0, 0, 255] : [0, 0, 200, 200] })
        }
        p.targets[0].quads[1].fill = .image(index: 0, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1))
        p.images = [image(255)]
        let r = try GLRenderer()
        let first = try r.render(p).premultipliedRGBA
        #expect(same(first, try fresh(p)))
        _ = try r.render(p)
        #expect(r.lastFrameTargetsDrawn == 1)
        var q = p
        q.images = [image(40)]
        let second = try r.render(q).premultipliedRGBA
        #expect(r.lastFrameTargetsDrawn == 2)
        let expected = try fresh(q)
        #expect(same(second, expected) && !same(second, first))
        q.images = [image(40)]  // same pixels, another object
        #expect(same(try r.render(q).premultipliedRGBA, second))
        #expect(r.lastFrameTargetsDrawn == 2)
    }

    /// Sizes changing every frame (the canvas scale): each frame matches a fresh renderer.
    @Test func changingSizesRedraw() throws {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        let r = try GLRenderer()
        for scale in [0.5, 0.75, 0.75, 0.5, 1.0, 0.5] {
            scene.canvas.scale = scale
            let p = plan(scene)
            #expect(same(try r.render(p).premultipliedRGBA, try fresh(p)), "scale \(scale)")
        }
        #expect(r.retainedTargets.count == 1)
    }

    /// Frames without the target release its texture; after the pool's grace frames its GL objects are gone.
    @Test func keptTexturesAreReleased() throws {
        let withTarget = plan(try loadScene("transforms-5.8-nested-y-flattened"))
        let without = plan(try loadScene("transforms-5.1-affine-rotation"))
        #expect(offscreen(without) == 0)
        try HeadlessContext.shared().withCurrent {
            let r = try GLRenderer()
            // Warm up (programs compiled), then let the pool free the target's surface.
            _ = try r.render(withTarget)
            for _ in 0..<10 { _ = try r.render(without) }
            var limit = Census.highWater()
            let base = Census(upTo: limit)
            _ = try r.render(withTarget)
            _ = try r.render(withTarget)
            #expect(r.retainedTargets.count == 1 && r.retainedTargets.pixels == 512 * 512)
            _ = try r.render(without)
            #expect(r.retainedTargets.count == 0)
            for _ in 0..<10 { _ = try r.render(without) }
            limit = max(limit, Census.highWater())
            #expect(Census(upTo: limit) == base, "the target's texture and framebuffer are freed")
            r.invalidate()
        }
    }

    /// Two flattened layers of the same name and size inside a flattened container, their
    /// colors swapped: each matches the other's texture from the last frame, so both are kept,
    /// but the container read them the other way round and is drawn again.
    @Test func swappedTwinTargetsRedrawTheirReader() throws {
        func twins(_ first: CGColor, _ second: CGColor) -> RenderPlan {
            func layer(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: CGColor) -> CALayer {
                let l = CALayer()
                l.frame = CGRect(x: x, y: y, width: w, height: h)
                l.backgroundColor = color
                return l
            }
            let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1), black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            let outer = layer(20, 20, 160, 160, CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1))
            outer.opacity = 0.8
            for (k, color) in [first, second].enumerated() {
                let card = layer(10 + Double(k) * 75, 30, 65, 90, color)
                card.name = "card"
                card.opacity = 0.6
                card.addSublayer(layer(5, 5, 30, 30, white))
                card.addSublayer(layer(10, 50, 40, 20, black))
                outer.addSublayer(card)
            }
            let root = stage(200, 200, eye: 400, [outer])
            return Compositor(options: options(forceTargets: false)).compile(root: root, width: 200, height: 200)
        }
        let red = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1), blue = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        let p = twins(red, blue), swapped = twins(blue, red)
        try #require(p.targets.count == 4 && p.targets[0].label == p.targets[1].label)
        let r = try GLRenderer()
        _ = try r.render(p)
        _ = try r.render(p)
        let expected = try fresh(swapped)
        #expect(same(try r.render(swapped).premultipliedRGBA, expected))
        #expect(r.lastFrameTargetsDrawn == 2, "the twins kept (each the other's texture); the container and the output drawn")
    }

    /// Frames drawn from a few variants of two plans in a seeded random order (each variant
    /// recolors a quad of one target, or none): every frame gives a fresh renderer's bytes.
    @Test func randomSequencesOfVariantsMatchFreshRenderers() throws {
        var variants: [RenderPlan] = []
        for base in [try Self.shadowScene(), nestedPlan()] {
            variants.append(base)
            for i in 0..<base.outputIndex where base.targets[i].quads.contains(where: { if case .color = $0.fill { true } else { false } }) {
                variants.append(try recolored(base, target: i))
            }
        }
        let expected = try variants.map(fresh)
        let r = try GLRenderer()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var drawnTotal = 0, index = 0
        for frame in 0..<40 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // Runs of repeats, so kept targets are exercised as often as changed ones.
            if frame % 3 == 0 { index = Int(state >> 33) % variants.count }
            #expect(same(try r.render(variants[index]).premultipliedRGBA, expected[index]), "frame \(frame), variant \(index)")
            drawnTotal += r.lastFrameTargetsDrawn
        }
        #expect(drawnTotal < 40 * 5, "kept targets were not drawn again: \(drawnTotal) targets drawn in 40 frames")
    }

    /// A frame that fails part way (a target too large for GL) keeps nothing from before it:
    /// the next frames draw what a fresh renderer draws.
    @Test func failedFrameDropsKeptTargets() throws {
        let p = try Self.shadowScene()
        let expected = try fresh(p)
        var huge = p
        huge.targets[4].width = 1 << 20
        let r = try GLRenderer()
        _ = try r.render(p)
        _ = try r.render(p)
        #expect(throws: GLError.self) { _ = try r.render(huge) }
        #expect(same(try r.render(p).premultipliedRGBA, expected))
        #expect(r.lastFrameTargetsDrawn == p.targets.count, "nothing was kept across the failed frame")
        #expect(same(try r.render(p).premultipliedRGBA, expected))
        #expect(r.lastFrameTargetsDrawn == 1)
    }

    /// The budget: nothing kept at 0 (every frame draws every target), one target's worth keeps one.
    @Test func budgetBoundsKeptPixels() throws {
        let p = try Self.shadowScene()
        let expected = try fresh(p)
        let r = try GLRenderer()
        r.retainedPixelBudget = 0
        for _ in 0..<2 {
            #expect(same(try r.render(p).premultipliedRGBA, expected))
            #expect(r.lastFrameTargetsDrawn == p.targets.count && r.retainedTargets.count == 0)
        }
        r.retainedPixelBudget = 512 * 256
        for _ in 0..<3 {
            #expect(same(try r.render(p).premultipliedRGBA, expected))
            #expect(r.retainedTargets.count == 1 && r.retainedTargets.pixels <= 512 * 256)
        }
        // The one kept is read by the output, so the others under it need not be drawn.
        #expect(r.lastFrameTargetsDrawn < p.targets.count)
        r.retainedPixelBudget = nil
    }

    /// drawToFramebuffer (a window's path) into a framebuffer of our own: kept targets give the
    /// same pixels frame after frame.
    @Test func drawToFramebufferKeepsTargets() throws {
        let p = try Self.shadowScene()
        let expected = try fresh(p)
        let out = p.targets[p.outputIndex]
        let r = try GLRenderer()
        try withOwnFramebuffer(r, width: out.width, height: out.height) { fbo, readBack in
            for frame in 0..<3 {
                try r.drawToFramebuffer(p, framebuffer: fbo)
                let pixels = readBack()
                // A framebuffer other than 0 is drawn top row first, as render() reads back.
                #expect(same(pixels, expected), "frame \(frame)")
                #expect(r.lastFrameTargetsDrawn == (frame == 0 ? p.targets.count : 1))
            }
        }
    }
}
