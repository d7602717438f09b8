import Foundation
// An exact early reject for the straight (horizontal, vertical) seam pairs of Seams+Pairs.swift:
// a pair passes only when its two quads lie on opposite sides of the shared line. Along one
// line of an axis-aligned UI (a row's cells, their tops all with the cell below) or of a stack
// of parallel cards (all their left sides with the card to the right) the quads mostly lie on
// one side, and such edges need no sort and no sweep.
//
// Why it is exact. For a horizontal edge e (u = (+-1, 0) exactly, n = (-0, u.x)) the test's
// sides are si = u.x (e.inside.y - e.a.y) and sj = u.x (f.inside.y - e.a.y) (the other
// term a zero, or NaN, which fails the test anyway), and the pair needs |f.a.y - e.a.y| <= the
// tolerance. An edge whose inside point lies over a pixel beyond its line, on the side of
// larger y (say), keeps that side for any line within the tolerance of its own: two such
// edges give si and sj of one sign, and fail. So an edge can pass only with an edge facing the
// other way, or one whose inside is within a pixel of its line (undecided, rare: a thin quad),
// and both lie in the same or neighbouring bins of width 1/8 pixel (wider than the tolerance).
// Likewise for vertical edges with x.

/// `lines` (straight edges of one direction: line coordinate, extent along it, frame index)
/// without the edges that cannot pass the pair test with any other edge of the list because
/// every edge near their line faces the same way; the rest keep their order. `vertical`: the
/// line coordinate is x (else y).
func dropOneSidedStraightEdges(_ lines: inout [(at: Double, lo: Double, hi: Double, edge: Int)], _ frames: UnsafeBufferPointer<SeamFrame>, vertical: Bool) {
    let n = lines.count
    guard n >= 32 else { return }
    var low = Double.infinity, high = -Double.infinity
    for l in lines { low = min(low, l.at); high = max(high, l.at) }
    // Bins of 1/8 pixel over the lines' span (far too wide a span, or far-off lines: no
    // reject; a difference's rounding error then stays far below the bin).
    let binsPerPixel = 8.0
    guard max(abs(low), abs(high)) < 1e9, (high - low) * binsPerPixel < Double(64 * n + 65_536) else { return }
    let binCount = Int(((high - low) * binsPerPixel).rounded(.down)) + 1
    // Each edge's facing: 1 its inside over a pixel towards larger coordinates, 2 towards
    // smaller ones, 4 undecided. A bin's flags (one bin of padding each side): the facings it
    // holds, and 8 once it holds two edges or more.
    let larger: UInt8 = 1, smaller: UInt8 = 2, undecided: UInt8 = 4, several: UInt8 = 8
    var flags = [UInt8](repeating: 0, count: binCount + 2)
    // Each edge's facing (low bits) and bin (the rest), read again below.
    var tag = [Int](repeating: 0, count: n)
    var kept = 0
    lines.withUnsafeMutableBufferPointer { lp in
        flags.withUnsafeMutableBufferPointer { bp in
            tag.withUnsafeMutableBufferPointer { tp in
                for i in 0..<n {
                    let at = lp[i].at, inside = frames[lp[i].edge].inside
                    let side = vertical ? inside.x : inside.y
                    let f = side > at + 1 ? larger : side < at - 1 ? smaller : undecided
                    // (at - low >= 0: truncation is the floor.)
                    let b = Int((at - low) * binsPerPixel) + 1
                    tp[i] = b << 3 | Int(f)
                    bp[b] |= bp[b] & (larger | smaller | undecided) != 0 ? f | several : f
                }
                // An edge is kept when a bin within one of its own holds an edge it may pair with.
                for i in 0..<n {
                    let b = tp[i] >> 3, f = UInt8(tp[i] & 7)
                    let around = bp[b - 1] | bp[b] | bp[b + 1]
                    let keep: Bool
                    switch f {
                    case larger: keep = around & (smaller | undecided) != 0
                    case smaller: keep = around & (larger | undecided) != 0
                    default: keep = bp[b - 1] | bp[b + 1] != 0 || bp[b] & several != 0
                    }
                    if keep { lp[kept] = lp[i]; kept += 1 }
                }
            }
        }
    }
    lines.removeLast(n - kept)
}
