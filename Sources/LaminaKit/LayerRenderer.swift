// The one-call entry point: a layer tree (text included, animations applied at a time) to an
// image or a PNG, on OpenGL or the CPU. Below it the stages stay available on their own:
// Compositor (layer tree -> RenderPlan), GLRenderer / CPURenderer (plan -> image), PNG.
import Foundation
@_exported import LaminaCompositor
@_exported import LaminaImage
import LaminaGL
import LaminaRaster
import LaminaText
@_exported import QuartzCore

/// Why a layer tree could not be rendered.
public struct LayerRendererError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Renders layer trees to images, the way `lamina render` does: text drawn with FreeType, the
/// presentation tree at a given time, on OpenGL (headless EGL) or the CPU reference renderer.
///
///     let renderer = try LayerRenderer(backend: .automatic)
///     try renderer.png(of: root, size: CGSize(width: 400, height: 300), to: "out.png")
public final class LayerRenderer: @unchecked Sendable {
    /// Which renderer draws.
    public enum Backend: String, Sendable, CaseIterable {
        /// OpenGL when a headless context can be made, else the CPU.
        case automatic
        /// OpenGL 3.3 through headless EGL (Mesa's llvmpipe without a GPU).
        case gl
        /// The CPU reference renderer.
        case cpu
    }

    /// The backend that draws: `.gl` or `.cpu` (`.automatic` resolved when the renderer was made).
    public let backend: Backend
    /// Why `.automatic` chose the CPU (nil when it chose GL or the CPU was asked for).
    public let fallbackReason: String?
    /// The compositor that turns trees into plans (its options include the text source).
    public var compositor: Compositor { frames.compositor }
    /// Successive frames: the last plan is reused while the tree and canvas are unchanged.
    private let frames: FrameCompositor
    private let gl: GLRenderer?
    private let lock = NSLock()
    /// The last image drawn and its plan: an unchanged frame hands it out again, and on GL a
    /// changed one redraws only the pixels its plan changes (RenderPlan.outputDamage).
    private var lastImage: (plan: RenderPlan, image: CGImage)?
    /// Whether the last frame drawn was redrawn only where it changed (for tests and benchmarks).
    public private(set) var lastFrameWasDamageRedraw = false

    /// A renderer on `backend`. `.gl` throws when no GL context can be made; `.automatic`
    /// falls back to the CPU (see `fallbackReason`). `forceTargets` draws every plane with
    /// sublayers through a render target of its own (to check that both ways agree).
    public init(backend: Backend = .automatic, forceTargets: Bool = false) throws {
        var options = CompositorOptions(forceTargets: forceTargets)
        options.textImage = LayerRenderer.textSource
        frames = FrameCompositor(compositor: Compositor(options: options))
        switch backend {
        case .cpu:
            gl = nil; self.backend = .cpu; fallbackReason = nil
        case .gl, .automatic:
            do {
                gl = try GLRenderer()
                self.backend = .gl; fallbackReason = nil
            } catch let e as GLError {
                if backend == .gl { throw LayerRendererError("the GL backend is unavailable: \(e)") }
                gl = nil; self.backend = .cpu; fallbackReason = e.description
            }
        }
    }

    /// LaminaText's FreeType rasterizer as the compositor's text source (nil when no font can
    /// be loaded: text layers then draw nothing, and the compositor says so once).
    public static let textSource: (@Sendable (CATextLayer, Double) -> CGImage?)? = {
        guard let raster = try? TextRasterizer.shared() else { return nil }
        return { layer, scale in raster.image(for: layer, scale: scale) }
    }()

    /// The tree under `layer` as drawn at media time `time` (nil: `CACurrentMediaTime()`):
    /// layers marked with `setNeedsDisplay()` are displayed and the implicit transaction is
    /// committed first, as a run loop turn would, so implicit animations start; then the
    /// presentation tree is taken, as Core Animation draws it.
    public static func presentedTree(_ layer: CALayer, at time: CFTimeInterval?) -> CALayer {
        layer.displayTreeIfNeeded()
        CATransaction.flush()
        // A tree without animations draws as its model: no copy, so frames of an unchanged
        // tree are recognized (FrameCompositor) and cost almost nothing.
        guard layer.subtreeHasAnimations() else { return layer }
        return layer.presentationTree(at: time ?? CACurrentMediaTime())
    }

    /// The render plan of `layer` (placed in the image by its frame, as a scene's root is)
    /// on a `size`-point canvas at `scale` pixels per point, over `background` (nil: clear).
    public func plan(of layer: CALayer, size: CGSize, scale: Double = 1, background: CGColor? = nil,
                     at time: CFTimeInterval? = nil) throws -> RenderPlan {
        let w = Double(size.width), h = Double(size.height)
        guard w.isFinite, h.isFinite, scale.isFinite, w > 0, h > 0, scale > 0 else {
            throw LayerRendererError("the image size \(w)x\(h) at scale \(scale) is not positive and finite")
        }
        let pw = w * scale, ph = h * scale
        guard pw.rounded() >= 1, ph.rounded() >= 1, pw <= 16384, ph <= 16384 else {
            throw LayerRendererError("the image would be \(pw.rounded())x\(ph.rounded()) pixels (1...16384 a side)")
        }
        let root = Self.presentedTree(layer, at: time)
        lock.lock(); defer { lock.unlock() }
        do {
            return try frames.compile(root: root, width: w, height: h, scale: scale, background: background)
        } catch let e as CompositorError {
            throw LayerRendererError("\(e)")
        }
    }

    /// Draws a plan (premultiplied RGBA8, top row first).
    public func render(_ plan: RenderPlan) throws -> CGImage {
        lock.lock(); defer { lock.unlock() }
        return try draw(plan)
    }

    /// On GL, draws a tiny frame (a turned square with anti-aliased edges) and throws the image
    /// away, so the driver builds the shader nearly every frame needs now rather than during
    /// the first real one (on Mesa's llvmpipe, a JIT compile of some milliseconds). Meant for a
    /// spare thread while the first scene is read and compiled; on the CPU it does nothing.
    public func warmUp() {
        guard gl != nil else { return }
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        square.position = CGPoint(x: 4, y: 4)
        square.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        square.allowsEdgeAntialiasing = true
        let plan = Compositor().compile(root: square, width: 8, height: 8)
        _ = try? render(plan)
    }

    /// Draws with the lock held.
    private func draw(_ plan: RenderPlan) throws -> CGImage {
        guard let gl else { return CPURenderer().render(plan) }
        do { return try gl.render(plan) } catch let e as GLError { throw LayerRendererError("OpenGL: \(e)") }
    }

    /// A frame: the plan's image, or the last frame's image again when the plan is the last
    /// frame's, handed out unchanged by the frame compositor (plans made there are never changed).
    private func frame(_ plan: RenderPlan) throws -> CGImage {
        lock.lock(); defer { lock.unlock() }
        if let last = lastImage, last.plan.id == plan.id { return last.image }
        lastFrameWasDamageRedraw = false
        var image: CGImage
        if let gl, let lastPlan = lastImage?.plan, let damage = plan.outputDamage(since: lastPlan) {
            // The last image's pixels are handed over: when no caller kept that image, the
            // damage is read back into them in place, not into a whole copy (a frame of bytes).
            let (width, height, previous) = takeLastPixels()
            do {
                image = try gl.render(plan, overPixels: consume previous, width: width, height: height, damage: damage)
            } catch let e as GLError { throw LayerRendererError("OpenGL: \(e)") }
            lastFrameWasDamageRedraw = true
        } else {
            image = try draw(plan)
        }
        lastImage = (plan, image)
        return image
    }

    /// The last image's size and pixels, the image forgotten (so when no caller kept it, the
    /// pixels returned are their only reference). Call with the lock held.
    private func takeLastPixels() -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let image = lastImage?.image, let plan = lastImage?.plan else { return (0, 0, []) }
        lastImage = nil
        // The last plan is freed off this thread (Disposal.swift): no frame waits for it.
        Disposal.release(consume plan)
        return (image.width, image.height, image.premultipliedRGBA)
    }

    /// Whether the last plan was the frame before's, handed out again (nothing changed).
    public var lastFrameWasUnchanged: Bool { lock.lock(); defer { lock.unlock() }; return frames.reusedLastPlan }

    /// The image of `layer` on a `size`-point canvas at `scale`, over `background`, at media
    /// time `time` (nil: now, with the implicit transaction committed).
    public func image(of layer: CALayer, size: CGSize, scale: Double = 1, background: CGColor? = nil,
                      at time: CFTimeInterval? = nil) throws -> CGImage {
        try frame(try plan(of: layer, size: size, scale: scale, background: background, at: time))
    }

    /// Writes the image of `layer` (as `image(of:...)`) to a PNG file at `path`, whole or not at all.
    public func png(of layer: CALayer, size: CGSize, scale: Double = 1, background: CGColor? = nil,
                    at time: CFTimeInterval? = nil, to path: String) throws {
        try PNG.write(try image(of: layer, size: size, scale: scale, background: background, at: time), to: path)
    }
}
