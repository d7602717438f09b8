// Layer infos kept across frames (RetainedLayerInfo.swift): whatever changes in a nested tree
// (a color, a transform deep down, sublayers added, removed or moved to another parent,
// masksToBounds, opacity, a shadow, hidden), a frame compositor's plan is the very plan a
// compile from scratch makes, while the layers whose subtree did not change are not read again.
import Testing
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore

@Suite struct RetainedLayerInfoTests {
    /// Groups of cards (some with a card of their own inside) in one perspective context.
    func scene(_ rng: inout TestRandom) -> (root: CALayer, layers: [CALayer]) {
        let root = stage(240, 160, eye: 400, [])
        var layers: [CALayer] = []
        for g in 0..<4 {
            let group = CALayer()
            group.frame = CGRect(x: 10 + Double(g) * 50, y: 20 + rng.next() * 40, width: 70, height: 60)
            group.backgroundColor = CGColor(red: 0.2, green: rng.next(), blue: 0.5, alpha: 0.8)
            group.sublayerTransform = root.sublayerTransform
            root.addSublayer(group)
            layers.append(group)
            for c in 0..<3 {
                let card = CALayer()
                card.frame = CGRect(x: rng.next() * 30, y: rng.next() * 30, width: 30, height: 24)
                card.backgroundColor = CGColor(red: rng.next(), green: 0.3, blue: Double(c) / 3, alpha: 0.7 + rng.next() * 0.3)
                card.transform = rng.rotation()
                group.addSublayer(card)
                layers.append(card)
                if c == 1 {
                    let inner = CALayer()
                    inner.frame = CGRect(x: 4, y: 4, width: 12, height: 10)
                    inner.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                    card.addSublayer(inner)
                    layers.append(inner)
                }
            }
        }
        return (root, layers)
    }

    @Test func everyKindOfChangeGivesThePlanOfACompileFromScratch() throws {
        var rng = TestRandom(state: 0x51ED_2701_0000_0001)
        let (root, layers) = scene(&rng)
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 240, height: 160)
        var reusedFrames = 0
        for frame in 0..<40 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let l = layers[Int(rng.next() * Double(layers.count))]
            switch frame % 8 {
            case 0: l.backgroundColor = CGColor(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: 1)
            case 1: l.transform = rng.rotation()
            case 2:
                let extra = CALayer()
                extra.frame = CGRect(x: rng.next() * 20, y: rng.next() * 20, width: 16, height: 16)
                extra.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 0.9)
                l.addSublayer(extra)
            case 3:
                // A layer moved to another parent (its own subtree unchanged).
                let other = layers[Int(rng.next() * 4) * 4 % layers.count]
                if l !== other && l.superlayer !== root && !isAncestor(l, of: other) { other.addSublayer(l) }
            case 4: l.masksToBounds.toggle()
            case 5: l.opacity = l.opacity < 1 ? 1 : 0.6
            case 6:
                l.shadowOpacity = l.shadowOpacity > 0 ? 0 : 0.5
                l.shadowRadius = 3
            default: l.isHidden.toggle()
            }
            CATransaction.commit()
            try compileMatchingScratch(frames, root, width: 240, height: 160, "frame \(frame)")
            if frames.lastReusedLayers > 0 { reusedFrames += 1 }
        }
        // Most frames left some subtree alone, whose layers were not read again.
        #expect(reusedFrames >= 30)
    }

    func isAncestor(_ a: CALayer, of b: CALayer) -> Bool {
        var l: CALayer? = b
        while let x = l { if x === a { return true }; l = x.superlayer }
        return false
    }
}
