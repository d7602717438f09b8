// Covers drawn as the fan with the shortest diagonals (FanTriangles.swift) give the bytes of
// the fans from each cover's first point, and only strictly convex covers change fan.
import Foundation
import LaminaCompositor
@testable import LaminaGL
import LaminaRaster
import LaminaScene
import LaminaWorkloads
import QuartzCore
import Testing

struct FanTrianglesTests {
    @Test func convexity() {
        let square: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 4], [0, 4]]
        #expect(FanTriangles.isStrictlyConvex(square))
        #expect(FanTriangles.isStrictlyConvex(square.reversed()))
        // A straight corner, a reflex corner, a star (every turn the same way, winding twice).
        #expect(!FanTriangles.isStrictlyConvex([[0, 0], [2, 0], [4, 0], [4, 4], [0, 4]]))
        #expect(!FanTriangles.isStrictlyConvex([[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]]))
        let star = (0..<5).map { k -> SIMD2<Double> in
            let a = Double(k * 2) * 2 * Double.pi / 5
            return SIMD2((cos(a) * 256).rounded() / 16, (sin(a) * 256).rounded() / 16)
        }
        #expect(!FanTriangles.isStrictlyConvex(star))
    }

    @Test func apexOfTheShorterDiagonal() {
        // A long thin quad: the diagonal p1-p3 is the shorter.
        let quad: [SIMD2<Double>] = [[0, 0], [10, 1], [20, 0], [10, -1]]
        #expect(FanTriangles.apex(quad) == 1)
        #expect(FanTriangles.apex([[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]]) == 0, "not convex: the first point")
        #expect(FanTriangles.apex([[0, 0], [4, 0], [0, 4]]) == 0)
    }

    @Test(.enabled(if: GL.available, GL.reason), arguments: ["cards-300", "parallel-300", "cubes-64"])
    func shortestFansGiveTheSameBytes(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let p = plan(w.scene(seed: 3))
        let out = p.targets[p.outputIndex]
        let moved = out.quads.filter { FanTriangles.apex($0.pixelCover(width: out.width, height: out.height)) != 0 }.count
        #expect(moved > 0, "some cover drawn from another apex")
        var images: [[UInt8]] = []
        for fans in [false, true] {
            let gl = try GLRenderer()
            gl.shortestFans = fans
            images.append(try gl.render(p).premultipliedRGBA)
        }
        let same = images[0] == images[1]   // (not inside #expect: a failure would print both images)
        #expect(same, "\(name)")
    }
}
