// Per-scene pass marks, each just below what the scene measured when it was last reviewed, so
// a regression of a few hundred pixels fails. Regenerate with ThresholdReport (LaminaGLTests)
// after a reviewed change, never to make a failing test pass unexamined.

/// Pass marks for comparisons that vary by scene.
public enum Thresholds {
    /// One scene's marks: oracle comparisons (as seen over the canvas background) on the CPU
    /// and GL, and GPU-vs-CPU parity with and without forced render targets.
    public struct Scene: Sendable {
        /// Least share of pixels within 16/255 of the oracle, CPU.
        public let cpuClose: Double
        /// Largest mean absolute difference from the oracle, CPU.
        public let cpuMean: Double
        /// Least share within 16/255 of the oracle, GL.
        public let glClose: Double
        /// Largest mean difference from the oracle, GL.
        public let glMean: Double
        /// Least share of pixels within 2/255 between GL and CPU.
        public let parity: Double
        /// The same with every plane with sublayers drawn through a target.
        public let parityTargets: Double

        /// Marks in the order the table lists them.
        public init(_ cpuClose: Double, _ cpuMean: Double, _ glClose: Double, _ glMean: Double, _ parity: Double, _ parityTargets: Double) {
            self.cpuClose = cpuClose; self.cpuMean = cpuMean; self.glClose = glClose; self.glMean = glMean
            self.parity = parity; self.parityTargets = parityTargets
        }
    }

    /// Pixels a share may lose before a test fails.
    public static let pixelMargin = 100.0
    /// What a mean may grow by before a test fails.
    public static let meanMargin = 0.0001

    /// The pass mark for a measured share of `pixels` pixels: `pixelMargin` pixels fewer,
    /// written with 6 decimals rounded down.
    public static func minShare(_ measured: Double, pixels: Int) -> String {
        String(format: "%.6f", (max(0, measured - pixelMargin / Double(pixels)) * 1e6).rounded(.down) / 1e6)
    }

    /// The pass mark for a measured mean difference, written with 6 decimals rounded up.
    public static func maxMean(_ measured: Double) -> String {
        String(format: "%.6f", ((measured + meanMargin) * 1e6).rounded(.up) / 1e6)
    }

    /// The marks of `name`; a scene missing from the table fails its test with this message.
    public static func of(_ name: String) -> Scene? { table[name] }

    /// Measured on the reviewed renderers (see ThresholdReport).
    static let table: [String: Scene] = [
    "conundrum-box-closed": Scene(0.998860, 0.000260, 0.998860, 0.000260, 0.999500, 0.999500),
    "conundrum-box-closed-green-flattened": Scene(0.997370, 0.000457, 0.997365, 0.000456, 0.999495, 0.999495),
    "conundrum-box-flat": Scene(0.999500, 0.000100, 0.999500, 0.000102, 0.999500, 0.999500),
    "conundrum-box-flat-tilted": Scene(0.997565, 0.000481, 0.997565, 0.000481, 0.999500, 0.999500),
    "cube25d-closed": Scene(0.994464, 0.000664, 0.994464, 0.000664, 0.999600, 0.999600),
    "cube25d-flat": Scene(0.993268, 0.000779, 0.993268, 0.000780, 0.999596, 0.999596),
    "transforms-5.1-affine-rotation": Scene(0.995862, 0.000367, 0.995862, 0.000367, 0.999375, 0.999375),
    "transforms-5.14-backface-culled": Scene(0.999375, 0.000100, 0.999375, 0.000100, 0.999375, 0.999375),
    "transforms-5.14-backface-mirrored": Scene(0.999375, 0.000100, 0.999375, 0.000100, 0.999375, 0.999375),
    "transforms-5.2-compound-affine": Scene(0.998375, 0.000214, 0.998375, 0.000214, 0.999375, 0.999375),
    "transforms-5.20-cube-face-on": Scene(0.999375, 0.000100, 0.999375, 0.000100, 0.999375, 0.999375),
    "transforms-5.21-cube-corner-on": Scene(0.990943, 0.001044, 0.990943, 0.001044, 0.999375, 0.999375),
    "transforms-5.21-cube-corner-on-single-sided": Scene(0.990631, 0.001386, 0.990631, 0.001386, 0.999375, 0.999375),
    "transforms-5.22-cube-lit": Scene(0, 1, 0, 1, 0.999375, 0.999375),
    "transforms-5.3-shear": Scene(0.996512, 0.000385, 0.996512, 0.000385, 0.999375, 0.999375),
    "transforms-5.4-rotate-y-no-perspective": Scene(0.998125, 0.000260, 0.998125, 0.000260, 0.999375, 0.999375),
    "transforms-5.5-rotate-y-perspective": Scene(0.998487, 0.000220, 0.998487, 0.000220, 0.999375, 0.999375),
    "transforms-5.6-shared-vanishing-point": Scene(0.994456, 0.000672, 0.994456, 0.000675, 0.999375, 0.999375),
    "transforms-5.7-nested-z-cancel": Scene(0.989350, 0.000943, 0.989350, 0.000943, 0.999375, 0.999375),
    "transforms-5.8-nested-y-flattened": Scene(0.996281, 0.000469, 0.996287, 0.000470, 0.999375, 0.999375),
    "behind-eye": Scene(0.998891, 0.000165, 0.998891, 0.000165, 0.999166, 0.999166),
    "contents-gravity": Scene(0.999421, 0.000123, 0.999421, 0.000129, 0.999421, 0.999421),
    "contents-rect-masked": Scene(0.995733, 0.000584, 0.995733, 0.000852, 0.998333, 0.998333),
    "geometry-flipped-anchorz": Scene(0.998844, 0.000165, 0.998844, 0.000165, 0.998888, 0.998888),
    "intersecting": Scene(0.999108, 0.000182, 0.999108, 0.000182, 0.999166, 0.999166),
    "mask-3d-child": Scene(0.991155, 0.000886, 0.991155, 0.000886, 0.998888, 0.998888),
    "opacity-group": Scene(0.998671, 0.000794, 0.998671, 0.000794, 0.998697, 0.998697),
    "text-labels": Scene(0.982275, 0.005189, 0.982258, 0.005189, 0.999166, 0.999166),
    ]
}
