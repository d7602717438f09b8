// Render-target textures kept from one frame to the next, as Chromium's viz keeps render
// passes and WebRender keeps pictures. A target whose content is exactly what it was last
// frame (the same RenderTarget value compared whole, never by a hash alone, names and layer
// identities aside; the same image objects; every target it samples itself unchanged) is
// not drawn again: last frame's texture is sampled. A target read only by such kept targets
// is not drawn at all. Kept textures stay out of the pool's free list, within a pixel
// budget; a texture the frame does not keep goes back to the pool. Used only with the
// context current.
@preconcurrency import CEpoxy
import LaminaCompositor
import QuartzCore

/// What a frame does with each of its targets.
struct TargetAssignment {
    /// Per target: whether it is drawn this frame (else its texture is kept, or none reads it).
    var drawn: [Bool]
    /// Per target: its pool surface (-1: none, or the output drawn into the caller's framebuffer).
    var surface: [Int]
    /// Per blur target drawn: the pool surface of its pass along x (-1 otherwise).
    var intermediate: [Int]
}

/// The targets of the last frame, what they were drawn from, and the textures kept.
struct RetainedTargets {
    /// One target of a frame.
    struct Record {
        /// What it was drawn from.
        var target: RenderTarget
        /// The images its quads sample, in quad order (held, so no other image takes an identity).
        var images: [CGImage]
        /// The targets it samples and their generations then.
        var sources: [(index: Int, generation: UInt64)]
        /// A number that changes whenever the target's content changes.
        var generation: UInt64
        /// The kept texture (a pool surface's), if any, and its pixels.
        var texture: GLuint?
        var pixels: Int
    }

    /// Candidates for a target are looked up by this, then compared whole.
    struct Key: Hashable {
        let label: String, width: Int, height: Int
        init(_ t: RenderTarget) { label = t.label; width = t.width; height = t.height }
    }

    private var records: [Record] = []
    private var byKey: [Key: [Int]] = [:]
    /// The records of the frame being drawn, stored by `commit()` once it is drawn.
    private var pending: [Record]?
    private var nextGeneration: UInt64 = 1
    /// Texture pixels that may be kept; nil: `max(4 x the output's pixels, 4 Mpx)`.
    var pixelBudget: Int?
    /// Targets drawn in the last frame (the output included).
    private(set) var drawnLastFrame = 0

    /// Kept textures and their pixels (for tests and benchmarks).
    var kept: (count: Int, pixels: Int) {
        records.reduce((0, 0)) { $1.texture == nil ? $0 : ($0.0 + 1, $0.1 + $1.pixels) }
    }

    /// The targets `t` samples (its `.target` fills, mask textures and blur source), once each.
    static func sources(of t: RenderTarget) -> [Int] {
        var s: [Int] = []
        func add(_ i: Int) { if !s.contains(i) { s.append(i) } }
        for q in t.quads {
            if case .target(let i, _) = q.fill { add(i) }
            if let i = q.maskTexture?.index { add(i) }
        }
        if let b = t.blur?.source { add(b) }
        return s
    }

    /// Decides which targets of `plan` are drawn and which keep last frame's texture, and
    /// assigns pool surfaces: each released after the last target drawn that reads it, unless
    /// kept for the next frame. `commit()` once the frame is drawn.
    mutating func assign(_ plan: RenderPlan, pool: inout SurfacePool, frame: Int, limit: Int,
                         outputInFramebuffer: Bool) throws -> TargetAssignment {
        if pending != nil { dropAll() }  // the last frame failed before it was committed
        pending = []  // until the frame is committed: a throw below leaves the records dropped
        let n = plan.targets.count, out = plan.outputIndex
        let sources = plan.targets.map(Self.sources(of:))
        // Only a plan in dependency order is kept (each target reads earlier ones); any other
        // is drawn whole, as it always was.
        let ordered = sources.enumerated().allSatisfy { i, s in s.allSatisfy { $0 >= 0 && $0 < i } }
        var images = Array(repeating: [CGImage](), count: n)
        var eligible = Array(repeating: ordered, count: n)
        if n > 0 { eligible[out] = false }  // the output is always drawn
        for i in 0..<n where eligible[i] {
            for q in plan.targets[i].quads {
                guard case .image(let k, _) = q.fill else { continue }
                if k >= 0 && k < plan.images.count { images[i].append(plan.images[k]) } else { eligible[i] = false }
            }
        }
        // Match each target with an unclaimed record of the same content.
        var match = Array(repeating: -1, count: n)
        var generation = Array(repeating: UInt64(0), count: n)
        var owner = Array(repeating: -1, count: records.count)
        for i in 0..<n where eligible[i] {
            let t = plan.targets[i]
            for r in byKey[Key(t)] ?? [] where owner[r] < 0 && same(records[r], t, images[i], match, generation) {
                match[i] = r
                owner[r] = i
                generation[i] = records[r].generation
                break
            }
            if match[i] < 0 { generation[i] = nextGeneration; nextGeneration += 1 }
        }
        // Kept: unchanged with a texture. Every texture loses its mark (commit() marks those kept on).
        var keptSurface = Array(repeating: -1, count: n)
        for r in records.indices {
            guard let tex = records[r].texture, let k = pool.index(ofTexture: tex) else { continue }
            pool.setKept(k, false)
            if owner[r] >= 0 { keptSurface[owner[r]] = k } else { pool.release(k) }
        }
        // Needed: read by a target that is drawn (the output always is).
        var needed = Array(repeating: !ordered, count: n)
        if n > 0 { needed[out] = true }
        for i in stride(from: n - 1, through: 0, by: -1) where needed[i] && keptSurface[i] < 0 {
            for s in sources[i] where s >= 0 && s < n { needed[s] = true }
        }
        let drawn = (0..<n).map { needed[$0] && keptSurface[$0] < 0 }
        // Textures kept for the next frame, within the budget: targets read this frame first,
        // then those nearer the output (a kept consumer spares its whole subtree).
        let outPixels = n > 0 ? plan.targets[out].width * plan.targets[out].height : 0
        var budget = pixelBudget ?? max(4 * outPixels, 1 << 22)
        var keep = Array(repeating: false, count: n)
        let candidates = (0..<n).filter { eligible[$0] && (drawn[$0] || keptSurface[$0] >= 0) }
        for i in candidates.sorted(by: { (needed[$0] ? 1 : 0, $0) > (needed[$1] ? 1 : 0, $1) }) {
            let (w, h) = SurfacePool.sizeClass(plan.targets[i].width, plan.targets[i].height, limit: limit)
            if w * h <= budget { keep[i] = true; budget -= w * h }
        }
        for i in 0..<n where keptSurface[i] >= 0 && !needed[i] && !keep[i] { pool.release(keptSurface[i]) }
        // Surfaces in plan order, each freed after its last reader drawn unless kept.
        var lastReader = Array(repeating: -1, count: n)
        for j in 0..<n where drawn[j] {
            for s in sources[j] where s >= 0 && s < n { lastReader[s] = max(lastReader[s], j) }
        }
        var freedAfter = Array(repeating: [Int](), count: n)
        for (i, j) in lastReader.enumerated() where j >= 0 { freedAfter[j].append(i) }
        var surface = keptSurface, intermediate = Array(repeating: -1, count: n)
        for (i, t) in plan.targets.enumerated() {
            if drawn[i] && !(i == out && outputInFramebuffer) {
                surface[i] = try pool.acquire(t.width, t.height, frame: frame, limit: limit, exact: i == out)
            }
            if drawn[i] && t.blur != nil {
                // Used only while this target is drawn: free at once for the targets after it.
                intermediate[i] = try pool.acquire(t.width, t.height, frame: frame, limit: limit)
                pool.release(intermediate[i])
            }
            for k in freedAfter[i] where surface[k] >= 0 && !keep[k] { pool.release(surface[k]) }
        }
        var next: [Record] = []
        for i in 0..<n where eligible[i] {
            let t = plan.targets[i]
            let keptTexture = keep[i] && surface[i] >= 0 ? pool.surfaces[surface[i]] : nil
            next.append(Record(target: t, images: images[i], sources: sources[i].map { ($0, generation[$0]) },
                               generation: generation[i], texture: keptTexture?.texture,
                               pixels: keptTexture.map { $0.width * $0.height } ?? 0))
        }
        pending = next
        drawnLastFrame = drawn.filter { $0 }.count
        return TargetAssignment(drawn: drawn, surface: surface, intermediate: intermediate)
    }

    /// Whether record `r` holds what target `t` would draw now: the same value, the same
    /// images, and every target it samples matched to a record of the generation it read
    /// (unchanged is not enough: twins of one name and size may each match the other's record).
    private func same(_ r: Record, _ t: RenderTarget, _ images: [CGImage], _ match: [Int], _ generation: [UInt64]) -> Bool {
        guard r.images.count == images.count, zip(r.images, images).allSatisfy({ $0 === $1 }) else { return false }
        guard r.sources.allSatisfy({ $0.index >= 0 && $0.index < match.count && match[$0.index] >= 0
                                     && generation[$0.index] == $0.generation }) else { return false }
        return Self.drawsSame(r.target, t)
    }

    /// Whether two targets draw the same pixels: every field compared whole with ==, except
    /// those that only name or identify (labels, kinds, layer identities), which change when
    /// a presentation tree is copied afresh each frame for running animations.
    static func drawsSame(_ a: RenderTarget, _ b: RenderTarget) -> Bool {
        if a == b { return true }
        var x = a, y = b
        x.label = ""; y.label = ""
        x.kind = .output; y.kind = .output
        x.clearSource = nil; y.clearSource = nil
        x.quads = []; y.quads = []
        guard x == y, a.quads.count == b.quads.count else { return false }
        return zip(a.quads, b.quads).allSatisfy(drawsSame)
    }

    /// Whether two quads draw the same pixels: as `==` with the names, the layer identity and
    /// the exploded view's index left out (no renderer reads them).
    static func drawsSame(_ p: DrawQuad, _ q: DrawQuad) -> Bool {
        if p == q { return true }
        var p = p, q = q
        p.layerName = ""; q.layerName = ""
        p.role = ""; q.role = ""
        p.layer = nil; q.layer = nil
        p.unflattenedIndex = nil; q.unflattenedIndex = nil
        return p == q
    }

    /// Stores the frame's records once it is drawn: their textures stay out of the pool's free list.
    mutating func commit(pool: inout SurfacePool) {
        guard let next = pending else { return }
        pending = nil
        records = next
        byKey = [:]
        for (r, rec) in records.enumerated() {
            byKey[Key(rec.target), default: []].append(r)
            if let tex = rec.texture, let k = pool.index(ofTexture: tex) { pool.setKept(k, true) }
        }
    }

    /// Forgets every record. Their textures lost their marks when the frame that failed
    /// began, so the pool takes them back at its end.
    mutating func dropAll() {
        records = []
        byKey = [:]
        pending = nil
    }
}
