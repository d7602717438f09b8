// The interpolated pixel row (Sources/LaminaGL/InterpolatedRow.swift): which triangles may use
// it, and that drawing with it gives the bytes gl_FragCoord.y gives.
import Foundation
import LaminaCompositor
@testable import LaminaGL
import LaminaWorkloads
import Testing

@Suite struct InterpolatedRowTests {
    func p(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(x, y) }

    @Test func wideTrianglesPass() {
        // flat-10000's row backgrounds (800 x 6) and a card-sized triangle.
        #expect(InterpolatedRow.isSafe(p(0, 0), p(800, 0), p(800, 6)))
        #expect(InterpolatedRow.isSafe(p(10.5, 20.25), p(70, 31), p(40.125, 60)))
        // A horizontal sliver: the row's gradient error is tiny whatever its area.
        #expect(InterpolatedRow.isSafe(p(0, 0.5), p(100, 0.5), p(100, 0.5 + 1.0 / 256)))
    }

    @Test func zeroAreaPasses() {
        #expect(InterpolatedRow.isSafe(p(0, 0), p(10, 10), p(20, 20)))
    }

    @Test func diagonalSliverFailsOnlyWithAPixelCentre() {
        // dx * dy^2 = 100 * 100.004^2 against 2^18 * 100/256: the bound fails both.
        let step = 1.0 / 256
        // Its side from (0, 0) to (100, 100) runs through every centre (k + 0.5, k + 0.5).
        #expect(InterpolatedRow.holdsPixelCentre(p(0, 0), p(100, 100), p(100, 100 + step)))
        #expect(!InterpolatedRow.isSafe(p(0, 0), p(100, 100), p(100, 100 + step)))
        // A quarter pixel left of the centres, narrower than a quarter pixel: none.
        #expect(!InterpolatedRow.holdsPixelCentre(p(0, 0.25), p(100, 100.25), p(100, 100.25 + step)))
        #expect(InterpolatedRow.isSafe(p(0, 0.25), p(100, 100.25), p(100, 100.25 + step)))
    }

    @Test func pixelCentresOnTheBoundaryCount() {
        #expect(InterpolatedRow.holdsPixelCentre(p(0, 0), p(1, 0), p(0, 1)))   // (0.5, 0.5) on the hypotenuse
        #expect(!InterpolatedRow.holdsPixelCentre(p(0, 0), p(0.4, 0), p(0, 0.4)))
        #expect(InterpolatedRow.holdsPixelCentre(p(3.5, 7.5), p(3.5, 7.5), p(3.5, 7.5)))   // a point on a centre
    }

    @Test func fansCheckEveryTriangle() {
        let square = [p(0, 0), p(40, 0), p(40, 40), p(0, 40)]
        #expect(InterpolatedRow.isSafe(fan: square, apex: 0))
        // A pentagon whose point 3 sits a 256th above the diagonal (0, 0)-(100, 100): the fan
        // from point 0 has the sliver (0, 2, 3), holding the centres on that diagonal; the fan
        // from point 1 has none.
        let step = 1.0 / 256
        let cover = [p(0, 0), p(100, 0), p(100, 100), p(50, 50 + step), p(0, 50)]
        #expect(!InterpolatedRow.isSafe(fan: cover, apex: 0))
        #expect(InterpolatedRow.isSafe(fan: cover, apex: 1))
    }

    @Test func verticesAndIndicesAsDrawn() {
        let step: Float = 1.0 / 256
        let v = [QuadVertex(px: 0, py: 0, record: 0), QuadVertex(px: 100, py: 100, record: 0),
                 QuadVertex(px: 100, py: 100 + step, record: 0), QuadVertex(px: 0, py: 100, record: 0)]
        #expect(InterpolatedRow.isSafe(v, [0, 1, 3][...]))
        #expect(!InterpolatedRow.isSafe(v, [0, 1, 3, 0, 1, 2][...]))
        #expect(!InterpolatedRow.isSafe(v, [0, 1, 3, 0, 1, 2][3...]))
    }

    @Test(.enabled(if: GL.available, GL.reason))
    func thinTrianglesReadTheCoordRow() throws {
        // cards-1000 (seed 1) has a quad whose fan holds a sliver over a pixel centre: it is drawn
        // in a draw of its own reading gl_FragCoord.y, and the image is the all-gl_FragCoord one.
        let pl = plan(try #require(Workload(name: "cards-1000")).scene(seed: 1))
        let gl = try GLRenderer()
        let interpolated = try gl.render(pl).premultipliedRGBA
        #expect(gl.lastFrameCoordRowQuads > 0)
        #expect(gl.lastFrameDrawCalls == 1 + 2 * gl.lastFrameCoordRowQuads, "each such quad splits the draw")
        gl.interpolatesRows = false
        let same = try gl.render(pl).premultipliedRGBA == interpolated
        #expect(same)
        #expect(gl.lastFrameDrawCalls == 1)
    }

    @Test(.enabled(if: GL.available, GL.reason), arguments: ["cards-300", "cubes-64", "parallel-300", "demo-300", "flat-1000"])
    func interpolatedRowsGiveTheSameBytes(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let pl = plan(w.scene(seed: 3))
        var images: [[UInt8]] = []
        for rows in [false, true] {
            let gl = try GLRenderer()
            gl.interpolatesRows = rows
            images.append(try gl.render(pl).premultipliedRGBA)
            if !rows { #expect(gl.lastFrameCoordRowQuads == 0, "every quad reads gl_FragCoord.y: none moved") }
        }
        let same = images[0] == images[1]   // (not inside #expect: a failure would print both images)
        #expect(same, "\(name)")
    }
}
