#version 330 core
// Lamina's quad vertex shader, batched: a vertex is a point of a quad's cover polygon in
// the layer's local coordinates plus the offset of its quad's record in u_quads, a buffer
// texture of RGBA32F texels written by Sources/LaminaGL/QuadBatch.swift (layout there).
// The record's first four texels are the matrix in Core Animation's field order (m11, m12,
// ..., m44): column-major for column vectors, so M * v is Core Animation's row-vector v * M.
// Local (x, y, 0, 1) maps to target pixels (X, Y, Z, W), pixel = (X/W, Y/W), y down. A vertex
// is a point of the quad's pixel cover, in target pixels (a_pixel: projected in double, clipped
// to the target and snapped to 1/256 pixel on the CPU; LaminaCompositor's PixelCover.swift).
// Nothing is interpolated: the fragment shader finds each pixel's local point by the inverse
// homography. Everything it needs is passed on flat, computed once per vertex.
layout(location = 0) in vec2 a_pixel;   // the point in target pixels (on the 1/256 grid, inside the target)
layout(location = 1) in int a_record;
uniform samplerBuffer u_quads;
uniform vec2 u_targetSize;
uniform float u_flipY;   // -1 to draw top-down into a window's bottom-up framebuffer
uniform vec2 u_texSize[4];  // the bound textures' sizes (a draw with textures)

flat out vec3 v_hx;          // rows x, y, w of local (x, y, 1) -> (X, Y, W)
flat out vec3 v_hy;
flat out vec3 v_hw;
flat out vec4 v_rect;        // minX, minY, maxX, maxY
flat out vec4 v_borderColor; // premultiplied
flat out vec4 v_maskRect;
flat out vec4 v_fill;        // the color (premultiplied), or the texture's uv rect stretched over v_rect
flat out vec4 v_clamp;       // sample only inside (normalized)
flat out vec4 v_params;      // corner radius, border width, mask radius, opacity
flat out vec4 v_extra;       // the lighting factor times the tint per channel, unused
flat out vec4 v_sizes;       // a target fill whose texture is larger than the target: its size, 1 / the texture's size
flat out vec4 v_maskUV;      // with bit 13: a layer mask's uv rect stretched over v_rect
flat out vec4 v_maskSizes;   // as v_sizes, for the layer mask's texture
flat out vec4 v_texSizes;    // the sizes of the textures bound at the fill's and the layer mask's slots
flat out vec4 v_g01;         // the screen gradients of an affine quad (see gradients below)
flat out vec2 v_gl;
flat out vec4 v_outer0;      // the rect's sides as lines in target pixels (LaminaCompositor's
flat out vec4 v_outer1;      // EdgeLines.swift): left, top, right, bottom, (x, y, constant)
flat out vec4 v_outer2;      // each, packed in three texels
flat out vec4 v_inner0;      // with bit 64: the border ring's inner sides, packed alike
flat out vec4 v_inner1;
flat out vec4 v_inner2;
flat out vec4 v_mask0;       // with bit 16: the mask rect's sides, packed alike
flat out vec4 v_mask1;
flat out vec4 v_mask2;
flat out vec4 v_color;       // a color fill (none: 0) times opacity, lighting and tint: the
                             // source of a quad without texture, border, mask or radius at coverage 1
flat out int v_flags;        // QuadBatch.appendRecord's flags
flat out vec3 v_hxLo;        // with bit 12: what rows x, y, w lose in Float (double = row + lo)
flat out vec3 v_hyLo;
flat out vec3 v_hwLo;

// quad.frag's gradients(p) with the rows passed in, operation for operation (keep them identical): for an affine
// quad (v_hw = (0, 0, w)) its result does not depend on p, so it is computed here once and
// the fragment shader (without HAS_PERSPECTIVE) reads it, bit-identical.
void gradients(vec3 hx, vec3 hy, vec3 hw, vec2 p, out vec4 g01, out vec2 gl) {
    vec3 P = vec3(p, 1.0);
    float X = dot(hx, P), Y = dot(hy, P), W = dot(hw, P);
    float w2 = W * W;
    float j00 = (hx.x * W - X * hw.x) / w2, j01 = (hx.y * W - X * hw.y) / w2;
    float j10 = (hy.x * W - Y * hw.x) / w2, j11 = (hy.y * W - Y * hw.y) / w2;
    float det = j00 * j11 - j01 * j10;
    float inv = det == 0.0 ? 1e30 : 1.0 / det;
    vec2 g0 = vec2(j11, -j01) * inv;
    vec2 g1 = vec2(-j10, j00) * inv;
    g01 = vec4(g0, g1);
    gl = vec2(sqrt(dot(g0, g0)), sqrt(dot(g1, g1)));
}

void main() {
    int r = a_record;
    vec4 c0 = texelFetch(u_quads, r), c1 = texelFetch(u_quads, r + 1);
    vec4 c2 = texelFetch(u_quads, r + 2), c3 = texelFetch(u_quads, r + 3);
    mat4 m = mat4(c0, c1, c2, c3);
    // The position in clip space with w = 1. The point is on GL's sub-pixel grid and inside
    // the viewport, so the rasterizer neither moves it (Float's error here is far below half
    // a grid step) nor clips: GL shades exactly the pixel centres the CPU renderer shades.
    // z is the quad's depth for the opaque pre-pass (Sources/LaminaGL/DepthPrepass.swift):
    // the same at every vertex, inside (-1, 1), so GL's depth clipping never removes a layer.
    vec4 tintDepth = texelFetch(u_quads, r + 12);   // the tint, the depth
    gl_Position = vec4(2.0 * a_pixel.x / u_targetSize.x - 1.0, u_flipY * (2.0 * a_pixel.y / u_targetSize.y - 1.0), tintDepth.w, 1.0);

    v_hx = vec3(c0.x, c1.x, c3.x);
    v_hy = vec3(c0.y, c1.y, c3.y);
    v_hw = vec3(c0.w, c1.w, c3.w);
    v_rect = texelFetch(u_quads, r + 4);
    v_borderColor = texelFetch(u_quads, r + 5);
    v_maskRect = texelFetch(u_quads, r + 6);
    v_fill = texelFetch(u_quads, r + 7);
    v_clamp = texelFetch(u_quads, r + 8);
    v_params = texelFetch(u_quads, r + 9);
    vec4 misc = texelFetch(u_quads, r + 10);   // flags, light count, the lighting product beyond four terms, unused
    v_flags = int(misc.x);
    // Read here, once a vertex, not in every fragment (llvmpipe loads a uniform per 4x4 block).
    v_texSizes = vec4(u_texSize[(v_flags >> 9) & 3], u_texSize[(v_flags >> 14) & 3]);
    int lightCount = int(misc.y);
    // The lighting product is the same for every pixel of a quad (Shading.swift: LightTerm.factor).
    float k = 1.0;
    for (int i = 0; i < lightCount; i++) {
        vec4 n = texelFetch(u_quads, r + 18 + 2 * i);      // normal, ambient
        vec3 dir = texelFetch(u_quads, r + 19 + 2 * i).xyz;
        float len = sqrt(dot(dir, dir));
        if (len == 0.0) continue;
        vec3 d = dir / len;
        k *= n.w + (1.0 - n.w) * max(0.0, -dot(n.xyz, d));
    }
    k *= misc.z;
    // The tint (a replicator instance's color, 1 elsewhere) scales the lighting per channel
    // (Shading.swift: QuadUniforms.light).
    v_extra = vec4(k * tintDepth.xyz, 0.0);
    vec4 color = ((v_flags >> 7) & 3) == 1 ? v_fill * v_params.w : vec4(0.0);
    v_color = vec4(color.rgb * v_extra.xyz, color.a);
    v_sizes = texelFetch(u_quads, r + 11);
    v_maskUV = texelFetch(u_quads, r + 13);
    v_maskSizes = texelFetch(u_quads, r + 14);
    v_outer0 = texelFetch(u_quads, r + 15);
    v_outer1 = texelFetch(u_quads, r + 16);
    v_outer2 = texelFetch(u_quads, r + 17);
    gradients(v_hx, v_hy, v_hw, vec2(0.0), v_g01, v_gl);
    v_hxLo = vec3(0.0); v_hyLo = vec3(0.0); v_hwLo = vec3(0.0);
    int tail = r + 18 + 2 * lightCount;   // the optional texels, in this order
    if ((v_flags & 4096) != 0) {
        vec4 l0 = texelFetch(u_quads, tail), l1 = texelFetch(u_quads, tail + 1), l3 = texelFetch(u_quads, tail + 2);
        v_hxLo = vec3(l0.x, l1.x, l3.x);
        v_hyLo = vec3(l0.y, l1.y, l3.y);
        v_hwLo = vec3(l0.w, l1.w, l3.w);
        tail += 3;
    }
    v_inner0 = vec4(0.0); v_inner1 = vec4(0.0); v_inner2 = vec4(0.0);
    if ((v_flags & 64) != 0) {
        v_inner0 = texelFetch(u_quads, tail); v_inner1 = texelFetch(u_quads, tail + 1); v_inner2 = texelFetch(u_quads, tail + 2);
        tail += 3;
    }
    v_mask0 = vec4(0.0); v_mask1 = vec4(0.0); v_mask2 = vec4(0.0);
    if ((v_flags & 16) != 0) {
        v_mask0 = texelFetch(u_quads, tail); v_mask1 = texelFetch(u_quads, tail + 1); v_mask2 = texelFetch(u_quads, tail + 2);
    }
}
