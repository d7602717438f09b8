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
        var owners: [ObjectIdentifier] = [], visible: [[SIMD2<Double>]] = []
        owners.reserveCapacity(quads.count)
        visible.reserveCapacity(quads.count)
        var kept = 0
        // The output target of a retained frame reuses the last frame's placements and
        // finished quads of equal items (RetainedQuads.swift); entries[i]: kept quad i's.
        let retained = kind == .output ? retainedQuads.flatMap { $0.begin(planeToTarget: planeToTarget, width: width, height: height) ? $0 : nil } : nil
        var entries: [RetainedQuads.Entry?] = []
        if retained != nil { entries.reserveCapacity(quads.count) }
        for k in quads.indices {
            let v: [SIMD2<Double>]
            var entry: RetainedQuads.Entry?
            // (Items with an unflattened placement index into this compile's list, and items
            // without their layer stand in this builder: neither is kept.)
            if let retained, quads[k].layer != nil, quads[k].unflattenedIndex == nil {
                let hash = RetainedQuads.hash(quads[k])
                if let e = retained.entry(quads[k], hash: hash) {
                    entry = e
                    quads[k] = e.placed
                    v = e.visible
                } else {
                    let item = quads[k]
                    v = place(&quads[k], planeToTarget: planeToTarget, view: view, viewClips: viewClips)
                    entry = retained.keep(item, hash: hash, placed: quads[k], visible: v)
                }
            } else {
                v = place(&quads[k], planeToTarget: planeToTarget, view: view, viewClips: viewClips)
            }
            if v.isEmpty { continue }
            if leading {
                if quads[k].coversWholeTargetOpaquely(width: width, height: height), case .color(let c) = quads[k].fill {
                    clearColor = c
                    clearSource = quads[k]
                    continue
                }
                leading = false
            }
            // (Moved, not copied: the generic swap would retain and release each quad's arrays.)
            if kept != k { quads.withUnsafeMutableBufferPointer { $0.swapAt(kept, k) } }
            kept += 1
            owners.append(quads[kept - 1].layer ?? ObjectIdentifier(self))
            visible.append(v)
            if retained != nil { entries.append(entry) }
        }
        quads.removeSubrange(kept...)
        removeSeamAntialiasing(&quads, owners: owners, visible: visible, width: width, height: height)
        for k in quads.indices {
            let entry = retained == nil ? nil : entries[k]
            if let retained, let entry, let q = retained.finished(entry, edges: quads[k].antialiasedEdges) {
                quads[k] = q
                continue
            }
            let edges = quads[k].antialiasedEdges
            let v = visible[k]
            // Local units per pixel at worst over the visible part (the same everywhere under an affine map).
            let m = quads[k].matrix
            let affine = m.r0.w == 0 && m.r1.w == 0
            let minStretch = affine ? m.stretch(v[0]).min : (v.map { m.stretch($0).min }.min() ?? 0)
            finish(&quads[k], visible: v, minStretch: minStretch)
            entry?.finished = (edges, quads[k])
        }
        quads.removeAll { $0.cover.isEmpty || !$0.fitsInFloat }
        targets.append(RenderTarget(label: label, width: width, height: height, clearColor: clearColor, quads: quads, clearSource: clearSource, kind: kind))
        return targets.count - 1
    }

    /// Places an item in the target (its layer set, its map into pixels, the view's clips
    /// when its visible part may reach outside): the visible part, empty when nothing is left.
    private func place(_ q: inout DrawQuad, planeToTarget: Mat4, view: Box, viewClips: [HalfPlane]) -> [SIMD2<Double>] {
        // Every item has its layer (Item(quad:owner:)); the builder stands in otherwise.
        q.layer = q.layer ?? ObjectIdentifier(self)
        q.matrix = q.matrix.concatenating(planeToTarget)
        if let u = q.unflattenedIndex { q.unflattenedIndex = unflatten(unflattened[u], planeToTarget.keepingDepthScale) }
        var v = clip(q.rect.corners, q.clips)
        if v.isEmpty { return v }
        let m = q.matrix
        // A 2D affine map (W constant and positive) keeps every point in front of the eye,
        // and a quad whose visible part maps inside the view needs no view clips: the
        // clips would cut nothing.
        let affine = m.r0.w == 0 && m.r1.w == 0 && m.r3.w > wEpsilon
        if !(affine && v.allSatisfy({ p in let s = m.project(p); return s.x >= view.minX && s.x <= view.maxX && s.y >= view.minY && s.y <= view.maxY })) {
            var added: [HalfPlane] = []
            added.reserveCapacity(5)
            if !affine { added.append(m.inFrontOfEye) }
            for h in viewClips { added.append(m.pullBack(h)) }
            q.clips.reserveCapacity(q.clips.count + added.count)
            q.clips += added
            // Dropped when nothing is left after clipping.
            v = clip(v, added)
        }
        return v
    }
}
