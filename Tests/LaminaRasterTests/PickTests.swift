// Picking by pixels agrees with the rendered image. Every fixture scene's plan is turned into
// an "ID" plan: every quad of a layer drawn in that layer's own opaque color wherever it draws
// anything (alpha above 0), at full opacity, unlit, shadows left out (they are never picked),
// the canvas clear. The CPU renderer draws it; at every point of a grid of pixel centres
// where the image shows one layer's color exactly, the pick must name that layer, and where
// it shows nothing, the pick must find nothing (blended edge pixels are skipped). The picks
// are made in the ID plan (the same targets, quads, clips, masks and layers as the scene's:
// only colors and alphas are made plain, so the image says exactly who is on top).
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite struct PickTests {
    /// A layer's ID color: 24 bits spread by a multiplicative hash (so blends of two IDs
    /// rarely land on a third), never black.
    static func idColor(_ k: Int) -> SIMD3<UInt8> {
        let h = UInt32(truncatingIfNeeded: (k + 1) &* 2_654_435_761) | 0x010101
        return SIMD3(UInt8(h >> 16 & 255), UInt8(h >> 8 & 255), UInt8(h & 255))
    }

    /// The plan recolored by layer (see the top of the file) and the layer of each color.
    static func idPlan(_ plan: RenderPlan) -> (plan: RenderPlan, layers: [SIMD3<UInt8>: ObjectIdentifier]) {
        var ids: [ObjectIdentifier: Int] = [:]
        var colors: [SIMD3<UInt8>: ObjectIdentifier] = [:]
        func color(_ id: ObjectIdentifier?) -> PremultipliedColor {
            guard let id else { return .zero }
            if ids[id] == nil { ids[id] = ids.count; colors[idColor(ids.count - 1)] = id }
            let c = idColor(ids[id]!)
            return PremultipliedColor(Float(c.x) / 255, Float(c.y) / 255, Float(c.z) / 255, 1)
        }
        var out = plan
        var newImages: [CGImage] = []
        func recolor(_ q: inout DrawQuad) {
            let c = color(q.layer)
            q.opacity = q.role == "shadow" || q.opacity <= 0 ? 0 : 1
            q.lighting = []
            q.tint = SIMD3(repeating: 1)
            if q.borderColor.w > 0 { q.borderColor = c }
            switch q.fill {
            case .color(let f): q.fill = .color(f.w > 0 ? c : .zero)
            case .image(let i, let uv):
                let image = plan.images[i]
                var px = image.premultipliedRGBA
                let b = [UInt8(c.x * 255), UInt8(c.y * 255), UInt8(c.z * 255)]
                for p in stride(from: 0, to: px.count, by: 4) {
                    if px[p + 3] > 0 { px[p] = b[0]; px[p + 1] = b[1]; px[p + 2] = b[2]; px[p + 3] = 255 } else { px[p] = 0; px[p + 1] = 0; px[p + 2] = 0 }
                }
                newImages.append(CGImage(width: image.width, height: image.height, premultipliedRGBA: px))
                q.fill = .image(index: plan.images.count + newImages.count - 1, uv: uv)
            case .none, .target: break
            }
        }
        for t in out.targets.indices {
            for k in out.targets[t].quads.indices { recolor(&out.targets[t].quads[k]) }
            if let c = out.targets[t].clearSource, out.targets[t].clearColor.w > 0 {
                out.targets[t].clearColor = color(c.layer)
            } else {
                out.targets[t].clearColor = .zero
            }
        }
        out.images += newImages
        return (out, colors)
    }

    /// Counts of what a scene's check covered.
    struct Checked { var layers = 0, nothing = 0, split = 0, inTargets = 0, skipped = 0, mismatches: [String] = [] }

    /// Renders the ID plan of `plan` and checks the pick at every `step`-th pixel centre.
    static func check(_ plan: RenderPlan, step: Int = 4) -> Checked {
        let (ids, layers) = idPlan(plan)
        let image = CPURenderer().render(ids)
        let px = image.premultipliedRGBA
        var c = Checked()
        for y in stride(from: 1, to: image.height, by: step) {
            for x in stride(from: 1, to: image.width, by: step) {
                let i = (y * image.width + x) * 4
                let hit = ids.pick(pixel: SIMD2(Double(x) + 0.5, Double(y) + 0.5))
                if px[i + 3] == 0 {
                    c.nothing += 1
                    if let hit { c.mismatches.append("(\(x), \(y)): nothing drawn, picked \(hit.role) of target \(hit.target)") }
                    continue
                }
                guard px[i + 3] == 255, let want = layers[SIMD3(px[i], px[i + 1], px[i + 2])] else { c.skipped += 1; continue }
                c.layers += 1
                if hit?.isSplit == true { c.split += 1 }
                if let hit, hit.target != plan.outputIndex { c.inTargets += 1 }
                if hit?.layer != want { c.mismatches.append("(\(x), \(y)): drawn by another layer than the pick's (\(hit.map { "\($0.role) of target \($0.target)" } ?? "nothing"))") }
            }
        }
        return c
    }

    /// Every fixture scene's file, from the seed, revision-2 and extra folders.
    static var sceneFiles: [String] {
        ["scenes", "scenes-r2", "extra-scenes"].flatMap { dir -> [String] in
            let d = Paths.fixtures.appendingPathComponent(dir)
            return ((try? FileManager.default.contentsOfDirectory(atPath: d.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
                .map { d.appendingPathComponent($0).path }
        }
    }

    @Test(arguments: [false, true]) func picksAgreeWithTheRenderedImageOnEveryFixtureScene(forceTargets: Bool) throws {
        let files = Self.sceneFiles
        #expect(files.count >= 30)
        var total = Checked()
        for f in files {
            let scene = try Scene.read(contentsOf: f)
            let c = Self.check(plan(scene, forceTargets: forceTargets))
            let name = URL(fileURLWithPath: f).lastPathComponent
            #expect(c.mismatches.isEmpty, "\(name): \(c.mismatches.count) of \(c.layers + c.nothing) points disagree: \(c.mismatches.prefix(5))")
            // Most points are checked: only blended edge pixels are skipped.
            #expect(c.layers > 3 * c.skipped, "\(name): \(c.layers) points checked, \(c.skipped) skipped")
            total.layers += c.layers; total.nothing += c.nothing; total.split += c.split; total.inTargets += c.inTargets; total.skipped += c.skipped
        }
        // The grid lands on split pieces and, with forced targets, on flattened surfaces.
        #expect(total.split > 100)
        if forceTargets { #expect(total.inTargets > 1000) }
        #expect(total.nothing > 100)
    }
}
