// The pixel interior (PixelInterior.swift) the GL depth pre-pass paints out of order: every
// pixel centre inside it lies inside the quad's pixel cover and maps, in double precision,
// at least well inside `interior` (so the shader's fast path, coverage 1, applies).
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct PixelInteriorTests {
    /// Whether `p` is inside the convex polygon (either orientation), by at least `margin`.
    static func inside(_ p: SIMD2<Double>, _ poly: [SIMD2<Double>], margin: Double = 0) -> Bool {
        var sign = 0.0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count], d = b - a
            let len = (d * d).sum().squareRoot()
            guard len > 0 else { continue }
            let c = (d.x * (p.y - a.y) - d.y * (p.x - a.x)) / len
            if sign == 0 { sign = c >= 0 ? 1 : -1 }
            if c * sign < margin { return false }
        }
        return true
    }

    @Test func centresInsideMapIntoTheInterior() {
        // Turned, tilted, rounded, bordered, clipped by the canvas edge and split by each other.
        var cards: [CALayer] = []
        for i in 0..<12 {
            let c = card("c\(i)", 150, 110, at: 60 + Double(i) * 30, 200, i % 2 == 0 ? red : green,
                         transform: then(then(ry(Double(i) * 9 - 50), rx(Double(i) * 5 - 20)), tr(0, 0, Double(i % 3) * 40 - 40)))
            if i % 3 == 1 { c.cornerRadius = 14 }
            if i % 4 == 2 { c.borderWidth = 5 }
            cards.append(c)
        }
        let plan = compile(stage(eye: 500, cards), 400, 400)
        var checked = 0, polygons = 0
        for q in plan.targets[plan.outputIndex].quads {
            let poly = q.pixelInterior(width: 400, height: 400, inset: 0.5)
            guard poly.count >= 3, let box = q.interior else { continue }
            polygons += 1
            let cover = q.pixelCover(width: 400, height: 400)
            let xs = poly.map(\.x), ys = poly.map(\.y)
            for y in Int(ys.min()!.rounded(.down))...Int(ys.max()!.rounded(.up)) {
                for x in Int(xs.min()!.rounded(.down))...Int(xs.max()!.rounded(.up)) {
                    let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                    guard Self.inside(p, poly) else { continue }
                    checked += 1
                    #expect(p.x >= 0 && p.x <= 400 && p.y >= 0 && p.y <= 400)
                    #expect(Self.inside(p, cover, margin: 0.25), "\(q.layerName): \(p) not well inside its cover")
                    guard let l = q.matrix.unproject(p) else { Issue.record("\(q.layerName): \(p) unprojects to nothing"); continue }
                    #expect(l.x > box.minX && l.x < box.maxX && l.y > box.minY && l.y < box.maxY, "\(q.layerName): \(p) -> \(l) outside \(box)")
                }
            }
        }
        #expect(polygons >= 12 && checked > 10_000, "\(polygons) polygons, \(checked) centres")
    }

    @Test func nothingWithoutAnInteriorOrOffTarget() {
        let plan = compile(stage(eye: 500, [card("far", 100, 100, at: 900, 200, red)]), 400, 400)
        for q in plan.allQuads { #expect(q.pixelInterior(width: 400, height: 400, inset: 0.5).isEmpty) }
        var q = compile(stage(eye: 500, [card("c", 100, 100, at: 200, 200, red)]), 400, 400).output.quads[0]
        #expect(q.pixelInterior(width: 400, height: 400, inset: 0.5).count >= 4)
        // Inset by more than the half-size: empty.
        #expect(q.pixelInterior(width: 400, height: 400, inset: 60).isEmpty)
        q.interior = nil
        #expect(q.pixelInterior(width: 400, height: 400, inset: 0.5).isEmpty)
        #expect(polygonArea([SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3)]) == 6)
    }
}
