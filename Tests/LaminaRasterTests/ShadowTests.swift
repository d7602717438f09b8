// Layer shadows (SCENE_FORMAT.md 9.2) on the CPU renderer: when there is none, where it
// lies (offset, in the layer's space), how soft it is (sigma in points, scaled to texels),
// and what fades and clips it (opacity, masksToBounds).
import Foundation
import LaminaCompositor
import LaminaRaster
import QuartzCore
import Testing

@Suite struct ShadowTests {
    /// An opaque white 40 x 40 layer at (40, 40) casting a black shadow.
    static func card(offset: CGSize = CGSize(width: 10, height: 20), radius: Double = 4, opacity: Float = 1) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 40, y: 40, width: 40, height: 40)
        l.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        l.shadowOpacity = opacity
        l.shadowOffset = offset
        l.shadowRadius = radius
        return l
    }

    /// `layer` alone on a transparent 140 x 140 canvas at `scale`.
    static func render(_ layer: CALayer, scale: Double = 1, forceTargets: Bool = false) -> (CGImage, RenderPlan) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 140, height: 140)
        root.addSublayer(layer)
        let plan = Compositor(options: CompositorOptions(forceTargets: forceTargets)).compile(root: root, width: 140, height: 140, scale: scale)
        return (CPURenderer().render(plan), plan)
    }

    static func alpha(_ image: CGImage, _ x: Int, _ y: Int) -> Int { Int(image.premultipliedRGBA[(y * image.width + x) * 4 + 3]) }

    @Test func noShadowWithoutOpacityOrColor() {
        let plain = Self.render(Self.card(opacity: 0)).0
        let none = CALayer()
        none.frame = CGRect(x: 40, y: 40, width: 40, height: 40)
        none.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        #expect(plain.premultipliedRGBA == Self.render(none).0.premultipliedRGBA)
        let noColor = Self.card()
        noColor.shadowColor = nil
        let (image, plan) = Self.render(noColor)
        #expect(image.premultipliedRGBA == plain.premultipliedRGBA)
        #expect(!plan.targets.contains { $0.blur != nil })
        // Just below the layer, where the shadow would be: nothing.
        #expect(Self.alpha(image, 60, 90) == 0)
    }

    /// The shadow's centre is the layer's moved by the offset; its alpha across a hard edge
    /// follows the Gaussian integral of sigma = shadowRadius points (in pixels at scale 2).
    @Test(arguments: [1.0, 2.0])
    func shadowLiesAtTheOffsetWithTheGaussianProfile(_ scale: Double) {
        let sigma = 4.0
        let (image, plan) = Self.render(Self.card(radius: sigma), scale: scale)
        let blurs = plan.targets.compactMap(\.blur)
        #expect(blurs.count == 1)
        // Sigma in the target's texels: at least a texel per output pixel (oversampled when resampled).
        let texels = blurs.first?.horizontal.sigma ?? 0
        #expect(scale == 1 ? texels == sigma : texels >= sigma * scale, "\(texels) texels")
        // Along the row through the shadow's middle (y = 60 + 20), right of the layer: the
        // shadow's right edge is at x = 80 + 10 = 90 points.
        let y = Int(80 * scale)
        var worst = 0.0
        for xp in stride(from: 82.0, through: 104.0, by: 1) {
            let px = Int(xp * scale)
            let c = (Double(px) + 0.5) / scale
            // Phi((90 - c) / sigma) minus the far edge's share (50 - c: negligible here).
            let expected = 0.5 * erfc((c - 90) / (sigma * 2.0.squareRoot())) * 255
            worst = max(worst, abs(Double(Self.alpha(image, px, y)) - expected))
        }
        #expect(worst <= 3, "largest departure from the profile: \(worst)/255")
        // Half way at the moved edges: right (x = 90) and bottom (y = 80 + 20 = 100).
        #expect(abs(Self.alpha(image, Int(90 * scale) - 1, y) - 128) <= 16)
        #expect(abs(Self.alpha(image, Int(70 * scale), Int(100 * scale) - 1) - 128) <= 16)
        // Above and left of the layer the shadow (moved right and down) hardly reaches.
        #expect(Self.alpha(image, Int(45 * scale), Int(36 * scale)) == 0)
        // The layer itself is drawn over its shadow: opaque white.
        #expect(image.premultipliedRGBA[(Int(60 * scale) * image.width + Int(60 * scale)) * 4] == 255)
    }

    @Test func opacityFadesTheShadowAndMasksToBoundsClipsIt() {
        let full = Self.render(Self.card()).0
        let faded = Self.card()
        faded.opacity = 0.5
        let half = Self.render(faded).0
        let a = Self.alpha(full, 70, 95), b = Self.alpha(half, 70, 95)
        #expect(a > 100 && abs(b - (a + 1) / 2) <= 1, "\(a) faded to \(b)")
        let clipped = Self.card()
        clipped.masksToBounds = true
        let image = Self.render(clipped).0
        #expect(Self.alpha(image, 70, 95) == 0)
        #expect(Self.alpha(image, 60, 60) == 255)
    }

    @Test func forcedTargetsChangeNothing() {
        let l = Self.card()
        let sub = CALayer()
        sub.frame = CGRect(x: 10, y: 10, width: 50, height: 10)
        sub.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.addSublayer(sub)
        #expect(Self.render(l).0.premultipliedRGBA == Self.render(l, forceTargets: true).0.premultipliedRGBA)
    }
}
