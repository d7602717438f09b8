// The CPU reference renderer of a RenderPlan: premultiplied RGBA8 targets, pixel-centre
// rasterization of each quad's cover polygon (top-left rule), perspective-correct local
// coordinates by the inverse plane homography, the shared shading model (Shading.swift),
// bilinear clamp-to-edge sampling, and source-over blending rounded to 8 bits.
//
// Targets are drawn in plan order; within a target, rows are split into bands drawn on all
// cores. Each band draws every quad's rows inside it, in quad order, so every pixel sees the
// same sequence of blends as in a serial render: the result does not depend on the threads.
import Dispatch
import LaminaCompositor
import QuartzCore

/// Renders plans on the CPU.
public struct CPURenderer: Sendable {
    /// How many threads draw a target's row bands (1: serial).
    public let threads: Int
    /// Whether the fast paths are used; without them every pixel goes through the reference
    /// form (`shade`, `Texture.sample`, the step-by-step blend). The image is the same either way.
    public let fastPaths: Bool

    /// A renderer (it keeps no state between plans). `threads` defaults to the active cores;
    /// the image is the same for any count, and with or without `fastPaths` (tests compare them).
    public init(threads: Int? = nil, fastPaths: Bool = true) {
        self.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        self.fastPaths = fastPaths
    }

    /// Renders every target of the plan and returns the output image (premultiplied). Each
    /// target's canvas is released as soon as the last target sampling it has been drawn.
    public func render(_ plan: RenderPlan) -> CGImage {
        guard !plan.targets.isEmpty else { return CGImage(width: 0, height: 0, premultipliedRGBA: []) }
        let canvases = renderTargets(plan, keepAll: false)
        return canvases[plan.outputIndex]!.image
    }

    /// Renders every target, in plan order, and keeps them all.
    public func renderAll(_ plan: RenderPlan) -> [Canvas8] {
        renderTargets(plan, keepAll: true).map { $0! }
    }

    private func renderTargets(_ plan: RenderPlan, keepAll: Bool) -> [Canvas8?] {
        let n = plan.targets.count
        // The index of the last target sampling each target (targets come in dependency order).
        var lastUse = [Int](repeating: -1, count: n)
        for (j, t) in plan.targets.enumerated() {
            for q in t.quads {
                if case .target(let i, _) = q.fill, i >= 0, i < n { lastUse[i] = max(lastUse[i], j) }
                if let i = q.maskTexture?.index, i >= 0, i < n { lastUse[i] = max(lastUse[i], j) }
            }
            if let i = t.blur?.source, i >= 0, i < n { lastUse[i] = max(lastUse[i], j) }
        }
        let images = plan.images.map { Texture(width: $0.width, height: $0.height, pixels: $0.premultipliedRGBA) }
        var canvases = [Canvas8?](repeating: nil, count: n)
        for (j, target) in plan.targets.enumerated() {
            if let b = target.blur {
                // A shadow's shape: the blur of an earlier target (none drawn yet, or another
                // size: a plan out of order, nothing to blur).
                var c = Canvas8(width: target.width, height: target.height, clear: .zero)
                if canvases.indices.contains(b.source), let s = canvases[b.source], s.width == c.width, s.height == c.height {
                    c.pixels = blurredAlpha(s.pixels, width: s.width, height: s.height, horizontal: b.horizontal, vertical: b.vertical)
                }
                canvases[j] = c
            } else {
                canvases[j] = draw(target, images: images, targets: canvases)
            }
            guard !keepAll else { continue }
            for i in 0...j where i != plan.outputIndex && lastUse[i] <= j { canvases[i] = nil }
        }
        return canvases
    }

    /// One target: its quads set up, then drawn band by band.
    private func draw(_ target: RenderTarget, images: [Texture], targets: [Canvas8?]) -> Canvas8 {
        var canvas = Canvas8(width: target.width, height: target.height, clear: target.clearColor)
        let height = canvas.height, width = canvas.width
        guard width > 0, height > 0 else { return canvas }
        @Sendable func prepare(_ q: DrawQuad) -> PreparedQuad? {
            var texture: Texture?
            var uv = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
            switch q.fill {
            case .image(let i, let box):
                texture = images.indices.contains(i) ? images[i] : nil; uv = box
            case .target(let i, let box):
                // A target not drawn yet (a plan out of order) has no texels: the quad draws nothing.
                if targets.indices.contains(i), let c = targets[i] { texture = Texture(width: c.width, height: c.height, pixels: c.pixels) }
                uv = box
            default: break
            }
            // A layer mask's target: without its texels (a plan out of order) nothing shows.
            var mask: Texture?
            if let i = q.maskTexture?.index, targets.indices.contains(i), let c = targets[i] {
                mask = Texture(width: c.width, height: c.height, pixels: c.pixels)
            }
            return PreparedQuad(q, texture: texture, uv: uv, mask: mask, targetWidth: width, targetHeight: height)
        }
        let quads = target.quads
        // Slots in quad order (nil: the quad draws nothing), set up on all cores when there
        // are thousands; each chunk writes only its own slots.
        var prepared = [PreparedQuad?](repeating: nil, count: quads.count)
        let chunks = threads == 1 || quads.count < 512 ? 1 : threads * 4
        prepared.withUnsafeMutableBufferPointer { buf in
            let shared = PreparedSlots(base: buf.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for i in (c * quads.count / chunks)..<((c + 1) * quads.count / chunks) { shared.base[i] = prepare(quads[i]) }
            }
        }
        let fast = fastPaths
        // Bands of at least 16 rows, a few per thread so uneven rows even out. Each band gets
        // the indices of the quads reaching its rows, in quad order.
        let bands = threads == 1 ? 1 : max(1, min(height / 16, threads * 4))
        @Sendable func start(_ b: Int) -> Int { b * height / bands }  // band b: rows start(b)..<start(b + 1)
        var members = [[Int32]](repeating: [], count: bands)
        for i in prepared.indices {
            guard let (y0, y1) = prepared[i].map({ ($0.y0, $0.y1) }) else { continue }
            var b = max(0, y0 * bands / height - 1)  // at or before the band holding y0
            while b < bands && start(b) <= y1 {
                if start(b + 1) > y0 { members[b].append(Int32(i)) }
                b += 1
            }
        }
        let bandMembers = members
        canvas.pixels.withUnsafeMutableBufferPointer { buf in
            let pixels = BandPixels(base: buf.baseAddress!)
            prepared.withUnsafeBufferPointer { pq in
                let quads = PreparedSlots(base: UnsafeMutablePointer(mutating: pq.baseAddress!))
                DispatchQueue.concurrentPerform(iterations: bands) { b in
                    let rows = start(b)..<start(b + 1)
                    for i in bandMembers[b] {
                        quads.base[Int(i)]?.draw(rows: rows, into: pixels.base, width: width, fastPaths: fast)
                    }
                }
            }
        }
        return canvas
    }
}

/// The canvas as the bands see it: each band writes only its own rows, so sharing the
/// pointer across threads is race-free.
private struct BandPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}

/// Quad set-up slots as the threads see them: set-up chunks write only their own slots, bands only read.
private struct PreparedSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<PreparedQuad?>
}
