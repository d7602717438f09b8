// The parity measure between two renderings of one plan.
import LaminaCompositor
import QuartzCore

/// How two images of the same plan agree: all pixels, and the pixels that are not edge pixels.
public struct Parity: Sendable, CustomStringConvertible {
    /// Share of all pixels within 2/255 in every channel (premultiplied RGBA).
    public let exactShare: Double
    /// Non-edge pixels differing by more than 2/255.
    public let nonEdgeMisses: Int
    /// Largest difference among non-edge pixels (0...255).
    public let nonEdgeMax: Int
    /// How many pixels are edge pixels.
    public let edgePixels: Int
    /// Largest difference among edge pixels (0...255): the two rasterizers may break an
    /// edge's tie differently, but never by more than `edgeTolerance`.
    public let edgeMax: Int
    /// The most an edge pixel may differ between two renderings of one plan (24/255).
    public static let edgeTolerance = 24

    /// Compares `a` and `b` (same size), treating pixels marked in `edges` as edge pixels.
    public init(_ a: CGImage, _ b: CGImage, edges: [Bool]) {
        precondition(a.width == b.width && a.height == b.height && edges.count == a.width * a.height, "Parity: size mismatch")
        let pa = a.premultipliedRGBA, pb = b.premultipliedRGBA
        var exact = 0, misses = 0, worst = 0, edgeWorst = 0
        for i in 0..<(a.width * a.height) {
            var m = 0
            for c in 0..<4 { m = max(m, abs(Int(pa[4 * i + c]) - Int(pb[4 * i + c]))) }
            if m <= 2 { exact += 1 }
            if !edges[i] {
                worst = max(worst, m)
                if m > 2 { misses += 1 }
            } else {
                edgeWorst = max(edgeWorst, m)
            }
        }
        exactShare = Double(exact) / Double(a.width * a.height)
        nonEdgeMisses = misses
        nonEdgeMax = worst
        edgePixels = edges.filter { $0 }.count
        edgeMax = edgeWorst
    }

    /// Whether this meets Lamina's parity tolerance: every non-edge pixel within 2/255, every
    /// edge pixel within 24/255, and at least `minShare` of all pixels within 2/255.
    public func passes(minShare: Double = 0.995) -> Bool {
        nonEdgeMisses == 0 && edgeMax <= Parity.edgeTolerance && exactShare >= minShare
    }

    public var description: String {
        String(format: "all pixels within 2/255: %.4f%%; non-edge misses %d (max %d/255); %d edge pixels (max %d/255)",
               exactShare * 100, nonEdgeMisses, nonEdgeMax, edgePixels, edgeMax)
    }
}
