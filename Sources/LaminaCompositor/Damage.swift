// Damage between two frames' plans: the output pixels a new plan can change against the last
// one, so a renderer that kept the last image redraws only those. A quad's pixels depend on
// the quad alone and on what lies below, so when the quads present in both plans come in the
// same order, a pixel that no removed or added quad touches composites the same quads in the
// same order over the same clear color: it is unchanged. Quads present in both that changed
// places (not in a longest subsequence that kept its order) count as removed and added.

/// A rectangle of output pixels (x right, y down from the top-left corner).
public struct PixelRect: Equatable, Sendable {
    /// The left column and top row.
    public var x: Int, y: Int
    /// The size in pixels (0 for nothing).
    public var width: Int, height: Int

    /// A rectangle at (x, y) of width x height pixels.
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    /// Whether it holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

extension RenderPlan {
    /// The output pixels this plan can draw differently from `old` (a bounding rectangle of
    /// the removed and added quads' covers), or nil when the whole output must be redrawn: a
    /// render target other than the output changed, or the output's size or clear changed.
    /// An empty rectangle: no pixel changes.
    public func outputDamage(since old: RenderPlan) -> PixelRect? {
        guard targets.count == old.targets.count, let new = targets.last, let last = old.targets.last,
              new.width == last.width, new.height == last.height, new.clearColor == last.clearColor,
              new.blur == nil, last.blur == nil, images.count == old.images.count,
              zip(images, old.images).allSatisfy({ $0 === $1 || $0 == $1 }),
              targets.dropLast().elementsEqual(old.targets.dropLast()) else { return nil }
        // Quads of the old output by a hash of their placement, to find each new quad's twin.
        // (A chain per key through `next`, most recent first: no array per key.)
        var byKey: [Int: Int] = [:]
        byKey.reserveCapacity(last.quads.count)
        var next = [Int](repeating: -1, count: last.quads.count)
        for (i, q) in last.quads.enumerated().reversed() {
            let k = placementKey(q)
            next[i] = byKey[k] ?? -1
            byKey[k] = i
        }
        var matchedOld = [Bool](repeating: false, count: last.quads.count)
        var kept: [Int] = []  // old indices of the shared quads, in the new order
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func touch(_ q: DrawQuad) -> Bool {
            for p in q.cover {
                let h = p.x * q.matrix.r0 + p.y * q.matrix.r1 + q.matrix.r3
                guard h.w > 0 else { return false }
                let x = h.x / h.w, y = h.y / h.w
                guard x.isFinite, y.isFinite else { return false }
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
            return true
        }
        for q in new.quads {
            var i = byKey[placementKey(q)] ?? -1
            while i >= 0 && (matchedOld[i] || last.quads[i] != q) { i = next[i] }
            if i >= 0 {
                matchedOld[i] = true
                kept.append(i)
            } else if !touch(q) {
                return nil
            }
        }
        // Shared quads that changed places (outside a longest run that kept its order) are
        // damage too: a pixel none of them touches sees the rest in the same order.
        let inOrder = longestIncreasing(kept)
        for (k, i) in kept.enumerated() where !inOrder[k] { guard touch(last.quads[i]) else { return nil } }
        for (i, q) in last.quads.enumerated() where !matchedOld[i] { guard touch(q) else { return nil } }
        guard let b = box else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        // Pixels whose centres fall inside a cover are shaded: one pixel more on every side is safe.
        let x0 = max(0, Int(max(b.minX - 1, -1e9).rounded(.down))), y0 = max(0, Int(max(b.minY - 1, -1e9).rounded(.down)))
        let x1 = min(new.width, Int(min(b.maxX + 1, 1e9).rounded(.up))), y1 = min(new.height, Int(min(b.maxY + 1, 1e9).rounded(.up)))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A hash of where a quad draws (its matrix and rect), to pair equal quads quickly.
private func placementKey(_ q: DrawQuad) -> Int {
    var h = Hasher()
    for r in [q.matrix.r0, q.matrix.r1, q.matrix.r2, q.matrix.r3] {
        h.combine(r.x.bitPattern); h.combine(r.y.bitPattern); h.combine(r.z.bitPattern); h.combine(r.w.bitPattern)
    }
    h.combine(q.rect.minX.bitPattern); h.combine(q.rect.maxX.bitPattern); h.combine(q.cover.count)
    return h.finalize()
}

/// Which entries of `values` (distinct) belong to one longest strictly increasing subsequence
/// (patience sorting, O(n log n)).
func longestIncreasing(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []        // tails[l]: index in values of the smallest tail of a run of length l + 1
    var previous = [Int](repeating: -1, count: values.count)
    for (k, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { previous[k] = tails[lo - 1] }
        if lo == tails.count { tails.append(k) } else { tails[lo] = k }
    }
    var member = [Bool](repeating: false, count: values.count)
    var k = tails.last ?? -1
    while k >= 0 { member[k] = true; k = previous[k] }
    return member
}
