#version 330 core
// One triangle covering the viewport (vertices from gl_VertexID, no attributes): the blur
// passes of Sources/LaminaGL/BlurProgram.swift shade every texel of a target once.
void main() {
    vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID >> 1) * 4 - 1));
    gl_Position = vec4(p, 0.0, 1.0);
}
