// Building a plan: planes into items, items into targets.
import QuartzCore

/// An item on its way to a DrawQuad: the quad itself, its `matrix` mapping its local space into
/// the plane it is currently drawn in (flattened), its `clips` in its local coordinates, and
/// its `layer` the layer it belongs to (seams are never looked for between one layer's items).
/// The same type as the plan's quads, so a target's items become its quads in place.
typealias Item = DrawQuad

extension DrawQuad {
    /// `quad` as an item of the layer `owner`.
    init(quad: DrawQuad, owner: ObjectIdentifier) {
        self = quad
        layer = owner
    }
}

final class PlanBuilder {
    // The builder's state is used by one thread at a time (the work it shares among the cores
    // touches none of it), so its accesses skip the runtime's exclusivity checks, which cost
    // a call and a bookkeeping entry each (a look-up per layer).
    let options: CompositorOptions
    @exclusivity(unchecked) var targets: [RenderTarget] = []
    @exclusivity(unchecked) var images: [CGImage] = []
    @exclusivity(unchecked) private var imageIndex: [ObjectIdentifier: Int] = [:]
    /// Each layer's context members, own parts and plane extent, computed once per compile (a
    /// layer has one superlayer, so its identity names one plane while the tree is being compiled).
    @exclusivity(unchecked) private(set) var layerCache: [ObjectIdentifier: LayerInfo] = [:]
    /// The map from the texels of the target being built to output pixels (flattened, 2D
    /// projective), so a nested target's resolution follows its content's final on-screen
    /// stretch instead of compounding its parents' oversampling.
    @exclusivity(unchecked) private var targetToOutput = Mat4.identity
    /// The output's pixel box: the viewport of the first (outermost) plane compiled.
    @exclusivity(unchecked) private var outputBox: Box?
    /// The layers being drawn as masks (a mask's own mask is ignored: SCENE_FORMAT.md 9.3).
    @exclusivity(unchecked) private var drawingMasks: Set<ObjectIdentifier> = []

    /// RenderPlan.unflattened, as it is built (Explode+Placement.swift).
    @exclusivity(unchecked) var unflattened: [Mat4] = []

    /// The last frame's context orders, reused where their inputs are unchanged (FrameCompositor).
    var retainedOrders: RetainedOrders?
    /// The last frame's layer infos, reused for layers whose subtree is unchanged (FrameCompositor).
    var retainedInfos: RetainedLayerInfos?
    /// The last frame's output quads, reused for equal items (FrameCompositor).
    var retainedQuads: RetainedQuads?
    /// The last frame's depth-sorted members, reused where their inputs are unchanged (RetainedMembers.swift).
    var retainedMembers: RetainedMembers?

    init(options: CompositorOptions) { self.options = options }

    func index(of image: CGImage) -> Int {
        if let i = imageIndex[ObjectIdentifier(image)] { return i }
        images.append(image)
        imageIndex[ObjectIdentifier(image)] = images.count - 1
        return images.count - 1
    }

    /// Takes back the images listed from `count` on (a walk that was given up listed them).
    func forgetImages(from count: Int) {
        guard images.count > count else { return }
        for image in images[count...] { imageIndex.removeValue(forKey: ObjectIdentifier(image)) }
        images.removeSubrange(count...)
    }

    // MARK: A plane's items

    /// The items of `plane` in drawing order, in the plane's local coordinates.
    /// `planeToTarget` maps the plane into the target being built (to choose sub-target
    /// resolutions and what can be visible); `viewport` is that target's pixel box.
    func content(of plane: Plane, planeToTarget: Mat4, viewport: Box) -> [Item] {
        var items: [Item] = []
        appendContent(of: plane, planeToTarget: planeToTarget, viewport: viewport, to: &items)
        return items
    }

    /// content(of:), appended to `items` (one array for a whole target: no copies per level).
    private func appendContent(of plane: Plane, planeToTarget: Mat4, viewport: Box, to items: inout [Item], info known: LayerInfo? = nil) {
        if outputBox == nil { outputBox = viewport }
        let layer = plane.layer
        let owner = ObjectIdentifier(layer ?? CALayer())
        let cached = known ?? layer.map { self.info($0) }
        let members = cached?.members ?? plane.members
        // The parts are read in place from the cache (copying all of them out costs more
        // than drawing a plain layer).
        if let cached, let layer { appendOwnParts(of: layer, cached.parts, owner: owner, planeToTarget: planeToTarget, to: &items) }
        appendContextItems(plane: plane, members: members, infos: cached?.memberInfos ?? [], planeToTarget: planeToTarget, viewport: viewport, to: &items)
        if let parts = cached?.parts, parts.borderIndex >= 0 {
            items.append(parts.item(parts.borderIndex, name: layer?.name ?? "(unnamed)", owner: owner))
        }
    }

    /// A layer's own items drawn below its sublayers (background, gradient, contents, text,
    /// shape), appended to `items`; `planeToTarget` chooses the resolution of drawn images.
    func appendOwnParts(of layer: CALayer, _ parts: LayerParts, owner: ObjectIdentifier, planeToTarget: Mat4, to items: inout [Item]) {
        // (Read only for a layer with parts of its own.)
        let name = parts.backgroundIndex >= 0 || parts.gradientIndex >= 0 || parts.contentsIndex >= 0 ? layer.name ?? "(unnamed)" : ""
        if parts.backgroundIndex >= 0 { items.append(parts.item(parts.backgroundIndex, name: name, owner: owner)) }
        // (Indices are tested first: an optional quad is large to make only to test it.)
        if parts.gradientIndex >= 0, let g = parts.gradient(name: name), let gl = layer as? CAGradientLayer, let q = gradientQuad(gl, template: g, planeToTarget: planeToTarget) {
            items.append(Item(quad: q, owner: owner))
        }
        if parts.contentsIndex >= 0, let image = layer.contents as? CGImage {
            let uv = parts.contentsUV
            items.append(parts.item(parts.contentsIndex, name: name, owner: owner))
            items[items.count - 1].fill = .image(index: index(of: image), uv: uv)
        }
        if parts.hasText, let text = layer as? CATextLayer, let q = textQuad(text, planeToTarget: planeToTarget) {
            items.append(Item(quad: q, owner: owner))
        }
        if let box = parts.shapeBox, let sl = layer as? CAShapeLayer, let q = shapeQuad(sl, box: box, planeToTarget: planeToTarget) {
            items.append(Item(quad: q, owner: owner))
        }
    }

    /// A text layer's text, rasterized at the layer's largest on-screen stretch, as a quad over its bounds.
    func textQuad(_ layer: CATextLayer, planeToTarget: Mat4) -> DrawQuad? {
        guard let render = options.textImage else {
            // Only text layers with text get here.
            CompositorNotes.once(CompositorNotes.noTextSource, "text layers draw nothing: CompositorOptions.textImage is nil (LayerRenderer, or LaminaText's TextRasterizer, provides one)")
            return nil
        }
        let bounds = Box(layer.bounds)
        let visible = clip(bounds.corners, planeToTarget.inFrontOfEye)
        guard !visible.isEmpty else { return nil }
        let stretch = visible.map { planeToTarget.stretch($0).max }.max() ?? 1
        // Text images stay within a target's size limit (and 16M pixels): a bigger layer's text
        // is drawn at a reduced scale, softer but not dropped.
        let side = Double(options.maxTargetSize)
        let fit = min(side / bounds.width, side / bounds.height, (16_000_000 / (bounds.width * bounds.height)).squareRoot())
        let scale = min(max(stretch, 0.25), 8, fit)
        guard scale > 0, scale.isFinite, let image = render(layer, scale) else { return nil }
        let full = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        // The image is bounds-sized: its own transparent margins carry the glyph edges.
        let uv = Box(minX: 0, minY: 0, maxX: bounds.width * scale / Double(image.width), maxY: bounds.height * scale / Double(image.height))
        var q = DrawQuad(layerName: layer.name ?? "(unnamed)", role: "text", matrix: .identity, rect: bounds, cornerRadius: 0,
                         antialiasedEdges: [], fill: .image(index: index(of: image), uv: uv), borderWidth: 0, borderColor: .zero,
                         mask: layer.masksToBounds ? RoundedBox(box: bounds, radius: LayerParts.clampedRadius(layer)) : nil,
                         opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
        q.sampleClamp = full
        return q
    }

    /// The members of a plane's context: culled, depth-sorted, split, each drawn directly or through a target.
    /// `infos`: the members' infos as the extent walk read them (LayerInfo.memberInfos), or none.
    private func appendContextItems(plane: Plane, members: [ContextMember], infos: [LayerInfo?] = [], planeToTarget: Mat4, viewport: Box, to out: inout [Item]) {
        // A layer without sublayers (most of a UI) has nothing here.
        if members.isEmpty { return }
        var polygons: [DrawPolygon] = []
        var memberItems: [[Item]] = Array(repeating: [], count: members.count)
        let light = plane.layer?.light
        // Every member placed by a 2D affine map: one plane, nothing to depth-sort.
        let planar = members.allSatisfy { $0.mat.isPlanarAffine }
        let lightTerm = { (m: ContextMember) -> LightTerm? in
            guard let light, let n = m.normal else { return nil }
            return LightTerm(normal: SIMD3(Float(n.x), Float(n.y), Float(n.z)),
                             direction: SIMD3(Float(light.direction.x), Float(light.direction.y), Float(light.direction.z)),
                             ambient: Float(light.ambient))
        }
        /// An item of member `i` into the context's plane (after its lighting term).
        func place(_ it: inout Item, _ member: Int, clips: [HalfPlane], split: Bool) {
            let prefix = it.matrix
            // Fragment clips are half-planes of the member's plane: pull them back into the item.
            if !clips.isEmpty {
                // Room for the eye clip, an enclosing context's, and the target's up to five too
                // (cutToView): one allocation.
                it.clips.reserveCapacity(it.clips.count + clips.count + 7)
                for h in clips { it.clips.append(prefix.pullBack(h)) }
            }
            it.matrix = prefix.concatenating(members[member].mat.flattened)
            // A sampled plane's placement before flattening, for the exploded view.
            if case .target = it.fill { it.unflattenedIndex = unflatten(it.unflattenedIndex.map { unflattened[$0] } ?? prefix, members[member].mat) }
            // Under a 2D affine map every point is in front of the eye: no clip needed.
            let eye = it.matrix.inFrontOfEye
            if !(eye.a == 0 && eye.b == 0 && eye.c > 0) {
                // Room for the view's clips too (the target adds up to five) and an enclosing
                // context's eye clip (cards in a perspective stage get one from each): one allocation.
                if it.clips.isEmpty { it.clips = clipsWithRoom(eye) } else { it.clips.append(eye) }
            }
            it.isSplit = it.isSplit || split
        }
        if planar {
            // A flat context lies in one plane: its members draw whole, in tie order, straight
            // into the output.
            for (i, m) in members.enumerated() {
                if !m.isDoubleSided && m.isBackFacing { continue }
                let toTarget = m.mat.flattened.concatenating(planeToTarget)
                let start = out.count
                guard let extent = memberContent(m, toTarget: toTarget, viewport: viewport, known: infos.isEmpty ? nil : infos[i], to: &out) else { continue }
                // No polygon to sort, only the check that it has an area (as DrawPolygon's).
                guard hasArea(extent, m.mat) || DrawPolygon(member: i, matrix: m.mat, local: extent.corners) != nil else {
                    out.removeSubrange(start...)
                    continue
                }
                let term = lightTerm(m)
                // Many items and none sampling a target (whose placement the builder records):
                // placed on all cores, as place(_:_:clips:split:) places them with no clips or split.
                if out.count - start >= spreadQuads, !out[start...].contains(where: { if case .target = $0.fill { true } else { false } }) {
                    let flat = m.mat.flattened
                    // (Items placed by translations share rows: RepeatedProducts makes those once.)
                    forEachInPlace(&out, in: start..<out.count, minimum: spreadQuads, with: { RepeatedProducts(flat) }) { it, _, products in
                        if let term { it.lighting.append(term) }
                        it.matrix = products.product(it.matrix)
                        let eye = it.matrix.inFrontOfEye
                        if !(eye.a == 0 && eye.b == 0 && eye.c > 0) {
                            if it.clips.isEmpty { it.clips.reserveCapacity(7) }
                            it.clips.append(eye)
                        }
                    }
                    continue
                }
                for k in start..<out.count {
                    if let term { out[k].lighting.append(term) }
                    place(&out[k], i, clips: [], split: false)
                }
            }
            return
        }
        // (Kept only while no mask is being drawn: a mask's members draw differently.)
        let retained = drawingMasks.isEmpty ? retainedMembers : nil
        // Each member's kept entry and lighting term (to keep or reuse its items placed whole).
        var entries: [RetainedMembers.Entry?] = retained == nil ? [] : Array(repeating: nil, count: members.count)
        var terms: [LightTerm?] = Array(repeating: nil, count: members.count)
        for (i, m) in members.enumerated() {
            if !m.isDoubleSided && m.isBackFacing { continue }
            var its: [Item] = []
            let poly: DrawPolygon
            if let kept = retained?.entry(m, index: i, planeToTarget: planeToTarget, viewport: viewport) {
                guard let drawn = kept.drawn else { continue }
                entries[i] = kept
                its = drawn.items
                poly = drawn.polygon
            } else {
                let counts = (targets.count, images.count, unflattened.count)
                let drawn = drawMember(m, i, planeToTarget: planeToTarget, viewport: viewport, known: infos.isEmpty ? nil : infos[i], to: &its)
                if let retained, counts == (targets.count, images.count, unflattened.count) {
                    entries[i] = retained.keep(m, index: i, planeToTarget: planeToTarget, viewport: viewport, drawn: drawn.map { .init(items: its, polygon: $0) })
                }
                guard let drawn else { continue }
                poly = drawn
            }
            polygons.append(poly)
            terms[i] = lightTerm(m)
            if let term = terms[i] { for k in its.indices { its[k].lighting.append(term) } }
            memberItems[i] = its
        }
        var wholeCount = [Int](repeating: 0, count: members.count)
        for p in polygons { wholeCount[p.member] += 1 }
        let ordered = retainedOrders.map { $0.order(polygons, planeToTarget: planeToTarget, root: plane.layer.map(ObjectIdentifier.init)) }
            ?? orderContext(polygons, planeToTarget: planeToTarget)
        // How many fragments of each member are still to come: the last takes the member's
        // items (moved, not copied: a quad is large and a copy retains its arrays).
        var left = [Int](repeating: 0, count: members.count)
        var total = out.count
        for fragment in ordered {
            left[fragment.member] += 1
            total += memberItems[fragment.member].count
        }
        // Room for all the fragments' items at once (an item is large: growing the array by
        // doubling would move them all about twice), with some to spare for what the target
        // adds after them, and at least doubled (`out` holds a whole target: many small
        // contexts must not each reallocate it).
        if total > out.capacity { out.reserveCapacity(max(total + total / 8, 2 * out.capacity)) }
        for fragment in ordered {
            left[fragment.member] -= 1
            let split = !fragment.clips.isEmpty || wholeCount[fragment.member] > 1
            // A member drawn whole as last frame drew it, lit the same: placed as it was.
            let entry = split || entries.isEmpty ? nil : entries[fragment.member]
            if let entry, let placed = retained?.placed(entry, light: terms[fragment.member]) {
                out += placed
                continue
            }
            // A fragment of a member drawn as last frame drew it, the very fragment (TangleReuse
            // kept it) and lit the same: placed as it was.
            let fragmentEntry = split && !entries.isEmpty ? entries[fragment.member] : nil
            if let fragmentEntry, let placed = retained?.placed(fragmentEntry, fragment: fragment, split: split, light: terms[fragment.member]) {
                out += placed
                continue
            }
            let start = out.count
            if left[fragment.member] == 0 {
                var its: [Item] = []
                swap(&its, &memberItems[fragment.member])
                // Taken from the end, each moved once.
                if its.count > 1 { its.reverse() }
                while let it = its.popLast() {
                    out.append(it)
                    place(&out[out.count - 1], fragment.member, clips: fragment.clips, split: split)
                }
            } else {
                for j in memberItems[fragment.member].indices {
                    out.append(memberItems[fragment.member][j])
                    place(&out[out.count - 1], fragment.member, clips: fragment.clips, split: split)
                }
            }
            entry?.placed = (terms[fragment.member], Array(out[start...]))
            if let fragmentEntry { retained?.keep(fragmentEntry, fragment: fragment, split: split, light: terms[fragment.member], items: Array(out[start...])) }
        }
    }

    /// `[h]` with room for six more clips (an enclosing context's eye clip and the target's up
    /// to five), made as an array literal: that allocates inline, where reserveCapacity on an
    /// empty array goes through the slower generic growth.
    private func clipsWithRoom(_ h: HalfPlane) -> [HalfPlane] {
        var clips = [h, h, h, h, h, h, h]
        clips.removeLast(6)
        return clips
    }

    /// A depth-sorted member's items (appended to `its`) and polygon; nil when nothing shows.
    private func drawMember(_ m: ContextMember, _ i: Int, planeToTarget: Mat4, viewport: Box, known: LayerInfo?, to its: inout [Item]) -> DrawPolygon? {
        let toTarget = m.mat.flattened.concatenating(planeToTarget)
        guard let extent = memberContent(m, toTarget: toTarget, viewport: viewport, known: known, to: &its) else { return nil }
        let local = clip(extent.corners, m.mat.inFrontOfEye)
        if local.isEmpty { return nil }
        return DrawPolygon(member: i, matrix: m.mat, local: local)
    }

    /// Whether a box keeps a clear area (twice it above 1e-6) under a 2D affine map; false
    /// also when unsure, for DrawPolygon to decide.
    func hasArea(_ b: Box, _ m: Mat4) -> Bool {
        let det = m.r0.x * m.r1.y - m.r0.y * m.r1.x
        let a2 = 2 * abs(det) * b.width * b.height
        return a2 > 1e-6 && a2.isFinite
    }

    /// A member's items in its own plane and the extent they cover there; nil when nothing shows.
    /// The items are appended to `out` (nothing is appended when it returns nil). `known`: the
    /// layer's info when the caller has it (it is then cached, so the lean path would not try it).
    private func memberContent(_ m: ContextMember, toTarget: Mat4, viewport: Box, known: LayerInfo? = nil, to out: inout [Item]) -> Box? {
        if known == nil, let drawn = flatMemberContent(m, toTarget: toTarget, to: &out) { return drawn }
        let layer = m.layer
        let cached = known ?? info(layer)
        let members = cached.members
        let opacity = min(max(m.layerOpacity, 0), 1) * m.inheritedOpacity
        let hasSub = !members.isEmpty
        let itemCount = cached.partCount + (cached.parts.hasText ? 1 : 0) + (hasSub ? 2 : 0)
        let group = opacity < 1 && itemCount > 1
        let mask = cached.masksToBounds && hasSub
        let flat = members.allSatisfy { $0.mat.isPlanarAffine }
        // A layer mask: the mask layer as the one member of a context in the host's space
        // (placed by M(mask), no sublayerTransform; hidden or transparent: no member).
        let layerMask = layer.mask.flatMap { drawingMasks.contains(ObjectIdentifier(layer)) ? nil : $0 }
        let maskMembers = layerMask.map { contextMembers(sublayers: [$0], rootSpace: CATransform3DIdentity) }
        // A layer with a shadow is a group: the shadow is the blur of its flattened plane.
        var reasons: FlattenReasons = []
        if hasSub && !flat && !m.mat.flattened.isPlanarAffine { reasons.insert(.sublayers) }
        if group { reasons.insert(.groupOpacity) }
        if mask { reasons.insert(.masksToBounds) }
        if maskMembers != nil { reasons.insert(.mask) }
        if shadow(of: layer, cached) != nil { reasons.insert(.shadow) }
        if options.forceTargets && hasSub && reasons.isEmpty { reasons.insert(.forced) }
        if !reasons.isEmpty {
            guard let s = surface(for: Plane(layer: layer), layer: layer, opacity: opacity, toTarget: toTarget, viewport: viewport, reasons: reasons,
                                  mask: layerMask.flatMap { l in maskMembers.map { (l, $0) } }) else { return nil }
            let start = out.count
            out += s.items
            tint(&out, from: start, by: m.tint)
            return s.extent
        }
        guard let extent = planeExtent(layer, cached) else { return nil }
        let start = out.count
        if hasSub {
            appendContent(of: Plane(layer: layer), planeToTarget: toTarget, viewport: viewport, to: &out, info: cached)
        } else {
            // A leaf (most members): appendContent's own parts and border, with no context
            // between them (and none of its set-up, which costs more than a plain layer's drawing).
            let owner = ObjectIdentifier(layer)
            appendOwnParts(of: layer, cached.parts, owner: owner, planeToTarget: toTarget, to: &out)
            if cached.parts.borderIndex >= 0 { out.append(cached.parts.item(cached.parts.borderIndex, name: layer.name ?? "(unnamed)", owner: owner)) }
        }
        if opacity < 1 { for k in start..<out.count { out[k].opacity *= opacity } }
        tint(&out, from: start, by: m.tint)
        return out.count > start ? extent : nil
    }

    /// Multiplies the red, green and blue of items[start...] by a replicator instance's
    /// multipliers (the quads' colors are premultiplied: the multiply is the same on either form).
    private func tint(_ items: inout [Item], from start: Int, by t: SIMD3<Float>) {
        guard t != SIMD3(repeating: 1) else { return }
        for k in start..<items.count { items[k].tint *= t }
    }

    /// Renders a member's plane into a target of its own and returns the one quad that draws it.
    /// With a layer mask (the mask layer and its members in the plane), the mask is rendered
    /// into a second target on the very same texel grid, whose alpha the quad multiplies in.
    private func surface(for plane: Plane, layer: CALayer, opacity: Float, toTarget: Mat4, viewport: Box, reasons: FlattenReasons,
                         mask: (layer: CALayer, members: [ContextMember])? = nil) -> (items: [Item], extent: Box)? {
        guard let extent = planeExtent(layer) else { return nil }
        let shadow = self.shadow(of: layer)
        // The drawing a shadow blurs must be in the target up to 3 sigma around what shows
        // (clipped to the bounds, it still blurs what lies next to them), and so must what
        // lies just outside the viewport but blurs or moves into it. An alpha shadow is the
        // target's blur moved by the offset, so the target also holds the extent moved back
        // (else the blur's far side, cut at the target's edge, would be missing).
        var region = extent
        if let sh = shadow {
            if layer.masksToBounds { region = extent.insetBy(-sh.reach) } else if sh.path == nil { region = extent.union(extent.offsetBy(-sh.offset)) }
        }
        var margin = 2.0
        if let sh = shadow {
            let reach = sh.reach + (sh.offset * sh.offset).sum().squareRoot()
            let stretch = region.corners.map { toTarget.stretch($0).max }.max() ?? 0
            if (reach * stretch).isFinite { margin += min(reach * stretch, 1e6) }
        }
        // What can be visible: the extent cut to the part in front of the eye and inside the viewport.
        let grown = viewport.insetBy(-margin)
        let view = [HalfPlane(a: 1, b: 0, c: -grown.minX), HalfPlane(a: -1, b: 0, c: grown.maxX),
                    HalfPlane(a: 0, b: 1, c: -grown.minY), HalfPlane(a: 0, b: -1, c: grown.maxY)].map { toTarget.pullBack($0) }
        let visible = clip(clip(region.corners, toTarget.inFrontOfEye), view)
        guard var r = boundingBox(visible), !r.isEmpty, r.width.isFinite, r.height.isFinite else { return nil }
        let pad = Double(options.targetPadding)
        let limit = Double(options.maxTargetSize) - 2 * pad
        var s: Double
        let resampled: Bool
        if toTarget.isPixelTranslation && r.width <= limit && r.height <= limit {
            // Placed by a translation alone: put texel centres on pixel centres, so the
            // surface resamples exactly.
            s = 1
            resampled = false
            r.minX = (r.minX + toTarget.r3.x).rounded(.down) - toTarget.r3.x
            r.minY = (r.minY + toTarget.r3.y).rounded(.down) - toTarget.r3.y
        } else {
            // One texel covers at most 1/oversampling output pixels: the largest stretch of the
            // plane all the way to the output over the visible part (not to the parent target,
            // whose own texels may already be oversampled).
            let toOutput = toTarget.concatenating(targetToOutput)
            var stretch = visible.map { toOutput.stretch($0).max }.max() ?? 1
            if !stretch.isFinite || stretch <= 0 { stretch = visible.map { toTarget.stretch($0).max }.max() ?? 1 }
            s = max(stretch * options.targetOversampling, 1e-6)
            // At most the size of the output at twice its resolution, and within the largest target.
            let out = outputBox ?? viewport
            let wLimit = min(limit, 2 * out.width), hLimit = min(limit, 2 * out.height)
            s = min(s, wLimit / max(r.width, 1e-9), hLimit / max(r.height, 1e-9))
            resampled = true
        }
        let most = max(1, options.maxTargetSize)
        let w = (r.width * s).clampedToInt(in: 1...most, rounding: .up), h = (r.height * s).clampedToInt(in: 1...most, rounding: .up)
        // A plane whose drawing stays inside its bounds gets its silhouette from the quad
        // (anti-aliased analytically on the output), so its own edges are drawn hard inside.
        let bounds = Box(layer.bounds)
        let bounded = !bounds.isEmpty && (layer.masksToBounds || extent == bounds)
        // A bounded, resampled target's texel grid is stretched to fit the visible box
        // exactly (w x h texels, a scale of at least s each way), so the plane's far edges
        // fall on texel boundaries. Otherwise its last column and row of texels would be only
        // partly covered, hence left empty by the hard (pixel-centre) edges drawn inside,
        // and the bilinear sample next to the surface's far edges would mix them in: the
        // background showing through the seams of a closed cube whose faces are drawn through
        // targets (FailureModeRenderTests' ClosedCubeOfTargetsHasNoSeams).
        let fit = bounded && resampled
        let sx = fit ? Double(w) / r.width : s, sy = fit ? Double(h) / r.height : s
        let tw = w + 2 * Int(pad), th = h + 2 * Int(pad)
        let localToTexel = Mat4.translation(-r.minX, -r.minY).concatenating(.scale(sx, sy)).concatenating(.translation(pad, pad))
        let texBox = Box(minX: r.minX - pad / sx, minY: r.minY - pad / sy, maxX: r.minX + (Double(tw) - pad) / sx, maxY: r.minY + (Double(th) - pad) / sy)
        let texelToLocal = Mat4.translation(-pad, -pad).concatenating(.scale(1 / sx, 1 / sy)).concatenating(.translation(r.minX, r.minY))
        let parentToOutput = targetToOutput
        targetToOutput = texelToLocal.concatenating(toTarget).concatenating(parentToOutput)
        let texels = Box(minX: 0, minY: 0, maxX: Double(tw), maxY: Double(th))
        var items = content(of: plane, planeToTarget: localToTexel, viewport: texels)
        var maskItems: [Item] = []
        if let mask, !items.isEmpty {
            let id = ObjectIdentifier(mask.layer)
            let inserted = drawingMasks.insert(id).inserted
            appendContextItems(plane: plane, members: mask.members, planeToTarget: localToTexel, viewport: texels, to: &maskItems)
            if inserted { drawingMasks.remove(id) }
        }
        targetToOutput = parentToOutput
        // Where the mask draws nothing the host is invisible: an empty mask hides it all. A
        // shadowPath casts its shadow even when the layer itself draws nothing.
        if (items.isEmpty && shadow?.path == nil) || (mask != nil && maskItems.isEmpty) { return nil }
        if bounded {
            let me = ObjectIdentifier(layer)
            for k in items.indices where items[k].layer == me && items[k].rect == bounds { items[k].antialiasedEdges = [] }
        }
        let hasItems = !items.isEmpty
        let index = addTarget(label: plane.name, width: tw, height: th, clear: PremultipliedColor(0, 0, 0, 0), items: items, planeToTarget: localToTexel,
                              kind: .plane(layer: plane.name, reasons: reasons))
        let maskIndex = mask == nil ? nil
            : addTarget(label: plane.name + " (mask)", width: tw, height: th, clear: PremultipliedColor(0, 0, 0, 0), items: maskItems, planeToTarget: localToTexel,
                        kind: .mask(layer: plane.name))
        // The quad: the whole texture (hard edges: its padding is transparent), or the
        // bounds (rounded when the layer masks), sampled only inside them.
        var rect = texBox, radius = 0.0, edges: EdgeMask = []
        if bounded {
            rect = bounds
            radius = layer.masksToBounds ? LayerParts.clampedRadius(layer) : 0
            edges = layer.allowsEdgeAntialiasing ? .all : []
        }
        let uv = Box(minX: (rect.minX - texBox.minX) / texBox.width, minY: (rect.minY - texBox.minY) / texBox.height,
                     maxX: (rect.maxX - texBox.minX) / texBox.width, maxY: (rect.maxY - texBox.minY) / texBox.height)
        let quad = DrawQuad(layerName: plane.name, role: "surface", matrix: .identity, rect: rect, cornerRadius: radius,
                            antialiasedEdges: edges, fill: .target(index: index, uv: uv), borderWidth: 0,
                            borderColor: .zero, mask: nil, opacity: opacity, lighting: [], clips: [], cover: [], isSplit: false)
        var q = quad
        if bounded { q.sampleClamp = uv }
        if let maskIndex { q.maskTexture = MaskTexture(index: maskIndex, uv: uv) }
        let owner = ObjectIdentifier(layer)
        var drawn = bounded ? rect : texBox
        guard let sh = shadow else { return ([Item(quad: q, owner: owner)], drawn) }
        // The shadow: the blur of the host target (its texel grid, sigma in texels each way),
        // drawn first, moved by the offset; the mask and the bounds clip it as they clip the host.
        // With a shadowPath, the blur of that path instead, filled on the same grid with the
        // offset already applied (exact, no resampling of the blur).
        var shadowRect = texBox.offsetBy(sh.offset)
        let blurred: (index: Int, uv: Box)
        if let path = sh.path {
            // Filled straight onto the grid its blur runs on (halved for a wide blur: the
            // path's coverage there is the fine grid's, averaged).
            let kx = Double(1 << halvings(sigma: sh.sigma * sx, side: tw)), ky = Double(1 << halvings(sigma: sh.sigma * sy, side: th))
            let extent = SIMD2(Double(tw) / kx, Double(th) / ky)
            let grid = TexelGrid(box: texBox, sx: sx / kx, sy: sy / ky, width: Int(extent.x.rounded(.up)), height: Int(extent.y.rounded(.up)))
            guard let shape = shadowPathTarget(path, offset: sh.offset, grid: grid, layerName: plane.name,
                                               owner: owner, localToTexel: localToTexel.concatenating(.scale(1 / kx, 1 / ky)))
            else { return hasItems ? ([Item(quad: q, owner: owner)], drawn) : nil }
            shadowRect = texBox
            blurred = blurTarget(of: shape, width: grid.width, height: grid.height, extent: extent,
                                 sigmaX: sh.sigma * grid.sx, sigmaY: sh.sigma * grid.sy, layerName: plane.name)
        } else {
            blurred = shadowBlur(of: index, width: tw, height: th, sigmaX: sh.sigma * sx, sigmaY: sh.sigma * sy, layerName: plane.name, owner: owner)
        }
        let full = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        var sq = DrawQuad(layerName: plane.name, role: "shadow", matrix: .identity, rect: shadowRect, cornerRadius: 0,
                          antialiasedEdges: [], fill: .target(index: blurred.index, uv: blurred.uv), borderWidth: 0, borderColor: .zero,
                          mask: layer.masksToBounds ? RoundedBox(box: bounds, radius: LayerParts.clampedRadius(layer)) : nil,
                          opacity: opacity * sh.color.w, lighting: [], clips: [], cover: [], isSplit: false)
        // The blur is an opaque white of the shape's coverage: opacity and tint make it the color.
        sq.tint = SIMD3(sh.color.x, sh.color.y, sh.color.z) / sh.color.w
        if !layer.masksToBounds { drawn = drawn.union(shadowRect) }
        guard maskIndex != nil else { return ([Item(quad: sq, owner: owner), Item(quad: q, owner: owner)], drawn) }
        // A layer mask multiplies the host drawn over its shadow, not each on its own (where
        // the mask is partial, the shadow must not show through the opaque host): the two
        // are composited first, on the same texel grid, and the surface quad masks that.
        sq.opacity = sh.color.w
        sq.mask = nil
        let copy = DrawQuad(layerName: plane.name, role: "surface", matrix: .identity, rect: texBox, cornerRadius: 0,
                            antialiasedEdges: [], fill: .target(index: index, uv: full), borderWidth: 0,
                            borderColor: .zero, mask: nil, opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
        let composite = addTarget(label: plane.name + " (with shadow)", width: tw, height: th, clear: PremultipliedColor(0, 0, 0, 0),
                                  items: [Item(quad: sq, owner: owner), Item(quad: copy, owner: owner)], planeToTarget: localToTexel,
                                  kind: .withShadow(layer: plane.name))
        q.fill = .target(index: composite, uv: uv)
        return ([Item(quad: q, owner: owner)], drawn)
    }

    /// A layer's shadow (SCENE_FORMAT.md 9.2), or nil when it casts none: opacity 0, no
    /// color or a transparent one, a transform layer, or geometry that is not finite.
    func shadow(of layer: CALayer) -> LayerShadow? {
        guard layer.shadowOpacity > 0, !(layer is CATransformLayer), let c = premultiplied(layer.shadowColor) else { return nil }
        let color = c * min(layer.shadowOpacity, 1)
        let offset = SIMD2(Double(layer.shadowOffset.width), Double(layer.shadowOffset.height))
        let sigma = max(Double(layer.shadowRadius), 0)
        guard color.w > 0, offset.x.isFinite, offset.y.isFinite, sigma.isFinite else { return nil }
        guard let path = layer.shadowPath else { return LayerShadow(color: color, offset: offset, sigma: sigma, path: nil, pathBox: nil) }
        // An empty path, or one whose bounds are not finite, casts no shadow.
        let b = path.boundingBoxOfPath
        guard !path.isEmpty, !b.isNull, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite,
              max(abs(b.minX), abs(b.minY), abs(b.maxX), abs(b.maxY)) < 1e9 else { return nil }
        return LayerShadow(color: color, offset: offset, sigma: sigma, path: path, pathBox: Box(b))
    }

    /// shadow(of:), read once per layer per compile (the extent and the member both ask).
    private func shadow(of layer: CALayer, _ info: LayerInfo) -> LayerShadow? {
        // (Most layers cast none: a flag, where reading the optional back would copy it.)
        if info.castsNoShadow { return nil }
        if let known = info.shadow { return known }
        guard let s = shadow(of: layer) else {
            info.castsNoShadow = true
            return nil
        }
        info.shadow = .some(s)
        return s
    }

    // MARK: Members and extents

    /// A layer's members and parts, collected once per compile.
    private func info(_ layer: CALayer) -> LayerInfo {
        let id = ObjectIdentifier(layer)
        if let i = layerCache[id] { return i }
        if let i = retainedInfos?.info(of: layer) {
            layerCache[id] = i
            return i
        }
        let sublayers = layer.sublayers ?? []
        let members = sublayers.isEmpty ? [] : contextMembers(of: layer, sublayers: sublayers, rootSpace: layer.sublayerSpaceTransform)
        // Properties read by several steps are read here once.
        let rect = layer.bounds
        let i = LayerInfo(members: members, parts: LayerParts(layer, hasSublayers: !members.isEmpty, layerBounds: rect),
                          bounds: Box(rect), masksToBounds: layer.masksToBounds)
        layerCache[id] = i
        retainedInfos?.keep(i, of: layer)
        return i
    }

    /// Caches a layer's members and parts read as info(_:) reads them (by the lean path, which
    /// gave the layer up to the general path), unless they are cached already.
    func remember(_ layer: CALayer, members: [ContextMember], parts: LayerParts, bounds: CGRect, masksToBounds: Bool) {
        let id = ObjectIdentifier(layer)
        guard layerCache[id] == nil else { return }
        let i = LayerInfo(members: members, parts: parts, bounds: Box(bounds), masksToBounds: masksToBounds)
        layerCache[id] = i
        retainedInfos?.keep(i, of: layer)
    }

    /// The box in a layer's plane that its drawing can touch: bounds, contents, and the
    /// flattened images of its context's members (clipped to the bounds when it masks).
    func planeExtent(_ layer: CALayer, _ known: LayerInfo? = nil) -> Box? {
        let i = known ?? info(layer)
        if let e = i.extent { return e }
        let e = computeExtent(layer, i)
        i.extent = .some(e)
        return e
    }

    /// planeExtent, uncached: each member's extent comes from the cache, so a tree is walked once.
    private func computeExtent(_ layer: CALayer, _ info: LayerInfo) -> Box? {
        let bounds = info.bounds
        var e: Box? = bounds.isEmpty ? nil : bounds
        let contentsRect = info.parts.contentsRect, shapeBox = info.parts.shapeBox
        if let c = contentsRect { e = e.map { $0.union(c) } ?? c }
        if let s = shapeBox { e = e.map { $0.union(s) } ?? s }
        let members = info.members
        if info.masksToBounds { return members.isEmpty && contentsRect == nil && shapeBox == nil ? e : (bounds.isEmpty ? nil : bounds) }
        // Members are read field by field where they lie (a copy of each costs more than its use here).
        // Their infos are kept for drawing them (not across retained frames).
        let keepsInfos = retainedInfos == nil
        var infos: [LayerInfo?] = keepsInfos ? Array(repeating: nil, count: members.count) : []
        // Room in the cache for a large context's members at once (no rehashing as it grows).
        if members.count >= 64 { layerCache.reserveCapacity(layerCache.count + members.count) }
        for k in members.indices {
            if !members[k].isDoubleSided && members[k].isBackFacing { continue }
            let read = memberExtent(members[k].layer, members[k].mat)
            if keepsInfos { infos[k] = read.info }
            guard let b = read.box else { continue }
            e = e.map { $0.union(b) } ?? b
        }
        if keepsInfos { info.memberInfos = infos }
        // A shadow reaches 3 sigma beyond its shape (the drawing's extent, or the shadowPath's
        // bounds), moved by its offset (a layer that masks to its bounds clips its shadow to
        // them: nothing more).
        if let sh = shadow(of: layer, info), let shape = sh.pathBox ?? e {
            let cast = shape.offsetBy(sh.offset).insetBy(-sh.reach)
            e = e.map { $0.union(cast) } ?? cast
        }
        return e
    }
}

extension PlanBuilder {
    /// A member's plane extent in its context's plane (projectedExtent), as the last frame
    /// placed it when its subtree and matrix are unchanged (RetainedLayerInfo.swift).
    /// Also the layer's info, when it was read for this (not when the extent was kept).
    func memberExtent(_ layer: CALayer, _ mat: Mat4) -> (box: Box?, info: LayerInfo?) {
        if let kept = retainedInfos?.projectedExtent(of: layer, mat: mat) { return (kept, nil) }
        let i = info(layer)
        let b = planeExtent(layer, i).flatMap { projectedExtent($0, mat) }
        retainedInfos?.keepProjected(b, of: layer, mat: mat)
        return (b, i)
    }
}

/// A member's plane extent `ce` in its context's plane (the box of its corners in front of
/// the eye, mapped by `mat`); nil when none is, or beyond 1e30 (geometry of 1e300 through the
/// API draws nothing, see DrawQuad.fitsInFloat, and must not make its parent's extent unusable).
func projectedExtent(_ ce: Box, _ mat: Mat4) -> Box? {
    let projected: Box?
    // Every corner in front of the eye (always under an affine map; under perspective when
    // clip would keep the corners untouched, by the same test): no arrays.
    let eye = mat.inFrontOfEye
    let c0 = SIMD2(ce.minX, ce.minY), c1 = SIMD2(ce.maxX, ce.minY), c2 = SIMD2(ce.maxX, ce.maxY), c3 = SIMD2(ce.minX, ce.maxY)
    if (mat.r0.w == 0 && mat.r1.w == 0 && mat.r3.w > wEpsilon)
        || (eye.value(c0) >= 0 && eye.value(c1) >= 0 && eye.value(c2) >= 0 && eye.value(c3) >= 0) {
        let p0 = mat.project(c0), p1 = mat.project(c1), p2 = mat.project(c2), p3 = mat.project(c3)
        // Folded in boundingBox's order, so non-finite corners come out the same.
        var b = Box(minX: p0.x, minY: p0.y, maxX: p0.x, maxY: p0.y)
        func fold(_ p: SIMD2<Double>) { b.minX = min(b.minX, p.x); b.minY = min(b.minY, p.y); b.maxX = max(b.maxX, p.x); b.maxY = max(b.maxY, p.y) }
        fold(p1); fold(p2); fold(p3)
        projected = b
    } else {
        projected = boundingBox(clip(ce.corners, mat.inFrontOfEye).map { mat.project($0) })
    }
    guard let b = projected, abs(b.minX) < 1e30, abs(b.maxX) < 1e30, abs(b.minY) < 1e30, abs(b.maxY) < 1e30 else { return nil }
    return b
}

/// A layer's shadow in its own space: premultiplied color times shadowOpacity, offset, sigma
/// (points), and its shadowPath with the path's bounds when it has one.
struct LayerShadow {
    let color: PremultipliedColor
    let offset: SIMD2<Double>
    let sigma: Double
    let path: CGPath?
    let pathBox: Box?
    /// How far the blur reaches beyond its shape: 3 sigma (GaussianKernel's radius).
    var reach: Double { 3 * sigma }
}

/// What a compile keeps of one layer (a class: looked up often, never copied).
final class LayerInfo {
    /// The members of the context the layer roots.
    let members: [ContextMember]
    /// Its own quads (the contents quad does not depend on whether it has sublayers).
    let parts: LayerParts
    /// Its plane extent once computed (.some(nil): nothing to draw).
    @exclusivity(unchecked) var extent: Box??
    /// Its shadow once read and found (nil: not read, or castsNoShadow).
    @exclusivity(unchecked) var shadow: LayerShadow??
    /// Whether its shadow has been read and it casts none.
    @exclusivity(unchecked) var castsNoShadow = false
    /// Its members' infos as computeExtent read them (nil: a member culled or not read),
    /// so drawing them needs no look-up; empty when not read (or on a retained frame, whose
    /// infos outlive it).
    @exclusivity(unchecked) var memberInfos: [LayerInfo?] = []

    /// parts.count, once.
    let partCount: Int
    /// The layer's bounds and masksToBounds, read once.
    let bounds: Box
    let masksToBounds: Bool

    init(members: [ContextMember], parts: LayerParts, bounds: Box, masksToBounds: Bool) {
        self.members = members
        self.parts = parts
        partCount = parts.count
        self.bounds = bounds
        self.masksToBounds = masksToBounds
    }
}
