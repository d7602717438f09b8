// Ordering by screen overlap draws what the plain BSP drew: random scenes of rotated cards in
// one perspective context, rendered by the CPU renderer both ways and compared pixel for pixel.
import Foundation
import LaminaCompositor
import LaminaRaster
import QuartzCore
import Testing

@Suite struct DepthOrderRenderTests {
    /// A small deterministic generator (xorshift), so every run draws the same scenes.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
    }

    static func scene(seed: UInt64, count: Int) -> CALayer {
        var r = Random(state: seed)
        var cards: [CALayer] = []
        for k in 0..<count {
            let axis = (r.next() - 0.5, r.next() - 0.5, r.next() - 0.5)
            let rot = CATransform3DMakeRotation(r.next() * 2 * .pi, axis.0, axis.1, axis.2)
            let c = card("card\(k)", 40 + r.next() * 40, 40 + r.next() * 40, at: 40 + r.next() * 220, 40 + r.next() * 220,
                         CGColor(red: r.next(), green: r.next(), blue: r.next(), alpha: r.next() < 0.3 ? 0.6 : 1),
                         transform: then(rot, tr(0, 0, r.next() * 120 - 60)))
            cards.append(c)
        }
        return stage(300, 300, eye: 500, cards)
    }

    @Test(arguments: [(UInt64(1), 6), (2, 12), (3, 20), (4, 30), (5, 40), (6, 60), (7, 100), (8, 150)])
    func OverlapOrderDrawsLikeTheBSP(seed: UInt64, count: Int) {
        let compositor = Compositor()
        let reference = DepthOrdering.$byOverlap.withValue(false) {
            compositor.compile(root: Self.scene(seed: seed, count: count), width: 300, height: 300, background: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        }
        let plan = DepthOrdering.$byOverlap.withValue(true) {
            compositor.compile(root: Self.scene(seed: seed, count: count), width: 300, height: 300, background: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        }
        #expect(plan.splitCount <= reference.splitCount)
        let a = CPURenderer().render(reference).premultipliedRGBA, b = CPURenderer().render(plan).premultipliedRGBA
        // A layer split in one plan and whole in the other has its outer edge through the
        // split points, each snapped to the 1/256-pixel grid (PixelCover.swift) like every
        // vertex: off the straight snapped edge by up to 1/512 pixel, which may give a pixel
        // centre that close to the edge to the other side. And where a layer's anti-aliased
        // fringe (outside the layer, so with no depth of its own) meets another layer, the
        // BSP tree draws it in whichever order its unrelated splitting planes happen to give,
        // the overlap order by the planes extended: either is as good. Only such pixels may differ.
        var differing = 0, worst = 0, offEdge: [String] = []
        for i in stride(from: 0, to: a.count, by: 4) {
            let d = (0..<4).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()!
            guard d > 0 else { continue }
            differing += 1; worst = max(worst, d)
            let x = i / 4 % 300, y = i / 4 / 300
            if !Self.centreNearCoverEdge(x, y, reference, within: 1.0 / 256) && !Self.centreNearCoverEdge(x, y, plan, within: 1.0 / 256)
                && !Self.centreInFringe(x, y, reference) && !Self.centreInFringe(x, y, plan) {
                offEdge.append("(\(x), \(y))")
            }
        }
        #expect(offEdge.isEmpty && differing <= 3 + count / 10, "seed \(seed): \(differing) pixels differ, by up to \(worst); not at an edge: \(offEdge)")
    }

    /// Whether pixel (x, y)'s centre lies in the anti-aliased fringe of an output quad: inside
    /// its cover but outside its rectangle.
    static func centreInFringe(_ x: Int, _ y: Int, _ plan: RenderPlan) -> Bool {
        let c = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
        func det(_ p: SIMD3<Double>, _ q: SIMD3<Double>, _ r: SIMD3<Double>) -> Double {
            p.x * (q.y * r.z - q.z * r.y) - p.y * (q.x * r.z - q.z * r.x) + p.z * (q.x * r.y - q.y * r.x)
        }
        for q in plan.targets[plan.outputIndex].quads {
            let m = q.matrix
            // The local point over the centre: u * r0 + v * r1 + r3 = k * (cx, cy, 1) in x, y, w (Cramer).
            let a = SIMD3(m.r0.x, m.r0.y, m.r0.w), b = SIMD3(m.r1.x, m.r1.y, m.r1.w), t = SIMD3(m.r3.x, m.r3.y, m.r3.w)
            let dd = det(a, b, -c)
            guard abs(dd) > 1e-12 else { continue }
            let p = SIMD2(det(-t, b, -c) / dd, det(a, -t, -c) / dd)
            let inRect = p.x >= q.rect.minX && p.x <= q.rect.maxX && p.y >= q.rect.minY && p.y <= q.rect.maxY
            guard !inRect else { continue }
            var inside = true, sign = 0.0
            for k in q.cover.indices {
                let u = q.cover[k], w = q.cover[(k + 1) % q.cover.count]
                let cr = (w.x - u.x) * (p.y - u.y) - (w.y - u.y) * (p.x - u.x)
                if sign == 0 { sign = cr } else if cr * sign < 0 { inside = false; break }
            }
            if inside { return true }
        }
        return false
    }

    /// Whether pixel (x, y)'s centre lies within `distance` pixels of an edge of an output
    /// quad's cover, projected (exactly, not snapped).
    static func centreNearCoverEdge(_ x: Int, _ y: Int, _ plan: RenderPlan, within distance: Double) -> Bool {
        let c = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
        for q in plan.targets[plan.outputIndex].quads {
            let pts = q.cover.map { q.matrix.project($0) }
            for k in pts.indices {
                let p = pts[k], d = pts[(k + 1) % pts.count] - p
                let len2 = (d * d).sum()
                guard len2 > 0 else { continue }
                let t = min(max(((c - p) * d).sum() / len2, 0), 1)
                let e = p + d * t - c
                if (e * e).sum() <= distance * distance { return true }
            }
        }
        return false
    }
}
