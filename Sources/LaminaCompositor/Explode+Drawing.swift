// The exploded view's drawings: plain quads, outlines and labels of the cards.
import QuartzCore

extension Compositor {
    /// A quad over `rect` in a card's texels (identity matrix), with no border, lighting or clips.
    func plain(_ name: String, _ role: String, _ rect: Box, _ m: Mat4 = .identity, fill: Fill) -> DrawQuad {
        DrawQuad(layerName: name, role: role, matrix: m, rect: rect, cornerRadius: 0, antialiasedEdges: .all, fill: fill,
                 borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
    }

    /// A polygon's outline in a card's texels: a thin quad along each edge, about 1.5 output
    /// pixels wide across the edge as the card is placed in the output.
    func outline(_ poly: [SIMD2<Double>], name: String, role: String, color: PremultipliedColor, place: Mat4) -> [DrawQuad] {
        guard poly.count >= 3, poly.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        var lines: [DrawQuad] = []
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            let d = b - a, len = (d * d).sum().squareRoot()
            guard len > 1e-9 else { continue }
            let u = d / len, v = SIMD2(-u.y, u.x)
            // Output pixels per texel across the edge, at its middle.
            let j = place.jacobian((a + b) / 2)
            let across = j.dx * v.x + j.dy * v.y
            let perPixel = (across * across).sum().squareRoot()
            let width = perPixel.isFinite && perPixel > 1e-9 ? min(1.5 / perPixel, len) : 1.5
            // The edge's own frame: x along it, y across it (inwards for a clockwise polygon), origin at a.
            let frame = Mat4(SIMD4(u.x, u.y, 0, 0), SIMD4(v.x, v.y, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(a.x, a.y, 0, 1))
            lines.append(plain(name, role, Box(minX: 0, minY: -width / 2, maxX: len, maxY: width / 2), frame, fill: .color(color)))
        }
        return lines
    }

    /// A label: the caption's text (through `options.textImage`, as a CATextLayer draws, at one
    /// pixel per point) over a dark pill whose top-left is the origin, in output pixels.
    func label(_ text: String, size: Double, builder: PlanBuilder) -> [DrawQuad] {
        // The text's width is not known before it is drawn: an estimate sizes the pill.
        let pad = (size * 0.35).rounded(.up)
        let wPt = (Double(text.count) * size * 0.75 + size).rounded(.up), hPt = (size * 1.25).rounded(.up)
        let layer = CATextLayer()
        layer.string = text
        layer.fontSize = CGFloat(size)
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.bounds = CGRect(x: 0, y: 0, width: wPt, height: hPt)
        guard let image = options.textImage?(layer, 1) else {
            CompositorNotes.once(CompositorNotes.noTextSource, "text layers draw nothing: CompositorOptions.textImage is nil (LayerRenderer, or LaminaText's TextRasterizer, provides one)")
            return []
        }
        // The pill fits the text as drawn (drawn into a generous width: its last inked column).
        let inked = Double(inkedWidth(image))
        guard inked > 0 else { return [] }
        let textRect = Box(minX: pad, minY: pad / 2, maxX: pad + inked, maxY: pad / 2 + hPt)
        var back = plain(text, "label-back", Box(minX: 0, minY: 0, maxX: inked + 2 * pad, maxY: hPt + pad), fill: .color(PremultipliedColor(0, 0, 0, 0.75)))
        back.cornerRadius = 4
        let uv = Box(minX: 0, minY: 0, maxX: inked / Double(image.width), maxY: hPt / Double(image.height))
        var q = plain(text, "label", textRect, fill: .image(index: builder.index(of: image), uv: uv))
        q.sampleClamp = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        q.antialiasedEdges = []
        return [back, q]
    }
}

/// One past the last column of an image with any alpha (0: none).
private func inkedWidth(_ image: CGImage) -> Int {
    let px = image.premultipliedRGBA, w = image.width
    var last = 0
    for y in 0..<image.height {
        var x = w - 1
        while x >= last, px[4 * (y * w + x) + 3] == 0 { x -= 1 }
        if x + 1 > last { last = x + 1 }
    }
    return last
}
