#version 330 core
// Lamina's quad fragment shader: mirrors Sources/LaminaRaster/Shading.swift step by step
// (keep the two in lockstep). Coverage is analytic at the pixel centre: a straight edge is a
// line in target pixels (LaminaCompositor's EdgeLines.swift), so its coverage is its line's
// value, saturated; a rounded corner's arc converts a local distance to pixels with the
// screen-space gradient of the local coordinates, computed from the homography (never from
// fwidth).
//
// Compiled in variants (QuadProgram.swift inserts #defines): HAS_TEXTURE (with TEXTURE_SLOTS),
// HAS_BORDER, HAS_MASK, HAS_RADIUS, HAS_MASK_TEXTURE (with HAS_TEXTURE); INTERIOR_ONLY (alone);
// HAS_PERSPECTIVE (with HAS_RADIUS: some quad's W varies over it, so its gradients are computed
// per pixel); HAS_PRECISE (the local point in double); FLIP_Y (drawn into a window's
// bottom-up framebuffer: the only variant that reads a uniform besides samplers). A variant
// without a feature computes exactly what the full shader computes for a quad without it (no
// texture: the fill is the color; no border: the ring is 0; no mask: coverage 1; radius 0):
// software GL runs both sides of every branch, so code that cannot apply is left out instead
// of branched around.
#ifdef FLIP_Y
uniform vec2 u_targetSize;  // the target's size in pixels (shared with the vertex shader)
#endif
flat in vec3 v_hx;
flat in vec3 v_hy;
flat in vec3 v_hw;
flat in vec4 v_rect;
flat in vec4 v_borderColor;
flat in vec4 v_maskRect;
flat in vec4 v_fill;
flat in vec4 v_clamp;
flat in vec4 v_params;   // corner radius, border width, mask radius, opacity
flat in vec4 v_extra;    // lighting factor times tint, per channel
flat in vec4 v_sizes;    // target size, 1 / texture size (a target in a larger pooled texture)
flat in vec3 v_hxLo;
flat in vec3 v_hyLo;
flat in vec3 v_hwLo;
flat in vec4 v_maskUV;   // a layer mask's uv rect (with bit 13)
flat in vec4 v_maskSizes; // as v_sizes, for the layer mask's texture
flat in vec4 v_texSizes;  // the sizes of the textures at the fill's and the layer mask's slots (quad.vert)
flat in vec4 v_g01;      // without HAS_PERSPECTIVE: the screen gradients g0, g1 of the local
flat in vec2 v_gl;       // coordinates and their lengths, the same at every pixel (quad.vert)
flat in vec4 v_outer0;   // the rect's sides as lines (packed: quad.vert)
flat in vec4 v_outer1;
flat in vec4 v_outer2;
flat in vec4 v_inner0;   // the border ring's inner sides
flat in vec4 v_inner1;
flat in vec4 v_inner2;
flat in vec4 v_mask0;    // the mask rect's sides
flat in vec4 v_mask1;
flat in vec4 v_mask2;
flat in vec4 v_color;    // a color fill times opacity and lighting (quad.vert)
flat in int v_flags;     // bits: aa left 1, top 2, right 4, bottom 8; mask 16; clamp 32;
                         // inner lines 64; fill kind << 7 (0 none, 1 color, 2 texture); slot << 9;
                         // fp64 4096; layer mask texture 8192, its slot << 14
out vec4 o_color;

#ifdef HAS_TEXTURE
// TEXTURE_SLOTS (1...4) textures are bound; only those are sampled (each call costs on
// software GL even where its branch is not taken).
uniform sampler2D u_tex0;
#if TEXTURE_SLOTS > 1
uniform sampler2D u_tex1;
#endif
#if TEXTURE_SLOTS > 2
uniform sampler2D u_tex2;
#endif
#if TEXTURE_SLOTS > 3
uniform sampler2D u_tex3;
#endif

vec4 sampleSlot(int slot, vec2 uv) {
#if TEXTURE_SLOTS > 1
    if (slot == 1) return texture(u_tex1, uv);
#endif
#if TEXTURE_SLOTS > 2
    if (slot == 2) return texture(u_tex2, uv);
#endif
#if TEXTURE_SLOTS > 3
    if (slot == 3) return texture(u_tex3, uv);
#endif
    return texture(u_tex0, uv);
}
#endif

struct Gradients { vec2 g0; vec2 g1; float lx; float ly; };

Gradients gradients(vec2 p) {
    vec3 P = vec3(p, 1.0);
    float X = dot(v_hx, P), Y = dot(v_hy, P), W = dot(v_hw, P);
    float w2 = W * W;
    float j00 = (v_hx.x * W - X * v_hw.x) / w2, j01 = (v_hx.y * W - X * v_hw.y) / w2;
    float j10 = (v_hy.x * W - Y * v_hw.x) / w2, j11 = (v_hy.y * W - Y * v_hw.y) / w2;
    float det = j00 * j11 - j01 * j10;
    float inv = det == 0.0 ? 1e30 : 1.0 / det;
    Gradients g;
    g.g0 = vec2(j11, -j01) * inv;
    g.g1 = vec2(-j10, j00) * inv;
    g.lx = sqrt(dot(g.g0, g.g0));
    g.ly = sqrt(dot(g.g1, g.g1));
    return g;
}

#ifdef HAS_PRECISE
// gradients() in double precision at the double local point, rounded to float at the end
// (Shading.swift: PreciseRows.gradients): with local coordinates of 1e6 and more, the
// Jacobian's terms cancel far below float's precision.
Gradients gradientsPrecise(dvec2 p, dvec3 hx, dvec3 hy, dvec3 hw) {
    dvec3 P = dvec3(p, 1.0);
    double X = hx.x * P.x + hx.y * P.y + hx.z, Y = hy.x * P.x + hy.y * P.y + hy.z, W = hw.x * P.x + hw.y * P.y + hw.z;
    double w2 = W * W;
    double j00 = (hx.x * W - X * hw.x) / w2, j01 = (hx.y * W - X * hw.y) / w2;
    double j10 = (hy.x * W - Y * hw.x) / w2, j11 = (hy.y * W - Y * hw.y) / w2;
    double det = j00 * j11 - j01 * j10;
    double inv = det == 0.0LF ? 1e30LF : 1.0LF / det;
    dvec2 g0 = dvec2(j11, -j01) * inv, g1 = dvec2(-j10, j00) * inv;
    Gradients g;
    g.g0 = vec2(g0);
    g.g1 = vec2(g1);
    g.lx = float(sqrt(g0.x * g0.x + g0.y * g0.y));
    g.ly = float(sqrt(g1.x * g1.x + g1.y * g1.y));
    return g;
}
#endif

// The coverage of a rectangle whose sides are the packed lines s0, s1, s2 at pixel centre P
// (Shading.swift: lineCoverage, which clamps each side to [0, 1]). Only the upper clamp is
// needed for the same number: a side below 0 makes its pair's sum below the other side
// (at most 1), so the pair's max(sum - 1, 0) is 0 either way (cards-1000: -0.9% of
// llvmpipe's rasterizer instructions).
float lineCoverage(vec4 s0, vec4 s1, vec4 s2, vec3 P) {
    float l = min(dot(s0.xyz, P), 1.0);
    float t = min(dot(vec3(s0.w, s1.xy), P), 1.0);
    float rr = min(dot(vec3(s1.zw, s2.x), P), 1.0);
    float b = min(dot(s2.yzw, P), 1.0);
    return max(l + rr - 1.0, 0.0) * max(t + b - 1.0, 0.0);
}

#ifdef HAS_RADIUS
// A rounded rectangle r at local point p: in a corner square, the distance to the arc
// through the screen gradients; elsewhere its sides' lines (Shading.swift: rectCoverage).
float rectCoverage(vec2 p, vec3 P, vec4 r, float radius, vec4 s0, vec4 s1, vec4 s2, Gradients g) {
    if (radius > 0.0) {
        float cx = p.x < r.x + radius ? r.x + radius : (p.x > r.z - radius ? r.z - radius : p.x);
        float cy = p.y < r.y + radius ? r.y + radius : (p.y > r.w - radius ? r.w - radius : p.y);
        if (cx != p.x && cy != p.y) {
            vec2 v = p - vec2(cx, cy);
            float len = sqrt(dot(v, v));
            if (len == 0.0) return 1.0;
            vec2 gs = g.g0 * (v.x / len) + g.g1 * (v.y / len);
            float gl = sqrt(dot(gs, gs));
            return clamp(0.5 - (len - radius) / max(gl, 1e-30), 0.0, 1.0);
        }
    }
    return lineCoverage(s0, s1, s2, P);
}
#define COVERAGE(r, radius, s0, s1, s2) rectCoverage(p, P, r, radius, s0, s1, s2, g)
#else
#define COVERAGE(r, radius, s0, s1, s2) lineCoverage(s0, s1, s2, P)
#endif

void main() {
#ifdef INTERIOR_ONLY
    // The depth pre-pass (Sources/LaminaGL/DepthPrepass.swift) draws only pixels well inside a
    // color quad's interior: the fast path below, without finding the local point (software
    // GL computes both sides of every branch, so that path alone is much cheaper).
    vec4 f0 = v_fill * v_params.w;
    o_color = vec4(f0.rgb * v_extra.xyz, f0.a);
    return;
#endif
#ifdef FLIP_Y
    // Drawn top-down into a window's bottom-up framebuffer.
    vec2 pixel = vec2(gl_FragCoord.x, u_targetSize.y - gl_FragCoord.y);
#else
    // Offscreen, plan row y is GL row y. No uniform is read: llvmpipe loads one, bounds-
    // checked, in every 4x4 block (cards-1000: 13% of its rasterizer threads' instructions).
    vec2 pixel = gl_FragCoord.xy;
#endif
    vec3 P = vec3(pixel, 1.0);
#if !defined(HAS_TEXTURE) && !defined(HAS_BORDER) && !defined(HAS_MASK) && !defined(HAS_RADIUS)
    // A plain quad (most layers): its source times the coverage of its sides, nothing else
    // (PlainEdges.swift on the CPU; the products in another order, within a rounding).
    o_color = v_color * lineCoverage(v_outer0, v_outer1, v_outer2, P);
    return;
#endif
#if defined(HAS_TEXTURE) || defined(HAS_RADIUS)
    // The local point of the pixel centre through the inverse of the plane homography, as the
    // CPU renderer computes it (not interpolated: exact under any perspective): the point
    // (x, y, 1) with (v_hx - X v_hw) . (x, y, 1) = 0 and (v_hy - Y v_hw) . (x, y, 1) = 0.
#ifdef HAS_PRECISE
    // An ill-conditioned map (QuadBatch.needsPrecision): the same in double, from the rows
    // rebuilt as Float + remainder, as the CPU renderer computes it.
    dvec3 dhw = dvec3(v_hw) + dvec3(v_hwLo), dhx = dvec3(v_hx) + dvec3(v_hxLo), dhy = dvec3(v_hy) + dvec3(v_hyLo);
    dvec3 dh = cross(dhx - double(pixel.x) * dhw, dhy - double(pixel.y) * dhw);
    dvec2 dp = dh.xy / dh.z;
    vec2 p = vec2(dp);
#else
    vec3 h = cross(v_hx - pixel.x * v_hw, v_hy - pixel.y * v_hw);
    vec2 p = h.xy / h.z;
#endif
#endif
    int fillKind = (v_flags >> 7) & 3;
    vec4 fill = vec4(0.0);
    if (fillKind == 1) {
        fill = v_fill;
    }
#ifdef HAS_TEXTURE
    else if (fillKind == 2) {
        int slot = (v_flags >> 9) & 7;
        vec2 s = (p - v_rect.xy) / (v_rect.zw - v_rect.xy);
        vec2 uv = v_fill.xy + s * (v_fill.zw - v_fill.xy);
        // A target drawn into a larger pooled texture: the normalized coordinates are the
        // target's, as if its texture were exactly its size.
        bool larger = v_sizes.x > 0.0;
        vec2 size = larger ? v_sizes.xy : v_texSizes.xy;
        if ((v_flags & 32) != 0) {
            vec2 half_ = 0.5 / size;
            uv = clamp(uv, v_clamp.xy + half_, v_clamp.zw - half_);
        }
        if (larger) {
            // Texel units as the sampler computes them (uv * size), then exactly rescaled
            // (1 / a power of two): the sampler sees the same texel position. Beyond the
            // last texel centre, clamp-to-edge of a texture of the target's size reads only
            // the edge texel; stopping at that centre reads it with weight 1 (the texels
            // past it, outside the target, get weight 0).
            vec2 t = min(uv * size, size - 0.5);
            uv = t * v_sizes.zw;
        }
        fill = sampleSlot(slot, uv);
#ifdef HAS_MASK_TEXTURE
        if ((v_flags & 8192) != 0) {
            // A layer mask: its target shares the fill's texel grid; sampled the same way,
            // its alpha multiplies the fill (QuadRaster.swift: MaskedFill).
            int maskSlot = (v_flags >> 14) & 7;
            vec2 muv = v_maskUV.xy + s * (v_maskUV.zw - v_maskUV.xy);
            bool maskLarger = v_maskSizes.x > 0.0;
            vec2 maskSize = maskLarger ? v_maskSizes.xy : v_texSizes.zw;
            if ((v_flags & 32) != 0) {
                vec2 half_ = 0.5 / maskSize;
                muv = clamp(muv, v_clamp.xy + half_, v_clamp.zw - half_);
            }
            if (maskLarger) muv = min(muv * maskSize, maskSize - 0.5) * v_maskSizes.zw;
            fill *= sampleSlot(maskSlot, muv).a;
        }
#endif
    }
#endif
    vec3 k = v_extra.xyz;
    float opacity = v_params.w;
#ifdef HAS_RADIUS
#ifdef HAS_PRECISE
    // Only the ill-conditioned quads of the draw (flag 4096), as on the CPU.
    Gradients g = (v_flags & 4096) != 0 ? gradientsPrecise(dp, dhx, dhy, dhw) : gradients(p);
#elif defined(HAS_PERSPECTIVE)
    Gradients g = gradients(p);
#else
    // An affine map (W constant): gradients(p) gives the same numbers at every pixel, and the
    // vertex shader computed them with the same code (X * v_hw.x is a zero there as here).
    Gradients g;
    g.g0 = v_g01.xy;
    g.g1 = v_g01.zw;
    g.lx = v_gl.x;
    g.ly = v_gl.y;
#endif
#endif
    float radius = v_params.x;
    float outer = COVERAGE(v_rect, radius, v_outer0, v_outer1, v_outer2);
#ifdef HAS_BORDER
    float ring = 0.0;
    if (v_params.y > 0.0) {
        float bw = v_params.y;
        vec4 inner = vec4(v_rect.x + bw, v_rect.y + bw, v_rect.z - bw, v_rect.w - bw);
        float innerCov = (inner.z > inner.x && inner.w > inner.y)
            ? COVERAGE(inner, max(radius - bw, 0.0), v_inner0, v_inner1, v_inner2) : 0.0;
        ring = max(outer - innerCov, 0.0);
    }
    vec4 c = v_borderColor * ring + fill * (outer - ring * v_borderColor.a);
#else
    vec4 c = fill * outer;
#endif
#ifdef HAS_MASK
    if ((v_flags & 16) != 0) c *= COVERAGE(v_maskRect, v_params.z, v_mask0, v_mask1, v_mask2);
#endif
    c *= opacity;
    o_color = vec4(c.rgb * k, c.a);
}
