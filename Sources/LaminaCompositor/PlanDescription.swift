// A readable listing of a plan (`lamina plan`): why a scene looks as it does.
import Foundation

extension RenderPlan {
    /// The summary's lines (shadows, masks, shapes, replicators), then targets in drawing order
    /// with their quads: layer, role, fill, pixel corners, flags.
    public var listing: String {
        var lines: [String] = []
        let quads = targets.reduce(0) { $0 + $1.quads.count }
        lines.append("plan: \(targets.count) target\(targets.count == 1 ? "" : "s"), \(quads) quad\(quads == 1 ? "" : "s")"
            + " (\(splitCount) split piece\(splitCount == 1 ? "" : "s")), \(images.count) image\(images.count == 1 ? "" : "s")")
        lines += summary.lines
        for (ti, t) in targets.enumerated() {
            let kind = ti == outputIndex ? "output" : "offscreen"
            var why = ""
            if case .plane(_, let r) = t.kind { why = " (flattened: \(r))" }
            lines.append("target #\(ti) \(kind) \"\(t.label)\"\(why) \(t.width)x\(t.height) px, clear \(hex(t.clearColor))")
            if let b = t.blur {
                lines.append("  blur of target #\(b.source): sigma \(fmt(b.horizontal.sigma)) x \(fmt(b.vertical.sigma)) texels")
            }
            for (qi, q) in t.quads.enumerated() {
                var desc = "  quad \(qi): \(q.layerName) \(q.role)"
                switch q.fill {
                case .none: break
                case .color(let c): desc += " fill \(hex(c))"
                case .image(let i, let uv): desc += " image #\(i) uv \(uv)"
                case .target(let i, let uv): desc += " target #\(i) uv \(uv)"
                    if let mt = q.maskTexture { desc += " mask target #\(mt.index) uv \(mt.uv)" }
                }
                if q.borderWidth > 0 { desc += " border \(fmt(q.borderWidth)) \(hex(q.borderColor))" }
                if q.cornerRadius > 0 { desc += " radius \(fmt(q.cornerRadius))" }
                if q.opacity < 1 { desc += " opacity \(fmt(Double(q.opacity)))" }
                if q.tint != SIMD3(repeating: 1) { desc += " tint \(fmt(Double(q.tint.x))),\(fmt(Double(q.tint.y))),\(fmt(Double(q.tint.z)))" }
                if !q.lighting.isEmpty { desc += " light k=" + q.lighting.map { fmt(Double($0.factor)) }.joined(separator: "*") }
                if q.mask != nil { desc += " masked" }
                let aa = [("L", EdgeMask.left), ("T", .top), ("R", .right), ("B", .bottom)].filter { q.antialiasedEdges.contains($0.1) }.map(\.0).joined()
                desc += " aa=\(aa.isEmpty ? "none" : aa)"
                if q.isSplit { desc += " SPLIT" }
                lines.append(desc)
                let visible = clip(q.rect.corners, q.clips).map { q.matrix.project($0) }
                lines.append("    rect \(q.rect) -> px " + visible.map { "(\(fmt($0.x)), \(fmt($0.y)))" }.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n")
    }

    private func hex(_ c: PremultipliedColor) -> String {
        String(format: "#%02X%02X%02X%02X", byte(c.x), byte(c.y), byte(c.z), byte(c.w)) + " (premultiplied)"
    }

    private func fmt(_ d: Double) -> String { String(format: "%.4g", d) }
    /// A color component as 0...255 (clamped: a broken color still describes).
    private func byte(_ x: Float) -> Int { (Double(x) * 255).clampedToInt(in: 0...255, rounding: .toNearestOrAwayFromZero) }
}
