// The lean path for 2D subtrees (an ordinary UI): a member whose whole subtree is drawn
// directly into one plane (every context in it planar, nothing flattened through a target,
// no masks, shadows or lighting) is read once into a flat list of layers, its extents folded
// bottom-up in the same walk, and its items emitted from that list. No per-layer cache
// entries, no dictionary lookups, no extents re-read: the same items, in the same order, with
// the same arithmetic as memberContent's general path (CompositorOptions.usesFlatPath off
// gives the general path, and FlatPathTests compares both plans quad by quad).
import QuartzCore

/// One layer of a 2D subtree, as its parent's context lists it (pre-order).
struct FlatLayer {
    /// The layer.
    let layer: CALayer
    /// Its map into its parent's plane (ContextMember.mat).
    let mat: Mat4
    /// Its own quads.
    let parts: LayerParts
    /// Its plane extent (nil: nothing to draw).
    var extent: Box?
    /// The index just past its subtree in the list.
    var end: Int
    /// Its group opacity (own opacity clamped, times what transform layers pass on).
    let opacity: Float
    /// Whether it has members of its own (its context is not empty).
    let hasMembers: Bool
    /// Whether its drawing reads its map into the target (images drawn at their on-screen
    /// scale, or members of its own): the map is computed only then.
    let needsMap: Bool
}

extension PlanBuilder {
    /// memberContent for a member whose subtree the lean path can draw: nil when it cannot
    /// (nothing appended), else the extent memberContent returns (nil inside: nothing shows).
    /// Only tried for layers no earlier step has read into the per-layer cache (their extent
    /// is then known there, and the general path costs no more).
    func flatMemberContent(_ m: ContextMember, toTarget: Mat4, to out: inout [Item]) -> Box?? {
        guard options.usesFlatPath, !options.forceTargets, layerCache[ObjectIdentifier(m.layer)] == nil else { return nil }
        // The list is a local while it is used (a class property would be checked for
        // exclusive access at every read), its storage kept from one subtree to the next.
        var list: [FlatLayer] = []
        swap(&list, &flatLayers)
        defer {
            list.removeAll(keepingCapacity: true)
            swap(&list, &flatLayers)
        }
        guard readFlat(m, into: &list) else { return nil }
        return .some(emitFlat(0, list, toTarget: toTarget, to: &out))
    }

    /// Appends `m` and its subtree to `flatLayers` (pre-order, extents filled bottom-up);
    /// false when some layer in it needs the general path.
    private func readFlat(_ m: ContextMember, into flatLayers: inout [FlatLayer]) -> Bool {
        let layer = m.layer
        // A replicator's instances, a layer mask or a shadow: the general path.
        guard m.tint == SIMD3(repeating: 1), !(layer is CAReplicatorLayer), layer.mask == nil, shadow(of: layer) == nil else { return false }
        let sublayers = layer.sublayers ?? []
        // As info(_:) reads them.
        let members = sublayers.isEmpty ? [] : contextMembers(of: layer, sublayers: sublayers, rootSpace: layer.sublayerSpaceTransform)
        let rect = layer.bounds
        let hasMembers = !members.isEmpty
        let parts = LayerParts(layer, hasSublayers: hasMembers, layerBounds: rect)
        let masks = layer.masksToBounds
        let opacity = min(max(m.layerOpacity, 0), 1) * m.inheritedOpacity
        // Group opacity or masksToBounds over sublayers make a target (memberContent's reasons).
        let itemCount = parts.count + (parts.hasText ? 1 : 0) + (hasMembers ? 2 : 0)
        if opacity < 1 && itemCount > 1 { return false }
        if hasMembers {
            // A lit or non-planar context: lighting terms, or a depth sort.
            if masks || layer.light != nil { return false }
            for k in members.indices where !members[k].mat.isPlanarAffine { return false }
        }
        let me = flatLayers.count
        let needsMap = hasMembers || parts.gradientIndex >= 0 || parts.hasText || parts.shapeBox != nil
        flatLayers.append(FlatLayer(layer: layer, mat: m.mat, parts: parts, extent: nil, end: me + 1, opacity: opacity, hasMembers: hasMembers, needsMap: needsMap))
        // The extent, as computeExtent folds it.
        let bounds = Box(rect)
        var e: Box? = bounds.isEmpty ? nil : bounds
        let contentsRect = parts.contentsRect, shapeBox = parts.shapeBox
        if let c = contentsRect { e = e.map { $0.union(c) } ?? c }
        if let s = shapeBox { e = e.map { $0.union(s) } ?? s }
        if masks {
            // No members here (checked above).
            e = contentsRect == nil && shapeBox == nil ? e : (bounds.isEmpty ? nil : bounds)
        } else {
            for k in members.indices {
                // Culled members are neither drawn nor part of the extent.
                if !members[k].isDoubleSided && members[k].isBackFacing { continue }
                let child = flatLayers.count
                guard readFlat(members[k], into: &flatLayers) else { return false }
                guard let ce = flatLayers[child].extent, let b = projectedExtent(ce, members[k].mat) else { continue }
                e = e.map { $0.union(b) } ?? b
            }
        }
        flatLayers[me].extent = e
        flatLayers[me].end = flatLayers.count
        return true
    }

    /// The items of flatLayers[index] and its subtree in its own plane (memberContent's general
    /// path, with appendContent and the planar context loop inlined), appended to `out`; its
    /// extent, or nil (nothing appended) when nothing shows.
    private func emitFlat(_ index: Int, _ flatLayers: [FlatLayer], toTarget: Mat4, to out: inout [Item]) -> Box? {
        guard let extent = flatLayers[index].extent else { return nil }
        let layer = flatLayers[index].layer
        let owner = ObjectIdentifier(layer)
        let start = out.count
        appendOwnParts(of: layer, flatLayers[index].parts, owner: owner, planeToTarget: toTarget, to: &out)
        var child = index + 1
        let end = flatLayers[index].end
        while child < end {
            let next = flatLayers[child].end
            let mat = flatLayers[child].mat
            let flat = mat.flattened
            let childStart = out.count
            // (A layer that does not read its map is handed its parent's, unread.)
            let map = flatLayers[child].needsMap ? flat.concatenating(toTarget) : toTarget
            if let ce = emitFlat(child, flatLayers, toTarget: map, to: &out) {
                // The planar context's check that the member has an area (as DrawPolygon's).
                if hasArea(ce, mat) || DrawPolygon(member: child, matrix: mat, local: ce.corners) != nil {
                    for k in childStart..<out.count {
                        // appendContextItems' place(_:_:clips:split:) with no clips and no split.
                        out[k].quad.matrix = out[k].quad.matrix.concatenating(flat)
                        let eye = out[k].quad.matrix.inFrontOfEye
                        if !(eye.a == 0 && eye.b == 0 && eye.c > 0) { out[k].quad.clips.append(eye) }
                    }
                } else {
                    out.removeSubrange(childStart...)
                }
            }
            child = next
        }
        if flatLayers[index].parts.borderIndex >= 0 { out.append(Item(quad: flatLayers[index].parts.quad(flatLayers[index].parts.borderIndex), owner: owner)) }
        let opacity = flatLayers[index].opacity
        if opacity < 1 { for k in start..<out.count { out[k].quad.opacity *= opacity } }
        return out.count > start ? extent : nil
    }
}
