#version 330 core
// Lamina's quad fragment shader: mirrors Sources/LaminaRaster/Shading.swift step by step
// (keep the two in lockstep). Coverage is analytic at the pixel centre: a local point's
// distance to each anti-aliased edge, converted to pixels with the screen-space gradient of
// the local coordinates computed from the homography (never from fwidth).
in vec2 v_local;
out vec4 o_color;

uniform vec3 u_hx;          // rows x, y, w of local (x, y, 1) -> (X, Y, W)
uniform vec3 u_hy;
uniform vec3 u_hw;
uniform vec4 u_rect;        // minX, minY, maxX, maxY
uniform float u_radius;
uniform vec4 u_aa;          // left, top, right, bottom: 1 = anti-aliased
uniform float u_borderWidth;
uniform vec4 u_borderColor; // premultiplied
uniform vec4 u_maskRect;
uniform float u_maskRadius;
uniform int u_hasMask;
uniform float u_opacity;
uniform int u_lightCount;
uniform vec3 u_lightNormal[4];
uniform vec3 u_lightDirection[4];
uniform float u_lightAmbient[4];
uniform float u_lightRest;  // the product of terms beyond the fourth (computed on the CPU)
uniform int u_fillKind;     // 0 none, 1 color, 2 texture
uniform vec4 u_fillColor;   // premultiplied
uniform sampler2D u_texture;
uniform vec4 u_uv;          // the texture's rect stretched over u_rect
uniform int u_hasClamp;
uniform vec4 u_clamp;       // sample only inside (normalized)
uniform int u_hasInterior;
uniform vec4 u_interior;    // coverage is exactly 1 inside (skip computing it)

struct Gradients { vec2 g0; vec2 g1; float lx; float ly; };

Gradients gradients(vec2 p) {
    vec3 P = vec3(p, 1.0);
    float X = dot(u_hx, P), Y = dot(u_hy, P), W = dot(u_hw, P);
    float w2 = W * W;
    float j00 = (u_hx.x * W - X * u_hw.x) / w2, j01 = (u_hx.y * W - X * u_hw.y) / w2;
    float j10 = (u_hy.x * W - Y * u_hw.x) / w2, j11 = (u_hy.y * W - Y * u_hw.y) / w2;
    float det = j00 * j11 - j01 * j10;
    float inv = det == 0.0 ? 1e30 : 1.0 / det;
    Gradients g;
    g.g0 = vec2(j11, -j01) * inv;
    g.g1 = vec2(-j10, j00) * inv;
    g.lx = sqrt(dot(g.g0, g.g0));
    g.ly = sqrt(dot(g.g1, g.g1));
    return g;
}

float rectCoverage(vec2 p, vec4 r, float radius, vec4 aa, Gradients g) {
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
    float l = aa.x > 0.0 ? clamp((p.x - r.x) / g.lx + 0.5, 0.0, 1.0) : 1.0;
    float t = aa.y > 0.0 ? clamp((p.y - r.y) / g.ly + 0.5, 0.0, 1.0) : 1.0;
    float rr = aa.z > 0.0 ? clamp((r.z - p.x) / g.lx + 0.5, 0.0, 1.0) : 1.0;
    float b = aa.w > 0.0 ? clamp((r.w - p.y) / g.ly + 0.5, 0.0, 1.0) : 1.0;
    return max(l + rr - 1.0, 0.0) * max(t + b - 1.0, 0.0);
}

void main() {
    vec2 p = v_local;
    vec4 fill = vec4(0.0);
    if (u_fillKind == 1) {
        fill = u_fillColor;
    } else if (u_fillKind == 2) {
        vec2 s = (p - u_rect.xy) / (u_rect.zw - u_rect.xy);
        vec2 uv = u_uv.xy + s * (u_uv.zw - u_uv.xy);
        if (u_hasClamp != 0) {
            vec2 half_ = 0.5 / vec2(textureSize(u_texture, 0));
            uv = clamp(uv, u_clamp.xy + half_, u_clamp.zw - half_);
        }
        fill = texture(u_texture, uv);
    }
    float k = 1.0;
    for (int i = 0; i < u_lightCount; i++) {
        float len = sqrt(dot(u_lightDirection[i], u_lightDirection[i]));
        if (len == 0.0) continue;
        vec3 d = u_lightDirection[i] / len;
        k *= u_lightAmbient[i] + (1.0 - u_lightAmbient[i]) * max(0.0, -dot(u_lightNormal[i], d));
    }
    k *= u_lightRest;
    if (u_hasInterior != 0 && p.x >= u_interior.x && p.y >= u_interior.y && p.x <= u_interior.z && p.y <= u_interior.w) {
        // Well inside the shape: full coverage, no ring, no mask edge.
        vec4 f = fill * u_opacity;
        o_color = vec4(f.rgb * k, f.a);
        return;
    }
    Gradients g = gradients(p);
    float outer = rectCoverage(p, u_rect, u_radius, u_aa, g);
    float ring = 0.0;
    if (u_borderWidth > 0.0) {
        float bw = u_borderWidth;
        vec4 inner = vec4(u_rect.x + bw, u_rect.y + bw, u_rect.z - bw, u_rect.w - bw);
        float innerCov = (inner.z > inner.x && inner.w > inner.y)
            ? rectCoverage(p, inner, max(u_radius - bw, 0.0), vec4(1.0), g) : 0.0;
        ring = max(outer - innerCov, 0.0);
    }
    vec4 c = u_borderColor * ring + fill * (outer - ring * u_borderColor.a);
    if (u_hasMask != 0) c *= rectCoverage(p, u_maskRect, u_maskRadius, vec4(1.0), g);
    c *= u_opacity;
    o_color = vec4(c.rgb * k, c.a);
}
