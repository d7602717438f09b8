// The exploded view in the demo: E eases it open over 0.4 s (and closed again, from wherever
// it is), drags then turn the stack instead of the scene; and a scripted run under Xvfb
// writes screenshots where the seeds' flattened examples show their planes apart.
import Foundation
@testable import LaminaCompositor
import LaminaDemoKit
import LaminaImage
import LaminaScene
import QuartzCore
import Testing
import LaminaTestSupport

@Suite(.serialized) struct ExplodeDemoTests {
    @Test func eKeyEasesTheViewOpenAndClosed() throws {
        let app = try DemoApp(sceneFiles: [], width: 500, height: 400, now: CACurrentMediaTime())
        let t0 = CACurrentMediaTime()
        #expect(app.explodeAmount(at: t0) == 0 && !app.isExploded)
        app.press(.explode)
        #expect(app.isExploded)
        #expect(abs(app.explodeAmount(at: t0 + 0.2) - 0.5) < 0.05, "halfway, eased")
        #expect(app.explodeAmount(at: t0 + 0.05) < 0.1)
        #expect(app.explodeAmount(at: t0 + 0.45) == 1)
        // Drags turn the stack, not the scene, while it is open; R resets the turn.
        let scene = app.current.rotation
        app.drag(dx: 30, dy: 10)
        #expect(app.current.rotation == scene)
        #expect(app.explodeTurn != CATransform3DIdentity)
        app.press(.reset)
        #expect(app.explodeTurn == CATransform3DIdentity)
        // Closed midway through opening, it closes from where it was.
        let t1 = CACurrentMediaTime()
        app.press(.explode)
        app.press(.explode)
        let from = app.explodeAmount(at: t1)
        #expect(from <= 1 && from >= 0)
        #expect(app.explodeAmount(at: t1 + 0.45) == 1)
        app.press(.explode)
        #expect(app.explodeAmount(at: CACurrentMediaTime() + 0.45) == 0)
        // Closed, drags turn the scene again.
        app.drag(dx: 30, dy: 0)
        #expect(app.current.rotation != scene)
    }

    @Test(.enabled(if: glAvailable, "the window draws with OpenGL, and no context can be made here"))
    func scriptedExplodeUnderXvfb() throws {
        let out = try tempDir("explode")
        defer { try? FileManager.default.removeItem(at: out) }
        // Scenes 6 and 7: the seeds' flattened examples, after the five built-in scenes.
        let script = """
            size 500 400
            scene 6
            screenshot green-normal
            key e
            wait 0.2
            screenshot green-opening
            wait 0.4
            screenshot green-exploded
            scene 7
            screenshot nested-exploded
            drag 40 0
            screenshot nested-turned
            key e
            wait 0.5
            screenshot nested-closed
            """
        let seeds = ["conundrum-box-closed-green-flattened", "transforms-5.8-nested-y-flattened"].map { sharedScenes.appendingPathComponent($0 + ".json").path }
        let r = try playUnderXvfb(script, in: out, sceneFiles: seeds)
        try #require(r.status == 0, "lamina-demo failed: \(r.stderr)")
        func image(_ n: String) throws -> CGImage { try PNG.read(out.appendingPathComponent(n + ".png").path) }
        if let dir = ProcessInfo.processInfo.environment["LAMINA_EXPLODE_DUMP"] {
            for n in ["green-normal", "green-opening", "green-exploded", "nested-exploded", "nested-turned", "nested-closed"] {
                try? FileManager.default.copyItem(atPath: out.appendingPathComponent(n + ".png").path, toPath: dir + "/demo-\(n).png")
            }
        }
        // The exploded screenshots are `lamina render --explode` of the scene as drawn (the
        // default view at amount 1); closed again, the plain render.
        let lamina = try builtTool("lamina")
        for (n, explode) in [("green-exploded", true), ("nested-exploded", true), ("nested-closed", false), ("green-normal", false)] {
            let again = out.appendingPathComponent(n + "-offline.png")
            let r2 = try run(lamina, ["render", out.appendingPathComponent(n + ".json").path, "-o", again.path, "--backend", "gl"] + (explode ? ["--explode"] : []))
            #expect(r2.status == 0, "\(r2.stderr)")
            let d = try ImageDiff(try image(n), try PNG.read(again.path))
            #expect(d.exact >= 0.995, "\(n): \(d.summary)")
        }
        // Opening is on its way: neither the scene nor the full view.
        #expect(try ImageDiff(try image("green-opening"), try image("green-normal")).close < 0.95)
        #expect(try ImageDiff(try image("green-opening"), try image("green-exploded")).close < 0.95)
        // The drag turned the stack, not the scene.
        #expect(try ImageDiff(try image("nested-exploded"), try image("nested-turned")).close < 0.95)
        // (The scene files differ only in their descriptions, which carry the time.)
        func sceneLines(_ n: String) throws -> [Substring] {
            try String(contentsOf: out.appendingPathComponent(n + ".json"), encoding: .utf8).split(separator: "\n").filter { !$0.contains("\"description\"") }
        }
        #expect(try sceneLines("nested-exploded") == sceneLines("nested-turned"))

        // Probes: the green face's plane hangs apart from the box, turned as the box turns it
        // and pulled off along its own normal. A point of its card, placed in 3D by the plan
        // and moved along that normal, is green in the exploded view, where the plain view
        // shows another face; where lifting the flattened card along the output's z would have
        // put that point, the view is not green.
        let scene = try Scene.read(contentsOf: out.appendingPathComponent("green-exploded.json").path)
        let p = plan(scene)
        let exploded = Compositor(options: options(forceTargets: false)).explode(p)
        let quads = exploded.targets[exploded.outputIndex].quads
        let card = try #require(quads.first { $0.role == "plane" && $0.layerName == "green: sublayers of an ordinary layer" })
        let gi = try #require(p.targets.firstIndex { $0.kind == .plane(layer: "green", reasons: .sublayers) })
        let places = TargetPlacements(p), layout = ExplodeLayout(p, amount: 1, turn: nil, extraTurn: CATransform3DIdentity)
        let space = try #require(places.inSpace[gi]), flat = try #require(places.toOutput[gi]), n = try #require(places.normal(gi))
        let lift = try #require(layout.cards.first { $0.index == gi }).lift
        func shown(_ m: Mat4, _ q: SIMD2<Double>, by d: SIMD3<Double>) -> SIMD2<Double> {
            let h = m.map(q)
            let x = SIMD3(h.x, h.y, h.z) / h.w + d
            let c = layout.camera, v = x.x * c.r0 + x.y * c.r1 + x.z * c.r2 + c.r3
            return SIMD2(v.x / v.w, v.y / v.w)
        }
        let texel = SIMD2(Double(p.targets[gi].width) * 0.4, Double(p.targets[gi].height) / 2)
        let probe = shown(space, texel, by: lift * n), old = shown(flat, texel, by: SIMD3(0, 0, lift))
        let drawn = card.matrix.project(texel) - probe
        #expect((drawn * drawn).sum().squareRoot() < 1e-6, "the card quad draws the probe at \(probe)")
        let shot = try image("green-exploded").premultipliedRGBA, plain = try image("green-normal").premultipliedRGBA
        func isGreen(_ px: [UInt8], _ at: SIMD2<Double>) -> Bool {
            let k = 4 * (Int(at.y) * 500 + Int(at.x))
            return px[k] < 40 && px[k + 1] > 200 && px[k + 2] < 40
        }
        #expect(isGreen(shot, probe), "green card at \(probe)")
        #expect(!isGreen(plain, probe), "plain view at \(probe)")
        let apart = old - probe
        #expect((apart * apart).sum().squareRoot() > 40 && old.x >= 0 && old.y >= 0 && old.x < 500 && old.y < 400, "along z: \(old)")
        #expect(!isGreen(shot, old), "along z, at \(old)")
        // Its label: white text on a dark pill, where the plain view has none of it.
        let label = try #require(quads.first { $0.role == "label" && $0.layerName == card.layerName })
        let a = label.matrix.project(SIMD2(label.rect.minX, label.rect.minY)), b = label.matrix.project(SIMD2(label.rect.maxX, label.rect.maxY))
        var white = 0
        for y in Int(a.y)..<Int(b.y) { for x in Int(a.x)..<Int(b.x) where shot[4 * (y * 500 + x)] > 200 && shot[4 * (y * 500 + x) + 2] > 200 { white += 1 } }
        #expect(white > 100, "label text pixels: \(white)")
        // Two cards in the nested example: the output and the flattened outer layer.
        let nested = plan(try Scene.read(contentsOf: out.appendingPathComponent("nested-exploded.json").path))
        #expect(nested.targets.count == 2)
    }
}
