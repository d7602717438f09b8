// The lean path for 2D subtrees (an ordinary UI): a member whose whole subtree is drawn
// directly into one plane (every context in it planar, nothing flattened through a target,
// no masks, shadows or lighting) is drawn in one walk: each layer read once, its items
// emitted, its extent folded from its members' on the way back up. No per-layer cache
// entries, no dictionary lookups, no extent walks of their own: the same items, in the same
// order, with the same arithmetic as memberContent's general path. A layer that needs the
// general path ends the walk: what it emitted and the images it listed are taken back and
// the general path draws the member (CompositorOptions.usesFlatPath off gives the general
// path everywhere; FlatPathTests compares both plans quad by quad).
// A large subtree's members are drawn on all cores (contiguous runs of them, gathered in
// order): a run drawn off the builder's thread changes nothing of the builder's (its images
// are listed when it is gathered), and one that meets what it cannot draw so (gradients,
// text, shapes, a layer for the general path) is drawn again on this thread, from its start.
import QuartzCore

/// A layer drawn by the lean walk: its plane extent (nil: nothing can show) and whether it
/// drew any item (memberContent's result is the extent only then).
struct FlatDrawn {
    var extent: Box?
    var drew: Bool
    /// Whether each of its items is placed by the identity matrix or by a flattened plain
    /// translation (see `flatTranslation`): its own parts (LayerParts.quad: no gradient, text
    /// or shape) and its members' items placed so.
    var translationsOnly = false
}

/// The flattened plain translation F(x, y): the identity but for r2.z = 0 and r3 = (x, y, 0, 1),
/// x and y finite and neither -0. Row vectors, p' = p * M. Exact, bit for bit, as products:
/// I * F(b) = F(b) and F(a) * F(b) = F(a + b) (each product by an exact 0 is a zero that
/// leaves its sum as it is, each by an exact 1 the number itself; a sum of numbers none of
/// which is -0 is never -0), where concatenating makes all sixteen sums.
@inline(__always) private func flatTranslation(_ x: Double, _ y: Double) -> Mat4 {
    Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 0, 0), SIMD4(x, y, 0, 1))
}

/// The images a walk off the builder's thread met, in the order it met them: its contents
/// items name image -2 - k for the k-th (listed with the builder when the run is gathered).
final class FlatImages {
    var list: [CGImage] = []
}

/// A run of members drawn off the builder's thread: their items, each one's extent in the
/// parent's plane (nil: none), the images they met; nil when the run must be drawn again.
private struct FlatRun {
    var items: [Item]
    var extents: [Box?]
    var images: [CGImage]
    /// Whether every item is placed by the identity or a flattened plain translation.
    var translationsOnly = true
}

/// The fewest layers under a member for its members to be drawn on all cores (fewer cost
/// less than waking the other threads).
private let flatSpreadLayers = 2048


extension PlanBuilder {
    /// memberContent for a member whose subtree the lean path can draw: nil when it cannot
    /// (nothing appended), else the extent memberContent returns (nil inside: nothing shows).
    /// Only tried for layers no earlier step has read into the per-layer cache (their extent
    /// is then known there, and the general path costs no more).
    func flatMemberContent(_ m: ContextMember, toTarget: Mat4, to out: inout [Item]) -> Box?? {
        guard options.usesFlatPath, !options.forceTargets, layerCache[ObjectIdentifier(m.layer)] == nil else { return nil }
        let start = out.count, imageCount = images.count
        // A large subtree's items (most layers draw one) are given room at once: an item is
        // large, and growing the array by doubling would copy them all about twice over.
        // Counted only up to where the subtree is spread (its runs then count their own).
        let layers = Self.layerCount(m.layer, upTo: flatSpreadLayers)
        // (A subtree drawn on all cores gathers its items into an array of its own.)
        if layers >= 256 && layers < flatSpreadLayers { out.reserveCapacity(start + layers + layers / 8) }
        if let drawn = drawFlat(m.layer, opacity: Self.flatOpacity(m), plainTint: m.tint == SIMD3(repeating: 1), flat: nil, toTarget: toTarget,
                                spread: layers >= flatSpreadLayers, offThread: nil, to: &out) { return .some(drawn.drew ? drawn.extent : nil) }
        // Some layer needs the general path: as if the walk had not been tried.
        out.removeSubrange(start...)
        forgetImages(from: imageCount)
        return nil
    }

    /// How many layers the tree under `layer` holds (itself included), counting stopped past `limit`.
    static func layerCount(_ layer: CALayer, upTo limit: Int) -> Int {
        var n = 1
        guard let sublayers = layer.sublayers else { return n }
        for s in sublayers where n <= limit { n += layerCount(s, upTo: limit - n) }
        return n
    }

    /// Draws a member (its `layer`) and its subtree (memberContent's general path with appendContent, the
    /// planar context loop and computeExtent inlined), appending its items in its own plane
    /// to `out`; nil when some layer in it needs the general path (`out` then holds partial
    /// items the caller removes). `spread`: the first layer on the way down with many members
    /// draws them on all cores. `offThread` (off the builder's thread): nothing of the
    /// builder's is changed, images are listed there, and nil is also returned for what only
    /// the builder's thread can draw. `flat`: the member's flattened placement in the plane
    /// `toTarget` maps (nil: `toTarget` is the member's own); the product is made only where
    /// it is used (members to place, or images drawn at the target's scale), most leaves need none.
    /// (The member is given by its layer, opacity (flatOpacity) and whether its tint is white:
    /// a member copied out of its array to be passed costs more than its use here.)
    private func drawFlat(_ layer: CALayer, opacity: Float, plainTint: Bool, flat: UnsafePointer<Mat4>?, toTarget parentToTarget: Mat4, spread: Bool,
                          offThread: FlatImages?, to out: inout [Item]) -> FlatDrawn? {
        // A replicator's instances, a layer mask or a shadow: the general path.
        guard plainTint, isPlainLayer(layer) || !(layer is CAReplicatorLayer), layer.mask == nil, shadow(of: layer) == nil else { return nil }
        let sublayers = layer.sublayers ?? []
        // As info(_:) reads them.
        let members = sublayers.isEmpty ? [] : contextMembers(of: layer, sublayers: sublayers, rootSpace: layer.sublayerSpaceTransform)
        let rect = layer.bounds
        let hasMembers = !members.isEmpty
        let parts = LayerParts(layer, hasSublayers: hasMembers, layerBounds: rect)
        let masks = layer.masksToBounds
        // Given up here, the layer's members and parts are read as info(_:) reads them: the
        // general path, drawing it next, takes them from the cache instead of reading them again.
        func giveUp() -> FlatDrawn? {
            if offThread == nil { remember(layer, members: members, parts: parts, bounds: rect, masksToBounds: masks) }
            return nil
        }
        // Group opacity or masksToBounds over sublayers make a target (memberContent's reasons).
        let itemCount = parts.count + (parts.hasText ? 1 : 0) + (hasMembers ? 2 : 0)
        if opacity < 1 && itemCount > 1 { return giveUp() }
        let bounds = Box(rect)
        // Text over empty bounds is drawn though the layer has no extent (the general path
        // then skips it): left to the general path, as are lit and non-planar contexts.
        if parts.hasText && bounds.isEmpty { return giveUp() }
        if hasMembers {
            if masks || layer.light != nil { return giveUp() }
            for k in members.indices where !members[k].mat.isPlanarAffine { return giveUp() }
        }
        // The extent, as computeExtent folds it (members' extents on the way back up).
        var e: Box? = bounds.isEmpty ? nil : bounds
        let contentsRect = parts.contentsRect, shapeBox = parts.shapeBox
        if let c = contentsRect { e = e.map { $0.union(c) } ?? c }
        if let s = shapeBox { e = e.map { $0.union(s) } ?? s }
        // (No members under masksToBounds here.)
        if masks { e = contentsRect == nil && shapeBox == nil ? e : (bounds.isEmpty ? nil : bounds) }
        let owner = ObjectIdentifier(layer)
        let start = out.count
        let drawsImages = offThread == nil && (parts.gradientIndex >= 0 || parts.hasText || shapeBox != nil)
        // (Where neither needs it, the parent's stands in: nothing reads it.)
        let toTarget = (hasMembers || drawsImages) ? flat.map { $0.pointee.concatenating(parentToTarget) } ?? parentToTarget : parentToTarget
        if let offThread {
            guard appendOwnPartsOffThread(of: layer, parts, owner: owner, images: offThread, to: &out) else { return nil }
        } else {
            appendOwnParts(of: layer, parts, owner: owner, planeToTarget: toTarget, to: &out)
        }
        var next = 0
        // Own parts are placed by the identity (gradients, text and shapes not counted on).
        var translations = parts.gradientIndex < 0 && !parts.hasText && shapeBox == nil
        if spread && offThread == nil && members.count >= 8 {
            // On all cores; the runs up to the first that must be drawn again are kept.
            let shared = Unchecked(value: (builder: self, members: members))
            var runs = inRanges(members.count, minimum: 2) { r -> Unchecked<FlatRun?> in
                let images = FlatImages()
                var run = FlatRun(items: [], extents: [], images: [])
                run.extents.reserveCapacity(r.count)
                // Room for the items at once (most layers draw one): growing would copy them.
                // Counted to the members' own sublayers (deeper subtrees grow the array as
                // they need): a walk of the whole subtree would cost about as much as drawing it.
                let layers = r.reduce(0) { $0 + 1 + (shared.value.members[$1].layer.sublayers?.count ?? 0) }
                run.items.reserveCapacity(layers + layers / 8)
                let drawn: Bool = shared.value.members.withUnsafeBufferPointer { mp in
                    for k in r {
                        guard let b = shared.value.builder.drawFlatMember(mp, k, toTarget: toTarget, offThread: images, translationsOnly: &run.translationsOnly,
                                                                          to: &run.items) else { return false }
                        run.extents.append(b)
                    }
                    return true
                }
                guard drawn else { return Unchecked(value: nil) }
                run.images = images.list
                return Unchecked(value: run)
            }
            // The runs' items patched (their images listed in order), then moved in after
            // what `out` holds, on all cores.
            var joined: [[Item]] = [[]]
            swap(&joined[0], &out)
            for r in runs.indices {
                guard runs[r].value != nil else { break }
                var items: [Item] = []
                swap(&items, &runs[r].value!.items)
                if !runs[r].value!.images.isEmpty {
                    let indices = runs[r].value!.images.map { index(of: $0) }
                    for j in items.indices {
                        if case .image(let i, let uv) = items[j].fill, i <= -2 { items[j].fill = .image(index: indices[-2 - i], uv: uv) }
                    }
                }
                for b in runs[r].value!.extents { if let b { e = e.map { $0.union(b) } ?? b } }
                translations = translations && runs[r].value!.translationsOnly
                next += runs[r].value!.extents.count
                joined.append(items)
            }
            out = movedTogether(&joined, minimum: 1024)
        }
        // (Members read in place through a pointer: read from the array, each was copied whole.)
        let drewAll: Bool = members.withUnsafeBufferPointer { mp in
            for k in next..<mp.count {
                guard let b = drawFlatMember(mp, k, toTarget: toTarget, offThread: offThread, spread: spread && next == 0, translationsOnly: &translations,
                                             to: &out) else { return false }
                if let b { e = e.map { $0.union(b) } ?? b }
            }
            return true
        }
        guard drewAll else { return giveUp() }
        if parts.borderIndex >= 0 { out.append(parts.item(parts.borderIndex, name: layer.name ?? "(unnamed)", owner: owner)) }
        // Whatever was emitted lies inside a non-nil extent (bounds, contents, shape or a
        // member's), so a nil extent here drew nothing, as in the general path.
        if opacity < 1 { for j in start..<out.count { out[j].opacity *= opacity } }
        return FlatDrawn(extent: e, drew: out.count > start, translationsOnly: translations)
    }

    /// Member k of `members` drawn by drawFlat and placed into its parent's plane (the planar
    /// context loop), its items appended to `out`: nil when it needs the general path (or the
    /// builder's thread), else its extent in the parent's plane (nil: it adds none).
    /// `translationsOnly` is cleared unless the member's items are placed by flattened plain
    /// translations (flatTranslation) or the identity.
    private func drawFlatMember(_ members: UnsafeBufferPointer<ContextMember>, _ k: Int, toTarget: Mat4, offThread: FlatImages?, spread: Bool = false,
                                translationsOnly: inout Bool, to out: inout [Item]) -> Box?? {
        // Culled members are neither drawn nor part of the extent.
        if !members[k].isDoubleSided && members[k].isBackFacing { return .some(nil) }
        let mat = members[k].mat
        var flat = mat.flattened
        let childStart = out.count
        // Its fields taken out first: read in the call's arguments, the member was copied
        // whole (through its value witness) to keep its layer for the call.
        // (Fields read through the element's pointer: a borrowed member passed to flatOpacity
        // was copied whole, its layer retained and released.)
        let m = members.baseAddress! + k
        let layer = m.pointee.layer, opacity = min(max(m.pointee.layerOpacity, 0), 1) * m.pointee.inheritedOpacity
        let plainTint = m.pointee.tint == SIMD3(repeating: 1)
        // (`flat` passed by its address: an optional matrix was copied in and out.)
        guard let child = withUnsafePointer(to: &flat, { f in drawFlat(layer, opacity: opacity, plainTint: plainTint, flat: f,
                                                                       toTarget: toTarget, spread: spread, offThread: offThread, to: &out) }) else { return nil }
        guard let ce = child.extent else { translationsOnly = translationsOnly && !child.drew; return .some(nil) }
        // A member's extent that vanishes in its parent's plane (behind the eye, beyond
        // 1e30): the general path would draw neither it nor, maybe, its parent.
        guard let b = projectedExtent(ce, mat) else { return nil }
        guard child.drew else { return b }
        // Items placed by the identity or F(a), the member by a plain translation: F(b) is
        // its flattened matrix, and the products are F(b) and F(a + b) (flatTranslation).
        let byTranslations = child.translationsOnly && members[k].isPlainTranslation
        var placedAsTranslations = byTranslations
        // The planar context's check that the member has an area (as DrawPolygon's).
        if hasArea(ce, mat) || DrawPolygon(member: k, matrix: mat, local: ce.corners) != nil {
            // (Through the buffer: each out[j] checked the array's uniqueness and bounds.)
            out.withUnsafeMutableBufferPointer { items in
                for j in childStart..<items.count {
                    // appendContextItems' place(_:_:clips:split:) with no clips and no split.
                    if !byTranslations {
                        items[j].matrix = items[j].matrix.concatenating(flat)
                    } else if items[j].matrix.r2.z == 1 {
                        items[j].matrix = flat
                    } else {
                        let x = items[j].matrix.r3.x + flat.r3.x, y = items[j].matrix.r3.y + flat.r3.y
                        items[j].matrix = flatTranslation(x, y)
                        // (A sum beyond the largest number: no longer plain for the next plane.)
                        if !(x.isFinite && y.isFinite) { placedAsTranslations = false }
                    }
                    let eye = items[j].matrix.inFrontOfEye
                    if !(eye.a == 0 && eye.b == 0 && eye.c > 0) { items[j].clips.append(eye) }
                }
            }
        } else {
            out.removeSubrange(childStart...)
        }
        translationsOnly = translationsOnly && placedAsTranslations
        return b
    }

    /// A member's opacity as memberContent takes it (its own, clamped, times what it inherits).
    @inline(__always) static func flatOpacity(_ m: borrowing ContextMember) -> Float { min(max(m.layerOpacity, 0), 1) * m.inheritedOpacity }

    /// appendOwnParts off the builder's thread: false (nothing appended) for a gradient, text
    /// or shape (drawn into images of the builder's); a contents image is listed in `images`.
    private func appendOwnPartsOffThread(of layer: CALayer, _ parts: LayerParts, owner: ObjectIdentifier, images: FlatImages, to items: inout [Item]) -> Bool {
        guard parts.gradientIndex < 0, !parts.hasText, parts.shapeBox == nil else { return false }
        // (Read only for a layer with parts of its own.)
        let name = parts.backgroundIndex >= 0 || parts.contentsIndex >= 0 ? layer.name ?? "(unnamed)" : ""
        if parts.backgroundIndex >= 0 { items.append(parts.item(parts.backgroundIndex, name: name, owner: owner)) }
        if parts.contentsIndex >= 0, let image = layer.contents as? CGImage {
            let uv = parts.contentsUV
            items.append(parts.item(parts.contentsIndex, name: name, owner: owner))
            items[items.count - 1].fill = .image(index: -2 - images.list.count, uv: uv)
            images.list.append(image)
        }
        return true
    }
}
