// Hard edges that pass within GL's sub-pixel precision (1/256 pixel) of pixel centres: both
// renderers snap the cover's vertices to the 1/256 grid (DrawQuad.pixelCover) and apply the
// top-left rule, so they give such a centre to the same side, the side the snapped edge puts
// it on (not the side the exact edge does). Before, the CPU tested the exact edge and GL the
// snapped one: the fuzz test's seed 20261937 differed by 191/255 on one such pixel.
@testable import LaminaCompositor
import LaminaGL
import LaminaRaster
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct HardEdgeSnapTests {
    /// A hard-edged opaque red quad with the given cover, drawn in pixels (identity matrix)
    /// over white.
    static func plan(cover: [SIMD2<Double>], width: Int, height: Int, color: SIMD4<Float> = SIMD4(1, 0, 0, 1)) -> RenderPlan {
        let xs = cover.map(\.x), ys = cover.map(\.y)
        let quad = DrawQuad(layerName: "edge", role: "background", matrix: .identity,
                            rect: Box(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!),
                            cornerRadius: 0, antialiasedEdges: [], fill: .color(color), borderWidth: 0,
                            borderColor: SIMD4(0, 0, 0, 0), mask: nil, opacity: 1, lighting: [], clips: [], cover: cover, isSplit: false)
        return RenderPlan(targets: [RenderTarget(label: "output", width: width, height: height, clearColor: SIMD4(1, 1, 1, 1), quads: [quad])],
                          images: [])
    }

    /// Both renderers' images; they must agree on every pixel.
    static func render(_ plan: RenderPlan) throws -> (cpu: [UInt8], gl: [UInt8]) {
        let cpu = CPURenderer().render(plan).premultipliedRGBA
        let gl = try GLRenderer().render(plan).premultipliedRGBA
        let worst = zip(cpu, gl).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst == 0, "GL and CPU differ by up to \(worst)/255")
        return (cpu, gl)
    }

    /// Whether pixel (x, y) of a `width`-wide image is the quad's red (not the white background).
    static func red(_ px: [UInt8], _ x: Int, _ y: Int, width: Int) -> Bool { px[4 * (y * width + x) + 1] == 0 }

    @Test func slantedEdgeJustAboveCentres() throws {
        // The edge (0.5, 1.5) -> (14.5, 8.5), moved up by 1/1024: the exact edge passes
        // 0.00087 pixel above the centres (2.5, 2.5), (4.5, 3.5), ..., (12.5, 7.5), which lie
        // inside the quad below it. Snapped, the edge runs through them, and the top-left
        // rule gives centres on an edge whose inward normal points left (and down) to the
        // other side: none of them is drawn, on either renderer.
        let d = 1.0 / 1024
        let cover = [SIMD2(0.5, 1.5 - d), SIMD2(14.5, 8.5 - d), SIMD2(14.5, 12), SIMD2(0.5, 12)]
        let (cpu, gl) = try Self.render(Self.plan(cover: cover, width: 16, height: 14))
        for k in 1...6 {
            let x = 2 * k, y = k + 1
            #expect(!Self.red(cpu, x, y, width: 16) && !Self.red(gl, x, y, width: 16), "(\(x), \(y)) lies on the snapped edge")
            #expect(Self.red(cpu, x, y + 1, width: 16) && Self.red(gl, x, y + 1, width: 16), "(\(x), \(y + 1)) lies below it")
        }
    }

    @Test func edgeClippedByTheTarget() throws {
        // The fuzz scene's surface quad (seed 20261937), in pixels: its lower edge runs from
        // (36.44, 23.89) to x = -1, within 1e-14 pixel of the centre (2.5, 32.5). The cover is
        // clipped at x = 0 and snapped; the snapped edge leaves that centre 0.0009 pixel outside.
        let cover = [SIMD2(-0.99999999999999944, 23.564516129032253), SIMD2(4.1853582554517139, 0.48130841121495216),
                     SIMD2(34.396309314587, 6.5913884007029875), SIMD2(36.443632567849683, 23.894572025052195),
                     SIMD2(-1.0000000000000029, 33.387323943661983)]
        let (cpu, gl) = try Self.render(Self.plan(cover: cover, width: 48, height: 48))
        #expect(!Self.red(cpu, 2, 32, width: 48) && !Self.red(gl, 2, 32, width: 48))
        #expect(Self.red(cpu, 2, 31, width: 48) && Self.red(gl, 2, 31, width: 48))
    }

    @Test func layerEdgesAFractionOfAGridStepFromCentres() throws {
        // Through the compositor: a layer whose bottom edge is 1/1024 below the centres of row
        // 6 (exactly: inside; snapped onto them: a bottom edge owns no centre), and one whose
        // left edge is 1/1024 right of the centres of column 20 (exactly: outside; snapped: a
        // left edge owns its centres).
        let d = 1.0 / 1024
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 16)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 2, y: 2, width: 10, height: 4.5 + d)
        b.frame = CGRect(x: 20.5 + d, y: 2, width: 8, height: 10)
        for l in [a, b] {
            l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            l.allowsEdgeAntialiasing = false
            root.addSublayer(l)
        }
        let plan = Compositor().compile(root: root, width: 32, height: 16, background: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(plan.targets[plan.outputIndex].quads.allSatisfy { $0.antialiasedEdges.isEmpty }, "hard edges")
        let (cpu, gl) = try Self.render(plan)
        for x in 2..<12 {
            #expect(Self.red(cpu, x, 5, width: 32) && Self.red(gl, x, 5, width: 32))
            #expect(!Self.red(cpu, x, 6, width: 32) && !Self.red(gl, x, 6, width: 32), "row 6 at x \(x)")
        }
        for y in 2..<12 {
            #expect(Self.red(cpu, 20, y, width: 32) && Self.red(gl, 20, y, width: 32), "column 20 at y \(y)")
            #expect(!Self.red(cpu, 19, y, width: 32) && !Self.red(gl, 19, y, width: 32))
        }
    }

    @Test func concaveCoversDrawFanTrianglesAsGLDoes() throws {
        // Snapping can make a cover slightly concave; GL draws its fan triangles as they are.
        // Exaggerated here: the vertex (7, 3) is reflex, so the first fan triangle (2, 2),
        // (7, 3), (12, 2) turns the other way and overlaps the second: its pixels are drawn
        // twice (a translucent fill shows it), on both renderers.
        let cover = [SIMD2(2.0, 2), SIMD2(7, 3), SIMD2(12, 2), SIMD2(12, 12), SIMD2(2, 12)]
        let (cpu, gl) = try Self.render(Self.plan(cover: cover, width: 16, height: 14, color: SIMD4(0.5, 0, 0, 0.5)))
        // White under half-transparent red once: green 128 (or 127); twice: 64 (or 63).
        let twice = cpu[4 * (2 * 16 + 7) + 1], once = cpu[4 * (5 * 16 + 7) + 1]
        #expect(abs(Int(twice) - 64) <= 1 && abs(Int(once) - 128) <= 1, "twice \(twice), once \(once)")
        #expect(gl[4 * (2 * 16 + 7) + 1] == twice)
    }
}
