// A row's span of a pixel cover, found from each edge's integer bound, must be exactly the
// centres the exact test accepts, scanned one by one: random covers on the 1/256-pixel grid,
// convex and not, thin slivers, covers reaching past the target's sides, and a few off the
// grid (found by scanning).
@testable import LaminaRaster
import Foundation
import Testing

@Suite struct PolygonRasterTests {
    @Test func spansEqualAScanOfEveryCentre() {
        var state: UInt64 = 0xC0FF_EE12_3456_789A
        func next(_ n: Double) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * n
        }
        var offGrid = false
        func snap(_ v: Double) -> Double { offGrid ? v : (v * 256).rounded() / 256 }
        let width = 40
        var spans = 0
        for k in 0..<3000 {
            // A small polygon (3-7 points around a centre, some thin, some past the sides).
            let n = 3 + Int(next(5)), cx = next(60) - 10, cy = next(40), r = k % 5 == 0 ? next(1.5) : next(20)
            let squash = k % 7 == 0 ? 0.02 : 1
            offGrid = k % 13 == 0
            var pts: [SIMD2<Double>] = []
            for i in 0..<n {
                let a = (Double(i) + next(0.9)) / Double(n) * 2 * .pi * (k % 11 == 0 ? -1 : 1)
                let rr = k % 3 == 0 ? r * (0.3 + next(0.7)) : r
                pts.append(SIMD2(snap(cx + rr * cos(a)), snap(cy + rr * sin(a) * squash)))
            }
            let raster = PolygonRaster(pts)
            #expect(raster.onGrid == !(offGrid || raster.edges.isEmpty))
            for piece in raster.pieces {
                for row in -1...41 {
                    let y = Double(row) + 0.5
                    let scan = (0..<width).filter { raster.inside(piece, Double($0) + 0.5, y) }
                    let expected = scan.isEmpty ? nil : (scan.first!, scan.last!)
                    let got = raster.span(piece, row: row, width: width)
                    #expect(got.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] }, "polygon \(k) row \(row): \(pts)")
                    if expected != nil { spans += 1 }
                    // Consecutive: every centre between the ends is inside.
                    if let (a, b) = expected { #expect(scan.count == b - a + 1) }
                }
            }
        }
        #expect(spans > 20_000)
    }
}
