// Batching without GL: covers become indexed fan triangles, consecutive quads share a draw
// until a texture unit, the shader variant or the blending must change, and records hold
// what quad.vert reads at the offsets it reads them.
@testable import LaminaCompositor
@testable import LaminaGL
import QuartzCore
import Testing

@Suite struct BatchTests {
    /// A quad whose cover is a regular n-gon of radius `r` (50: 5,000 pixels as a square, a large quad).
    func quad(_ fill: Fill = .color(SIMD4(1, 0, 0, 1)), edges: EdgeMask = .all, cover n: Int = 4, border: Double = 0, r: Double = 50) -> DrawQuad {
        let box = Box(minX: 0, minY: 0, maxX: 100, maxY: 100)
        let cover = (0..<n).map { k -> SIMD2<Double> in
            let a = Double(k) / Double(n) * 2 * .pi
            return SIMD2(50 + r * cos(a), 50 + r * sin(a))
        }
        return DrawQuad(layerName: "q", role: "background", matrix: .identity, rect: box, cornerRadius: 0, antialiasedEdges: edges,
                        fill: fill, borderWidth: border, borderColor: SIMD4(0, 0, 0, 1), mask: nil, opacity: 1, lighting: [],
                        clips: [], cover: cover, isSplit: false)
    }

    func texture(_ name: UInt32) -> (BoundTexture, SIMD2<Int>?) { (BoundTexture(name: name, width: 64, height: 64), SIMD2(50, 40)) }

    @Test func coversBecomeFanTriangles() {
        var b = FrameBatches()
        b.shortestFans = false
        b.add([quad(cover: 5), quad(cover: 3)], width: 100, height: 100) { _ in nil }
        #expect(b.vertices.count == 8)
        let fan: [UInt32] = [0, 1, 2, 0, 2, 3, 0, 3, 4, 5, 6, 7]
        #expect(b.indices == fan)
        #expect(b.draws.count == 1 && b.draws[0].count == 1 && b.draws[0][0].count == 12)
        #expect(b.vertices[5].record == Int32(FrameBatches.baseTexels), "the second record follows the first")
        // By default a strictly convex cover's fan starts at the apex of its shortest diagonals.
        var s = FrameBatches()
        s.add([quad(cover: 5), quad(cover: 3)], width: 100, height: 100) { _ in nil }
        let a = UInt32(FanTriangles.apex(quad(cover: 5).pixelCover(width: 100, height: 100)))
        #expect(a != 0)
        let rotated = [1, 2, 2, 3, 3, 4].map { (a + $0) % 5 }
        #expect(s.indices == [a, rotated[0], rotated[1], a, rotated[2], rotated[3], a, rotated[4], rotated[5], 5, 6, 7])
    }

    @Test func fiveTexturesNeedTwoDraws() {
        var b = FrameBatches()
        let small = { (i: Int) in self.quad(.image(index: i, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)), r: 20) }
        let quads = (0..<5).map(small) + [small(0)]
        b.add(quads, width: 100, height: 100) { fill in
            if case .image(let i, _) = fill { return self.texture(UInt32(10 + i)) }
            return nil
        }
        let draws = b.draws[0]
        #expect(draws.count == 2)
        #expect(draws[0].textures.map(\.name) == [10, 11, 12, 13])
        #expect(draws[1].textures.map(\.name) == [14, 10], "a texture bound in the previous draw is bound again")
        // The sixth quad samples unit 1 of the second draw: flags hold the slot at bit 9.
        let sixth = Int(b.vertices[b.vertices.count - 1].record) * 4
        let flags = Int(b.records[sixth + 40])
        #expect((flags >> 9) & 7 == 1 && (flags >> 7) & 3 == 2)
        // A target in a larger texture: its own size and 1 / the texture's size.
        let sizes: [Float] = [50, 40, 1.0 / 64, 1.0 / 64]
        #expect(Array(b.records[sixth + 44..<sixth + 48]) == sizes)
        // Its sides as lines in pixels (EdgeLines), three texels from the sixteenth.
        #expect(Array(b.records[sixth + 60..<sixth + 72]) == quads[5].outerLines.packed)
    }

    /// Each fragment of a draw samples every unit it binds (software GL runs every branch):
    /// large quads get draws binding only what they sample; small ones still share units.
    @Test func largeTexturedQuadsBindOnlyTheirTextures() {
        var b = FrameBatches()
        let uv = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        let quads = [quad(.image(index: 0, uv: uv)), quad(.image(index: 1, uv: uv)), quad(.image(index: 1, uv: uv), r: 20),
                     quad(.image(index: 2, uv: uv), r: 20), quad(.image(index: 3, uv: uv), r: 20), quad(.image(index: 4, uv: uv))]
        b.add(quads, width: 100, height: 100) { fill in
            if case .image(let i, _) = fill { return self.texture(UInt32(10 + i)) }
            return nil
        }
        // Large #0; large #1 with small #1 (no new unit); small #2, #3 (a draw with a large quad
        // takes no more units); large #4.
        #expect(b.draws[0].map { $0.textures.map(\.name) } == [[10], [11], [12, 13], [14]])
    }

    @Test func variantsAndBlendingSplitRuns() {
        var b = FrameBatches()
        // Anti-aliased, then a small hard-edged opaque one (joins), a bordered one (a new
        // variant), a plain one (joins: the bordered variant computes it exactly), then two
        // big hard-edged opaque ones (a draw without blending).
        let big = { () -> DrawQuad in var q = self.quad(edges: []); q.matrix = Mat4(SIMD4(3, 0, 0, 0), SIMD4(0, 3, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)); return q }
        var small = quad(edges: [])
        small.rect = Box(minX: 0, minY: 0, maxX: 10, maxY: 10)
        small.cover = small.rect.corners
        b.add([quad(), small, quad(border: 2), quad(), big(), big()], width: 300, height: 300) { _ in nil }
        let draws = b.draws[0]
        #expect(draws.map(\.variant) == [[], [.border], []])
        #expect(draws.map(\.blends) == [true, true, false])
        #expect(draws.map(\.count) == [12, 12, 12])
    }

    @Test func matrixRecordIsCoreAnimationFieldOrder() {
        var q = quad()
        q.matrix = Mat4(SIMD4(1, 2, 3, 4), SIMD4(5, 6, 7, 8), SIMD4(9, 10, 11, 12), SIMD4(13, 14, 15, 16))
        var b = FrameBatches()
        b.add([q], width: 100, height: 100) { _ in nil }
        let fields: [Float] = (1...16).map { Float($0) }
        #expect(Array(b.records[0..<16]) == fields)
    }

    @Test func sizeClasses() {
        #expect(SurfacePool.sizeClass(800, 600, limit: 8192) == (1024, 1024))
        #expect(SurfacePool.sizeClass(10, 64, limit: 8192) == (64, 64))
        #expect(SurfacePool.sizeClass(256, 65, limit: 8192) == (256, 128))
        #expect(SurfacePool.sizeClass(5000, 100, limit: 8192) == (8192, 128))
        #expect(SurfacePool.sizeClass(5000, 100, limit: 6000) == (5000, 100), "past the limit: the exact size")
    }
}
