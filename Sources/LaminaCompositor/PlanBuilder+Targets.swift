// Finalizing a target: its items' matrices into pixels, clips to the view, seams, covers.
import QuartzCore

extension PlanBuilder {
    /// Finalizes items into a target's quads (matrices into pixels, clips, seams, covers) and appends it.
    @discardableResult
    func addTarget(label: String, width: Int, height: Int, clear: PremultipliedColor, items: consuming [Item], planeToTarget: Mat4, kind: TargetKind = .output) -> Int {
        let view = Box(minX: -1, minY: -1, maxX: Double(width) + 1, maxY: Double(height) + 1)
        let viewClips = [HalfPlane(a: 1, b: 0, c: -view.minX), HalfPlane(a: -1, b: 0, c: view.maxX),
                         HalfPlane(a: 0, b: 1, c: -view.minY), HalfPlane(a: 0, b: -1, c: view.maxY)]
        var clearColor = clear
        var clearSource: DrawQuad?
        // Opaque solid quads that cover the whole target first (a root layer's background)
        // become the clear color: the same pixels, far fewer fragments. (Decided as they come,
        // so thousands of quads behind them are not shifted down afterwards.)
        var leading = true
        // The items become the quads in place (a DrawQuad is large: none is copied); those
        // kept are moved down over those dropped.
        var quads = items
        let builder = ObjectIdentifier(self)
        // The output target of a retained frame reuses the last frame's placements and
        // finished quads of equal items (RetainedQuads.swift); entries[k]: item k's.
        let retained = kind == .output ? retainedQuads.flatMap { $0.begin(planeToTarget: planeToTarget, width: width, height: height) ? $0 : nil } : nil
        var entries: [RetainedQuads.Entry?] = []
        // Each item into pixels and cut by its clips (and the view's where it may reach past
        // it). Empty: nothing left to draw.
        var cut: [[SIMD2<Double>]]
        if let retained {
            cut = placeRetained(&quads, retained, entries: &entries, planeToTarget: planeToTarget, view: view, viewClips: viewClips)
        } else {
            // Sampled planes' placements for the exploded view, in item order (the builder's list).
            for k in quads.indices { if let u = quads[k].unflattenedIndex { quads[k].unflattenedIndex = unflatten(unflattened[u], planeToTarget.keepingDepthScale) } }
            // On all cores: each touches only its own item.
            // Each slot initialized where its item is placed (filled with empty arrays first,
            // each would be retained and released).
            cut = [[SIMD2<Double>]](unsafeUninitializedCapacity: quads.count) { cp, made in
                let cutOut = SharedBuffer(base: cp)
                forEachInPlace(&quads, minimum: spreadQuads, with: { RepeatedProducts(planeToTarget) }) { q, k, products in
                    // Every item has its layer (Item(quad:owner:)); the builder stands in otherwise.
                    if q.layer == nil { q.layer = builder }
                    q.matrix = products.product(q.matrix)
                    (cutOut.base.baseAddress! + k).initialize(to: Self.cutToView(&q, view: view, viewClips: viewClips))
                }
                made = cp.count
            }
        }
        var owners: [ObjectIdentifier] = []
        owners.reserveCapacity(quads.count)
        var keep = [Bool](repeating: false, count: quads.count)
        var keptEntries: [RetainedQuads.Entry?] = []
        for k in quads.indices where !cut[k].isEmpty {
            if leading {
                if quads[k].coversWholeTargetOpaquely(width: width, height: height), case .color(let c) = quads[k].fill {
                    clearColor = c
                    clearSource = quads[k]
                    continue
                }
                leading = false
            }
            keep[k] = true
            owners.append(quads[k].layer ?? builder)
            if retained != nil { keptEntries.append(entries[k]) }
        }
        Self.compact(&quads, keep: keep)
        // The kept quads' visible parts, moved down in place (copied out, each was retained,
        // and released again with the rest); freed on all cores below.
        Self.compact(&cut, keep: keep, placeholder: [])
        var visible: [[SIMD2<Double>]] = []
        swap(&visible, &cut)
        if let retained {
            retained.removeSeams(&quads, entries: keptEntries, owners: owners, visible: visible, width: width, height: height)
        } else {
            removeSeamAntialiasing(&quads, owners: owners, visible: visible, width: width, height: height)
        }
        var drawn = [Bool](repeating: false, count: quads.count)
        if let retained {
            retained.finishKept(&quads, entries: keptEntries, visible: visible, drawn: &drawn)
        } else {
            drawn.withUnsafeMutableBufferPointer { dp in visible.withUnsafeMutableBufferPointer { vp in
                let drawnOut = SharedBuffer(base: dp), seen = SharedBuffer(base: vp)
                forEachInPlace(&quads, minimum: spreadQuads) { q, k in
                    // Taken out, so it is freed on this core.
                    let v = seen.base[k]
                    seen.base[k] = []
                    Self.finish(&q, visible: v)
                    drawnOut.base[k] = !q.cover.isEmpty && q.fitsInFloat
                }
            } }
        }
        Self.compact(&quads, keep: drawn)
        targets.append(RenderTarget(label: label, width: width, height: height, clearColor: clearColor, quads: quads, clearSource: clearSource, kind: kind))
        return targets.count - 1
    }

    /// The part of item `q` (its matrix already into target pixels) its clips keep, cut by
    /// the view too where it may reach past it (those clips are then added to the item);
    /// empty when nothing is left. Cut in stack buffers (CoverCuts.swift) with clipStep's
    /// arithmetic, one array made for the result: the same points as `cutToViewByArrays`.
    static func cutToView(_ q: inout DrawQuad, view: Box, viewClips: [HalfPlane]) -> [SIMD2<Double>] {
        let size = 32
        let made = withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 2 * size) { buffer -> [SIMD2<Double>]? in
            let r = q.rect, p = buffer.baseAddress!
            p[0] = SIMD2(r.minX, r.minY); p[1] = SIMD2(r.maxX, r.minY); p[2] = SIMD2(r.maxX, r.maxY); p[3] = SIMD2(r.minX, r.maxY)
            var cuts = CutBuffers(points: p, spare: p + size, count: 4, capacity: size)
            for h in q.clips where !cuts.cut(h) { break }
            if cuts.overflow { return nil }
            if cuts.count == 0 { return [] }
            let m = q.matrix
            let affine = m.r0.w == 0 && m.r1.w == 0 && m.r3.w > wEpsilon
            if affine && UnsafeBufferPointer(start: cuts.points, count: cuts.count).allSatisfy({ p in
                let s = m.project(p); return s.x >= view.minX && s.x <= view.maxX && s.y >= view.minY && s.y <= view.maxY
            }) { return pointArray(cuts.points, count: cuts.count) }
            // Added to the item's clips in place (no array of their own), then cut by in that order.
            let start = q.clips.count
            q.clips.reserveCapacity(start + viewClips.count + 1)
            if !affine { q.clips.append(m.inFrontOfEye) }
            for h in viewClips { q.clips.append(m.pullBack(h)) }
            for k in start..<q.clips.count where !cuts.cut(q.clips[k]) { break }
            // Ran short of room after the view's clips were added: every clip by arrays.
            if cuts.overflow { return clip(q.rect.corners, q.clips) }
            return pointArray(cuts.points, count: cuts.count)
        }
        return made ?? cutToViewByArrays(&q, view: view, viewClips: viewClips)
    }

    /// cutToView with an array per cut: what the buffers' way must equal.
    static func cutToViewByArrays(_ q: inout DrawQuad, view: Box, viewClips: [HalfPlane]) -> [SIMD2<Double>] {
        let v = clip(q.rect.corners, q.clips)
        if v.isEmpty { return v }
        let m = q.matrix
        // A 2D affine map (W constant and positive) keeps every point in front of the eye,
        // and a quad whose visible part maps inside the view needs no view clips: the
        // clips would cut nothing.
        let affine = m.r0.w == 0 && m.r1.w == 0 && m.r3.w > wEpsilon
        if affine && v.allSatisfy({ p in let s = m.project(p); return s.x >= view.minX && s.x <= view.maxX && s.y >= view.minY && s.y <= view.maxY }) { return v }
        // Added to the item's clips in place (no array of their own), then cut by in that order.
        let start = q.clips.count
        q.clips.reserveCapacity(start + viewClips.count + 1)
        if !affine { q.clips.append(m.inFrontOfEye) }
        for h in viewClips { q.clips.append(m.pullBack(h)) }
        // Drop quads with nothing left after clipping.
        var p = v, spare: [SIMD2<Double>] = []
        for k in start..<q.clips.count where !clipStep(&p, q.clips[k], spare: &spare) { return [] }
        return p
    }

    /// `finish` (Cover.swift) with the least stretch over the visible part `v`: local units
    /// per pixel at worst (the same everywhere under an affine map).
    static func finish(_ q: inout DrawQuad, visible v: consuming [SIMD2<Double>]) {
        let m = q.matrix
        let affine = m.r0.w == 0 && m.r1.w == 0
        // (The least as Sequence.min folds it, with no array of the stretches.)
        let at = v[0], first = m.stretch(at)
        var minStretch = first.min
        if !affine { for k in 1..<v.count { let s = m.stretch(v[k]).min; if s < minStretch { minStretch = s } } }
        // Under an affine map the stretch found here stands for recenter's (sameAffineStretch).
        // (Its point read before: v read after it is passed on would be copied, and its
        // cover, made in place from it, then made in a new array.)
        let stretch = affine ? (at, first.max) : nil
        LaminaCompositor.finish(&q, visible: v, minStretch: minStretch, stretch: stretch)
    }

    /// Places the items of a retained frame's output: an item equal to one of the last frame
    /// takes its placement, others are placed and kept for the next frame (`entries[k]`: item
    /// k's, nil for items never kept). The visible parts, as `cutToView`. The last frame's
    /// entries are looked up on all cores (nothing is written but each item's own slots), then
    /// this frame's table is filled in item order, as one loop over the items would.
    private func placeRetained(_ quads: inout [DrawQuad], _ retained: RetainedQuads, entries: inout [RetainedQuads.Entry?],
                               planeToTarget: Mat4, view: Box, viewClips: [HalfPlane]) -> [[SIMD2<Double>]] {
        let n = quads.count
        var cut = [[SIMD2<Double>]](repeating: [], count: n)
        // Found in the last frame's table on all cores, straight into `entries` (one array of
        // references fewer to make and free per frame).
        entries = [RetainedQuads.Entry?](repeating: nil, count: n)
        var hashes = [Int](repeating: 0, count: n)
        quads.withUnsafeMutableBufferPointer { qp in cut.withUnsafeMutableBufferPointer { cp in
            entries.withUnsafeMutableBufferPointer { fp in hashes.withUnsafeMutableBufferPointer { hp in
                let q = SharedBuffer(base: qp), c = SharedBuffer(base: cp), f = SharedBuffer(base: fp), h = SharedBuffer(base: hp)
                let kept = Unchecked(value: retained)
                _ = inRanges(n, minimum: spreadRetainedQuads) { r in
                    for k in r {
                        // (Items with an unflattened placement index into this compile's list, and
                        // items without their layer stand in this builder: neither is kept.)
                        guard q.base[k].layer != nil, q.base[k].unflattenedIndex == nil else { continue }
                        // (Read and written in place: a quad is large, and a copy retains its arrays.)
                        let at = q.base.baseAddress! + k
                        h.base[k] = RetainedQuads.hash(at)
                        guard let e = kept.value.lastEntry(at, hash: h.base[k]) else { continue }
                        f.base[k] = e
                        // (An assignment, not update(from:count:): that one goes through the runtime.)
                        at.pointee = e.placed.pointee
                        c.base[k] = e.visible
                    }
                }
            } }
        } }
        for k in 0..<n {
            if let e = entries[k] {
                retained.use(e)
                continue
            }
            guard quads[k].layer != nil, quads[k].unflattenedIndex == nil else {
                cut[k] = place(&quads[k], planeToTarget: planeToTarget, view: view, viewClips: viewClips)
                continue
            }
            // Not in the last frame: an equal item earlier in this one may have been kept.
            if let e = retained.currentEntry(quads[k], hash: hashes[k]) {
                quads[k] = e.placed.pointee
                cut[k] = e.visible
                entries[k] = e
            } else {
                let item = quads[k]
                cut[k] = place(&quads[k], planeToTarget: planeToTarget, view: view, viewClips: viewClips)
                entries[k] = retained.keep(item, hash: hashes[k], placed: quads[k], visible: cut[k])
            }
        }
        return cut
    }

    /// Places one item in the target (its layer set, its map into pixels, the view's clips
    /// when its visible part may reach outside): the visible part, empty when nothing is left.
    private func place(_ q: inout DrawQuad, planeToTarget: Mat4, view: Box, viewClips: [HalfPlane]) -> [SIMD2<Double>] {
        // Every item has its layer (Item(quad:owner:)); the builder stands in otherwise.
        q.layer = q.layer ?? ObjectIdentifier(self)
        q.matrix = q.matrix.concatenating(planeToTarget)
        if let u = q.unflattenedIndex { q.unflattenedIndex = unflatten(unflattened[u], planeToTarget.keepingDepthScale) }
        return Self.cutToView(&q, view: view, viewClips: viewClips)
    }

    /// Removes the quads not kept, the others kept in order. Moved, not copied (a quad is
    /// large and a copy retains its arrays): each run of kept quads moves down in one piece.
    static func compact(_ quads: inout [DrawQuad], keep: [Bool]) { compact(&quads, keep: keep, placeholder: placeholderQuad) }

    /// `compact` for any array, `placeholder` (owning nothing) filling the freed tail for a moment.
    static func compact<T>(_ items: inout [T], keep: [Bool], placeholder: T) {
        let n = items.count
        guard let first = keep.firstIndex(of: false) else { return }
        var kept = first
        items.withUnsafeMutableBufferPointer { p in
            let base = p.baseAddress!
            var k = first
            while k < n {
                if !keep[k] { (base + k).deinitialize(count: 1); k += 1; continue }
                var end = k + 1
                while end < n, keep[end] { end += 1 }
                // Every slot below k is free (moved from or dropped); the regions may overlap.
                (base + kept).moveInitialize(from: base + k, count: end - k)
                kept += end - k
                k = end
            }
            // The freed tail holds placeholders (nothing to release) until it is removed.
            (base + kept).initialize(repeating: placeholder, count: n - kept)
        }
        items.removeSubrange(kept...)
    }
}

/// The quads of `parts` moved, in order, into one array, each part's on its own core when
/// there are `minimum` in all (a quad is large, and a copy retains its arrays); each part
/// is left empty.
func movedTogether(_ parts: inout [[DrawQuad]], minimum: Int) -> [DrawQuad] {
    var offsets = [0]
    for p in parts { offsets.append(offsets[offsets.count - 1] + p.count) }
    let total = offsets[parts.count], starts = offsets
    guard total > 0 else { return [] }
    return parts.withUnsafeMutableBufferPointer { outer in
        let sources = SharedBuffer(base: outer)
        return [DrawQuad](unsafeUninitializedCapacity: total) { buffer, initialized in
            let target = SharedBuffer(base: buffer)
            _ = inRanges(sources.base.count, minimum: total >= minimum ? 2 : Int.max, parts: sources.base.count) { r in
                for j in r {
                    // Taken from the end, each quad moved once: a part left holding
                    // placeholders instead would copy one in and release it per quad.
                    var at = starts[j + 1]
                    while let q = sources.base[j].popLast() {
                        at -= 1
                        (target.base.baseAddress! + at).initialize(to: q)
                    }
                }
            }
            initialized = total
        }
    }
}

/// The fewest quads of a target for its work to be shared among the cores: below, waking
/// and waiting for the other threads cost more than they save (measured: a 1000-quad
/// target finished on both cores took longer than on one).
let spreadQuads = 4096

/// A quad that owns nothing (empty strings and arrays): what fills freed slots for a moment.
private let placeholderQuad = DrawQuad(layerName: "", role: "", matrix: .identity, rect: Box(minX: 0, minY: 0, maxX: 0, maxY: 0), cornerRadius: 0,
                                       antialiasedEdges: [], fill: .none, borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1,
                                       lighting: [], clips: [], cover: [], isSplit: false)
