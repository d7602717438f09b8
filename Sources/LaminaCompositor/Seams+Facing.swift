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
// Likewise for vertical edges with x. Edges beyond the bins' span (4096 pixels either way)
// are kept.

/// The facing filter's tags: an edge of one direction as k << 21 | bin << 5 | facing.
enum SeamFacing {
    // Bins of 1/8 pixel over [-4096, 4096) pixels (a difference's rounding error stays far
    // below a bin there); edges beyond are folded onto the first and last bin and always kept.
    static let binCount = 1 << 16
    // Each edge's facing: 1 its inside over a pixel towards larger coordinates, 2 towards
    // smaller ones, 4 undecided, 8 far off. A bin's flags: the facings it holds, and 16 once
    // it holds two edges or more.
    static let larger = 1, smaller = 2, undecided = 4, far = 8, several = 16

    /// Frame `f` (edge `k`, straight in the direction: `vertical`, x = const, else y = const) tagged.
    @inline(__always)
    static func tag(_ f: UnsafePointer<SeamFrame>, _ k: Int, vertical: Bool) -> Int {
        let a = f.pointee.a, inside = f.pointee.inside
        let at = vertical ? a.x : a.y
        let side = vertical ? inside.x : inside.y
        var facing = side > at + 1 ? larger : side < at - 1 ? smaller : undecided
        let x = at * 8 + Double(binCount / 2)
        let bin: Int
        if x >= 1 && x < Double(binCount - 1) { bin = Int(x) } else { bin = x >= 1 ? binCount - 1 : 0; facing = far }
        return k << 21 | bin << 5 | facing
    }
}

/// The straight edges of one direction (`vertical`: x = const, else y = const) among
/// `frames` as lines (line coordinate, extent along it, frame index), in frame order, without
/// the edges that cannot pass the pair test with any other because every edge near their
/// line faces the same way (when there are many edges: else all of them).
func facingStraightLines(_ frames: UnsafeBufferPointer<SeamFrame>, straight: [Bool], vertical: Bool) -> [(at: Double, lo: Double, hi: Double, edge: Int)] {
    // Per edge of the direction: its frame, bin and facing.
    var tags: [Int] = []
    tags.reserveCapacity(frames.count / 2)
    straight.withUnsafeBufferPointer { sp in
        for k in 0..<frames.count where sp[k] && (frames[k].a.y == frames[k].b.y) != vertical {
            tags.append(SeamFacing.tag(frames.baseAddress! + k, k, vertical: vertical))
        }
    }
    return facingStraightLines(frames, tagLists: [tags], vertical: vertical)
}

/// The same from the direction's tags (SeamFacing.tag), in frame order across the lists: made
/// with the frames (Seams.swift), so the frames of the edges dropped are never read again.
func facingStraightLines(_ frames: UnsafeBufferPointer<SeamFrame>, tagLists: [[Int]], vertical: Bool) -> [(at: Double, lo: Double, hi: Double, edge: Int)] {
    var lines: [(at: Double, lo: Double, hi: Double, edge: Int)] = []
    @inline(__always) func add(_ k: Int) {
        let a = frames[k].a, b = frames[k].b
        lines.append(vertical ? (a.x, min(a.y, b.y), max(a.y, b.y), k) : (a.y, min(a.x, b.x), max(a.x, b.x), k))
    }
    guard frames.count >= 256 else {
        for tags in tagLists { for t in tags { add(t >> 21) } }
        return lines
    }
    let binCount = SeamFacing.binCount
    let larger = SeamFacing.larger, smaller = SeamFacing.smaller, undecided = SeamFacing.undecided, far = SeamFacing.far, several = SeamFacing.several
    var flags = [UInt8](repeating: 0, count: binCount)
    flags.withUnsafeMutableBufferPointer { bp in
        for tags in tagLists {
            for t in tags {
                let f = t & 31, bin = t >> 5 & (binCount - 1)
                bp[bin] |= UInt8(Int(bp[bin]) & (larger | smaller | undecided | far) != 0 ? f | several : f)
            }
        }
        // An edge is kept when a bin within one of its own holds an edge it may pair with.
        for tags in tagLists {
            for t in tags {
                let f = t & 31, bin = t >> 5 & (binCount - 1)
                let keep: Bool
                switch f {
                case larger: keep = Int(bp[bin - 1] | bp[bin] | bp[bin + 1]) & (smaller | undecided | far) != 0
                case smaller: keep = Int(bp[bin - 1] | bp[bin] | bp[bin + 1]) & (larger | undecided | far) != 0
                case undecided: keep = bp[bin - 1] | bp[bin + 1] != 0 || Int(bp[bin]) & several != 0
                default: keep = true
                }
                if keep { add(t >> 21) }
            }
        }
    }
    return lines
}
