// The pixel cover both renderers rasterize (PixelCover.swift): projected, clipped to the
// target, snapped to the 1/256-pixel grid.
@testable import LaminaCompositor
import QuartzCore
import Testing

@Suite struct PixelCoverTests {
    static func quad(_ cover: [SIMD2<Double>], matrix: Mat4 = .identity) -> DrawQuad {
        DrawQuad(layerName: "q", role: "background", matrix: matrix, rect: Box(minX: 0, minY: 0, maxX: 1, maxY: 1), cornerRadius: 0,
                 antialiasedEdges: [], fill: .color(SIMD4(1, 0, 0, 1)), borderWidth: 0, borderColor: SIMD4(0, 0, 0, 0), mask: nil,
                 opacity: 1, lighting: [], clips: [], cover: cover, isSplit: false)
    }

    static func onGrid(_ p: SIMD2<Double>) -> Bool {
        let s = p * 256
        return s.x.rounded() == s.x && s.y.rounded() == s.y
    }

    @Test func verticesSnapToTheGridAfterProjection() {
        // Scaled by 1.5 and moved by 0.3: 1.3 * 1.5 + 0.3 = 2.25 (on the grid), 2.001 * 1.5 + 0.3 = 3.3015 -> 845/256.
        let m = Mat4(SIMD4(1.5, 0, 0, 0), SIMD4(0, 1.5, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0.3, 0.3, 0, 1))
        let c = Self.quad([SIMD2(1.3, 1.3), SIMD2(2.001, 1.3), SIMD2(2.001, 2.001)], matrix: m).pixelCover(width: 8, height: 8)
        let g = 845.0 / 256
        let expected: [SIMD2<Double>] = [SIMD2(2.25, 2.25), SIMD2(g, 2.25), SIMD2(g, g)]
        #expect(c == expected)
        #expect(SubpixelGrid.snap(1.0 / 512) == 0, "ties to even")
        #expect(SubpixelGrid.snap(3.0 / 512) == 2.0 / 256, "ties to even")
    }

    @Test func clippedToTheTarget() {
        // A triangle reaching far outside a 16 x 12 target: every point inside it, on the grid.
        let c = Self.quad([SIMD2(-10, -7), SIMD2(30, 3.3), SIMD2(4.1, 40)]).pixelCover(width: 16, height: 12)
        #expect(c.count >= 3)
        let inside = c.allSatisfy { p in p.x >= 0 && p.x <= 16 && p.y >= 0 && p.y <= 12 && Self.onGrid(p) }
        #expect(inside, "\(c)")
        let xs = c.map(\.x), ys = c.map(\.y)
        #expect(xs.min() == 0 && xs.max() == 16 && ys.min() == 0 && ys.max() == 12, "\(c)")
        // Entirely outside: nothing.
        #expect(Self.quad([SIMD2(20, 1), SIMD2(30, 1), SIMD2(25, 5)]).pixelCover(width: 16, height: 12).isEmpty)
    }

    @Test func quadsSharingAnEdgeGetTheSameClippedPoints() {
        // Two triangles on either side of the edge (-5, 1) -> (9, 20), which leaves the
        // 8 x 8 target: the crossing points are computed the same way for both.
        let a = SIMD2(-5.0, 1.0), b = SIMD2(9.0, 20.0)
        let left = Self.quad([a, b, SIMD2(-5, 20)]).pixelCover(width: 8, height: 8)
        let right = Self.quad([b, a, SIMD2(9, 1)]).pixelCover(width: 8, height: 8)
        let shared = Set(left.map { "\($0)" }).intersection(right.map { "\($0)" })
        #expect(shared.count == 2, "left \(left), right \(right)")
    }

    @Test func slivers() {
        // Thinner than half a grid step: every point snaps onto one line, nothing is left.
        #expect(Self.quad([SIMD2(1, 1), SIMD2(5, 1), SIMD2(5, 1.001), SIMD2(1, 1.001)]).pixelCover(width: 8, height: 8).isEmpty)
        #expect(Self.quad([SIMD2(1, 1), SIMD2(.nan, 1), SIMD2(5, 5)]).pixelCover(width: 8, height: 8).isEmpty)
        #expect(Self.quad([SIMD2(1, 1), SIMD2(5, 1)]).pixelCover(width: 8, height: 8).isEmpty)
    }
}
