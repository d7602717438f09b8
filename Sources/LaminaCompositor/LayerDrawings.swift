// Gradient and shape layers drawn into premultiplied RGBA images at their on-screen scale,
// then composited as image quads: both renderers sample the same images, so they agree.
import CoreGraphics
import Foundation
import QuartzCore

/// The scale a drawing is rasterized at: the on-screen stretch rounded up to a quarter octave
/// (so small zoom changes reuse the cached image), within 1/4...8 and the size limits.
func drawingScale(stretch: Double, width: Double, height: Double, maxSide: Int) -> Double? {
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
    let s = stretch.isFinite && stretch > 0 ? stretch : 1
    // The small tolerance keeps a stretch of 1 (give or take rounding) at exactly 1.
    let quantized = pow(2, (log2(min(max(s, 0.25), 8)) * 4 - 1e-6).rounded(.up) / 4)
    let side = Double(maxSide)
    let fit = min(side / width, side / height, (16_000_000 / (width * height)).squareRoot())
    let scale = min(quantized, fit)
    return scale > 0 && scale.isFinite ? scale : nil
}

/// A small process-wide LRU of rasterized drawings, keyed by what they depend on (never by
/// where they are), so a shape or gradient that does not change is rasterized once.
final class DrawingCache: @unchecked Sendable {
    static let shared = DrawingCache()
    private let lock = NSLock()
    private var entries: [AnyHashable: (image: CGImage, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    /// At most this many images and this many bytes are kept.
    let capacity = 128, byteCapacity = 64 << 20

    /// The cached image for `key`, or `make()`'s, remembered.
    func image(_ key: AnyHashable, make: () -> CGImage?) -> CGImage? {
        // A key that is not equal to itself (a NaN inside) could never be found again, nor
        // removed by key: drawn, not kept.
        guard key == key else { return make() }
        lock.lock()
        clock += 1
        if let e = entries[key] {
            entries[key] = (e.image, clock)
            lock.unlock()
            return e.image
        }
        lock.unlock()
        guard let image = make() else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if entries[key] == nil { bytes += image.premultipliedRGBA.count }
        entries[key] = (image, clock)
        // Removed by position, not by key: each pass removes one entry, so the loop ends.
        while entries.count > capacity || bytes > byteCapacity, entries.count > 1,
              let oldest = entries.indices.min(by: { entries[$0].value.used < entries[$1].value.used }) {
            bytes -= entries[oldest].value.image.premultipliedRGBA.count
            entries.remove(at: oldest)
        }
        return image
    }

    /// How many images are cached (for tests).
    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

// MARK: Gradients

/// A CAGradientLayer's gradient as SCENE_FORMAT.md 9.5 defines it.
struct GradientDrawing: Hashable {
    /// Straight-alpha stop colors and their (clamped, non-decreasing) locations.
    var colors: [SIMD4<Double>]
    var locations: [Double]
    var start: SIMD2<Double>, end: SIMD2<Double>
    var kind: Kind

    /// Which of CAGradientLayer's types (an unknown type draws as axial, Core Animation's default).
    enum Kind: Hashable { case axial, radial, conic }

    init?(_ layer: CAGradientLayer) {
        let cs = layer.cgColors
        guard !cs.isEmpty else { return nil }
        colors = cs.map { SIMD4(Double($0.rgba.red), Double($0.rgba.green), Double($0.rgba.blue), Double($0.rgba.alpha)) }
        var locs: [Double]
        if let l = layer.locations, l.count == cs.count {
            locs = l.map { let v = $0.doubleValue; return v.isNaN ? 0 : min(max(v, 0), 1) }
        } else {
            locs = cs.count == 1 ? [0] : (0..<cs.count).map { Double($0) / Double(cs.count - 1) }
        }
        // A stop before an earlier one sits at the earlier one (as CSS does).
        for i in locs.indices.dropFirst() { locs[i] = max(locs[i], locs[i - 1]) }
        locations = locs
        start = SIMD2(Double(layer.startPoint.x), Double(layer.startPoint.y))
        end = SIMD2(Double(layer.endPoint.x), Double(layer.endPoint.y))
        kind = layer.type == .radial ? .radial : layer.type == .conic ? .conic : .axial
    }

    /// The gradient parameter at unit point u (infinite where the geometry is degenerate:
    /// a zero-length axis or a zero radius extends the last color).
    func parameter(_ u: SIMD2<Double>) -> Double {
        let d = end - start
        switch kind {
        case .radial:
            let rx = abs(d.x), ry = abs(d.y)
            guard rx > 0, ry > 0 else { return .infinity }
            let p = (u - start) / SIMD2(rx, ry)
            return (p * p).sum().squareRoot()
        case .conic:
            return conicParameter(u, axis: d)
        case .axial: break
        }
        let len2 = (d * d).sum()
        guard len2 > 0, len2.isFinite else { return .infinity }
        return ((u - start) * d).sum() / len2
    }

    /// A conic gradient's parameter (SCENE_FORMAT.md 9.5): the angle at `start` from the
    /// direction of `axis` to u, in unit space, as a fraction of a full turn in 0..<1, growing
    /// clockwise on screen (y down: atan2 of the cross and dot products is positive clockwise).
    /// A zero axis extends the last color (as the other types' degenerate geometry); u at the
    /// centre has angle 0.
    private func conicParameter(_ u: SIMD2<Double>, axis d: SIMD2<Double>) -> Double {
        guard d != .zero, d.x.isFinite, d.y.isFinite else { return .infinity }
        let v = u - start
        let cross = d.x * v.y - d.y * v.x, dot = d.x * v.x + d.y * v.y
        guard cross.isFinite, dot.isFinite, cross != 0 || dot != 0 else { return 0 }
        var t = atan2(cross, dot) / (2 * Double.pi)
        if t < 0 { t += 1 }
        // -0.0 and rounding up to 1 both mean the start of the turn.
        return t >= 1 ? 0 : max(t, 0)
    }

    /// The straight-alpha color at parameter t (the end colors extend).
    func color(at t: Double) -> SIMD4<Double> {
        let n = colors.count
        if !(t > locations[0]) { return colors[0] }
        if t >= locations[n - 1] { return colors[n - 1] }
        var k = 0
        while k + 1 < n && locations[k + 1] <= t { k += 1 }
        let a = locations[k], b = locations[k + 1]
        guard b > a else { return colors[k + 1] }
        let f = (t - a) / (b - a)
        return colors[k] + (colors[k + 1] - colors[k]) * f
    }

    /// v within 0...1 (NaN: 0), safe to turn into a byte.
    private func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

    /// The gradient over a w x h image of the unit square (texel centres sampled), premultiplied.
    func image(width w: Int, height h: Int) -> CGImage {
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let v = (Double(y) + 0.5) / Double(h)
            for x in 0..<w {
                let c = color(at: parameter(SIMD2((Double(x) + 0.5) / Double(w), v)))
                let a = unit(c.w)
                let i = (y * w + x) * 4
                px[i] = UInt8((unit(c.x) * a * 255).rounded())
                px[i + 1] = UInt8((unit(c.y) * a * 255).rounded())
                px[i + 2] = UInt8((unit(c.z) * a * 255).rounded())
                px[i + 3] = UInt8((a * 255).rounded())
            }
        }
        return CGImage(width: w, height: h, premultipliedRGBA: px)
    }
}

// MARK: Shapes

/// What a CAShapeLayer draws, as a cache key (its position plays no part).
struct ShapeDrawing: Hashable {
    var path: CGPath
    var fill: CGColor?
    var evenOdd: Bool
    var stroke: CGColor?
    var lineWidth: Double
    var cap: Int32, join: Int32
    var miterLimit: Double
    var dashes: [Double]
    var dashPhase: Double
    var strokeStart: Double, strokeEnd: Double

    init?(_ layer: CAShapeLayer) {
        guard let p = layer.path, !p.isEmpty else { return nil }
        path = p
        fill = layer.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        evenOdd = layer.fillRule == .evenOdd
        let w = Double(layer.lineWidth)
        let width = w.isFinite ? max(0, w) : 1
        lineWidth = width
        stroke = layer.strokeColor.flatMap { $0.alpha > 0 && width > 0 ? $0 : nil }
        cap = layer.lineCap == .round ? 1 : layer.lineCap == .square ? 2 : 0
        join = layer.lineJoin == .round ? 1 : layer.lineJoin == .bevel ? 2 : 0
        let m = Double(layer.miterLimit)
        miterLimit = m.isFinite ? max(1, m) : 10
        let d = (layer.lineDashPattern ?? []).map { let v = $0.doubleValue; return v.isFinite ? max(0, v) : 0 }
        // A pattern with nothing drawn or nothing skipped in it is a solid line.
        dashes = d.reduce(0, +) > 0 ? d : []
        let ph = Double(layer.lineDashPhase)
        dashPhase = ph.isFinite ? ph : 0
        strokeStart = Double(layer.strokeStart)
        strokeEnd = Double(layer.strokeEnd)
        guard fill != nil || stroke != nil else { return nil }
    }

    /// The box the drawing can touch in the layer's space: the path's bounds grown by how
    /// far the stroke can reach past it (half the width, times the miter limit for miter
    /// joins, times sqrt 2 for square caps).
    static func box(_ layer: CAShapeLayer) -> Box? {
        guard let d = ShapeDrawing(layer) else { return nil }
        let b = d.path.boundingBoxOfPath
        guard !b.isNull, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        var grow = 0.0
        if d.stroke != nil {
            let reach = max(d.join == 0 ? d.miterLimit : 1, d.cap == 2 ? 2.0.squareRoot() : 1)
            grow = d.lineWidth / 2 * reach
        }
        let box = Box(minX: Double(b.minX) - grow, minY: Double(b.minY) - grow, maxX: Double(b.maxX) + grow, maxY: Double(b.maxY) + grow)
        // A fill-only path with no area (a line) draws nothing.
        guard box.width > 0, box.height > 0, abs(box.minX) < 1e9, abs(box.maxX) < 1e9, abs(box.minY) < 1e9, abs(box.maxY) < 1e9 else { return nil }
        return box
    }

    /// The drawing, fill then stroke, over `box` (layer space) at `scale` pixels per point: a
    /// w x h premultiplied image whose top-left texel starts at box's top-left corner.
    func image(box: Box, scale: Double, width w: Int, height h: Int) -> CGImage? {
        guard let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        // The bitmap is y up: layer y (down) runs from the top row.
        ctx.concatenate(CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: -box.minX * scale, ty: Double(h) + box.minY * scale))
        if let fill {
            ctx.addPath(path)
            ctx.setFillColor(fill)
            ctx.fillPath(using: evenOdd ? .evenOdd : .winding)
        }
        if let stroke {
            let trimmed = strokeStart <= 0 && strokeEnd >= 1 ? path : path.trimmed(from: strokeStart, to: strokeEnd)
            if !trimmed.isEmpty {
                ctx.addPath(trimmed)
                ctx.setStrokeColor(stroke)
                ctx.setLineWidth(lineWidth)
                ctx.setLineCap(CGLineCap(rawValue: cap) ?? .butt)
                ctx.setLineJoin(CGLineJoin(rawValue: join) ?? .miter)
                ctx.setMiterLimit(miterLimit)
                ctx.setLineDash(phase: CGFloat(dashPhase), lengths: dashes.map { CGFloat($0) })
                ctx.strokePath()
            }
        }
        return ctx.makeImage()
    }
}
