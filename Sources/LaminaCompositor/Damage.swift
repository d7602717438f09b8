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
        let changed: Box?? = new.quads.withUnsafeBufferPointer { np in last.quads.withUnsafeBufferPointer { op in changedBox(np, op) } }
        guard let box = changed else { return nil }
        guard let b = box else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        // Pixels whose centres fall inside a cover are shaded: one pixel more on every side is safe.
        let x0 = max(0, Int(max(b.minX - 1, -1e9).rounded(.down))), y0 = max(0, Int(max(b.minY - 1, -1e9).rounded(.down)))
        let x1 = min(new.width, Int(min(b.maxX + 1, 1e9).rounded(.up))), y1 = min(new.height, Int(min(b.maxY + 1, 1e9).rounded(.up)))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// The bounding box of the covers of the quads of `newQuads` and `oldQuads` (two outputs'
/// quads) not shared in order (`outputDamage`): nil inside when none, nil when some such
/// quad's cover does not map to finite pixels (the whole output is damage). Quads are
/// compared where they lie (a DrawQuad is large: no copies), first by their bytes (a quad
/// kept from frame to frame holds the very same arrays), then field by field.
private func changedBox(_ newQuads: UnsafeBufferPointer<DrawQuad>, _ oldQuads: UnsafeBufferPointer<DrawQuad>) -> Box?? {
    let np = newQuads.baseAddress, op = oldQuads.baseAddress
    func equal(_ k: Int, _ i: Int) -> Bool { sameQuadBytes(np! + k, op! + i) || newQuads[k] == oldQuads[i] }
    // The runs both outputs start and end with, equal quad for quad, are shared in order
    // (most quads, when one layer changed): only the quads between are paired by a hash.
    let shortest = min(newQuads.count, oldQuads.count)
    var head = 0
    while head < shortest && equal(head, head) { head += 1 }
    var tail = 0
    while tail < shortest - head && equal(newQuads.count - 1 - tail, oldQuads.count - 1 - tail) { tail += 1 }
    let oldMiddle = head..<(oldQuads.count - tail)
    // Quads of the old middle in buckets by a hash of their placement, to find each new
    // quad's twin: a chain per bucket through `next`, first in order first (no dictionary:
    // a quad found in a bucket is compared whole anyway).
    var buckets = 1
    while buckets < 2 * oldMiddle.count { buckets <<= 1 }
    var first = [Int](repeating: -1, count: buckets)
    var next = [Int](repeating: -1, count: oldQuads.count)
    for i in oldMiddle.reversed() {
        let b = placementKey(oldQuads[i]) & (buckets - 1)
        next[i] = first[b]
        first[b] = i
    }
    var matchedOld = [Bool](repeating: false, count: oldQuads.count)
    var kept: [Int] = []  // old indices of the shared quads of the middles, in the new order
    var box: Box?
    func touch(_ q: DrawQuad) -> Bool {
        if q.cover.isEmpty { return true }   // shades nothing
        guard let b = q.pixelBounds else { return false }
        box = box.map { $0.union(b) } ?? b
        return true
    }
    for k in head..<(newQuads.count - tail) {
        var i = first[placementKey(newQuads[k]) & (buckets - 1)]
        while i >= 0 && (matchedOld[i] || !equal(k, i)) { i = next[i] }
        if i >= 0 {
            matchedOld[i] = true
            kept.append(i)
        } else if !touch(newQuads[k]) {
            return nil
        }
    }
    // Shared quads that changed places (outside a longest run that kept its order) are
    // damage too: a pixel none of them touches sees the rest in the same order. (The
    // shared head and tail are in order before and after every quad of the middles.)
    let inOrder = longestIncreasing(kept)
    for (k, i) in kept.enumerated() where !inOrder[k] { guard touch(oldQuads[i]) else { return nil } }
    for i in oldMiddle where !matchedOld[i] { guard touch(oldQuads[i]) else { return nil } }
    return .some(box)
}

extension RenderPlan {
    /// This plan with only the output quads that can shade a pixel of `rect` (their covers,
    /// grown by a pixel as `outputDamage` grows them, meet it): drawn with the output scissored
    /// to `rect`, it gives the same pixels there, since every quad left out shades none of them.
    /// Quads whose cover does not map to finite pixels in front of the eye are kept.
    public func keepingOutputQuads(meeting rect: PixelRect) -> RenderPlan {
        guard let out = targets.last else { return self }
        let x0 = Double(rect.x), y0 = Double(rect.y)
        let x1 = Double(rect.x + rect.width), y1 = Double(rect.y + rect.height)
        func meets(_ q: DrawQuad) -> Bool {
            if q.cover.isEmpty { return false }   // shades nothing
            guard let b = q.pixelBounds else { return true }
            return b.minX - 1 <= x1 && b.maxX + 1 >= x0 && b.minY - 1 <= y1 && b.maxY + 1 >= y0
        }
        // Tested where they lie (a quad is large): only those kept are copied.
        var kept: [DrawQuad] = []
        out.quads.withUnsafeBufferPointer { qp in for k in qp.indices where meets(qp[k]) { kept.append(qp[k]) } }
        var plan = self
        plan.targets[targets.count - 1].quads = kept
        return plan
    }
}

extension DrawQuad {
    /// The pixel box of the cover's points (cover points are local: mapped by the matrix and
    /// divided); nil when a point is not in front of the eye or maps to no finite pixel, or
    /// when the cover is empty.
    var pixelBounds: Box? {
        var b: Box?
        for p in cover {
            let h = p.x * matrix.r0 + p.y * matrix.r1 + matrix.r3
            guard h.w > 0 else { return nil }
            let x = h.x / h.w, y = h.y / h.w
            guard x.isFinite, y.isFinite else { return nil }
            b = b.map { Box(minX: min($0.minX, x), minY: min($0.minY, y), maxX: max($0.maxX, x), maxY: max($0.maxY, y)) } ?? Box(minX: x, minY: y, maxX: x, maxY: y)
        }
        return b
    }
}

/// A hash of where a quad draws (its matrix and rect), to pair equal quads quickly (equal
/// quads hash alike; a collision only costs a comparison).
private func placementKey(_ q: DrawQuad) -> Int {
    var h = QuickHasher()
    func mix(_ v: UInt64) { h.combine(v) }
    let m = q.matrix
    mix(m.r0.x.bitPattern); mix(m.r0.y.bitPattern); mix(m.r0.w.bitPattern)
    mix(m.r1.x.bitPattern); mix(m.r1.y.bitPattern); mix(m.r1.w.bitPattern)
    mix(m.r3.x.bitPattern); mix(m.r3.y.bitPattern); mix(m.r3.w.bitPattern)
    mix(m.r2.z.bitPattern)
    mix(q.rect.minX.bitPattern); mix(q.rect.maxX.bitPattern); mix(q.rect.minY.bitPattern); mix(UInt64(q.cover.count))
    return h.value
}

/// Which entries of `values` (distinct) belong to one longest strictly increasing subsequence
/// (patience sorting, O(n log n)).
func longestIncreasing(_ values: [Int]) -> [Bool] {
    // Increasing already (a retained frame's kept quads, most frames): all of them, the only one.
    if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) { return [Bool](repeating: true, count: values.count) }
    var tails: [Int] = []        // tails[l]: index in values of the smallest tail of a run of length l + 1
    var previous = [Int](repeating: -1, count: values.count)
    for (k, v) in values.enumerated() {
        // Past the last tail (most values of a nearly sorted list): the run grows, no search
        // (where the search would put it).
        if let t = tails.last, values[t] < v {
            previous[k] = t
            tails.append(k)
            continue
        }
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
