// Random small scenes for comparison with the oracle (headless Chromium): cards, cubes,
// flattening groups (some masking, some translucent), transform-layer groups whose members
// intersect (splits), borders, corner radii, all under a perspective root on a small canvas.
// Only what the scene contract and the oracle both draw: no lighting, contents or text, and
// no opacity on transform layers (CSS would flatten them).
import LaminaScene
import QuartzCore

extension Generators {
    /// Random scene `index` of the series for `seed` (each index its own stream).
    public static func randomScene(index: Int, seed: UInt64) -> Scene {
        var g = RandomSceneBuilder(rng: SplitMix64(seed: mix(seed ^ mix(UInt64(truncatingIfNeeded: index) &+ 0x5EED))))
        return Build.withoutActions { g.scene(description: "random scene \(index) (seed \(seed))") }
    }

    /// SplitMix64's output function as a hash: derives independent seeds from (seed, index).
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Builds one random scene, naming layers in creation order.
struct RandomSceneBuilder {
    var rng: SplitMix64
    var made = 0

    mutating func name(_ kind: String) -> String {
        made += 1
        return "\(kind)\(made)"
    }

    mutating func scene(description: String) -> Scene {
        let w = rng.grid(160, 320, step: 40), h = rng.grid(160, 320, step: 40)
        let root = Build.layer("stage", w, h, at: w / 2, h / 2)
        // Mostly perspective; sometimes orthographic.
        if rng.chance(0.85) { root.sublayerTransform = Build.perspective(eye: rng.grid(300, 900, step: 100)) }
        for _ in 0..<(2 + rng.below(4)) { root.addSublayer(item(in: w, h, depth: 0)) }
        let background = CGColor(red: rng.grid(0.75, 1, step: 0.05), green: rng.grid(0.75, 1, step: 0.05),
                                 blue: rng.grid(0.75, 1, step: 0.05), alpha: 1)
        return Scene(description: description, canvas: Canvas(width: w, height: h, background: background), root: root)
    }

    /// A card, cube, flattening group or transform-layer group placed in a `w` x `h` parent.
    mutating func item(in w: Double, _ h: Double, depth: Int) -> CALayer {
        let kind = depth >= 1 ? rng.below(2) : rng.below(4)
        switch kind {
        case 0: return card(in: w, h)
        case 1: return cube(in: w, h)
        case 2: return flatteningGroup(in: w, h, depth: depth)
        default: return transformGroup(in: w, h)
        }
    }

    mutating func card(in w: Double, _ h: Double) -> CALayer {
        let c = Build.layer(name("card"), rng.grid(30, 110, step: 2), rng.grid(30, 110, step: 2),
                            at: rng.grid(0.15 * w, 0.85 * w, step: 1), rng.grid(0.15 * h, 0.85 * h, step: 1),
                            color: rng.color(alpha: rng.chance(0.25) ? rng.grid(0.5, 0.9, step: 0.1) : 1))
        c.zPosition = rng.grid(-40, 40, step: 1)
        c.transform = rng.tilt(spread: 0.6)
        decorate(c)
        return c
    }

    /// Border, corner radius and opacity, each sometimes.
    mutating func decorate(_ l: CALayer) {
        if rng.chance(0.4) {
            l.borderWidth = rng.grid(1, 6, step: 1)
            l.borderColor = rng.color()
        }
        if rng.chance(0.4) { l.cornerRadius = rng.grid(2, min(l.bounds.width, l.bounds.height) / 3, step: 1) }
        if rng.chance(0.3) { l.opacity = Float(rng.grid(0.4, 0.95, step: 0.05)) }
    }

    mutating func cube(in w: Double, _ h: Double) -> CALayer {
        let edge = rng.grid(30, 70, step: 2)
        let cube = Build.transformLayer(name("cube"), edge, edge, at: rng.grid(0.25 * w, 0.75 * w, step: 1), rng.grid(0.25 * h, 0.75 * h, step: 1))
        cube.transform = rng.tilt(spread: 0.9)
        let bordered = rng.chance(0.4)
        for t in Build.cubeFaces(edge: edge) {
            let face = Build.layer(name("face"), edge, edge, at: edge / 2, edge / 2, color: rng.color())
            face.transform = t
            if bordered { face.borderWidth = 2; face.borderColor = .black }
            cube.addSublayer(face)
        }
        return cube
    }

    /// An ordinary layer with sublayers: flattened; sometimes masking, rounded, translucent,
    /// with its own perspective for its children.
    mutating func flatteningGroup(in w: Double, _ h: Double, depth: Int) -> CALayer {
        let gw = rng.grid(60, 140, step: 4), gh = rng.grid(60, 140, step: 4)
        let g = Build.layer(name("group"), gw, gh, at: rng.grid(0.3 * w, 0.7 * w, step: 1), rng.grid(0.3 * h, 0.7 * h, step: 1),
                            color: rng.chance(0.7) ? rng.color() : nil)
        g.transform = rng.tilt(spread: 0.5)
        if rng.chance(0.6) { g.sublayerTransform = Build.perspective(eye: rng.grid(200, 800, step: 100)) }
        g.masksToBounds = rng.chance(0.5)
        decorate(g)
        for _ in 0..<(1 + rng.below(3)) { g.addSublayer(item(in: gw, gh, depth: depth + 1)) }
        return g
    }

    /// A CATransformLayer holding two or three cards that cross each other (splits).
    mutating func transformGroup(in w: Double, _ h: Double) -> CALayer {
        let g = Build.transformLayer(name("tgroup"), 80, 80, at: rng.grid(0.3 * w, 0.7 * w, step: 1), rng.grid(0.3 * h, 0.7 * h, step: 1))
        g.transform = rng.tilt(spread: 0.4)
        for _ in 0..<(2 + rng.below(2)) {
            let c = Build.layer(name("card"), rng.grid(40, 90, step: 2), rng.grid(30, 70, step: 2),
                                at: rng.grid(25, 55, step: 1), rng.grid(25, 55, step: 1), color: rng.color())
            c.transform = rng.tilt(spread: 0.8)
            decorate(c)
            g.addSublayer(c)
        }
        return g
    }
}
