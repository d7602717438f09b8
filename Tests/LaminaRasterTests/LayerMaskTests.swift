// Layer masks (SCENE_FORMAT.md 9.3) on the CPU renderer: the mask's alpha multiplies everything
// its host draws, the mask is placed in the host's space by its own geometry, a hidden mask
// hides its host, and the revision-2 scene's masked layers match the oracle.
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite struct LayerMaskTests {
    /// A 100 x 100 red host at (20, 20) with a blue sublayer over its right half.
    static func host() -> CALayer {
        let h = CALayer()
        h.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        h.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let s = CALayer()
        s.frame = CGRect(x: 50, y: 0, width: 50, height: 100)
        s.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        h.addSublayer(s)
        return h
    }

    /// A mask layer of the given frame (in the host's space) and alpha.
    static func mask(_ frame: CGRect, alpha: Double = 1) -> CALayer {
        let m = CALayer()
        m.frame = frame
        m.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: alpha)
        return m
    }

    /// `layer` alone on a transparent 140 x 140 canvas.
    static func render(_ layer: CALayer, forceTargets: Bool = false) -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 140, height: 140)
        root.addSublayer(layer)
        return CPURenderer().render(Compositor(options: CompositorOptions(forceTargets: forceTargets)).compile(root: root, width: 140, height: 140))
    }

    static func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return (0..<4).map { Int(image.premultipliedRGBA[i + $0]) }
    }

    @Test func maskOfHalfAlphaHalvesTheHostAndItsSublayers() {
        let h = Self.host()
        h.mask = Self.mask(CGRect(x: 0, y: 0, width: 100, height: 100), alpha: 0.5)
        let image = Self.render(h)
        #expect(Self.rgba(image, 40, 70) == [128, 0, 0, 128], "host \(Self.rgba(image, 40, 70))")
        #expect(Self.rgba(image, 100, 70) == [0, 0, 128, 128], "sublayer \(Self.rgba(image, 100, 70))")
        #expect(Self.rgba(image, 10, 10) == [0, 0, 0, 0])
    }

    @Test func outsideTheMaskTheHostIsInvisible() {
        let h = Self.host()
        h.mask = Self.mask(CGRect(x: 0, y: 0, width: 30, height: 100))
        let image = Self.render(h)
        #expect(Self.rgba(image, 30, 70) == [255, 0, 0, 255])
        #expect(Self.rgba(image, 60, 70) == [0, 0, 0, 0], "beyond the mask \(Self.rgba(image, 60, 70))")
        #expect(Self.rgba(image, 100, 70) == [0, 0, 0, 0], "sublayer beyond the mask \(Self.rgba(image, 100, 70))")
    }

    @Test func hiddenOrEmptyMaskHidesTheHost() {
        for hidden in [true, false] {
            let h = Self.host()
            let m = Self.mask(CGRect(x: 0, y: 0, width: 100, height: 100))
            if hidden { m.isHidden = true } else { m.backgroundColor = nil }
            h.mask = m
            let image = Self.render(h)
            #expect(image.premultipliedRGBA.allSatisfy { $0 == 0 }, hidden ? "hidden mask" : "mask drawing nothing")
        }
    }

    @Test func maskMovesWithItsOwnPosition() {
        let h = Self.host()
        let m = Self.mask(CGRect(x: 0, y: 0, width: 40, height: 100))
        h.mask = m
        let before = Self.render(h)
        #expect(Self.rgba(before, 30, 70) == [255, 0, 0, 255] && Self.rgba(before, 100, 70) == [0, 0, 0, 0])
        m.position = CGPoint(x: m.position.x + 60, y: m.position.y)
        let after = Self.render(h)
        #expect(Self.rgba(after, 30, 70) == [0, 0, 0, 0], "\(Self.rgba(after, 30, 70))")
        #expect(Self.rgba(after, 100, 70) == [0, 0, 255, 255], "\(Self.rgba(after, 100, 70))")
    }

    @Test func maskIgnoresTheHostSublayerTransformAndItsOwnMask() {
        let h = Self.host()
        h.sublayerTransform = CATransform3DMakeTranslation(-50, 0, 0)
        let m = Self.mask(CGRect(x: 0, y: 0, width: 40, height: 100))
        m.mask = Self.mask(CGRect(x: 0, y: 0, width: 1, height: 1), alpha: 0)
        h.mask = m
        let image = Self.render(h)
        // The blue sublayer moved over the left half; the mask did not move, nor was it masked.
        #expect(Self.rgba(image, 30, 70) == [0, 0, 255, 255], "\(Self.rgba(image, 30, 70))")
        #expect(Self.rgba(image, 80, 70) == [0, 0, 0, 0])
    }

    @Test func maskWithSublayersAndTransformDrawsItsWholeTree() {
        let h = Self.host()
        let m = CALayer()
        m.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        m.addSublayer(Self.mask(CGRect(x: 60, y: 0, width: 40, height: 50)))
        m.transform = CATransform3DMakeScale(1, 2, 1)  // about its centre: the sublayer covers rows 0...50 -> -50...50
        h.mask = m
        let image = Self.render(h)
        #expect(Self.rgba(image, 100, 30) == [0, 0, 255, 255], "\(Self.rgba(image, 100, 30))")
        #expect(Self.rgba(image, 100, 80) == [0, 0, 0, 0], "\(Self.rgba(image, 100, 80))")
        #expect(Self.rgba(image, 40, 30) == [0, 0, 0, 0])
    }

    @Test func forcedTargetsChangeNothing() {
        let h = Self.host()
        let m = Self.mask(CGRect(x: 10, y: 10, width: 80, height: 80), alpha: 0.7)
        m.cornerRadius = 20
        h.mask = m
        #expect(Self.render(h).premultipliedRGBA == Self.render(h, forceTargets: true).premultipliedRGBA)
    }

    /// The revision-2 scene's two masked layers against the oracle, pixel for pixel in their
    /// regions (the whole image, shadows included: LaminaGLTests' ShadowParityTests).
    @Test func maskedLayersOfTheRevision2SceneMatchTheOracle() throws {
        let name = "r2-mask-and-shadow"
        let image = renderCPU(try R2Fixtures.scene(name))
        let oracle = try R2Fixtures.oracleImage(name)
        let a = image.premultipliedRGBA, b = oracle.premultipliedRGBA
        // The layer tree under a rounded mask, and the layer faded by a gradient mask; measured 0.9879 and 1.
        for (box, mark) in [((190, 20, 340, 120), 0.985), ((60, 140, 300, 240), 0.999)] {
            var close = 0, count = 0
            for y in box.1..<box.3 {
                for x in box.0..<box.2 {
                    let i = (y * image.width + x) * 4
                    let d = (0..<4).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()!
                    if d <= 2 { close += 1 }
                    count += 1
                }
            }
            let share = Double(close) / Double(count)
            #expect(share >= mark, "\(box): \(share) within 2/255")
        }
    }
}
