// The benchmark workloads (issue 10): seeded layer trees in the shapes of the table.
// Positions and sizes sit on short grids and colors on multiples of 1/255, so scene files
// stay small; the same seed gives byte-identical files on every machine.
import LaminaScene
import QuartzCore

/// Generators of the benchmark scenes. Every one returns a `Scene` (canvas and layer tree);
/// `Scene.write(to:)` saves it as a scene file.
public enum Generators {
    /// The canvas of the card, cube and flat-tree workloads (points, scale 1).
    public static let canvasWidth = 800.0, canvasHeight = 600.0

    /// `count` random-rotated 40x40 cards in one perspective context on an 800x600 canvas:
    /// random positions (with z), uniformly random 3D rotations and colors, under one root
    /// whose sublayerTransform has m34 = -1/1000 (named "card0", "card1"...).
    public static func cards(count: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        return Build.withoutActions {
            let root = stage(eye: 1000)
            for i in 0..<count {
                let c = Build.layer("card\(i)", 40, 40, at: rng.grid(20, canvasWidth - 20, step: 0.25),
                                    rng.grid(20, canvasHeight - 20, step: 0.25))
                c.zPosition = rng.grid(-100, 100, step: 0.25)
                c.transform = rng.rotation()
                c.backgroundColor = rng.color()
                root.addSublayer(c)
            }
            return Scene(description: "\(count) random-rotated 40x40 cards in one perspective context (seed \(seed))",
                         canvas: Canvas(width: canvasWidth, height: canvasHeight, background: .white), root: root)
        }
    }

    /// `count` parallel 100x80 cards turned 30 degrees about y, 1 pt apart in z from far to
    /// near, added in that (depth) order; random heights and colors.
    public static func parallelCards(count: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        // cos 30 = sqrt(3) / 2 (sqrt is correctly rounded), sin 30 = 1/2.
        let turn = Build.rotationY(cos: 3.0.squareRoot() / 2, sin: 0.5)
        return Build.withoutActions {
            let root = stage(eye: 1000)
            for i in 0..<count {
                // A shift along y keeps a card in its plane; x stays fixed so the planes' order is z's.
                let c = Build.layer("card\(i)", 100, 80, at: canvasWidth / 2, rng.grid(60, canvasHeight - 60, step: 0.5), color: rng.color())
                var t = turn
                t.m43 = Double(i) - Double(count) - 100
                c.transform = t
                root.addSublayer(c)
            }
            return Scene(description: "\(count) parallel cards in depth order (seed \(seed))",
                         canvas: Canvas(width: canvasWidth, height: canvasHeight, background: .white), root: root)
        }
    }

    /// `count` (a square: 64, 256...) closed cubes of six faces on CATransformLayers, one per
    /// cell of a grid over the 800x600 canvas, each turned by a random rotation; edges are
    /// 0.4 of the cell so no two cubes touch on screen under the m34 = -1/1000 perspective.
    public static func cubes(count: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        let side = max(1, Int(Double(count).squareRoot().rounded()))
        let cw = canvasWidth / Double(side), ch = canvasHeight / Double(side)
        let edge = (min(cw, ch) * 0.4 * 4).rounded(.down) / 4
        let faces = Build.cubeFaces(edge: edge)
        return Build.withoutActions {
            let root = stage(eye: 1000)
            for i in 0..<count {
                let cube = Build.transformLayer("cube\(i)", edge, edge, at: (Double(i % side) + 0.5) * cw, (Double(i / side) + 0.5) * ch)
                cube.transform = rng.rotation()
                for (f, t) in faces.enumerated() {
                    let face = Build.layer("cube\(i)face\(f)", edge, edge, at: edge / 2, edge / 2, color: rng.color())
                    face.transform = t
                    cube.addSublayer(face)
                }
                root.addSublayer(cube)
            }
            return Scene(description: "\(count) separate cubes on a grid (seed \(seed))",
                         canvas: Canvas(width: canvasWidth, height: canvasHeight, background: .white), root: root)
        }
    }

    /// A flat tree of `rows` rows of 99 small layers each (rows x 100 layers under the root;
    /// 100 rows make 10,000): an ordinary UI, no 3D at all.
    public static func flatTree(rows: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        let rowHeight = canvasHeight / Double(max(rows, 1))
        return Build.withoutActions {
            let root = Build.layer("root", canvasWidth, canvasHeight, at: canvasWidth / 2, canvasHeight / 2, color: .white)
            for r in 0..<rows {
                let shade = r % 2 == 0 ? 0.94 : 0.88
                let row = Build.layer("row\(r)", canvasWidth, rowHeight, at: canvasWidth / 2, (Double(r) + 0.5) * rowHeight,
                                      color: CGColor(red: shade, green: shade, blue: shade, alpha: 1))
                for c in 0..<99 {
                    row.addSublayer(Build.layer("cell\(r)_\(c)", 7, rowHeight * 0.75, at: 4.5 + 8 * Double(c), rowHeight / 2, color: rng.color()))
                }
                root.addSublayer(row)
            }
            return Scene(description: "a flat tree of \(rows) rows of 99 layers (seed \(seed))",
                         canvas: Canvas(width: canvasWidth, height: canvasHeight, background: .white), root: root)
        }
    }

    /// A chain of `depth` nested flattening layers on a 200x200 canvas: each a 160x160 layer
    /// centred in its parent, tilted 7 degrees about y, opacity 0.97, under its parent's
    /// sublayerTransform perspective (m34 = -1/500); random colors.
    public static func chain(depth: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        // cos and sin of 7 degrees as literals, so no libm rounding enters the file.
        let tilt = Build.rotationY(cos: 0.992546151641322, sin: 0.12186934340514748)
        return Build.withoutActions {
            let root = Build.layer("chain0", 200, 200, at: 100, 100, color: .white)
            root.sublayerTransform = Build.perspective(eye: 500)
            var parent = root
            for i in stride(from: 1, through: depth, by: 1) {
                let l = Build.layer("chain\(i)", 160, 160, at: parent.bounds.width / 2, parent.bounds.height / 2, color: rng.color())
                l.transform = tilt
                l.opacity = 0.97
                if i < depth { l.sublayerTransform = Build.perspective(eye: 500) }
                parent.addSublayer(l)
                parent = l
            }
            return Scene(description: "a chain of \(depth) nested flattening layers (seed \(seed))",
                         canvas: Canvas(width: 200, height: 200, background: .white), root: root)
        }
    }

    /// Turns card `frame % count` of a `cards` scene to a new random rotation (the "changing"
    /// workload: one layer's transform changes per frame), without implicit animation.
    public static func changeOneCard(of scene: Scene, frame: Int, rng: inout SplitMix64) {
        guard let cards = scene.root.sublayers, !cards.isEmpty else { return }
        let t = rng.rotation()
        Build.withoutActions { cards[frame % cards.count].transform = t }
    }

    /// The drags of the demo's benchmark run on its 1,000-card scene (`lamina-demo --benchmark
    /// 100`: ten warm-up frames, then 100 timed, each after a drag of `demoDrag`), by the
    /// number of drags made before a timed frame.
    public static let demoDrags = 11...110

    /// The drag (points) the demo's benchmark makes before each frame.
    public static let demoDrag = CGPoint(x: 2, y: 1)

    /// A `cards` scene as the demo shows it after `drags` drags of `demoDrag` (the "demo"
    /// workload). The turn goes through libm's sine and cosine, so unlike the other
    /// workloads' files its numbers may differ in the last bit between machines.
    public static func demoCards(count: Int, seed: UInt64, drags: Int) -> Scene {
        let s = cards(count: count, seed: seed)
        turnDemo(s, drags: drags)
        return s
    }

    /// Sets a `cards` scene's camera to the demo's after `drags` drags from the start (its
    /// ThousandCardsScene: sublayerTransform = trackball rotation, then the perspective).
    public static func turnDemo(_ scene: Scene, drags: Int) {
        var rotation = CATransform3DIdentity
        for _ in 0..<max(drags, 0) { rotation = Trackball.rotate(rotation, by: demoDrag) }
        let turned = rotation.concatenating(Build.perspective(eye: 1000))
        Build.withoutActions { scene.root.sublayerTransform = turned }
    }

    /// The root of the 3D workloads: an 800x600 layer without content filling the canvas,
    /// rooting one 3D context whose sublayerTransform is the perspective.
    static func stage(eye: Double) -> CALayer {
        let root = Build.layer("stage", canvasWidth, canvasHeight, at: canvasWidth / 2, canvasHeight / 2)
        root.sublayerTransform = Build.perspective(eye: eye)
        return root
    }
}
