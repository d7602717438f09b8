// A layer's shadowPath (SCENE_FORMAT.md 9.2): the path filled (non-zero winding) into a render
// target on the shadowed layer's own texel grid, whose blur is the shadow. The fill is an
// image rasterized with Cairo (as shape layers are), placed texel for texel, so both renderers
// blur the very same coverage.
import CoreGraphics
import QuartzCore

/// A target's texel grid in a plane: `box` (plane units) covers width x height texels, at
/// sx, sy texels per unit (texel (0, 0)'s corner at box's top-left).
struct TexelGrid {
    var box: Box
    var sx: Double, sy: Double
    var width: Int, height: Int
}

/// A shadowPath's fill over part of a texel grid, as a cache key (and the drawing itself).
struct ShadowPathDrawing: Hashable {
    var path: CGPath
    /// Plane (x, y) -> image pixel (X, Y), y up as a bitmap context's: X = a*x + tx, Y = d*y + ty.
    var a: Double, d: Double, tx: Double, ty: Double
    var width: Int, height: Int

    /// The path filled opaque white (premultiplied: every channel holds the coverage).
    func image() -> CGImage? {
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        ctx.concatenate(CGAffineTransform(a: a, b: 0, c: 0, d: d, tx: tx, ty: ty))
        ctx.addPath(path)
        ctx.setFillColor(CGColor.white)
        ctx.fillPath(using: .winding)
        return ctx.makeImage()
    }
}

extension PlanBuilder {
    /// Adds a target of `grid`'s size holding `path` (in the plane's units) moved by `offset`
    /// and filled (labelled after the layer), and returns its index; nil when the path covers no texel of the grid.
    /// `localToTexel` maps the plane onto the grid (as the shadowed layer's own target).
    func shadowPathTarget(_ path: CGPath, offset: SIMD2<Double>, grid: TexelGrid, layerName: String,
                          owner: ObjectIdentifier, localToTexel: Mat4) -> Int? {
        let b = path.boundingBoxOfPath
        guard !b.isNull else { return nil }
        let most = Double(max(grid.width, grid.height))
        // The texels the moved path's bounds touch (a texel more each way, for safety), within the grid.
        func texel(_ v: Double, _ origin: Double, _ scale: Double, _ limit: Int, up: Bool) -> Int {
            let t = ((v - origin) * scale).clamped(to: -1...(most + 1))
            let r = (up ? t.rounded(.up) + 1 : t.rounded(.down) - 1)
            return Int(r.clamped(to: 0...Double(limit)))
        }
        let x0 = texel(Double(b.minX) + offset.x, grid.box.minX, grid.sx, grid.width, up: false)
        let x1 = texel(Double(b.maxX) + offset.x, grid.box.minX, grid.sx, grid.width, up: true)
        let y0 = texel(Double(b.minY) + offset.y, grid.box.minY, grid.sy, grid.height, up: false)
        let y1 = texel(Double(b.maxY) + offset.y, grid.box.minY, grid.sy, grid.height, up: true)
        guard x1 > x0, y1 > y0 else { return nil }
        let w = x1 - x0, h = y1 - y0
        // Plane x -> texel (x + ox - box.minX) * sx - x0; plane y -> texel row (y + oy - box.minY)
        // * sy - y0 from the top, which a y-up bitmap counts as h minus that.
        let drawing = ShadowPathDrawing(path: path, a: grid.sx, d: -grid.sy,
                                        tx: (offset.x - grid.box.minX) * grid.sx - Double(x0),
                                        ty: Double(h) - (offset.y - grid.box.minY) * grid.sy + Double(y0),
                                        width: w, height: h)
        guard let image = DrawingCache.shared.image(drawing, make: { drawing.image() }) else { return nil }
        let rect = Box(minX: grid.box.minX + Double(x0) / grid.sx, minY: grid.box.minY + Double(y0) / grid.sy,
                       maxX: grid.box.minX + Double(x1) / grid.sx, maxY: grid.box.minY + Double(y1) / grid.sy)
        let full = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        // Hard edges on texel boundaries: the image's texels land on the target's one for one.
        var q = DrawQuad(layerName: layerName, role: "shadow path", matrix: .identity, rect: rect, cornerRadius: 0,
                         antialiasedEdges: [], fill: .image(index: index(of: image), uv: full), borderWidth: 0, borderColor: .zero,
                         mask: nil, opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
        q.sampleClamp = full
        return addTarget(label: layerName + " (shadow path)", width: grid.width, height: grid.height, clear: PremultipliedColor(0, 0, 0, 0),
                         items: [Item(quad: q, owner: owner)], planeToTarget: localToTexel, kind: .shadow(layer: layerName))
    }
}

private extension Double {
    /// The value within `r` (NaN: its lower bound).
    func clamped(to r: ClosedRange<Double>) -> Double { isNaN ? r.lowerBound : Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
