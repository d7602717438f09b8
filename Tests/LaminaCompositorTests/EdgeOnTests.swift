// A rotation animated through edge-on (90 degrees): the order of the quads is the same on
// every frame around it (no flicker), and exactly edge-on a card covers nothing.
import LaminaCompositor
import QuartzCore
import Testing

let edgeOnAngles = [89.9, 89.99, 90.0, 90.01, 90.1]

@Suite struct EdgeOnTests {
    /// No perspective: card C (100x100, moved 50 toward the viewer after turning by `angle`
    /// about y) stands on B's plane (z = 50 -+ 50 sin(angle) >= 0) through B's centre. C lies
    /// wholly in front of B's plane, so B is drawn whole before it (the plain BSP, rooted at C,
    /// splits B by C's plane instead, with the same pixels). Exactly edge-on, C covers no area.
    static func orthographic(_ angle: Double) -> CALayer {
        let c = card("C", 100, 100, at: 200, 200, red, transform: then(ry(angle), tr(0, 0, 50)))
        let b = card("B", 200, 200, at: 200, 200, blue)
        return stage(eye: nil, [c, b])
    }

    @Test(arguments: edgeOnAngles)
    func RotationThroughEdgeOnOrthographic(angle: Double) {
        let plan = compile(Self.orthographic(angle))
        if angle == 90 {
            for q in plan.output.quads where q.layerName == "C" { #expect(area(visiblePixels(q)) < 1e-9) }
            #expect(collapsed(plan.drawOrder.filter { $0 != "C" }) == ["B"] || plan.drawOrder == ["B", "C", "B"], "\(plan.drawOrder)")
        } else {
            #expect(plan.drawOrder == ["B", "C"], "angle \(angle)")
            #expect(plan.splitCount == 0)
        }
    }

    /// With perspective (eye at (200, 200, 500)): B (150 wide, turned 10 degrees, centred
    /// at x = 75) and C (300x100, turned by `angle`, moved to z = 160, centred at x = 170).
    /// C's plane x ~ 170 misses B (x <= 149) and faces the eye (at x = 200) on every frame, so
    /// C is drawn after B: z ranges overlap ([-13, 13] and [10, 310]), so this is the BSP's
    /// decision, against the tie order (C first). C is seen obliquely, never edge-on: on
    /// screen it spans x from 200 - 30 / 0.98 = 169.4 to 200 - 30 / 0.38 = 121.
    static func perspective(_ angle: Double) -> CALayer {
        let c = card("C", 300, 100, at: 170, 200, red, transform: then(ry(angle), tr(0, 0, 160)))
        let b = card("B", 150, 300, at: 75, 200, blue, transform: ry(10))
        return stage(eye: 500, [c, b])
    }

    @Test(arguments: edgeOnAngles)
    func RotationThroughEdgeOnPerspective(angle: Double) throws {
        let plan = compile(Self.perspective(angle))
        #expect(plan.drawOrder == ["B", "C"], "angle \(angle)")
        #expect(plan.splitCount == 0)
        try #require(plan.output.quads.count == 2)
        let xs = visiblePixels(plan.output.quads[1]).map(\.x)
        try #require(!xs.isEmpty)
        #expect(abs(xs.min()! - 121) < 1.5 && abs(xs.max()! - 169.4) < 1.5, "\(xs)")
    }
}
