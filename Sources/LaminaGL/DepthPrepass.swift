// The opaque depth pre-pass: fewer fragments shaded and blended where opaque quads hide
// others (issue 10: llvmpipe is fill-bound, and stacked cards overdraw tens of times).
// Quad k of a target gets the depth z_k, decreasing with k (later is nearer). Before the
// target's draws, the interiors of its opaque quads (`DrawQuad.pixelInterior`: pixel centres
// where the shader's interior fast path gives alpha exactly 1) are drawn front to back,
// without blending, depth test LESS, depth writes on: each such pixel gets the color of its
// last opaque quad in plan order and that quad's depth. The draws then run as always with
// depth test LESS and depth writes off, so at a pixel only the quads after that last opaque
// one pass (the rest are rejected before shading): painting in order would have replaced
// everything before it with exactly that color (premultiplied source-over with source alpha
// 1 gives the source), so the image is bit-identical. Depth is resolved for the opaque
// interiors only; every other fragment keeps the plan's order (README: depth pre-pass).
// A quad whose interior is large (`minRingArea`) is drawn in its own pass as only its ring,
// cover minus interior (InteriorRing.swift): the same pixels, its interior rasterized once.
@preconcurrency import CEpoxy
import LaminaCompositor

/// When the GL renderer draws a target's opaque interiors first to reject hidden fragments.
public enum DepthPrepassMode: Sendable, Equatable {
    /// Where it is estimated to pay: the quads' pixels cover their bounding box at least
    /// `DepthPrepass.minOverdraw` times, opaque interiors at least `minOpaqueShare` of it,
    /// and the opaque quads are large (`minCandidateArea` on average).
    case automatic
    /// Whenever a target has an opaque interior and a depth buffer can be had (for tests).
    case always
    /// Never: every quad drawn in order with no depth buffer.
    case never
}

enum DepthPrepass {
    /// The depth of a target's quad k as normalized-device z: 1 - (k + 1) / 2^21, exact in
    /// Float; window depth (z + 1) / 2 steps by 2^-22, four units of a 24-bit buffer, so
    /// every quad of a target has its own stored depth. Quads past `maxQuads` get 0 (the
    /// pre-pass is not used for such a target).
    static func depth(ofQuad k: Int) -> Float {
        k < maxQuads ? 1 - Float(k + 1) * 0x1p-21 : 0
    }

    /// The most quads of a target the pre-pass can order (z_k stays above -1).
    static let maxQuads = (1 << 22) - 1
    /// Pixels an interior is shrunk by before the pre-pass draws it: far beyond the shader's
    /// Float error in the local point and the 1/256-pixel snapping, so every pixel it draws
    /// takes the fast path (and inside `interior` coverage is 1 in any case).
    static let inset = 0.5
    /// The automatic mode's estimate: total cover area over the covers' bounding box (at 2.2,
    /// flat-10000 measured slower with the pre-pass: every fragment pays for the depth test,
    /// and rejected ones still cost llvmpipe a visit; parallel-1000, at 77, much faster)...
    static let minOverdraw = 3.0
    /// ...and the opaque interiors' total area over that box...
    static let minOpaqueShare = 0.25
    /// ...and the candidates' mean cover area (pixels): each candidate costs the CPU its
    /// interior polygon (about 6,600 instructions) and llvmpipe more triangles, while
    /// rejection saves only 4x4 stamps wholly behind an interior, so small quads gain almost
    /// nothing. GL frame p50, pre-pass on vs off: cards-5000 (mean 196 px) 58-62 vs 40-42 ms,
    /// cards-10000 (333 px) 85 vs 62-70 ms, parallel-1000 (3,193 px) 7.0-7.4 vs 8.2-9.0 ms;
    /// parallel-1000's cards shrunk (callgrind, llvmpipe's threads per frame): mean 2,040 px
    /// -7.0M instructions against 6.6M more for the interiors, 1,000 px -1.8M, 510 px +0.9M.
    static let minCandidateArea = 2048.0
    /// Interiors smaller than this (pixels) are left out: they hide little, and every
    /// triangle costs llvmpipe a setup.
    static let minArea = 16.0
    /// The least interior (pixels) whose quad the main pass draws as a ring. A ring costs
    /// llvmpipe about six more, thin triangles (each with its setup, and its 4x4 stamps
    /// shaded per triangle) and saves only depth-rejected fragments, cheap since early depth
    /// skips a stamp's shading: GL CPU time per frame, always-on pre-pass, rings everywhere vs
    /// none: cards-1000 (interiors ~430 px) 18-20 vs 14-15 ms, cubes-256 10-13 vs 8.5;
    /// parallel-1000 (~2,700 px) 12.5-14.3 vs 12.9-13.0; parallel-200 at scale 2
    /// (~10,000 px) 12.7-13.6 vs 16-18.
    static let minRingArea = 4096.0
    /// The depth buffer bits the pre-pass needs (see `depth(ofQuad:)`).
    static let depthBits = 24

    /// Whether the quad's interior may be drawn in the pre-pass: an opaque color (alpha and
    /// opacity exactly 1; lighting and tint scale only rgb), no layer mask, an interior box,
    /// and a map Float inverts well (no double-precision variant).
    static func isCandidate(_ q: DrawQuad) -> Bool {
        guard case .color(let c) = q.fill, c.w == 1, q.opacity == 1, q.maskTexture == nil, q.interior != nil else { return false }
        return !q.needsPrecision
    }
}

/// What `FrameBatches.add` gathers per target for the pre-pass decision.
struct PrepassTally {
    /// Opaque quads (`DepthPrepass.isCandidate`) with a cover: their indices in the target, in plan order.
    var candidates: [Int] = []
    /// Sum of the pixel covers' areas, and their bounding box.
    var coverArea = 0.0
    var bounds: Box?
    /// Sum of the candidates' cover areas.
    var candidateArea = 0.0

    /// Tallies a quad's pixel cover and its `area` (`polygonArea`); `candidate`: whether the
    /// quad is a pre-pass candidate.
    mutating func add(cover: ArraySlice<SIMD2<Double>>, area: Double, candidate: Bool) {
        coverArea += area
        if candidate { candidateArea += area }
        var b = bounds ?? Box(minX: cover.first!.x, minY: cover.first!.y, maxX: cover.first!.x, maxY: cover.first!.y)
        for p in cover {
            b.minX = min(b.minX, p.x); b.maxX = max(b.maxX, p.x)
            b.minY = min(b.minY, p.y); b.maxY = max(b.maxY, p.y)
        }
        bounds = b
    }
}

extension FrameBatches {
    /// The interiors the pre-pass draws for a target's quads (quad index and pixel polygon,
    /// last quad first); empty when the mode or the estimate says no pre-pass.
    func prepassInteriors(_ quads: [DrawQuad], tally: PrepassTally, width: Int, height: Int) -> [(quad: Int, polygon: [SIMD2<Double>])] {
        guard prepassMode != .never, !tally.candidates.isEmpty, quads.count <= DepthPrepass.maxQuads,
              let b = tally.bounds else { return [] }
        let box = max(b.width * b.height, 1)
        if prepassMode == .automatic && (tally.coverArea < DepthPrepass.minOverdraw * box
            || tally.candidateArea < DepthPrepass.minCandidateArea * Double(tally.candidates.count)) { return [] }
        // Each interior is its own quad's alone (a few thousand instructions each): on all
        // cores when there are many, gathered in the one order (last quad first).
        let order = Array(tally.candidates.reversed())
        let parts = inRanges(order.count, minimum: 256) { range in
            range.compactMap { i -> (quad: Int, polygon: [SIMD2<Double>], area: Double)? in
                let p = quads[order[i]].pixelInterior(width: width, height: height, inset: DepthPrepass.inset)
                let a = polygonArea(p)
                return p.count >= 3 && a >= DepthPrepass.minArea ? (order[i], p, a) : nil
            }
        }
        var polygons: [(quad: Int, polygon: [SIMD2<Double>])] = []
        var area = 0.0
        for part in parts {
            for (k, p, a) in part {
                area += a
                polygons.append((k, p))
            }
        }
        if prepassMode == .automatic && area < DepthPrepass.minOpaqueShare * box { return [] }
        return polygons
    }

    /// The pre-pass draw of a target's `interiors` (from `prepassInteriors`, each quad's record
    /// offset in `records`), its triangles appended after the target's; nil without interiors.
    mutating func prepassDraw(_ interiors: [(quad: Int, polygon: [SIMD2<Double>])], records: [Int32]) -> QuadDraw? {
        let first = indices.count
        var count = 0
        for (k, p) in interiors where records[k] >= 0 { count += appendTriangles(p, record: records[k]) }
        // Every pixel drawn takes the shader's interior fast path: the variant that computes
        // only that.
        return count == 0 ? nil : QuadDraw(first: first, count: count, variant: .interiorOnly, blends: false, textures: [])
    }
}

/// Depth renderbuffers for pooled surfaces, one per size, shared by every target of that
/// size (targets are drawn one at a time). Used only with the context current.
struct DepthBuffers {
    private var buffers: [(width: Int, height: Int, name: GLuint, lastUsed: Int)] = []
    /// Targets drawn with the pre-pass in the last frame.
    private(set) var lastFrameTargets = 0
    private var current = 0

    /// Starts a frame's count.
    mutating func beginFrame() { current = 0 }

    /// Whether a target is drawn with the pre-pass `draw` (batched only for targets that can
    /// have a depth buffer, decided in `GLState.draw` before batching; its rings need the pre-pass drawn). A pooled
    /// surface (`surfaceSize`) gets a shared depth buffer attached; a caller's framebuffer
    /// has its own.
    mutating func prepare(_ draw: QuadDraw?, surfaceSize: (Int, Int)?, frame: Int) -> Bool {
        guard draw != nil else { return false }
        if let (w, h) = surfaceSize {
            let name: GLuint
            if let k = buffers.firstIndex(where: { $0.width == w && $0.height == h }) {
                buffers[k].lastUsed = frame
                name = buffers[k].name
            } else {
                var rb: GLuint = 0
                epoxy_glGenRenderbuffers(1, &rb)
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rb)
                epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), GLsizei(w), GLsizei(h))
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
                buffers.append((w, h, rb, frame))
                name = rb
            }
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), name)
        }
        current += 1
        // Cleared with the color: writes on, to the far plane.
        epoxy_glDepthMask(GLboolean(GL_TRUE))
        epoxy_glClearDepth(1)
        return true
    }

    /// Whether the bound framebuffer `fbo` (0: the window's) has a depth buffer of
    /// `DepthPrepass.depthBits` bits covering width x height.
    static func hasDepth(_ fbo: GLuint, width: Int, height: Int) -> Bool {
        let attachment = GLenum(fbo == 0 ? GL_DEPTH : GL_DEPTH_ATTACHMENT)
        var type: GLint = 0, bits: GLint = 0
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), &type)
        guard type != GL_NONE else { return false }
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), &bits)
        guard bits >= DepthPrepass.depthBits else { return false }
        // A window's buffers are the window's size; a caller's renderbuffer is checked (a
        // texture attachment is not: skipped rather than guessed).
        if fbo == 0 { return true }
        guard type == GL_RENDERBUFFER else { return false }
        var name: GLint = 0, w: GLint = 0, h: GLint = 0
        epoxy_glGetFramebufferAttachmentParameteriv(GLenum(GL_FRAMEBUFFER), attachment, GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), &name)
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(name))
        epoxy_glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_WIDTH), &w)
        epoxy_glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_HEIGHT), &h)
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        return Int(w) >= width && Int(h) >= height
    }

    /// Frees the buffers unused for `keep` frames.
    mutating func endFrame(_ frame: Int, keep: Int) {
        lastFrameTargets = current
        for b in buffers where frame - b.lastUsed > keep { var n = b.name; epoxy_glDeleteRenderbuffers(1, &n) }
        buffers.removeAll { frame - $0.lastUsed > keep }
    }

    /// Frees every buffer.
    mutating func removeAll() {
        for b in buffers { var n = b.name; epoxy_glDeleteRenderbuffers(1, &n) }
        buffers = []
    }
}

extension GLState {
    /// Sets the depth state for a target drawn with the pre-pass: buffers cleared by the
    /// caller (after `DepthBuffers.prepare`), the pre-pass drawn by `drawPrepass` (blending off, depth writes on), then
    /// depth writes off for the target's own draws.
    static func withPrepassDepth(_ drawPrepass: () throws -> Void) rethrows {
        epoxy_glEnable(GLenum(GL_DEPTH_TEST))
        epoxy_glDepthFunc(GLenum(GL_LESS))
        try drawPrepass()
        epoxy_glDepthMask(GLboolean(GL_FALSE))
    }

    /// Back to GL's defaults after a pre-passed target: no depth test, depth writes on.
    static func endPrepassDepth() {
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDepthMask(GLboolean(GL_TRUE))
    }
}
