// Intersecting members are split so each part is drawn in the right order (Chromium's
// BspTree tests: BasicSplit, ThreeWaySplit), and splits through or near a vertex make no
// slivers: a vertex within the thick plane (0.05 px) counts as on it.
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct IntersectionTests {
    /// Two 200x200 planes through the stage's centre, turned +30 and -30 degrees about y under
    /// perspective: an X seen from above. A (+30) has its left half nearer (z = -sin(30) x),
    /// B (-30) its right half. The BSP's root (the first member) stays whole; the other is
    /// split along the vertical line x = 200 into a piece behind the root (drawn first) and
    /// a piece in front of it (drawn last). Seen from behind (the stage turned 180 degrees
    /// about y, both layers double-sided) the X looks the same, but the root faces away, so
    /// the BSP must walk its front side first.
    @Test(arguments: [false, true], [false, true])
    func BasicSplit(reversed: Bool, fromBehind: Bool) throws {
        let a = card("A", 200, 200, at: 200, 200, red, transform: ry(30))
        let b = card("B", 200, 200, at: 200, 200, blue, transform: ry(-30))
        let root = stage(eye: 500, view: fromBehind ? ry(180) : CATransform3DIdentity, reversed ? [b, a] : [a, b])
        // The split layer's whole projected area (computed while the tree is alive).
        let full = area([(0.0, 0.0), (200, 0), (200, 200), (0, 200)].map { onCanvas(reversed ? a : b, $0.0, $0.1) })
        let plan = compile(root)
        let (whole, split) = reversed ? ("B", "A") : ("A", "B")
        #expect(plan.drawOrder == [split, whole, split])
        #expect(plan.splitCount == 2)
        let q = plan.output.quads
        try #require(q.count == 3)
        #expect(q[0].isSplit && q[2].isSplit && !q[1].isSplit)
        // The piece behind the root is the split layer's far half: on screen, B's far half is
        // left of the centre and A's right of it, from either side.
        let first = centroid(visiblePixels(q[0])).x, last = centroid(visiblePixels(q[2])).x
        if reversed { #expect(first > 200 && last < 200, "A's far half first: \(first), \(last)") }
        else { #expect(first < 200 && last > 200, "B's far half first: \(first), \(last)") }
        // The pieces tile the split layer: their areas add up to its whole projected area.
        let sum = area(visiblePixels(q[0])) + area(visiblePixels(q[2]))
        #expect(abs(sum - full) < 1e-6 * full, "pieces \(sum) vs whole \(full)")
    }

    /// Three mutually perpendicular planes through one point (xy, yz, xz), seen obliquely:
    /// the first stays whole, the second is split in two by it, the third in two by the
    /// first and each half again by the second's halves: 1 + 2 + 4 pieces.
    @Test func ThreeWaySplit() {
        let a = card("A", 200, 200, at: 200, 200, red)
        let b = card("B", 200, 200, at: 200, 200, green, transform: ry(90))
        let c = card("C", 200, 200, at: 200, 200, blue, transform: rx(90))
        let plan = compile(stage(eye: 500, view: then(ry(40), rx(-25)), [a, b, c]))
        let counts = Dictionary(grouping: plan.output.quads, by: \.layerName).mapValues(\.count)
        #expect(counts == ["A": 1, "B": 2, "C": 4], "\(plan.drawOrder)")
        #expect(plan.splitCount == 6)
        #expect(plan.output.quads.filter { $0.layerName == "A" }.allSatisfy { !$0.isSplit })
        // The pieces of each split layer tile it: each piece is a quarter or half of the layer, no sliver.
        for name in ["B", "C"] {
            let pieces = plan.output.quads.filter { $0.layerName == name }.map { area(visiblePixels($0)) }
            let total = pieces.reduce(0, +)
            for p in pieces { #expect(p > 0.05 * total, "\(name): piece \(p) of \(total)") }
        }
    }

    /// B leans back from its left edge (anchor at the left edge, 30 degrees about y), which
    /// sits `lift` px in front of A's plane; A is the BSP's root. Within the thick plane
    /// (lift < 0.05) the edge counts as on A's plane and B is wholly behind A: no split, so
    /// no 0.04 px sliver. A real lift (1 px) splits off a strip 1 / sin(30) = 2 px wide.
    @Test(arguments: [0.0, 1e-3, 1e-2, 0.04, 1.0])
    func SplitNearVertexMakesNoSliver(lift: Double) throws {
        let a = card("A", 200, 200, at: 200, 200, red)
        let b = card("B", 200, 200, at: 150, 200, blue, transform: ry(30))
        b.anchorPoint = CGPoint(x: 0, y: 0.5)
        b.zPosition = lift
        let plan = compile(stage(eye: 500, [a, b]))
        if lift < 0.05 {
            #expect(plan.drawOrder == ["B", "A"], "lift \(lift)")
            #expect(plan.splitCount == 0)
        } else {
            #expect(plan.drawOrder == ["B", "A", "B"])
            #expect(plan.splitCount == 2)
            try #require(plan.output.quads.count == 3)
            // The strip in front: 2 local px wide, about 1.7 px on screen, 200 tall.
            let strip = area(visiblePixels(plan.output.quads[2]))
            #expect(strip > 250 && strip < 450, "front strip \(strip) px^2")
        }
        for q in plan.output.quads { #expect(area(visiblePixels(q)) > 100, "\(q.layerName): \(area(visiblePixels(q)))") }
    }

    /// B turns about its own diagonal (0, 0)-(200, 200) (axis (1, 1, 0) through its centre),
    /// so A's plane cuts it exactly through two vertices, or (shifted by `lift`) a hair from
    /// them. Either way the two pieces are B's two triangles (their projected areas differ:
    /// perspective enlarges the nearer one), never a sliver.
    @Test(arguments: [0.0, 1e-3, 0.03])
    func SplitThroughVertex(lift: Double) {
        let a = card("A", 200, 200, at: 200, 200, red)
        let b = card("B", 200, 200, at: 200, 200, blue, transform: CATransform3DMakeRotation(40 * degrees, 1, 1, 0))
        b.zPosition = lift
        let root = stage(eye: 500, [a, b])
        let triangles = [[(0.0, 0.0), (200, 0), (200, 200)], [(0.0, 0.0), (200, 200), (0, 200)]]
            .map { area($0.map { onCanvas(b, $0.0, $0.1) }) }
        let plan = compile(root)
        #expect(plan.drawOrder == ["B", "A", "B"], "\(plan.drawOrder)")
        #expect(plan.splitCount == 2)
        let pieces = plan.output.quads.filter { $0.layerName == "B" }.map { area(visiblePixels($0)) }
        #expect(pieces.count == 2)
        // Each piece is one triangle (the split line moves by lift / sin(40) at most: area
        // within 0.2%), one on each side.
        let matched = pieces.map { p in triangles.firstIndex { abs(p - $0) < 2e-3 * $0 } }
        #expect(Set(matched.compactMap { $0 }) == [0, 1], "pieces \(pieces) triangles \(triangles)")
    }
}
