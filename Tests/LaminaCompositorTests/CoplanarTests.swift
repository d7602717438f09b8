// Coplanar and nearly coplanar members (DESIGN.md, "Failure modes to test"): a tie in depth
// is drawn in the order of the pre-order walk with each sublayers array stably sorted by
// zPosition, whichever way the plane faces; members a hair apart (within the 0.05 px thick
// plane) are ties too; members 1 px apart sort by their real depth.
import LaminaCompositor
import QuartzCore
import Testing

/// Views of the stage: the plane faces the viewer, is tilted, faces away, faces away tilted.
enum View: String, CaseIterable, CustomTestStringConvertible {
    case front, tilted, away, awayTilted
    var transform: CATransform3D {
        switch self {
        case .front: CATransform3DIdentity
        case .tilted: then(ry(35), rx(20))
        case .away: ry(180)
        case .awayTilted: then(ry(215), rx(20))
        }
    }
    var facesAway: Bool { self == .away || self == .awayTilted }
    var testDescription: String { rawValue }
}

@Suite struct CoplanarTests {
    /// Three layers in one plane: A has zPosition 10 and a transform moving it back by 10,
    /// so it lies in z = 0 with B and C; the tie order sorts it last despite its array slot.
    func coplanarTrio(view: View, crossing: Bool) -> (CALayer, [String]) {
        let a = card("A", 200, 200, at: 200, 200, red, transform: tr(0, 0, -10))
        a.zPosition = 10
        let b = card("B", 200, 200, at: 220, 200, green)
        let c = card("C", 200, 200, at: 180, 190, blue)
        var layers = [a, b, c]
        // A member crossing the plane, last so that it is never the BSP's root: it forces the
        // BSP path (non-parallel planes, overlapping depth ranges).
        if crossing { layers.append(card("X", 200, 200, at: 200, 200, yellow, transform: rx(60))) }
        return (stage(eye: 500, view: view.transform, layers), ["B", "C", "A"])
    }

    @Test(arguments: View.allCases, [false, true])
    func Coplanar(view: View, crossing: Bool) {
        let (root, expected) = coplanarTrio(view: view, crossing: crossing)
        let plan = compile(root)
        let trio = plan.output.quads.filter { ["A", "B", "C"].contains($0.layerName) }
        #expect(trio.map(\.layerName) == expected, "\(view) crossing \(crossing): \(plan.drawOrder)")
        #expect(trio.allSatisfy { !$0.isSplit })
        // X crosses the plane: split by it (the trio's first member, B, roots the BSP), one piece on each side.
        if crossing { #expect(plan.drawOrder == ["X", "B", "C", "A", "X"], "\(view): \(plan.drawOrder)") }
    }

    /// A transformLayer's children take its place among its siblings, in their own zPosition order.
    @Test func CoplanarThroughTransformLayer() {
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        t.position = CGPoint(x: 200, y: 200)
        let t1 = card("T1", 200, 200, at: 200, 200, red, transform: tr(0, 0, -5))
        t1.zPosition = 5
        let t2 = card("T2", 200, 200, at: 210, 200, green)
        t.sublayers = [t1, t2]
        let before = card("P", 200, 200, at: 190, 200, blue)
        let after = card("Q", 200, 200, at: 200, 210, yellow)
        let plan = compile(stage(eye: 500, view: ry(20), [before, t, after]))
        #expect(plan.drawOrder == ["P", "T2", "T1", "Q"])
    }

    /// Two members gap apart along z: within the thick plane they are a tie (array order),
    /// 1 px apart they sort by depth. The array order is always chosen opposite to the real
    /// depth order, so each outcome shows which rule decided.
    /// With `flipB`, B is also turned 180 degrees about y first, so A and B face opposite
    /// ways (both double-sided): the thick plane and the tie order hold all the same.
    @Test(arguments: [1e-4, 1e-3, 1e-2, 1.0], View.allCases)
    func NearCoplanar(gap: Double, view: View) {
        for flipB in [false, true] { nearCoplanar(gap: gap, view: view, flipB: flipB) }
    }

    func nearCoplanar(gap: Double, view: View, flipB: Bool) {
        // B is moved by `gap` toward +z (toward the viewer unless the view faces away).
        let a = card("A", 200, 200, at: 200, 200, red)
        let b = card("B", 180, 180, at: 205, 200, green, transform: then(flipB ? ry(180) : CATransform3DIdentity, tr(0, 0, gap)))
        let bNearer = !view.facesAway
        // Tie order puts the nearer one first (drawn behind): opposite to depth order.
        let layers = bNearer ? [b, a] : [a, b]
        let plan = compile(stage(eye: 500, view: view.transform, layers))
        let tie = layers.map { $0.name! }
        let byDepth = bNearer ? ["A", "B"] : ["B", "A"]
        let expected = gap < 0.05 ? tie : byDepth
        #expect(plan.drawOrder == expected, "gap \(gap) \(view) flipB \(flipB)")
        #expect(plan.splitCount == 0)
    }
}
