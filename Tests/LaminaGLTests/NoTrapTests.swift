// No traps through the API: canvases and layer geometry a scene file would refuse (NaN,
// infinities, negative and absurd sizes) compile to plans both renderers draw without
// crashing; `compileChecked` says what is wrong; degenerate contents rects draw nothing on
// both renderers; text over the rasterizer's size limit is drawn at a reduced scale.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaRaster
import LaminaScene
import LaminaText
import QuartzCore
import Testing

/// The GL renderer, or the test is skipped (cancelled with the reason) where none can be made.
func glRendererOrSkip() throws -> GLRenderer {
    do { return try GLRenderer() } catch { try Test.cancel("no GL context (\(error)): the GL half is not checked") }
}

@Suite struct NoTrapTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e300, -1e300, 1e-300]

    func tree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = .white
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(child)
        return root
    }

    @Test func doubleToIntConversionsClamp() {
        #expect(Double.nan.clampedToInt(in: 0...10) == 0)
        #expect(Double.infinity.clampedToInt(in: -5...10) == 10)
        #expect((-Double.infinity).clampedToInt(in: -5...10) == -5)
        #expect(1e300.clampedToInt(in: 0...Int.max) == Int.max)
        #expect(2.5.clampedToInt(in: 0...10, rounding: .up) == 3)
        #expect((-2.5).clampedToInt(in: -10...10, rounding: .down) == -3)
        #expect(7.9.clampedToInt(in: 0...10) == 7)
        #expect(Canvas(width: .nan, height: 1e300, scale: 1).pixelSize == (0, Int(Int32.max)))
    }

    /// Bad canvases: `compile` gives an empty 1 x 1 plan, `compileChecked` an error naming the problem.
    @Test(arguments: bad)
    func badCanvasSizesAndScales(_ v: Double) throws {
        let gl = try glRendererOrSkip()
        for (w, h, s) in [(v, 40.0, 1.0), (40.0, v, 1.0), (40.0, 40.0, v)] {
            let plan = Compositor().compile(root: tree(), width: w, height: h, scale: s)
            let out = plan.targets[plan.outputIndex]
            if (try? Compositor().compileChecked(root: tree(), width: w, height: h, scale: s)) == nil {
                #expect(out.width == 1 && out.height == 1 && out.quads.isEmpty, "\(w) x \(h) @ \(s)")
            }
            _ = CPURenderer().render(plan)
            _ = try gl.render(plan)
        }
        // 1e-300 points at scale 1 round to a one-pixel image, which is drawable.
        if !(v > 0 && v.isFinite && v < 1e6) {
            #expect(throws: CompositorError.self) { try Compositor().compileChecked(root: tree(), width: v, height: 40, scale: 1) }
        }
    }

    @Test func tooLargeOutputIsRefusedBeforeAllocating() {
        #expect(throws: CompositorError.self) { try Compositor().compileChecked(root: tree(), width: 16385, height: 10) }
        #expect(throws: CompositorError.self) { try Compositor().compileChecked(root: tree(), width: 1024, height: 1024, scale: 17) }
        let plan = Compositor().compile(root: tree(), width: 1e9, height: 1e9)
        #expect(plan.targets.count == 1 && plan.targets[0].width == 1)
    }

    /// Every numeric property of a layer set to every bad value, through the API: compiles,
    /// draws on both renderers, the rest of the tree still draws.
    @Test(arguments: ["bounds.size", "bounds.origin", "position", "anchorPoint", "anchorPointZ", "zPosition", "cornerRadius",
                      "borderWidth", "contentsRect", "transform.m34", "transform.scale", "sublayerTransform.m34", "opacity"])
    func badLayerGeometry(_ property: String) throws {
        let gl = try glRendererOrSkip()
        // A folder of its own: the cases run in parallel, and each writes the same file names.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-notrap-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try #require(try? RandomValidScenes(imageFolder: folder).images.first)
        for v in Self.bad {
            let root = tree()
            let bad = CALayer()
            bad.frame = CGRect(x: 2, y: 2, width: 6, height: 6)
            bad.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            bad.contents = image
            bad.masksToBounds = true
            bad.borderColor = .black
            bad.borderWidth = 1
            let child = CALayer()
            child.frame = CGRect(x: 1, y: 1, width: 3, height: 3)
            child.backgroundColor = .black
            bad.addSublayer(child)
            switch property {
            case "bounds.size": bad.bounds.size = CGSize(width: v, height: v)
            case "bounds.origin": bad.bounds.origin = CGPoint(x: v, y: v)
            case "position": bad.position = CGPoint(x: v, y: v)
            case "anchorPoint": bad.anchorPoint = CGPoint(x: v, y: v)
            case "anchorPointZ": bad.anchorPointZ = v
            case "zPosition": bad.zPosition = v
            case "cornerRadius": bad.cornerRadius = v
            case "borderWidth": bad.borderWidth = v
            case "contentsRect": bad.contentsRect = CGRect(x: v, y: 0, width: v, height: 1)
            case "transform.m34": var t = CATransform3DMakeRotation(0.5, 0, 1, 0); t.m34 = v; bad.transform = t
            case "transform.scale": bad.transform = CATransform3DMakeScale(v, v, 1)
            case "sublayerTransform.m34": var t = CATransform3DIdentity; t.m34 = v; bad.sublayerTransform = t
            default: bad.opacity = Float(v)
            }
            root.addSublayer(bad)
            for force in [false, true] {
                let plan = Compositor(options: CompositorOptions(forceTargets: force)).compile(root: root, width: 40, height: 40)
                for px in [CPURenderer().render(plan).premultipliedRGBA, try gl.render(plan).premultipliedRGBA] {
                    // The good child (blue, at 10...30) still draws.
                    let i = (20 * 40 + 20) * 4
                    #expect(Array(px[i..<i + 4]) == [0, 0, 255, 255], "\(property) = \(v)\(force ? " (targets)" : "")")
                }
            }
        }
    }

    /// Contents rects with no area (or not finite) draw nothing, on both renderers, whatever
    /// the gravity; the layer's background and sublayers still draw.
    @Test(arguments: CALayerContentsGravity.all)
    func degenerateContentsRectsDrawNothing(_ gravity: CALayerContentsGravity) throws {
        let gl = try glRendererOrSkip()
        let image = CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        for rect in [CGRect(x: 0, y: 0, width: 0, height: 1), CGRect(x: 0.5, y: 0.5, width: 0, height: 0),
                     CGRect(x: 0, y: 0, width: 1, height: 0), CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1),
                     CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)] {
            for bounds in [CGRect(x: 0, y: 0, width: 20, height: 20), .zero] {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
                root.backgroundColor = .black
                let l = CALayer()
                l.bounds = bounds
                l.position = CGPoint(x: 15, y: 15)
                l.contents = image
                l.contentsRect = rect
                l.contentsGravity = gravity
                let sub = CALayer()
                sub.frame = CGRect(x: -3, y: -3, width: 2, height: 2)
                sub.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                l.addSublayer(sub)
                root.addSublayer(l)
                let plan = Compositor().compile(root: root, width: 30, height: 30)
                #expect(!plan.targets.flatMap(\.quads).contains { $0.role == "contents" }, "\(rect) \(gravity.rawValue)")
                for px in [CPURenderer().render(plan).premultipliedRGBA, try gl.render(plan).premultipliedRGBA] {
                    let white = stride(from: 0, to: px.count, by: 4).filter { px[$0] == 255 && px[$0 + 1] == 255 }.count
                    #expect(white == 0, "\(rect) in \(bounds) \(gravity.rawValue): the contents drew")
                    let green = stride(from: 0, to: px.count, by: 4).filter { px[$0] == 0 && px[$0 + 1] == 255 }.count
                    #expect(green > 0, "\(rect) in \(bounds) \(gravity.rawValue): the sublayer did not draw")
                }
            }
        }
    }

    /// Text whose image would exceed the rasterizer's limit is drawn smaller, not dropped.
    @Test func textOverTheLimitIsDrawnAtAReducedScale() throws {
        let raster = try TextRasterizer.shared()
        let t = CATextLayer()
        t.string = "Lamina"
        t.fontSize = 2000
        t.foregroundColor = .black
        t.bounds = CGRect(x: 0, y: 0, width: 40_000, height: 3000)
        let scale = TextRasterizer.fittingScale(width: 40_000, height: 3000, scale: 1)
        #expect(scale < 1 && scale > 0.1)
        let image = try #require(raster.image(for: t, scale: 1), "text over the limit was dropped")
        #expect(image.width <= TextRasterizer.maxImageSide && image.height <= TextRasterizer.maxImageSide)
        #expect(image.width * image.height <= TextRasterizer.maxImagePixels)
        #expect(image.premultipliedRGBA.contains { $0 != 0 })
        // Absurd sizes and scales: nil or an image, never a trap.
        for (w, s) in [(1e300, 1.0), (40.0, Double.nan), (40.0, .infinity), (1e9, 8.0)] {
            t.bounds = CGRect(x: 0, y: 0, width: w, height: 40)
            _ = raster.image(for: t, scale: s)
        }
        t.fontSize = 1e300
        t.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        _ = raster.image(for: t, scale: 1)
    }

    /// Through the compositor, a text layer far larger than a target still draws its text.
    @Test func hugeTextLayerStillDraws() throws {
        let gl = try glRendererOrSkip()
        let raster = try TextRasterizer.shared()
        var options = CompositorOptions()
        options.textImage = { layer, scale in raster.image(for: layer, scale: scale) }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let t = CATextLayer()
        t.string = "MMMM"
        t.fontSize = 10_000
        t.foregroundColor = .black
        t.alignmentMode = .center
        // At the compositor's smallest text scale (0.25) its image would be 25000 x 5000
        // pixels, over every limit; it is drawn at the scale that fits instead.
        t.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 20_000)
        t.transform = CATransform3DMakeScale(0.002, 0.002, 1)
        t.position = CGPoint(x: 50, y: 50)
        root.addSublayer(t)
        let plan = Compositor(options: options).compile(root: root, width: 100, height: 100)
        for px in [CPURenderer().render(plan).premultipliedRGBA, try gl.render(plan).premultipliedRGBA] {
            let dark = stride(from: 0, to: px.count, by: 4).filter { px[$0] < 128 }.count
            #expect(dark > 20, "the text was dropped (\(dark) dark pixels)")
        }
    }
}
