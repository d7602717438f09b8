#version 330 core
// One pass of a layer shadow's separable Gaussian blur of a target's alpha; mirrors
// Sources/LaminaRaster/AlphaBlur.swift (the same weights, summed in the same order, texels
// outside the source's u_size counting as transparent, the result stored in every channel).
uniform sampler2D u_source;
uniform float u_weights[257];   // 2 * u_radius + 1 used (GaussianKernel.maxRadius = 128)
uniform int u_radius;
uniform ivec2 u_direction;      // (1, 0): along x; (0, 1): along y
uniform ivec2 u_size;           // the source target's size (its pooled texture may be larger)
out vec4 o_color;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    float sum = 0.0;
    for (int k = -u_radius; k <= u_radius; k++) {
        ivec2 q = p + u_direction * k;
        if (q.x >= 0 && q.y >= 0 && q.x < u_size.x && q.y < u_size.y) sum += u_weights[k + u_radius] * texelFetch(u_source, q, 0).a;
    }
    o_color = vec4(clamp(sum, 0.0, 1.0));
}
