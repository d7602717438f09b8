// Damage redraw (RenderPlan.outputDamage, GLRenderer.render(_:over:damage:)): a changed frame
// redrawn only where its plan changed is, byte for byte, the frame drawn whole from scratch.
import Foundation
import Testing
import LaminaGL
import LaminaKit
import LaminaTestSupport

@Suite struct DamageRedrawTests {
    @Test(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL)"))
    func damagedFramesEqualWholeFrames() throws {
        var rng = TestRandom(state: 0xD1B5_4A32_D192_ED03)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        var p = CATransform3DIdentity
        p.m34 = -1 / 600
        root.sublayerTransform = p
        var cards: [CALayer] = []
        for i in 0..<50 {
            let card = CALayer()
            card.frame = CGRect(x: rng.next() * 280, y: rng.next() * 200, width: 40, height: 30)
            card.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: Double(i % 5) / 5, alpha: 0.5 + rng.next() * 0.5)
            card.borderWidth = i % 3 == 0 ? 2 : 0
            card.borderColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.7)
            card.cornerRadius = i % 4 == 0 ? 6 : 0
            card.transform = rng.rotation()
            root.addSublayer(card)
            cards.append(card)
        }
        // A clear color that is not exactly representable, so a scissored clear is checked too.
        let background = CGColor(red: 0.31, green: 0.57, blue: 0.73, alpha: 0.93)
        let size = CGSize(width: 320, height: 240)
        let retained = try LayerRenderer(backend: .gl)
        let whole = try GLRenderer()
        _ = try retained.image(of: root, size: size, background: background, at: 0)
        var damaged = 0
        for frame in 0..<30 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            switch frame % 6 {
            case 2: cards[Int(rng.next() * 50)].position.x += 3
            case 4: cards[Int(rng.next() * 50)].opacity = Float(0.4 + rng.next() * 0.6)
            default: cards[Int(rng.next() * 50)].transform = rng.rotation()
            }
            CATransaction.commit()
            let image = try retained.image(of: root, size: size, background: background, at: 0)
            if retained.lastFrameWasDamageRedraw { damaged += 1 }
            let reference = try whole.render(Compositor().compile(root: root, width: 320, height: 240, background: background))
            let same = image.premultipliedRGBA == reference.premultipliedRGBA
            #expect(same, "frame \(frame): a damage redraw differs from the whole frame")
        }
        // Most frames really took the damage path.
        #expect(damaged >= 15)
    }

    @Test(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL)"))
    func layersThatSwapPlacesAreRedrawn() throws {
        // Two overlapping translucent layers swap drawing order: no quad changes, only the order.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        let a = CALayer(), b = CALayer(), far = CALayer()
        a.frame = CGRect(x: 20, y: 20, width: 80, height: 60)
        a.backgroundColor = CGColor(red: 1, green: 0.2, blue: 0, alpha: 0.7)
        b.frame = CGRect(x: 60, y: 40, width: 80, height: 60)
        b.backgroundColor = CGColor(red: 0, green: 0.3, blue: 1, alpha: 0.6)
        far.frame = CGRect(x: 150, y: 110, width: 30, height: 30)
        far.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.2, alpha: 1)
        for l in [a, b, far] { root.addSublayer(l) }
        let size = CGSize(width: 200, height: 150)
        let retained = try LayerRenderer(backend: .gl)
        let old = try retained.plan(of: root, size: size, at: 0)
        _ = try retained.image(of: root, size: size, at: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        a.zPosition = 1
        CATransaction.commit()
        let plan = try retained.plan(of: root, size: size, at: 0)
        let damage = plan.outputDamage(since: old)
        // The layer that changed places is damage (the other two keep their order, and where
        // the pair overlaps lies within it); the far layer, which kept its place, is not.
        #expect(damage.map { $0.x <= 20 && $0.y <= 20 && $0.x + $0.width >= 100 && $0.y + $0.height >= 80 && $0.x + $0.width < 150 } == true,
                "damage \(String(describing: damage))")
        let image = try retained.image(of: root, size: size, at: 0)
        #expect(retained.lastFrameWasDamageRedraw)
        let reference = try GLRenderer().render(Compositor().compile(root: root, width: 200, height: 150))
        let same = image.premultipliedRGBA == reference.premultipliedRGBA
        #expect(same, "the damage redraw differs from the whole frame")
    }

    /// A damage redraw reads back into the last image's pixels when no one else holds them:
    /// an image a caller kept is never changed by a later frame (the pixels are copied then).
    @Test(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL)"))
    func keptImagesAreNotChangedByLaterFrames() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 96, height: 64)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        card.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 1)
        root.addSublayer(card)
        let size = CGSize(width: 96, height: 64)
        let retained = try LayerRenderer(backend: .gl)
        var kept: [(image: CGImage, bytes: [UInt8])] = []
        for frame in 0..<6 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.position.x += 7
            CATransaction.commit()
            let image = try retained.image(of: root, size: size, at: 0)
            if frame > 0 { #expect(retained.lastFrameWasDamageRedraw, "frame \(frame)") }
            // Every other image is kept (its bytes copied out, to compare): the others are dropped,
            // so the frame after draws into their pixels.
            if frame % 2 == 0 { kept.append((image, image.premultipliedRGBA.withUnsafeBufferPointer { Array($0) })) }
        }
        for (k, e) in kept.enumerated() { #expect(e.image.premultipliedRGBA == e.bytes, "kept image \(k) changed") }
        #expect(kept[0].bytes != kept[1].bytes)
    }

    @Test func damageIsEmptyForAnUnchangedPlanAndNilForAnotherCanvas() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let a = Compositor().compile(root: root, width: 64, height: 48)
        let b = Compositor().compile(root: root, width: 64, height: 48)
        #expect(b.outputDamage(since: a)?.isEmpty == true)
        let c = Compositor().compile(root: root, width: 64, height: 40)
        #expect(c.outputDamage(since: a) == nil)
        let moved = CALayer()
        moved.frame = CGRect(x: 10, y: 10, width: 8, height: 8)
        moved.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(moved)
        let d = Compositor().compile(root: root, width: 64, height: 48)
        let r = d.outputDamage(since: a)
        #expect(r.map { $0.x <= 10 && $0.y <= 10 && $0.x + $0.width >= 18 && $0.y + $0.height >= 18 && $0.width < 64 } == true)
    }

    /// A damage redraw draws only the output quads that can shade a damaged pixel: fewer
    /// quads, and the same pixels in the rectangle (the CPU reference, every rectangle of a grid).
    @Test func quadsLeftOutOfADamageRedrawShadeNothingThere() throws {
        var rng = TestRandom(state: 0x0DA4_A6E5)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        var p = CATransform3DIdentity
        p.m34 = -1 / 400
        root.sublayerTransform = p
        for _ in 0..<40 {
            let card = CALayer()
            card.frame = CGRect(x: rng.next() * 140, y: rng.next() * 100, width: 24, height: 18)
            card.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: 0.5, alpha: 0.6 + rng.next() * 0.4)
            card.transform = rng.rotation()
            root.addSublayer(card)
        }
        let plan = Compositor().compile(root: root, width: 160, height: 120)
        let cpu = try LayerRenderer(backend: .cpu)
        let whole = try cpu.render(plan).premultipliedRGBA
        var fewer = 0
        for y in stride(from: 0, to: 120, by: 30) {
            for x in stride(from: 0, to: 160, by: 40) {
                let rect = PixelRect(x: x, y: y, width: 40, height: 30)
                let part = plan.keepingOutputQuads(meeting: rect)
                #expect(part.targets.count == plan.targets.count)
                if part.targets.last!.quads.count < plan.targets.last!.quads.count { fewer += 1 }
                let image = try cpu.render(part).premultipliedRGBA
                var same = true
                for row in y..<(y + 30) { for i in (row * 160 + x) * 4..<(row * 160 + x + 40) * 4 where image[i] != whole[i] { same = false } }
                #expect(same, "rectangle at \(x), \(y): pixels differ with the quads left out")
            }
        }
        #expect(fewer >= 8)
    }
}
