// Mixed contexts: a flat layer between 3D siblings, an opacity group inside a 3D context,
// and 3D -> flat -> 3D (an ordinary layer inside a transformLayer context with a
// perspective of its own: flattened into its plane, yet sorted in the outer context).
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct ContextTests {
    /// A plain layer F at z = 0 between two turned siblings: N (40 degrees about y, moved
    /// +60 toward the viewer, so z in [28, 92]) and R (-40 degrees, moved -60: z in
    /// [-92, -28]). The array order is N, F, R (all zPosition 0): the tie order is the
    /// reverse of the depth order R, F, N.
    @Test(arguments: [nil, 500.0])
    func FlatLayerBetween3DSiblings(eye: Double?) {
        let near = card("N", 100, 100, at: 200, 200, red, transform: then(ry(40), tr(0, 0, 60)))
        let flat = card("F", 100, 100, at: 200, 200, green)
        let far = card("R", 100, 100, at: 200, 200, blue, transform: then(ry(-40), tr(0, 0, -60)))
        let plan = compile(stage(eye: eye, [near, flat, far]))
        #expect(plan.drawOrder == ["R", "F", "N"])
        #expect(plan.splitCount == 0)
    }

    /// The same with overlapping depth ranges, so no cheap sort applies: R (-40 degrees,
    /// moved only -30: z = -30 + 0.643 x in [-62, 2]) pokes through F's plane along its
    /// right edge (x > 46.7 of 50), a real intersection. N (the BSP's root, first in the
    /// array) is in front of both; F is split off R's near strip: R's far part, F, R's
    /// strip, then N.
    @Test func FlatLayerBetween3DSiblingsOverlappingRanges() throws {
        let near = card("N", 100, 100, at: 200, 200, red, transform: then(ry(40), tr(0, 0, 60)))
        let flat = card("F", 100, 100, at: 200, 200, green)
        let far = card("R", 100, 100, at: 200, 200, blue, transform: then(ry(-40), tr(0, 0, -30)))
        let plan = compile(stage(eye: 500, [near, flat, far]))
        #expect(plan.drawOrder == ["R", "F", "R", "N"], "\(plan.drawOrder)")
        #expect(plan.splitCount == 2)
        try #require(plan.output.quads.count == 4)
        // R's near strip is 3.3 local units wide (x from 46.7 to 50), about 2.6 px on screen.
        let strip = area(visiblePixels(plan.output.quads[2]))
        #expect(strip > 150 && strip < 400, "strip \(strip)")
    }

    /// A member with opacity 0.5 and two overlapping sublayers, in a 3D context, gets a
    /// render target (the group), drawn as one surface quad at opacity 0.5; its sublayers are
    /// drawn opaque into the target.
    @Test(arguments: [false, true])
    func OpacityGroupIn3DContext(turned: Bool) throws {
        let g = CALayer()
        g.name = "G"
        g.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        g.position = CGPoint(x: 200, y: 200)
        g.opacity = 0.5
        if turned { g.transform = ry(20) }
        g.sublayers = [card("S1", 120, 120, at: 80, 100, red), card("S2", 120, 120, at: 120, 100, blue)]
        let plan = compile(stage(eye: 500, [card("ground", 300, 300, at: 200, 200, gray, transform: tr(0, 0, -50)), g]))
        #expect(plan.targets.count == 2)
        #expect(plan.drawOrder == ["ground", "G"])
        try #require(plan.output.quads.count == 2 && plan.targets.count == 2)
        let surface = plan.output.quads[1]
        #expect(surface.role == "surface" && surface.opacity == 0.5)
        let inner = plan.targets[0].quads
        #expect(inner.map(\.layerName) == ["S1", "S2"])
        #expect(inner.allSatisfy { $0.opacity == 1 })
    }

    /// 3D -> flat -> 3D. T (a transformLayer turned 20 degrees) holds P and Q. P is an
    /// ordinary layer with a perspective sublayerTransform of its own and a child K turned
    /// 60 degrees: K is flattened into P (a render target), so K never appears in the output
    /// target, while P's surface takes part in T's context: Q, 20 in front of P, is drawn
    /// after P although it comes first in the array.
    @Test func ThreeDFlatThreeD() throws {
        let (root, _, _, _) = threeDFlatThreeD()
        let plan = compile(root)
        try #require(plan.targets.count == 2 && plan.output.quads.count == 2)
        #expect(plan.drawOrder == ["P", "Q"], "\(plan.drawOrder)")
        #expect(plan.output.quads[0].role == "surface")
        #expect(plan.targets[0].quads.map(\.layerName) == ["P", "K"])
        #expect(!plan.drawOrder.contains("K"))
    }

    /// The context root's own content is behind its context and its border in front, even
    /// when members come toward the viewer or go far behind.
    @Test func RootBackgroundBehindBorderInFront() {
        let root = stage(eye: 500, [
            card("near", 100, 100, at: 150, 200, red, transform: then(ry(30), tr(0, 0, 200))),
            card("far", 100, 100, at: 250, 200, blue, transform: tr(0, 0, -300)),
        ])
        root.backgroundColor = gray
        root.cornerRadius = 10
        root.borderWidth = 3
        root.borderColor = green
        let plan = compile(root)
        #expect(plan.drawOrder == ["stage", "far", "near", "stage"])
        #expect(plan.output.quads.first?.role == "background" && plan.output.quads.last?.role == "border")
    }
}
