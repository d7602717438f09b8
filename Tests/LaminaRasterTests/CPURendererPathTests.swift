// The CPU renderer's fast paths and threads change no pixel: serial and parallel renders,
// fast and reference paths, agree byte for byte on seed scenes, extra scenes, random card
// scenes and crafted quads; degenerate quads draw nothing and never trap.
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

/// Seed scenes (revision 2 aside) and the extra scenes, as plans, with and without forced targets.
private func scenePlans() throws -> [(String, RenderPlan)] {
    var out: [(String, RenderPlan)] = []
    let extra = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/extra-scenes")
    let extras = try FileManager.default.contentsOfDirectory(atPath: extra.path).filter { $0.hasSuffix(".json") }.sorted()
        .map { extra.appendingPathComponent($0).path }
    let seeds = Paths.sceneNames.filter { !$0.hasPrefix("r2-") }.map { Paths.scenes.appendingPathComponent($0 + ".json").path }
    for path in seeds + extras {
        let s = try Scene.read(contentsOf: path)
        for force in [false, true] { out.append(("\(URL(fileURLWithPath: path).lastPathComponent) force=\(force)", plan(s, forceTargets: force))) }
    }
    return out
}

/// `n` random rotated 40x40 cards in one perspective context (seeded), some translucent,
/// rounded, bordered, under opacity or masking a picture, lit or not.
func randomCards(_ n: Int, seed: UInt64, lit: Bool) -> RenderPlan {
    var rng = SplitMix(seed)
    let picture = gradientImage(23, 17)
    var cards: [CALayer] = []
    for i in 0..<n {
        let c = card("c\(i)", 40, 40, at: rng.next(0, 400), rng.next(0, 300),
                     CGColor(red: rng.next(0, 1), green: rng.next(0, 1), blue: rng.next(0, 1), alpha: rng.next(0, 1) < 0.2 ? rng.next(0, 1) : 1),
                     transform: then(rz(rng.next(-180, 180)), then(rx(rng.next(-70, 70)), ry(rng.next(-70, 70)))))
        if rng.next(0, 1) < 0.3 { c.cornerRadius = rng.next(0, 15) }
        if rng.next(0, 1) < 0.3 { c.borderWidth = rng.next(0.5, 5) }
        if rng.next(0, 1) < 0.3 { c.opacity = Float(rng.next(0.2, 1)) }
        if rng.next(0, 1) < 0.2 { c.contents = picture; c.masksToBounds = rng.next(0, 1) < 0.5 }
        cards.append(c)
    }
    let root = stage(400, 300, eye: 600, cards)
    if lit { root.light = LaminaLight(direction: (-0.2, 0.3, -1), ambient: 0.3) }
    return Compositor().compile(root: root, width: 400, height: 300, scale: 1, background: white)
}

/// A small image with a gradient and translucent texels.
func gradientImage(_ w: Int, _ h: Int) -> CGImage {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            let a = UInt8(255 - (x * 7 + y * 3) % 200), i = (y * w + x) * 4
            px[i] = UInt8(Int(a) * x / w); px[i + 1] = UInt8(Int(a) * y / h); px[i + 2] = a / 2; px[i + 3] = a
        }
    }
    return CGImage(width: w, height: h, premultipliedRGBA: px)
}

/// A seeded generator (SplitMix64), so the random scenes are the same every run.
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next(_ lo: Double, _ hi: Double) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return lo + (hi - lo) * Double(z >> 11) / Double(1 << 53)
    }
}

/// Every target of both renders, byte for byte.
private func sameTargets(_ a: [Canvas8], _ b: [Canvas8]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.width == $1.width && $0.height == $1.height && $0.pixels == $1.pixels }
}

@Suite struct CPURendererPathTests {
    @Test func serialAndParallelAgreeOnScenes() throws {
        for (name, p) in try scenePlans() {
            let serial = CPURenderer(threads: 1).renderAll(p)
            #expect(sameTargets(serial, CPURenderer(threads: 5).renderAll(p)), "\(name)")
            #expect(CPURenderer(threads: 3).render(p).premultipliedRGBA == serial.last!.pixels, "\(name)")
        }
    }

    @Test func fastPathsAgreeWithTheReferenceOnScenes() throws {
        for (name, p) in try scenePlans() {
            #expect(sameTargets(CPURenderer(threads: 1, fastPaths: false).renderAll(p), CPURenderer(threads: 1).renderAll(p)), "\(name)")
        }
    }

    @Test(arguments: [(UInt64(1), false), (2, true), (3, false), (4, true)])
    func randomCardsAgreeOnEveryPath(seed: UInt64, lit: Bool) {
        let p = randomCards(150, seed: seed, lit: lit)
        let reference = CPURenderer(threads: 1, fastPaths: false).renderAll(p)
        #expect(sameTargets(reference, CPURenderer(threads: 1).renderAll(p)))
        #expect(sameTargets(reference, CPURenderer(threads: 4).renderAll(p)))
    }

    /// Crafted quads: every fill kind, with and without interior, opacity, lighting, mask,
    /// clamp, and interiors larger than the shape (the fast path must still equal the reference).
    @Test func craftedQuadsAgreeOnEveryPath() {
        let base = randomCards(40, seed: 9, lit: true)
        var variants: [RenderPlan] = []
        for k in 0..<6 {
            var p = base
            for t in p.targets.indices {
                for i in p.targets[t].quads.indices {
                    var q = p.targets[t].quads[i]
                    switch k {
                    case 0: q.opacity = 1; q.lighting = []  // identity interiors
                    case 1: q.interior = q.rect  // interior up to the edges
                    case 2: q.interior = nil  // no interior: everything shaded
                    case 3: if case .color(let c) = q.fill { q.fill = .color(SIMD4(c.x, c.y, c.z, 1) * 0.6) }  // translucent solid
                    case 4: q.opacity = 0.37; q.mask = RoundedBox(box: q.rect.insetBy(3), radius: 4)
                    default: if case .image = q.fill { q.sampleClamp = Box(minX: 0.1, minY: 0.2, maxX: 0.8, maxY: 0.9) }
                    }
                    p.targets[t].quads[i] = q
                }
            }
            variants.append(p)
        }
        for (k, p) in variants.enumerated() {
            let reference = CPURenderer(threads: 1, fastPaths: false).renderAll(p)
            #expect(sameTargets(reference, CPURenderer(threads: 1).renderAll(p)), "variant \(k)")
            #expect(sameTargets(reference, CPURenderer(threads: 2).renderAll(p)), "variant \(k)")
        }
    }

    /// Targets drawn through other targets: `render` frees them early and still gives the
    /// output `renderAll` keeps.
    @Test func releasingTargetsEarlyChangesNothing() throws {
        for (name, p) in try scenePlans() where p.targets.count > 1 {
            #expect(CPURenderer().render(p).premultipliedRGBA == CPURenderer().renderAll(p).last!.pixels, "\(name)")
        }
    }
}
