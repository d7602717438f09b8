// Back faces are judged by the member's matrix M into its 3D rendering context root:
// back-facing when m33 of M's inverse is negative (sign(C33) * sign(det M) < 0), so
// perspective alone can turn a layer. Culling takes the flattened subtree along;
// doubleSided on a transformLayer is ignored.
import LaminaCompositor
import QuartzCore
import Testing

/// The contract's test, computed independently: m33 of M's inverse is negative.
func backFacing(_ m: CATransform3D) -> Bool {
    guard let i = m.inverse else { return false }
    return i.m33 < 0
}

@Suite struct BackFaceTests {
    /// A 100x100 single-sided layer turned 80 degrees about y, centred at (px, 200), under the
    /// stage's perspective (eye at (200, 200, 500)). Its front normal is (sin 80, 0, cos 80);
    /// the eye sees its front when (eye - centre) . n > 0: (200 - px) 0.985 + 500 * 0.174 > 0,
    /// i.e. px < 288.2. Without perspective the eye is at infinity along z: always front.
    @Test(arguments: [(240.0, true), (280.0, true), (300.0, false), (340.0, false), (120.0, true)])
    func PerspectiveAloneTurnsALayer(px: Double, seesFront: Bool) {
        for eye: Double? in [nil, 500] {
            let l = card("L", 100, 100, at: px, 200, red, transform: ry(80))
            l.isDoubleSided = false
            let root = stage(eye: eye, [card("ground", 50, 50, at: 20, 20, blue), l])
            let plan = compile(root)
            let front = eye == nil ? true : seesFront
            #expect(plan.drawOrder.contains("L") == front, "px \(px) eye \(String(describing: eye)): \(plan.drawOrder)")
            #expect(backFacing(matrix(of: l, into: root)) == !front)
            // Double-sided, it is always drawn.
            l.isDoubleSided = true
            #expect(compile(root).drawOrder.contains("L"))
        }
    }

    /// Over a sweep of angles and offsets, a single-sided member is culled exactly when the
    /// contract's sign test says it faces away (and only then).
    @Test func CullsExactlyWhenInverseM33IsNegative() {
        var culled = 0, drawn = 0
        for angle in stride(from: -170.0, through: 170.0, by: 17) {
            for px in stride(from: 0.0, through: 400.0, by: 50) {
                let l = card("L", 80, 80, at: px, 150, red, transform: then(ry(angle), rx(angle / 3)))
                l.isDoubleSided = false
                let root = stage(eye: 400, view: rx(-15), [l])
                let back = backFacing(matrix(of: l, into: root))
                let has = compile(root).drawOrder.contains("L")
                #expect(has == !back, "angle \(angle) px \(px)")
                if back { culled += 1 } else if has { drawn += 1 }
            }
        }
        #expect(culled > 20 && drawn > 20)
    }

    /// The culled layer's subtree goes with it: its sublayer (double-sided, facing the viewer
    /// within its parent's plane) is not drawn either, directly or through a target.
    @Test(arguments: [false, true])
    func CulledSubtree(forceTargets: Bool) {
        let l = card("L", 150, 150, at: 200, 200, red, transform: ry(180))
        l.isDoubleSided = false
        let child = card("child", 50, 50, at: 75, 75, green, transform: ry(30))
        l.addSublayer(child)
        let grandchild = card("grandchild", 20, 20, at: 25, 25, blue)
        child.addSublayer(grandchild)
        let plan = compile(stage(eye: 500, [card("ground", 300, 300, at: 200, 200, gray), l]), forceTargets: forceTargets)
        let names = Set(plan.allQuads.map(\.layerName))
        // (With forceTargets the stage itself is drawn through a target: a "stage" surface.)
        #expect(names.subtracting(["stage"]) == ["ground"], "\(plan.allQuads.map(\.layerName))")
        #expect(plan.targets.count == (forceTargets ? 2 : 1))
    }

    /// Judged relative to the context root: C faces front inside its parent P; P (an
    /// ordinary, double-sided layer) is turned 180 degrees, so C's flattened image shows
    /// mirrored and C is drawn. Through a transformLayer turned the same way, C is a member
    /// of the outer context and faces away there: culled.
    @Test(arguments: [false, true])
    func JudgedRelativeToContextRoot(throughTransformLayer: Bool) {
        let p: CALayer = throughTransformLayer ? CATransformLayer() : CALayer()
        p.name = "P"
        p.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        p.position = CGPoint(x: 200, y: 200)
        p.transform = ry(180)
        let c = card("C", 100, 100, at: 100, 100, red)
        c.isDoubleSided = false
        p.addSublayer(c)
        let root = stage(eye: 500, [p])
        let plan = compile(root)
        #expect(plan.allQuads.contains { $0.layerName == "C" } == !throughTransformLayer, "\(plan.allQuads.map(\.layerName))")
        // The contract's test on C's matrix into its context root (P, or the stage).
        let m = throughTransformLayer ? matrix(of: c, into: root) : matrix(of: c, into: p)
        #expect(backFacing(m) == throughTransformLayer)
    }

    /// doubleSided = false on a transformLayer is ignored: its children are judged alone.
    @Test func TransformLayerDoubleSidedIgnored() {
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        t.position = CGPoint(x: 200, y: 200)
        t.transform = ry(180)
        t.isDoubleSided = false
        // Turned again by 180 inside: faces front overall.
        let front = card("front", 100, 100, at: 60, 100, red, transform: ry(180))
        // Faces away overall, but double-sided.
        let away = card("away", 100, 100, at: 140, 100, green)
        // Faces away overall and single-sided: culled.
        let culled = card("culled", 100, 100, at: 100, 60, blue)
        culled.isDoubleSided = false
        t.sublayers = [front, away, culled]
        let plan = compile(stage(eye: 500, [t]))
        #expect(Set(plan.drawOrder) == ["front", "away"], "\(plan.drawOrder)")
    }

    /// Mirrors: scale(-1, 1, 1) mirrors the layer but leaves its front toward the viewer
    /// (det -1, C33 -1: m33 of the inverse is +1): drawn. scale(1, 1, -1) leaves the pixels
    /// alone but flips the front (det -1, C33 +1: m33 of the inverse is -1): culled, as the
    /// contract's sign test says. A single-sided layer in a geometryFlipped superlayer (y
    /// mirrored, det -1, C33 -1) faces the viewer: drawn.
    @Test func MirrorsAndGeometryFlipped() {
        func drawn(_ t: CATransform3D, flipped: Bool = false) -> Bool {
            let l = card("L", 100, 100, at: 200, 200, red, transform: t)
            l.isDoubleSided = false
            let root = stage(eye: 500, [l])
            root.isGeometryFlipped = flipped
            #expect(backFacing(matrix(of: l, into: root)) == !compile(root).drawOrder.contains("L"))
            return compile(root).drawOrder.contains("L")
        }
        #expect(drawn(CATransform3DMakeScale(-1, 1, 1)))
        #expect(!drawn(CATransform3DMakeScale(1, 1, -1)))
        #expect(drawn(CATransform3DIdentity, flipped: true))
        #expect(drawn(ry(30), flipped: true))
        #expect(!drawn(ry(150), flipped: true))
    }
}
