// The exploded view drawn on the CPU: at amount 0 every seed scene's image is the normal
// render, byte for byte (the old output drawn texel for pixel); at amount 1 the cards show.
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite struct ExplodeRenderTests {
    static let compositor = Compositor(options: options(forceTargets: false))

    @Test(arguments: Paths.sceneNames + ["scenes-r2/r2-mask-and-shadow"])
    func amountZeroIsTheNormalRender(name: String) throws {
        let scene = name.contains("/") ? try Scene.read(contentsOf: Paths.fixtures.appendingPathComponent(name + ".json").path) : try loadScene(name)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let normal = CPURenderer().render(p)
            let exploded = CPURenderer().render(Self.compositor.explode(p, options: ExplodeOptions(amount: 0)))
            #expect(normal.premultipliedRGBA == exploded.premultipliedRGBA, "\(name)\(force ? " (targets)" : "")")
        }
    }

    /// The green face of the Conundrum box is flattened into a plane of its own: exploded,
    /// its card hangs in front of the output, off where the output draws the face.
    @Test func flattenedGreenFaceHangsInFrontOfTheOutput() throws {
        let scene = try loadScene("conundrum-box-closed-green-flattened")
        let p = plan(scene)
        let exploded = Self.compositor.explode(p)
        let image = CPURenderer().render(exploded)
        if let dir = ProcessInfo.processInfo.environment["LAMINA_EXPLODE_DUMP"] { try PNG.write(image, to: dir + "/explode-cpu.png") }
        // Where the green card lands: its centre through its placement, lifted and turned as
        // the plan's card quad maps it.
        let card = try #require(exploded.targets[exploded.outputIndex].quads.first { $0.role == "plane" && $0.layerName.hasPrefix("green") })
        let green = p.targets[0]
        let centre = card.matrix.project(SIMD2(Double(green.width) * 0.4, Double(green.height) / 2))
        let px = image.premultipliedRGBA
        let i = 4 * (Int(centre.y) * image.width + Int(centre.x))
        #expect(px[i] < 40 && px[i + 1] > 200 && px[i + 2] < 40, "the green card at \(centre): \(px[i...(i + 3)])")
        // The output card still shows the whole box (its own green pieces included), behind.
        let out = try #require(exploded.targets[exploded.outputIndex].quads.first { $0.role == "plane" && $0.layerName == "output" })
        #expect(exploded.targets[exploded.outputIndex].quads.firstIndex(of: out)! < exploded.targets[exploded.outputIndex].quads.firstIndex(of: card)!)
    }

    /// `lamina render --explode [AMOUNT]`: the CPU image of the exploded plan (default amount
    /// 1, or the one given); 0 is the plain render; an AMOUNT without --explode, or out of
    /// range, is a usage error.
    @Test func renderCommandDrawsTheExplodedView() throws {
        func run(_ args: [String]) throws -> Int32 { try runLaminaQuietly(args) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-explode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "transforms-5.8-nested-y-flattened"
        let path = Paths.scenes.appendingPathComponent(name + ".json").path
        let p = plan(try loadScene(name))
        for (args, amount) in [([] as [String], 1.0), (["0.5"], 0.5), (["0"], 0)] {
            let out = dir.appendingPathComponent("x.png").path
            #expect(try run(["render", path, "--explode"] + args + ["--backend", "cpu", "-o", out]) == 0)
            let expected = CPURenderer().render(Self.compositor.explode(p, options: ExplodeOptions(amount: amount)))
            #expect(try PNG.read(out).premultipliedRGBA == expected.premultipliedRGBA, "amount \(amount)")
            if amount == 0 { #expect(expected.premultipliedRGBA == CPURenderer().render(p).premultipliedRGBA) }
        }
        #expect(try run(["render", path, "0.5", "-o", dir.appendingPathComponent("y.png").path]) == 64, "AMOUNT without --explode")
        #expect(try run(["render", path, "--explode", "500", "-o", dir.appendingPathComponent("y.png").path]) == 64, "AMOUNT over 100")
    }
}
