// Output quads kept across frames (RetainedQuads.swift): items are matched bit for bit, by
// every field of DrawQuad.
import Testing
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore

@Suite struct RetainedQuadsTests {
    func quad() -> DrawQuad {
        DrawQuad(layerName: "a", role: "background", matrix: .identity, rect: Box(minX: 0, minY: 0, maxX: 10, maxY: 8), cornerRadius: 0,
                 antialiasedEdges: .all, fill: .color(PremultipliedColor(1, 0, 0, 1)), borderWidth: 0, borderColor: .zero,
                 mask: nil, opacity: 1, lighting: [], clips: [HalfPlane(a: 1, b: 0, c: 0)], cover: [], isSplit: false)
    }

    @Test func sameQuadComparesEveryFieldBitForBit() {
        // sameQuad lists DrawQuad's 22 fields: a new field must be added there too.
        #expect(Mirror(reflecting: quad()).children.count == 22)
        let q = quad()
        #expect(sameQuad(q, q))
        var c = q
        c.clips[0].c = -0.0
        #expect(!sameQuad(q, c), "-0 differs from 0")
        var n = q, m = q
        n.opacity = .nan
        m.opacity = .nan
        #expect(sameQuad(n, m), "a NaN equals itself")
        var changes: [DrawQuad] = []
        for k in 0..<22 {
            var x = q
            switch k {
            case 0: x.layerName = "b"
            case 1: x.role = "border"
            case 2: x.matrix.r3.x = 1
            case 3: x.rect.maxX = 11
            case 4: x.cornerRadius = 1
            case 5: x.antialiasedEdges = []
            case 6: x.fill = .color(PremultipliedColor(0, 1, 0, 1))
            case 7: x.borderWidth = 1
            case 8: x.borderColor = PremultipliedColor(0, 0, 0, 1)
            case 9: x.mask = RoundedBox(box: q.rect, radius: 1)
            case 10: x.opacity = 0.5
            case 11: x.lighting = [LightTerm(normal: SIMD3(0, 0, 1), direction: SIMD3(0, 0, -1), ambient: 0.2)]
            case 12: x.clips = []
            case 13: x.cover = [SIMD2(0, 0)]
            case 14: x.isSplit = true
            case 15: x.sampleClamp = q.rect
            case 16: x.interior = q.rect
            case 17: x.tint = SIMD3(0.5, 1, 1)
            case 18: x.maskTexture = MaskTexture(index: 0, uv: q.rect)
            case 19: x.layer = ObjectIdentifier(CALayer.self)
            case 20: x.reexpression = SIMD3(1, 0, 0)
            default: x.unflattenedIndex = 0
            }
            changes.append(x)
        }
        for (k, x) in changes.enumerated() { #expect(!sameQuad(q, x), "field \(k) is not compared") }
    }

    /// While the view turns every quad changes: the kept quads are skipped a while (and the
    /// plans stay those from scratch); once only a card turns, they are used again.
    @Test func aTurningViewSkipsThenReusesTheKeptQuads() throws {
        var rng = TestRandom(state: 0x0DDB_A11_5EED)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        var cards: [CALayer] = []
        for _ in 0..<30 {
            let card = CALayer()
            card.frame = CGRect(x: 10 + rng.next() * 140, y: 10 + rng.next() * 100, width: 30, height: 20)
            card.backgroundColor = CGColor(red: rng.next(), green: 0.5, blue: 0.5, alpha: 1)
            card.transform = rng.rotation()
            root.addSublayer(card)
            cards.append(card)
        }
        let frames = FrameCompositor()
        var reusedWhileTurning = 0, reusedAfter = 0
        for frame in 0..<40 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            if frame < 12 {
                var p = CATransform3DMakeRotation(Double(frame) * 0.05, 0, 1, 0)
                p.m34 = -1 / 500
                root.sublayerTransform = p
            } else {
                cards[frame % cards.count].transform = rng.rotation()
            }
            CATransaction.commit()
            try compileMatchingScratch(frames, root, width: 200, height: 150, "frame \(frame)")
            if frame < 12 { reusedWhileTurning += frames.lastReusedQuads } else { reusedAfter += frames.lastReusedQuads }
        }
        #expect(reusedWhileTurning == 0)
        #expect(reusedAfter > 0)
    }
}
