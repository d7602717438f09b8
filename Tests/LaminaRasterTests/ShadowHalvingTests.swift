// Wide shadow blurs on halved grids (CompositorOptions.largestBlurSigma, PlanBuilder+ShadowBlur):
// the plan halves each axis whose sigma in texels is past the limit, as often as needed, and
// the image stays within a step of rounding of the blur run on the shadow's own grid.
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct ShadowHalvingTests {
    /// Shadowed layers on a 240 x 160 canvas: a flat card, one turned in perspective, a
    /// shadowPath on a layer that draws nothing, and one clipped to its bounds.
    static func scene(radius: Double) -> CALayer {
        let root = stage(240, 160, eye: 400, [])
        root.backgroundColor = CGColor(red: 0.9, green: 0.92, blue: 0.95, alpha: 1)
        for k in 0..<4 {
            let l = CALayer()
            l.frame = CGRect(x: 14 + Double(k) * 56, y: 40, width: 44, height: 70)
            l.cornerRadius = 6
            l.shadowOpacity = 0.8
            l.shadowRadius = radius
            l.shadowOffset = CGSize(width: 3, height: 6)
            if k != 2 { l.backgroundColor = CGColor(red: 0.2 + 0.2 * Double(k), green: 0.4, blue: 0.9, alpha: 1) }
            if k == 1 { l.transform = CATransform3DMakeRotation(0.7, 0, 1, 0) }
            if k == 2 { l.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 10, width: 44, height: 50), transform: nil) }
            if k == 3 { l.masksToBounds = true }
            root.addSublayer(l)
        }
        return root
    }

    static func plan(_ root: CALayer, scale: Double, limit: Double = CompositorOptions().largestBlurSigma) -> RenderPlan {
        var options = CompositorOptions()
        options.largestBlurSigma = limit
        return Compositor(options: options).compile(root: root, width: 240, height: 160, scale: scale)
    }

    static func halved(_ plan: RenderPlan) -> [RenderTarget] { plan.targets.filter { $0.label.contains("(shadow shape, 1/") } }

    @Test func wideBlursRunOnHalvedGrids() throws {
        // 12 points at 2 pixels per point in a perspective context (targets oversampled):
        // sigmas of 40-60 texels, each halved until it is 10 or less, at most twice.
        let root = Self.scene(radius: 12)
        let full = Self.plan(root, scale: 2, limit: .infinity)
        #expect(Self.halved(full).isEmpty)
        let plan = Self.plan(root, scale: 2)
        let wide = full.targets.compactMap(\.blur), narrow = plan.targets.compactMap(\.blur)
        #expect(wide.count == 4 && narrow.count == 4)
        var halvings = 0
        for (k, (w, n)) in zip(wide, narrow).enumerated() {
            #expect(w.horizontal.sigma > 40, "\(w.horizontal.sigma)")
            var sigma = w.horizontal.sigma, levels = 0
            while sigma > 10 && levels < 2 { sigma /= 2; levels += 1 }
            #expect(abs(n.horizontal.sigma - sigma) < 1e-9 && n.vertical.sigma == n.horizontal.sigma,
                    "\(n.horizontal.sigma) x \(n.vertical.sigma) from \(w.horizontal.sigma)")
            // The third layer's shadowPath is filled straight onto the coarse grid: a quarter
            // of the full grid's side, no halving targets.
            if k == 2 {
                let source = plan.targets[n.source], fine = full.targets[w.source]
                #expect(source.label.contains("(shadow path)") && source.width == (fine.width + 3) / 4, "\(source.width) from \(fine.width)")
            } else {
                halvings += levels
            }
        }
        // One target per halving, each half its source (rounded up); the blur has its source's size.
        let halved = Self.halved(plan)
        #expect(halved.count == halvings)
        for t in plan.targets where t.label.contains("(shadow shape, 1/") {
            guard case .target(let i, _)? = t.quads.first?.fill else { Issue.record("\(t.label) samples no target"); continue }
            let s = plan.targets[i]
            #expect(t.width == (s.width + 1) / 2 || t.width == s.width, "\(t.width) from \(s.width)")
            #expect(t.height == (s.height + 1) / 2 || t.height == s.height, "\(t.height) from \(s.height)")
        }
        for t in plan.targets {
            guard let b = t.blur else { continue }
            #expect(plan.targets[b.source].width == t.width && plan.targets[b.source].height == t.height)
        }
        // Narrow blurs are left alone.
        #expect(Self.halved(Self.plan(Self.scene(radius: 2), scale: 1)).isEmpty)
    }

    /// The halved blurs draw what the full-grid ones do, within a step or two of rounding.
    @Test(arguments: [(12.0, 1.0), (12.0, 2.0), (20.0, 1.0), (7.0, 2.0)])
    func halvedBlursMatchTheFullGrid(_ radius: Double, _ scale: Double) {
        let root = Self.scene(radius: radius)
        let a = CPURenderer().render(Self.plan(root, scale: scale))
        let b = CPURenderer().render(Self.plan(root, scale: scale, limit: .infinity))
        var worst = 0, differing = 0
        for (x, y) in zip(a.premultipliedRGBA, b.premultipliedRGBA) {
            let d = abs(Int(x) - Int(y))
            worst = max(worst, d)
            if d > 2 { differing += 1 }
        }
        let share = Double(differing) / Double(a.premultipliedRGBA.count)
        print("halved blur, radius \(radius) at scale \(scale): max \(worst)/255, \(differing) channels (\(share * 100)%) off by more than 2")
        // Measured: at most 3/255, on at most 0.0118% of the channels (8-bit steps of the
        // halved grids, stretched back; a shadowPath filled on the coarse grid itself).
        #expect(worst <= 3 && share <= 0.00013)
    }
}
