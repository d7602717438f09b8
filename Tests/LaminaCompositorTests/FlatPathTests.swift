// The lean path for 2D subtrees (PlanBuilder+Flat.swift) makes exactly the plan the general
// path makes: every quad equal, field for field, on varied trees and on every fixture scene.
import Foundation
import LaminaCompositor
import LaminaScene
import QuartzCore
import Testing

@Suite struct FlatPathTests {
    /// The plan of `root` with the lean path on and off.
    private func plans(_ root: CALayer, width: Double = 400, height: Double = 300, scale: Double = 1,
                       base: CompositorOptions = CompositorOptions()) -> (lean: RenderPlan, general: RenderPlan) {
        var on = base, off = base
        on.usesFlatPath = true
        off.usesFlatPath = false
        let lean = Compositor(options: on).compile(root: root, width: width, height: height, scale: scale, background: nil)
        let general = Compositor(options: off).compile(root: root, width: width, height: height, scale: scale, background: nil)
        return (lean, general)
    }

    /// Both plans, compared target by target and quad by quad (a failure names the first difference).
    private func expectSame(_ p: (lean: RenderPlan, general: RenderPlan), _ what: String) {
        #expect(p.lean.targets.count == p.general.targets.count, "\(what): target count")
        #expect(p.lean.images.count == p.general.images.count, "\(what): image count")
        for (a, b) in zip(p.lean.images, p.general.images) { #expect(a === b, "\(what): image order") }
        #expect(p.lean.unflattened == p.general.unflattened, "\(what): unflattened maps")
        for (t, (a, b)) in zip(p.lean.targets, p.general.targets).enumerated() {
            #expect(a.quads.count == b.quads.count, "\(what): target \(t) quad count")
            for (k, (qa, qb)) in zip(a.quads, b.quads).enumerated() where qa != qb {
                Issue.record("\(what): target \(t) quad \(k) differs: \(qa.layerName) \(qa.role) vs \(qb.layerName) \(qb.role)")
                return
            }
            #expect(a == b, "\(what): target \(t)")
        }
    }

    /// A random tree of 2D layers: rotations, scales, anchor points, 2D sublayer transforms,
    /// clipping, opacity, hidden layers, borders, corner radii, images, gradients, transform
    /// layers, replicators, mirrored single-sided layers; now and then a 3D turn, a zPosition,
    /// a group or a shadow, so the lean path meets the general one inside and around it.
    private func randomTree(_ rng: inout TestRandom, depth: Int, image: CGImage, threeD: Bool) -> CALayer {
        let pick = rng.next()
        let l: CALayer = pick < 0.08 ? CAGradientLayer() : pick < 0.12 ? CATransformLayer() : pick < 0.14 ? CAReplicatorLayer() : CALayer()
        if let g = l as? CAGradientLayer { g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] }
        if let r = l as? CAReplicatorLayer { r.instanceCount = 2; r.instanceTransform = CATransform3DMakeTranslation(7, 3, 0) }
        l.name = "l\(Int(rng.next() * 1e6))"
        l.bounds = CGRect(x: rng.next() < 0.2 ? -5 : 0, y: 0, width: 4 + rng.next() * 120, height: rng.next() < 0.05 ? 0 : 3 + rng.next() * 90)
        l.position = CGPoint(x: rng.next() * 300 + 0.37, y: rng.next() * 220 + 0.19)
        if rng.next() < 0.3 { l.anchorPoint = CGPoint(x: rng.next(), y: rng.next()) }
        let t = rng.next()
        if t < 0.25 {
            l.transform = CATransform3DMakeRotation((rng.next() - 0.5) * 3, 0, 0, 1)
        } else if t < 0.4 {
            l.transform = CATransform3DMakeScale(0.3 + rng.next() * 2, 0.3 + rng.next() * 2, 1)
        } else if t < 0.45 {
            l.transform = CATransform3DMakeScale(-1, 1, 1)
            l.isDoubleSided = rng.next() < 0.5
        } else if t < 0.5 && threeD {
            l.transform = CATransform3DMakeRotation(0.6, 0, 1, 0)
        } else if t < 0.53 && threeD {
            l.zPosition = 10
        }
        if rng.next() < 0.15 {
            l.sublayerTransform = CATransform3DConcat(CATransform3DMakeRotation(rng.next() - 0.5, 0, 0, 1), CATransform3DMakeTranslation(3.3, -2.1, 0))
        } else if threeD && rng.next() < 0.05 {
            var p = CATransform3DIdentity
            p.m34 = -1 / 500
            l.sublayerTransform = p
        }
        if rng.next() < 0.8 { l.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.next() < 0.2 ? 0.5 : 1) }
        if rng.next() < 0.2 { l.borderWidth = 1 + rng.next() * 3; l.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1) }
        if rng.next() < 0.2 { l.cornerRadius = rng.next() * 12 }
        if rng.next() < 0.1 { l.contents = image; l.contentsGravity = rng.next() < 0.5 ? .resize : .center }
        if rng.next() < 0.15 { l.masksToBounds = true }
        if rng.next() < 0.15 { l.opacity = Float(rng.next()) }
        if rng.next() < 0.05 { l.opacity = 0 }
        if rng.next() < 0.08 { l.isHidden = true }
        if rng.next() < 0.2 { l.allowsEdgeAntialiasing = false }
        if threeD && rng.next() < 0.03 { l.shadowOpacity = 0.5; l.shadowRadius = 2 }
        if depth > 0 {
            let n = Int(rng.next() * 5)
            for _ in 0..<n { l.addSublayer(randomTree(&rng, depth: depth - 1, image: image, threeD: threeD)) }
        }
        return l
    }

    @Test(arguments: [false, true])
    func RandomTreesMakeTheSamePlan(threeD: Bool) {
        var rng = TestRandom(state: threeD ? 0x5EED_F1A7 : 0xF1A7_2D)
        let image = CGImage(width: 8, height: 6, premultipliedRGBA: [UInt8](repeating: 200, count: 8 * 6 * 4))
        for n in 0..<60 {
            let root = randomTree(&rng, depth: 4, image: image, threeD: threeD)
            expectSame(plans(root, scale: n % 3 == 0 ? 2 : 1), "tree \(n)")
        }
    }

    /// A grid of abutting cells (seams between rows and columns) at a fractional offset and scale.
    @Test func AbuttingGridMakesTheSamePlan() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200.25, y: 150.5)
        for r in 0..<12 {
            let row = CALayer()
            row.bounds = CGRect(x: 0, y: 0, width: 390, height: 20)
            row.position = CGPoint(x: 200, y: 10 + Double(r) * 20)
            row.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)
            for c in 0..<13 {
                let cell = CALayer()
                cell.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
                cell.position = CGPoint(x: 15 + Double(c) * 30, y: 10)
                cell.backgroundColor = CGColor(red: Double(c) / 13, green: 0.5, blue: Double(r) / 12, alpha: 1)
                row.addSublayer(cell)
            }
            root.addSublayer(row)
        }
        expectSame(plans(root, scale: 1.5), "grid")
    }

    /// Trees large enough for the lean walk to draw their members on all cores: random ones
    /// (images, gradients and given-up layers among them, drawn again on the builder's thread)
    /// and a grid of abutting cells with images, the same plan as the general path's.
    @Test(arguments: [false, true])
    func LargeTreesDrawnOnAllCoresMakeTheSamePlan(threeD: Bool) {
        var rng = TestRandom(state: threeD ? 0xB16_3D : 0xB16_2D)
        let image = CGImage(width: 8, height: 6, premultipliedRGBA: [UInt8](repeating: 200, count: 8 * 6 * 4))
        let other = CGImage(width: 3, height: 5, premultipliedRGBA: [UInt8](repeating: 90, count: 3 * 5 * 4))
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        for _ in 0..<200 { root.addSublayer(randomTree(&rng, depth: 4, image: image, threeD: threeD)) }
        // Gradients left undrawn: more than the drawing cache keeps, so each compile would make its
        // own images (equal, not identical); the grid below has one.
        var stack = [root]
        while let l = stack.popLast() {
            (l as? CAGradientLayer)?.colors = []
            stack += l.sublayers ?? []
        }
        let grid = CALayer()
        grid.frame = CGRect(x: 0.5, y: 0.25, width: 400, height: 300)
        for r in 0..<50 {
            let row = CALayer()
            row.frame = CGRect(x: 0, y: Double(r) * 6, width: 400, height: 6)
            for c in 0..<50 {
                let cell = CALayer()
                cell.frame = CGRect(x: Double(c) * 8, y: 0, width: 8, height: 6)
                cell.backgroundColor = CGColor(red: Double(c) / 50, green: 0.5, blue: Double(r) / 50, alpha: 1)
                if (r * 50 + c) % 7 == 0 { cell.contents = (r + c) % 2 == 0 ? image : other }
                row.addSublayer(cell)
            }
            grid.addSublayer(row)
        }
        let layers = { (l: CALayer) -> Int in
            var n = 0, stack = [l]
            while let x = stack.popLast() { n += 1; stack += x.sublayers ?? [] }
            return n
        }
        #expect(layers(root) > 2048 && layers(grid) > 2048)
        expectSame(plans(root), "random trees")
        expectSame(plans(grid, scale: 1.5), "grid")
        // A gradient at the end of the grid: the last run is drawn again on the builder's thread.
        let g = CAGradientLayer()
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        g.frame = CGRect(x: 1, y: 1, width: 5, height: 4)
        grid.sublayers?.last?.sublayers?.last?.addSublayer(g)
        let p = plans(grid)
        #expect(p.lean.images.count == 3)
        expectSame(p, "grid with a gradient")
    }

    /// A walk given up deep in the tree (a shadow, a 3D turn, a group) after it listed images:
    /// the images come out in the general path's order, each once.
    @Test(arguments: ["shadow", "turn", "group"])
    func GivenUpWalkListsImagesAsTheGeneralPath(reason: String) {
        let first = CGImage(width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64))
        let second = CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 128, count: 16))
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        root.position = CGPoint(x: 150, y: 100)
        let a = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        a.contents = second
        root.addSublayer(a)
        let box = CALayer()
        box.frame = CGRect(x: 60, y: 10, width: 200, height: 150)
        root.addSublayer(box)
        let b = CALayer()
        b.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
        b.contents = first
        box.addSublayer(b)
        let deep = CALayer()
        deep.frame = CGRect(x: 70, y: 20, width: 60, height: 60)
        deep.backgroundColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        deep.contents = second
        switch reason {
        case "shadow": deep.shadowOpacity = 0.6; deep.shadowRadius = 3
        case "turn": deep.transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        default:
            deep.opacity = 0.5
            deep.addSublayer(CALayer())
            deep.sublayers?[0].frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            deep.sublayers?[0].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        box.addSublayer(deep)
        let p = plans(root)
        #expect(p.lean.images.count == 2)
        expectSame(p, reason)
    }

    /// Every fixture scene: the same plan either way.
    @Test func FixtureScenesMakeTheSamePlan() throws {
        let folders = ["scenes", "extra-scenes", "scenes-r2", "export-scenes"]
        var count = 0
        for folder in folders {
            let dir = Paths.fixtures.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
            for name in names {
                let scene = try Scene.read(contentsOf: dir.appendingPathComponent(name).path)
                let c = scene.canvas
                expectSame(plans(scene.root, width: c.width, height: c.height, scale: c.scale, base: options(forceTargets: false)), "\(folder)/\(name)")
                count += 1
            }
        }
        #expect(count > 20)
    }
}
