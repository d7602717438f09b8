// The workload generators: deterministic (same seed, same bytes; another seed, other
// bytes), the sizes the issue asks for, and scene files that read back to the same file.
import Foundation
import LaminaScene
import LaminaWorkloads
import QuartzCore
import Testing

@Suite struct WorkloadTests {
    /// Small instances of every kind (the big ones are the same code with a larger count).
    static let small = ["cards-50", "parallel-40", "cubes-16", "flat-300", "chain-6", "random-0", "random-5", "changing-30", "demo-30"]

    func text(_ s: Scene) throws -> String { try s.jsonText(savingImagesIn: FileManager.default.temporaryDirectory) }

    @Test(arguments: small)
    func sameSeedSameBytes(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let a = try text(w.scene(seed: 7)), b = try text(w.scene(seed: 7))
        #expect(a == b)
        #expect(try text(w.scene(seed: 8)) != a)
    }

    @Test(arguments: small)
    func writtenFilesReadBackToTheSameFile(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-workloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("\(name).json").path
        let scene = w.scene(seed: 3)
        try scene.write(to: path)
        let back = try Scene.read(contentsOf: path)
        #expect(back.allLayers.count == scene.allLayers.count)
        #expect(back.canvas == scene.canvas)
        #expect(try text(back) == text(scene))
    }

    @Test func sizes() throws {
        func layers(_ name: String) -> Int { Workload(name: name)!.scene(seed: 1).allLayers.count }
        // Root plus the members.
        #expect(layers("cards-100") == 101)
        #expect(layers("cards-1000") == 1001)
        #expect(layers("parallel-1000") == 1001)
        #expect(layers("cubes-64") == 1 + 64 * 7)
        #expect(layers("cubes-256") == 1 + 256 * 7)
        #expect(layers("flat-10000") == 10_001)
        #expect(layers("chain-40") == 41)
        #expect(layers("cards-0") == 1)
    }

    @Test func cardShapes() throws {
        let s = Generators.cards(count: 200, seed: 11)
        #expect(s.canvas.width == 800 && s.canvas.height == 600)
        #expect(s.root.sublayerTransform.m34 == -1.0 / 1000)
        let cards = try #require(s.root.sublayers)
        #expect(cards.allSatisfy { $0.bounds.size == CGSize(width: 40, height: 40) && $0.sublayers == nil })
        #expect(cards.allSatisfy { (20...780).contains($0.position.x) && (20...580).contains($0.position.y) })
        // Random rotations: no two alike, each a rotation (orthonormal rows, determinant 1).
        #expect(Set(cards.map(\.transform)).count == 200)
        for c in cards {
            let t = c.transform
            let r1 = SIMD3<Double>(t.m11, t.m12, t.m13), r2 = SIMD3<Double>(t.m21, t.m22, t.m23), r3 = SIMD3<Double>(t.m31, t.m32, t.m33)
            #expect(abs((r1 * r1).sum() - 1) < 1e-12 && abs((r1 * r2).sum()) < 1e-12)
            let cross = SIMD3(r1.y * r2.z - r1.z * r2.y, r1.z * r2.x - r1.x * r2.z, r1.x * r2.y - r1.y * r2.x)
            #expect(abs((cross * r3).sum() - 1) < 1e-12)
        }
    }

    @Test func quaternionRotationMatchesCoreAnimation() {
        // (cos h, 0, 0, sin h) is a turn by 2h about z; about y likewise.
        let h = 0.3
        let z = SplitMix64.rotation(quaternion: SIMD4(cos(h), 0, 0, sin(h)))
        let y = SplitMix64.rotation(quaternion: SIMD4(cos(h), 0, sin(h), 0))
        for (a, b) in [(z, CATransform3DMakeRotation(2 * h, 0, 0, 1)), (y, CATransform3DMakeRotation(2 * h, 0, 1, 0))] {
            #expect(zip(a.fields, b.fields).allSatisfy { abs($0 - $1) < 1e-12 })
        }
    }

    @Test func parallelCardsAreInDepthOrder() throws {
        let cards = try #require(Generators.parallelCards(count: 100, seed: 2).root.sublayers)
        let z = cards.map(\.transform.m43)
        #expect(z == z.sorted() && Set(z).count == 100)
        #expect(Set(cards.map { $0.transform.m11 }).count == 1)
    }

    @Test func chainNests() throws {
        var l = Generators.chain(depth: 40, seed: 1).root
        var depth = 0
        while let next = l.sublayers?.first {
            #expect(l.sublayers?.count == 1)
            #expect(l.sublayerTransform.m34 == -1.0 / 500)
            #expect(next.opacity == 0.97 && next.bounds.size == CGSize(width: 160, height: 160))
            l = next
            depth += 1
        }
        #expect(depth == 40)
    }

    @Test func cubesDoNotShareCells() throws {
        let cubes = try #require(Generators.cubes(count: 64, seed: 5).root.sublayers)
        #expect(cubes.allSatisfy { $0 is CATransformLayer && $0.sublayers?.count == 6 })
        #expect(Set(cubes.map { "\($0.position.x),\($0.position.y)" }).count == 64)
    }

    @Test func randomScenesDiffer() throws {
        let texts = try (0..<24).map { try text(Generators.randomScene(index: $0, seed: 1)) }
        #expect(Set(texts).count == 24)
    }

    @Test func changingOneCardChangesOneTransform() throws {
        let s = Generators.cards(count: 20, seed: 4)
        let before = s.root.sublayers!.map(\.transform)
        var rng = SplitMix64(seed: 9)
        Generators.changeOneCard(of: s, frame: 23, rng: &rng)
        let after = s.root.sublayers!.map(\.transform)
        #expect(zip(before, after).filter { $0 != $1 }.count == 1)
        #expect(before[3] != after[3])
    }

    @Test func demoTurnsTheCardsAsTheTrackballDoes() throws {
        // No drag: the cards scene itself; n drags: n trackball turns, then the perspective.
        let cards = Generators.cards(count: 20, seed: 2)
        #expect(Generators.demoCards(count: 20, seed: 2, drags: 0).root.sublayerTransform == cards.root.sublayerTransform)
        let turned = Generators.demoCards(count: 20, seed: 2, drags: 3)
        var r = CATransform3DIdentity
        for _ in 0..<3 { r = Trackball.rotate(r, by: Generators.demoDrag) }
        #expect(turned.root.sublayerTransform == r.concatenating(cards.root.sublayerTransform))
        #expect(turned.root.sublayers!.map(\.transform) == cards.root.sublayers!.map(\.transform))
        // The workload's file is the view halfway through the demo's run.
        let w = try #require(Workload(name: "demo-20"))
        let half = Generators.demoDrags.lowerBound + Generators.demoDrags.count / 2
        #expect(try text(w.scene(seed: 2)) == text(Generators.demoCards(count: 20, seed: 2, drags: half)))
    }

    @Test func namesParse() {
        #expect(Workload(name: "cards-1000")?.name == "cards-1000")
        #expect(Workload(name: "demo-1000")?.name == "demo-1000")
        #expect(Workload(name: "cubes-63") == nil)
        #expect(Workload(name: "flat-150") == nil)
        #expect(Workload(name: "bogus-1") == nil)
        #expect(Workload(name: "cards") == nil)
        #expect(Workload(name: "cards--5") == nil)
    }

    @Test func splitMixKnownValues() {
        // The reference SplitMix64 from seed 0 (Vigna's splitmix64.c) starts with these.
        var r = SplitMix64(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
