// Render-target surfaces (an RGBA8 texture in a framebuffer) pooled by size class: a target
// gets a surface whose sides are the next powers of two (at least 64) unless a side already
// is one, and draws into its top-left corner. Powers of two keep sampling exact: the shader
// rescales a target's coordinates by 1 / the texture's size, which is exact (quad.frag).
// The output gets a texture of exactly its size: nothing samples it, and llvmpipe clears
// and bins a framebuffer's whole texture (800x600 in 1024x1024: 256 tiles instead of 130).
// A surface goes back to the pool as soon as the last target sampling it is drawn, unless it
// is kept for the next frame (RetainedTargets).
@preconcurrency import CEpoxy

/// A pooled render target.
struct Surface {
    let fbo: GLuint, texture: GLuint
    /// The texture's size.
    let width: Int, height: Int
    var lastUsed: Int
    var inUse: Bool
    /// Kept across frames (a retained target's texture): stays in use at the end of a frame.
    var kept = false
}

/// The pool. Used only with the context current.
struct SurfacePool {
    private(set) var surfaces: [Surface] = []
    /// Frames a surface may stay unused before it is freed.
    let keepFrames = 8

    /// The texture size for a target: each side itself if a power of two, else the next power
    /// of two (at least 64); the target's own size when that would exceed `limit`.
    static func sizeClass(_ w: Int, _ h: Int, limit: Int) -> (Int, Int) {
        func side(_ n: Int) -> Int {
            if n > 0 && n & (n - 1) == 0 { return n }
            var c = 64
            while c < n { c *= 2 }
            return c
        }
        let cw = side(w), ch = side(h)
        return cw <= limit && ch <= limit ? (cw, ch) : (w, h)
    }

    /// A free surface for a w x h target (index into `surfaces`), created if none fits.
    /// `exact`: a texture of exactly w x h (a target that is only drawn and read back, never
    /// sampled at a power-of-two size: the output), so clears and llvmpipe's bins cover only
    /// its pixels.
    mutating func acquire(_ w: Int, _ h: Int, frame: Int, limit: Int, exact: Bool = false) throws -> Int {
        guard w <= limit, h <= limit else {
            throw GLError("a \(w)x\(h) render target exceeds GL_MAX_TEXTURE_SIZE (\(limit)); render on the CPU (--backend cpu)")
        }
        let (cw, ch) = exact ? (w, h) : Self.sizeClass(w, h, limit: limit)
        if let k = surfaces.indices.first(where: { !surfaces[$0].inUse && surfaces[$0].width == cw && surfaces[$0].height == ch }) {
            surfaces[k].inUse = true
            surfaces[k].lastUsed = frame
            return k
        }
        var tex: GLuint = 0, fbo: GLuint = 0
        epoxy_glGenTextures(1, &tex)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(cw), GLsizei(ch), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        setSampling()
        epoxy_glGenFramebuffers(1, &fbo)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), tex, 0)
        let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            epoxy_glDeleteFramebuffers(1, &fbo); epoxy_glDeleteTextures(1, &tex)
            throw GLError("a \(cw)x\(ch) render target is incomplete (status 0x\(String(status, radix: 16)))")
        }
        surfaces.append(Surface(fbo: fbo, texture: tex, width: cw, height: ch, lastUsed: frame, inUse: true))
        return surfaces.count - 1
    }

    /// Gives a surface back (its last reader has been drawn).
    mutating func release(_ k: Int) { surfaces[k].inUse = false }

    /// Marks a surface kept for the next frame, or no longer.
    mutating func setKept(_ k: Int, _ kept: Bool) { surfaces[k].kept = kept }

    /// The surface of a texture (indices change when surfaces are freed; texture names do not).
    func index(ofTexture texture: GLuint) -> Int? { surfaces.firstIndex { $0.texture == texture } }

    /// Surfaces in use at the end of a frame go back, except kept ones; those unused for
    /// `keepFrames` frames are freed.
    mutating func endFrame(_ frame: Int) {
        for k in surfaces.indices {
            surfaces[k].inUse = surfaces[k].kept
            if surfaces[k].kept { surfaces[k].lastUsed = frame }
        }
        for s in surfaces where frame - s.lastUsed > keepFrames { Self.delete(s) }
        surfaces.removeAll { frame - $0.lastUsed > keepFrames }
    }

    /// Frees every surface.
    mutating func removeAll() {
        for s in surfaces { Self.delete(s) }
        surfaces = []
    }

    private static func delete(_ s: Surface) {
        var f = s.fbo, t = s.texture
        epoxy_glDeleteFramebuffers(1, &f)
        epoxy_glDeleteTextures(1, &t)
    }
}

/// Bilinear, clamp-to-edge, no mipmaps: what the CPU renderer does. On the bound GL_TEXTURE_2D.
func setSampling() {
    let t = GLenum(GL_TEXTURE_2D)
    epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
    epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
    epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
}
