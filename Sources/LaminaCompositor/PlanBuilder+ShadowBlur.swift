// A shadow's blur (SCENE_FORMAT.md 9.2) on a coarser grid when it is wide. A blur pass costs
// texels x kernel taps, and an oversampled target under perspective can ask for sigmas of
// 20-40 texels on hundreds of thousands of texels. Past CompositorOptions.largestBlurSigma texels along an
// axis, the shape is first halved along it (as Skia's GPU blur does): a target half as wide
// whose texel centres fall between texel pairs of the finer one, so bilinear sampling averages
// each pair exactly; the blur then runs there with half the sigma, and the quad that draws
// the shadow stretches it back. Sigmas of that many texels or less blur as before.
import QuartzCore

/// Sides (texels) this small are not halved further.
let smallestHalvedSide = 16

/// Halvings at most along an axis: each stores its average in 8 bits, and three steps of
/// rounding stretched back 8 times showed as 3/255 ripples (a sigma of 48 texels halved
/// twice still blurs 64 times faster).
let mostHalvings = 2

extension PlanBuilder {
    /// How many times a blur of `sigma` texels along an axis of `side` texels is halved: while
    /// the sigma is past CompositorOptions.largestBlurSigma and the side is not small, at most
    /// `mostHalvings` times.
    func halvings(sigma: Double, side: Int) -> Int {
        var s = sigma, n = side, k = 0
        while k < mostHalvings && s > options.largestBlurSigma && n >= smallestHalvedSide {
            s /= 2
            n = (n + 1) / 2
            k += 1
        }
        return k
    }

    /// Adds the targets blurring target `source` (width x height texels) by sigmaX x sigmaY
    /// texels and returns the blur's index and the part of it that holds the source's extent
    /// (uv: all of it unless the grid was halved from an odd side).
    func shadowBlur(of source: Int, width: Int, height: Int, sigmaX: Double, sigmaY: Double,
                    layerName: String, owner: ObjectIdentifier) -> (index: Int, uv: Box) {
        let hx = halvings(sigma: sigmaX, side: width), hy = halvings(sigma: sigmaY, side: height)
        var src = source, w = width, h = height
        // The source's extent in the current grid's texels, and the sigmas there.
        var ew = Double(width), eh = Double(height), sx = sigmaX, sy = sigmaY
        var level = 1
        for step in 0..<max(hx, hy) {
            let fx = step < hx ? 0.5 : 1, fy = step < hy ? 0.5 : 1
            // One quad over the extent, scaled into the coarser grid (hard edges on its texel
            // boundaries, so each coarse texel averages the fine texels under it).
            let q = DrawQuad(layerName: layerName, role: "shadow, halved", matrix: .identity,
                             rect: Box(minX: 0, minY: 0, maxX: ew, maxY: eh), cornerRadius: 0, antialiasedEdges: [],
                             fill: .target(index: src, uv: Box(minX: 0, minY: 0, maxX: ew / Double(w), maxY: eh / Double(h))),
                             borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
            ew *= fx; eh *= fy; sx *= fx; sy *= fy
            level *= 2
            w = Int(ew.rounded(.up)); h = Int(eh.rounded(.up))
            src = addTarget(label: layerName + " (shadow shape, 1/\(level))", width: w, height: h, clear: PremultipliedColor(0, 0, 0, 0),
                            items: [Item(quad: q, owner: owner)], planeToTarget: .scale(fx, fy), kind: .shadow(layer: layerName))
        }
        return blurTarget(of: src, width: w, height: h, extent: SIMD2(ew, eh), sigmaX: sx, sigmaY: sy, layerName: layerName)
    }

    /// Adds the blur of target `source` (width x height texels, of which `extent` holds the
    /// shape) and returns its index and the uv of that extent.
    func blurTarget(of source: Int, width: Int, height: Int, extent: SIMD2<Double>, sigmaX: Double, sigmaY: Double,
                    layerName: String) -> (index: Int, uv: Box) {
        let blur = TargetBlur(source: source, horizontal: GaussianKernel(sigma: sigmaX), vertical: GaussianKernel(sigma: sigmaY))
        targets.append(RenderTarget(label: layerName + " (shadow)", width: width, height: height, clearColor: PremultipliedColor(0, 0, 0, 0),
                                    quads: [], blur: blur, kind: .shadow(layer: layerName)))
        return (targets.count - 1, Box(minX: 0, minY: 0, maxX: extent.x / Double(width), maxY: extent.y / Double(height)))
    }
}
