#version 330 core
// Lamina's quad vertex shader. A vertex is a point of the quad's cover polygon in the
// layer's local coordinates; u_matrix maps local (x, y, 0, 1) to target pixels
// (X, Y, Z, W) with pixel = (X/W, Y/W), y down. The matrix is uploaded in Core Animation's
// field order (m11, m12, ..., m44), which is column-major for column vectors, so
// u_matrix * v is Core Animation's row-vector v * M. The GPU divides by W and
// interpolates v_local perspective-correctly; nothing is divided on the CPU.
layout(location = 0) in vec2 a_local;
uniform mat4 u_matrix;
uniform vec2 u_targetSize;
uniform float u_flipY;   // -1 to draw top-down into a window's bottom-up framebuffer
out vec2 v_local;

void main() {
    vec4 h = u_matrix * vec4(a_local, 0.0, 1.0);
    v_local = a_local;
    // Pixels to clip space without dividing: x_ndc * W = 2X/width - W. z stays 0 so GL's
    // depth clipping never removes a layer (DESIGN.md); w > 0 is guaranteed by the plan.
    gl_Position = vec4(2.0 * h.x / u_targetSize.x - h.w, u_flipY * (2.0 * h.y / u_targetSize.y - h.w), 0.0, h.w);
}
