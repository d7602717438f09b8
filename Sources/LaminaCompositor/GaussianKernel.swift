// The Gaussian kernel of a shadow's blur, computed once in Double and handed to every
// renderer as Float, so the CPU and GL blurs weigh texels with the very same numbers.
import Foundation

/// A normalized, symmetric 1D Gaussian kernel: `weights[radius + k]` weighs the texel `k` away.
public struct GaussianKernel: Equatable, Sendable {
    /// The standard deviation, in texels.
    public let sigma: Double
    /// How many texels each side the kernel reaches: ceil(3 sigma) (0: no blur).
    public let radius: Int
    /// 2 * radius + 1 weights summing to 1 (in Double, before the conversion to Float).
    public let weights: [Float]
    /// The widest kernel renderers must handle (Shaders/blur.frag holds 2 * 128 + 1 weights).
    public static let maxRadius = 128

    /// The kernel of standard deviation `sigma` texels; a sigma that is not finite and
    /// positive (or too small to reach a neighbour) gives the identity kernel. The radius is
    /// capped at `maxRadius` (the weights beyond it are dropped, the rest renormalized).
    public init(sigma: Double, maxRadius: Int = GaussianKernel.maxRadius) {
        let s = sigma.isFinite && sigma > 0 ? sigma : 0
        let r = s > 0 ? min(Int((3 * s).rounded(.up)), max(maxRadius, 0)) : 0
        self.sigma = s
        radius = r
        guard r > 0 else { weights = [1]; return }
        let raw = (-r...r).map { k -> Double in let x = Double(k) / s; return exp(-0.5 * x * x) }
        let total = raw.reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }
}
