// Lighting terms (SCENE_FORMAT.md, "Lighting"): a lit context's member quads carry
// k = ambient + (1 - ambient) * max(0, dot(n, -normalize(direction))), n the member's normal
// after projection (normalize(I.m13, I.m23, I.m33), I = M's inverse); nested contexts
// multiply; a context root's own content is not lit by its own light.
import LaminaCompositor
import QuartzCore
import Testing

func product(_ terms: [LightTerm]) -> Float { terms.reduce(1) { $0 * $1.factor } }

@Suite struct LightingTests {
    /// Light direction (-1, 0, -2), ambient 0.2: -normalize(d) = (1, 0, 2) / sqrt(5).
    /// Faces (100x100) under the stage's perspective (m34 = -1/500 about its centre):
    /// - "front", unturned at the centre: n = (0, 0, 1), k = 0.2 + 0.8 * 2/sqrt(5) = 0.9155.
    /// - "right", turned +90 about y at the centre: n = (1, 0, 0) exactly (its plane passes
    ///   through the pivot, so perspective does not bend it): k = 0.2 + 0.8 / sqrt(5) = 0.5578.
    /// - "left", turned -90 at the centre: n = (-1, 0, 0): k = 0.2 (ambient only).
    /// - "offRight", turned +90 and moved to x = +100: I's third column is
    ///   P^-1 * (1, 0, 0, -100) = (1, 0, -100 * (-1/500) ... ) -> n = normalize(1, 0, -0.2) =
    ///   (0.9806, 0, -0.1961): k = 0.2 + 0.8 * (0.9806 - 0.3922) / sqrt(5) = 0.4105.
    /// - "back", turned 180: n = (0, 0, -1): k = 0.2.
    @Test func LightTermFactors() {
        let root = stage(eye: 500, [
            card("front", 100, 100, at: 200, 200, red),
            card("right", 100, 100, at: 200, 200, red, transform: ry(90)),
            card("left", 100, 100, at: 200, 200, red, transform: ry(-90)),
            card("offRight", 100, 100, at: 200, 200, red, transform: then(ry(90), tr(100, 0, 0))),
            card("back", 100, 100, at: 200, 200, red, transform: ry(180)),
        ])
        root.light = LaminaLight(direction: (-1, 0, -2), ambient: 0.2)
        let s5 = 5.0.squareRoot()
        let bent = 1 / (1.04).squareRoot()
        let expected: [String: (n: SIMD3<Double>, k: Double)] = [
            "front": (SIMD3(0, 0, 1), 0.2 + 0.8 * 2 / s5),
            "right": (SIMD3(1, 0, 0), 0.2 + 0.8 / s5),
            "left": (SIMD3(-1, 0, 0), 0.2),
            "offRight": (SIMD3(bent, 0, -0.2 * bent), 0.2 + 0.8 * (bent - 0.4 * bent) / s5),
            "back": (SIMD3(0, 0, -1), 0.2),
        ]
        let plan = compile(root)
        for (name, e) in expected {
            let quads = plan.allQuads.filter { $0.layerName == name }
            #expect(!quads.isEmpty, "\(name) missing")
            for q in quads {
                #expect(q.lighting.count == 1, "\(name)")
                guard let t = q.lighting.first else { continue }
                let n = SIMD3<Double>(Double(t.normal.x), Double(t.normal.y), Double(t.normal.z))
                #expect(((n - e.n) * (n - e.n)).sum().squareRoot() < 1e-5, "\(name) normal \(n) vs \(e.n)")
                #expect(abs(Double(t.factor) - e.k) < 1e-5, "\(name) k \(t.factor) vs \(e.k)")
            }
        }
    }

    /// Nested contexts: the stage's light L1 (direction (0, 1, -1), ambient 0.5) lights its
    /// member P; P's light L2 (direction (-1, 0, 0), ambient 0.25) lights P's member K.
    /// P is turned 30 degrees about z (a 2D placement: drawn directly, no target) so its
    /// normal stays (0, 0, 1): k1 = 0.5 + 0.5 * dot((0, 0, 1), (0, -1, 1) / sqrt 2) = 0.8536.
    /// K is turned 30 about y within P (no perspective in P): n = (sin 30, 0, cos 30),
    /// k2 = 0.25 + 0.75 * 0.5 = 0.625. K's quads carry both terms (product 0.5335); P's own
    /// background only L1 (its own light is for its members); the stage's own background none.
    @Test func NestedContextsMultiply() {
        let p = card("P", 200, 200, at: 200, 200, gray, transform: CATransform3DMakeRotation(30 * degrees, 0, 0, 1))
        p.light = LaminaLight(direction: (-1, 0, 0), ambient: 0.25)
        p.addSublayer(card("K", 100, 100, at: 100, 100, red, transform: ry(30)))
        let root = stage(eye: 500, [p])
        root.backgroundColor = gray
        root.cornerRadius = 8  // (so its background stays a quad, not folded into the clear color)
        root.light = LaminaLight(direction: (0, 1, -1), ambient: 0.5)
        let plan = compile(root)
        #expect(plan.targets.count == 1)
        let k1 = 0.5 + 0.5 / 2.0.squareRoot(), k2 = 0.625
        let byName = Dictionary(grouping: plan.output.quads, by: \.layerName)
        #expect(byName["stage"]?.count == 1)
        #expect(byName["stage"]?.allSatisfy { $0.lighting.isEmpty } == true)
        for q in byName["P"] ?? [] {
            #expect(q.lighting.count == 1)
            #expect(abs(Double(product(q.lighting)) - k1) < 1e-5)
        }
        let ks = byName["K"] ?? []
        #expect(!ks.isEmpty)
        for q in ks {
            #expect(q.lighting.count == 2)
            #expect(Set(q.lighting.map { (Double($0.factor) * 1e4).rounded() }) == [(k1 * 1e4).rounded(), (k2 * 1e4).rounded()])
            #expect(abs(Double(product(q.lighting)) - k1 * k2) < 1e-5)
        }
    }

    /// The same nesting when P is turned about y: P gets a render target (its subtree is not
    /// flat, its placement is not 2D); K's quads in P's target carry L2 alone, P's surface
    /// L1 alone (n = (sin 40, 0, cos 40) at the pivot: k1 = 0.5 + 0.5 * cos(40) / sqrt 2).
    @Test func NestedContextsThroughTarget() {
        let p = card("P", 200, 200, at: 200, 200, gray, transform: ry(40))
        p.light = LaminaLight(direction: (-1, 0, 0), ambient: 0.25)
        p.addSublayer(card("K", 100, 100, at: 100, 100, red, transform: ry(30)))
        let root = stage(eye: 500, [p])
        root.light = LaminaLight(direction: (0, 1, -1), ambient: 0.5)
        let plan = compile(root)
        #expect(plan.targets.count == 2)
        let k1 = 0.5 + 0.5 * cos(40 * degrees) / 2.0.squareRoot()
        let surface = plan.output.quads.filter { $0.layerName == "P" }
        #expect(surface.count == 1 && surface.first?.role == "surface")
        for q in surface { #expect(q.lighting.count == 1 && abs(Double(product(q.lighting)) - k1) < 1e-5) }
        let inner = plan.targets[0].quads
        #expect(inner.filter { $0.layerName == "P" }.allSatisfy { $0.lighting.isEmpty })
        for q in inner where q.layerName == "K" { #expect(q.lighting.count == 1 && abs(Double(product(q.lighting)) - 0.625) < 1e-5) }
    }
}
