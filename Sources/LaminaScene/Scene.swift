// Scene files (SCENE_FORMAT.md, contract version 1) as layer trees.
import QuartzCore

/// A scene: a canvas and a layer tree (plus the animations section).
public final class Scene {
    /// Free text from the file.
    public var description: String?
    /// The output canvas.
    public var canvas: Canvas
    /// The root layer, placed in canvas space like any sublayer in its parent.
    public var root: CALayer
    /// The `animations` section, validated.
    public var animations: [SceneAnimation]
    /// The file the scene was read from, if any.
    public var url: URL?

    /// A scene from its parts.
    public init(description: String? = nil, canvas: Canvas, root: CALayer, animations: [SceneAnimation] = [], url: URL? = nil) {
        self.description = description
        self.canvas = canvas
        self.root = root
        self.animations = animations
        self.url = url
    }

    /// Every layer of the tree in pre-order.
    public var allLayers: [CALayer] {
        var out: [CALayer] = []
        func walk(_ l: CALayer) { out.append(l); for s in l.sublayers ?? [] { walk(s) } }
        walk(root)
        return out
    }
}

/// The canvas: size in points, pixels per point, and the background under everything.
public struct Canvas: Equatable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// The background color (nil: clear).
    public var background: CGColor?

    /// A canvas.
    public init(width: Double, height: Double, scale: Double = 1, background: CGColor? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.background = background
    }

    /// The output image size in pixels: width*scale x height*scale, each rounded to nearest
    /// (clamped to 0...2^31 - 1; NaN gives 0, so a bad size never traps here).
    public var pixelSize: (width: Int, height: Int) {
        ((width * scale).clampedToInt(in: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero),
         (height * scale).clampedToInt(in: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero))
    }
}

/// A scene file that does not follow the contract: the file, the JSON path and the problem.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    /// The scene file, when known.
    public var file: String?
    /// The JSON path of the offending value, e.g. `root.sublayers[2].transform[1]`.
    public var path: String
    /// What is wrong.
    public var message: String
    /// The other errors found in the same file, in document order (the reader reports up to
    /// 20 in all). `description` shows this one; `allDescriptions` shows every one.
    public var additional: [SceneError] = []
    /// Whether reading stopped at the error limit (more errors may follow).
    public var truncated = false

    /// An error about the value at `path` (in `file`, when known).
    public init(file: String? = nil, path: String, message: String) {
        self.file = file; self.path = path; self.message = message
    }

    public var description: String {
        let loc = path.isEmpty ? "" : "\(path): "
        return (file.map { "\($0): " } ?? "") + loc + message
    }

    /// This error and every additional one, each naming the file; a last line when reading
    /// stopped at the limit.
    public var allDescriptions: [String] {
        var lines = [description] + additional.map { e in var e = e; e.file = e.file ?? file; return e.description }
        if truncated { lines.append((file.map { "\($0): " } ?? "") + "too many errors; stopped reading") }
        return lines
    }
}
