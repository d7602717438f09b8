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
    "conundrum-box-closed-green-flattened": Scene(0.997370, 0.000457, 0.997365, 0.000457, 0.999500, 0.999500),
    "conundrum-box-flat": Scene(0.999500, 0.000100, 0.999500, 0.000100, 0.999500, 0.999500),
    "conundrum-box-flat-tilted": Scene(0.997565, 0.000481, 0.997565, 0.000481, 0.999500, 0.999500),
    "cube25d-closed": Scene(0.994464, 0.000664, 0.994464, 0.000664, 0.999600, 0.999600),
    "cube25d-flat": Scene(0.993268, 0.000779, 0.993268, 0.000779, 0.999600, 0.999600),
    "transforms-5.1-affine-rotation": Scene(0.995862, 0.000367, 0.995862, 0.000367, 0.999375, 0.999375),
    "transforms-5.14-backface-culled": Scene(0.999375, 0.000100, 0.999375, 0.000100, 0.999375, 0.999375),
    "transforms-5.14-backface-mirrored": Scene(0.999375, 0.000100, 0.999375, 0.000100, 0.999375, 0.999375),
    "transforms-5.2-compound-affine": Scene(0.998375, 0.000214, 0.998375, 0.000214, 0.999375, 0.999375),
    "transforms-5.20-cube-face-on": Scene(0.999375, 0.000100, 0.999375, 0.000100, 0.999375, 0.999375),
    "transforms-5.21-cube-corner-on": Scene(0.990943, 0.001044, 0.990943, 0.001044, 0.999375, 0.999375),
    "transforms-5.21-cube-corner-on-single-sided": Scene(0.990631, 0.001386, 0.990631, 0.001386, 0.999375, 0.999375),
    "transforms-5.22-cube-lit": Scene(0, 1, 0, 1, 0.999375, 0.999375),
    "transforms-5.3-shear": Scene(0.996512, 0.000385, 0.996512, 0.000389, 0.999375, 0.999375),
    "transforms-5.4-rotate-y-no-perspective": Scene(0.998125, 0.000260, 0.998125, 0.000260, 0.999375, 0.999375),
    "transforms-5.5-rotate-y-perspective": Scene(0.998487, 0.000220, 0.998487, 0.000220, 0.999375, 0.999375),
    "transforms-5.6-shared-vanishing-point": Scene(0.994456, 0.000672, 0.994456, 0.000673, 0.999375, 0.999375),
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
    "r2-gradient-cards": Scene(0.998888, 0.000535, 0.998888, 0.000534, 0.998931, 0.998931),
    "r2-shape-badges": Scene(0.988707, 0.001060, 0.988696, 0.001060, 0.998931, 0.998931),
    "r2-replicator-row": Scene(0.998931, 0.000401, 0.998931, 0.000425, 0.998931, 0.998931),
    "r2-mask-and-shadow": Scene(0.997638, 0.000346, 0.997638, 0.000351, 0.998931, 0.998931),
    "r2-shadow-path": Scene(0.997141, 0.000536, 0.997141, 0.000542, 0.998842, 0.998842),
    "r2-contents-scale": Scene(0.998728, 0.000201, 0.998728, 0.000203, 0.998913, 0.998913),
    "random-0": Scene(0.989140, 0.001190, 0.989114, 0.001190, 0.998697, 0.998697),
    "random-1": Scene(0.993100, 0.000685, 0.993100, 0.000685, 0.997500, 0.997500),
    "random-2": Scene(0.981515, 0.002000, 0.981531, 0.001999, 0.998437, 0.998437),
    "random-3": Scene(0.974482, 0.002778, 0.974375, 0.002779, 0.998214, 0.998196),
    "random-4": Scene(0.988214, 0.001299, 0.988201, 0.001299, 0.998724, 0.998724),
    "random-5": Scene(0.987765, 0.001536, 0.987765, 0.001593, 0.998437, 0.998437),
    "random-6": Scene(0.993517, 0.000800, 0.993535, 0.000806, 0.998214, 0.998214),
    "random-7": Scene(0.989604, 0.001142, 0.989625, 0.001121, 0.997916, 0.997916),
    "random-8": Scene(0.996662, 0.000414, 0.996662, 0.000414, 0.998883, 0.998883),
    "random-9": Scene(0.995625, 0.000591, 0.995625, 0.000591, 0.998883, 0.998883),
    "random-10": Scene(0.992971, 0.000774, 0.992971, 0.000775, 0.998724, 0.998724),
    "random-11": Scene(0.995117, 0.000597, 0.995117, 0.000597, 0.999023, 0.999023),
    "random-12": Scene(0.998027, 0.000249, 0.998027, 0.000249, 0.999023, 0.999023),
    "random-13": Scene(0.987675, 0.001300, 0.987800, 0.001397, 0.997500, 0.997500),
    "random-14": Scene(0.993333, 0.000727, 0.993333, 0.000793, 0.997395, 0.997395),
    "random-15": Scene(0.994270, 0.000588, 0.994270, 0.000588, 0.997916, 0.997916),
    "random-16": Scene(0.991619, 0.001093, 0.991619, 0.001106, 0.998724, 0.998724),
    "random-17": Scene(0.996815, 0.000393, 0.996815, 0.000393, 0.998511, 0.998511),
    "random-18": Scene(0.992117, 0.000944, 0.992130, 0.000943, 0.998724, 0.998724),
    "random-19": Scene(0.978395, 0.002072, 0.978437, 0.002073, 0.997916, 0.997916),
    "random-20": Scene(0.997050, 0.000246, 0.997050, 0.000246, 0.998046, 0.998046),
    "random-21": Scene(0.974589, 0.003216, 0.974580, 0.003211, 0.999023, 0.999023),
    "random-22": Scene(0.980963, 0.002118, 0.980911, 0.002118, 0.997395, 0.997395),
    "random-23": Scene(0.991232, 0.001092, 0.991232, 0.001093, 0.998263, 0.998263),
    ]
}
