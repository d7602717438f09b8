// masksToBounds with rounded corners over a 3D child: the subtree is clipped to the
// layer's rounded bounds, in the layer's plane.
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct MaskTests {
    /// M (200x200, cornerRadius 40, masksToBounds) with a perspective sublayerTransform and
    /// a 300x300 child K turned 20 degrees about x, larger than M on every side.
    static func masked(turned: Bool) -> CALayer {
        let m = card("M", 200, 200, at: 200, 200, nil, transform: turned ? ry(25) : CATransform3DIdentity)
        m.cornerRadius = 40
        m.masksToBounds = true
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 400
        m.sublayerTransform = p
        m.addSublayer(card("K", 300, 300, at: 100, 100, red, transform: rx(20)))
        return stage(eye: 500, [m])
    }

    /// The mask needs a render target: M's output quad is a surface on M's bounds with the
    /// corner radius (so the renderer rounds it), and K is only drawn into M's target.
    @Test(arguments: [false, true])
    func MaskedRoundedCornersOver3DChild(turned: Bool) throws {
        let plan = compile(Self.masked(turned: turned))
        try #require(plan.targets.count == 2)
        try #require(plan.drawOrder == ["M"])
        let q = plan.output.quads[0]
        #expect(q.role == "surface")
        #expect(q.rect == Box(minX: 0, minY: 0, maxX: 200, maxY: 200))
        #expect(q.cornerRadius == 40)
        #expect(plan.targets[0].quads.map(\.layerName) == ["K"])
    }
}
