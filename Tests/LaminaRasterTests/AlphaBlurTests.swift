// The building blocks of layer shadows (issue 11): the shared Gaussian kernel and the CPU's
// separable alpha blur, checked against the Gaussian's own profile of a hard edge.
import Foundation
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct AlphaBlurTests {
    @Test func kernelIsNormalizedAndReachesThreeSigma() {
        for sigma in [0.5, 1, 2.3, 4, 10] {
            let k = GaussianKernel(sigma: sigma)
            #expect(k.radius == Int((3 * sigma).rounded(.up)))
            #expect(k.weights.count == 2 * k.radius + 1)
            #expect(abs(k.weights.reduce(0, +) - 1) < 1e-5)
            // Symmetric, peaked at the centre.
            for i in 0..<k.radius { #expect(k.weights[i] == k.weights[2 * k.radius - i]); #expect(k.weights[i] < k.weights[i + 1]) }
        }
        for bad in [0, -1, Double.nan, .infinity] { #expect(GaussianKernel(sigma: bad).weights == [1]) }
        #expect(GaussianKernel(sigma: 1000, maxRadius: 16).radius == 16)
    }

    @Test func identityKernelKeepsAlpha() {
        let w = 5, h = 3
        let px = (0..<(w * h)).flatMap { i -> [UInt8] in let a = UInt8(i * 17 % 256); return [a / 2, 0, a, a] }
        let out = blurredAlpha(px, width: w, height: h, horizontal: GaussianKernel(sigma: 0), vertical: GaussianKernel(sigma: 0))
        for i in 0..<(w * h) { #expect(out[4 * i + 3] == px[4 * i + 3]); #expect(out[4 * i] == px[4 * i + 3]) }
    }

    /// An opaque band (x < 32, the image's left edge counting as an edge too: beyond it is
    /// transparent) blurs into the Gaussian's integral over it:
    /// alpha(x) = Phi((32 - c) / sigma) - Phi((0 - c) / sigma), c = x + 0.5, within the 8-bit
    /// rounding of two passes.
    @Test func hardEdgeProfileIsTheGaussianIntegral() {
        let w = 64, h = 48, sigma = 4.0
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h { for x in 0..<32 { px[(y * w + x) * 4 + 3] = 255 } }
        let out = blurredAlpha(px, width: w, height: h, horizontal: GaussianKernel(sigma: sigma), vertical: GaussianKernel(sigma: sigma))
        let y = 24  // far enough from the top and bottom: the vertical pass sees only opaque columns
        var worst = 0.0
        for x in 0..<w {
            let c = Double(x) + 0.5
            let phi = { (t: Double) in 0.5 * erfc(-t / (sigma * 2.0.squareRoot())) }
            let expected = (phi(32 - c) - phi(0 - c)) * 255
            worst = max(worst, abs(Double(out[(y * w + x) * 4 + 3]) - expected))
        }
        #expect(worst <= 2.5, "largest departure from the Gaussian profile: \(worst)/255; \((0..<w).map { out[(y * w + $0) * 4 + 3] })")
        // Half way at the edge, and untouched beyond 3 sigma.
        #expect(abs(Int(out[(y * w + 31) * 4 + 3]) + Int(out[(y * w + 32) * 4 + 3]) - 255) <= 2)
        #expect(out[(y * w + 50) * 4 + 3] == 0)
        #expect(out[(y * w + 16) * 4 + 3] == 255)
        #expect(abs(Int(out[(y * w + 0) * 4 + 3]) - 128) <= 13)
        // Near the top the vertical pass reads transparent texels beyond the image: fainter.
        #expect(out[(0 * w + 16) * 4 + 3] < 160)
    }
}
