// Degenerate quads draw nothing on the CPU and never trap: rects without area, NaN or
// infinite matrices, textures without texels, covers far outside Int's range, and the
// empty contents rect that once made `Int(inf)` trap.
import LaminaCompositor
import LaminaRaster
import QuartzCore
import Testing

@Suite struct DegenerateQuadTests {
    /// One opaque red card on a clear 100x100 canvas (a single quad in the output target).
    private func onePlan() -> RenderPlan {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        root.addSublayer(card("card", 40, 40, at: 50, 50, red, transform: ry(30)))
        return Compositor().compile(root: root, width: 100, height: 100, scale: 1, background: nil)
    }

    private func drawsNothing(_ edit: (inout DrawQuad) -> Void, _ label: String) {
        var p = onePlan()
        let t = p.outputIndex
        #expect(!p.targets[t].quads.isEmpty)
        for i in p.targets[t].quads.indices { edit(&p.targets[t].quads[i]) }
        for threads in [1, 3] {
            for fast in [true, false] {
                let img = CPURenderer(threads: threads, fastPaths: fast).render(p)
                #expect(img.premultipliedRGBA.allSatisfy { $0 == 0 }, "\(label) threads \(threads) fast \(fast)")
            }
        }
    }

    @Test func theUneditedCardDraws() {
        #expect(CPURenderer().render(onePlan()).premultipliedRGBA.contains { $0 != 0 })
    }

    @Test func rectsWithoutAreaDrawNothing() {
        drawsNothing({ $0.rect.maxX = $0.rect.minX }, "zero width")
        drawsNothing({ $0.rect.maxY = $0.rect.minY - 5 }, "negative height")
        drawsNothing({ $0.rect.minX = .nan }, "NaN rect")
        drawsNothing({ $0.rect.maxY = .infinity }, "infinite rect")
    }

    @Test func brokenMatricesDrawNothing() {
        drawsNothing({ $0.matrix.r0.x = .nan }, "NaN m11")
        drawsNothing({ $0.matrix.r3.w = .infinity }, "infinite m44")
        drawsNothing({ $0.matrix.r2.z = -.infinity }, "infinite m33")
        drawsNothing({ $0.cover = Array($0.cover.prefix(2)) }, "two-point cover")
    }

    /// A cover far outside Int's range: rows and columns are clamped, not converted blindly
    /// (shading still keeps to the rect, so the card draws as usual).
    @Test func hugeCoversNeverTrap() {
        var p = onePlan()
        let t = p.outputIndex
        for i in p.targets[t].quads.indices { p.targets[t].quads[i].cover = p.targets[t].quads[i].cover.map { $0 * 1e300 } }
        #expect(CPURenderer(threads: 1).render(p).premultipliedRGBA == CPURenderer(threads: 2, fastPaths: false).render(p).premultipliedRGBA)
    }

    @Test func texturesWithoutTexelsDrawNothing() {
        var p = onePlan()
        p.images = [CGImage(width: 0, height: 0, premultipliedRGBA: [])]
        let t = p.outputIndex
        for i in p.targets[t].quads.indices { p.targets[t].quads[i].fill = .image(index: 0, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)) }
        #expect(CPURenderer().render(p).premultipliedRGBA.allSatisfy { $0 == 0 })
        // An index past the images, and a target that is not drawn yet.
        for i in p.targets[t].quads.indices { p.targets[t].quads[i].fill = .image(index: 7, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)) }
        #expect(CPURenderer().render(p).premultipliedRGBA.allSatisfy { $0 == 0 })
        for i in p.targets[t].quads.indices { p.targets[t].quads[i].fill = .target(index: t, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)) }
        #expect(CPURenderer().render(p).premultipliedRGBA.allSatisfy { $0 == 0 })
    }

    @Test func NaNsInColorsAndUVsNeverTrap() {
        var p = onePlan()
        let t = p.outputIndex
        p.images = [gradientImage(5, 5)]
        p.targets[t].clearColor = SIMD4(.nan, 0, 0, .nan)
        for i in p.targets[t].quads.indices {
            p.targets[t].quads[i].fill = .image(index: 0, uv: Box(minX: 0, minY: 0, maxX: 1e30, maxY: 1))
            p.targets[t].quads[i].opacity = .nan
        }
        _ = CPURenderer().render(p)
        _ = CPURenderer(threads: 1, fastPaths: false).render(p)
        for i in p.targets[t].quads.indices { p.targets[t].quads[i].fill = .color(SIMD4(.nan, .infinity, -.infinity, 1)) }
        _ = CPURenderer().render(p)
    }

    /// The once-trapping case (SIGILL in `Int(inf)`): centered contents with an empty
    /// contentsRect make a rect without area.
    @Test func emptyContentsRectDrawsNothingFromTheContents() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let l = card("picture", 40, 40, at: 50, 50, nil, transform: ry(30))
        l.contents = gradientImage(8, 8)
        l.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        l.contentsGravity = .center
        root.addSublayer(l)
        let p = Compositor().compile(root: root, width: 100, height: 100, scale: 1, background: nil)
        // The compositor leaves the empty contents out; a quad that reached the renderer with
        // an empty rect would draw nothing either (DegenerateQuadTests' crafted quads).
        #expect(p.targets[p.outputIndex].quads.allSatisfy { $0.role != "contents" || $0.rect.isEmpty })
        #expect(CPURenderer().render(p).premultipliedRGBA.allSatisfy { $0 == 0 })
    }
}
