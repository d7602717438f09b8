import ArgumentParser
import Foundation
import LaminaImage
import LaminaScene

/// `lamina diff A.png B.png`.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two PNGs: shares within 2/255 and 16/255, mean absolute difference, optional heat map.")

    @Argument(help: "The first image.") var a: String
    @Argument(help: "The second image.") var b: String

    @Option(help: "Write a heat map PNG (black = equal ... white >= 64/255).")
    var heat: String?

    @Option(help: "Composite both over this straight color \"r,g,b\" (0...1) and compare RGB.")
    var over: String?

    @Option(help: "Composite both over this scene file's canvas background (compare as seen).")
    var overScene: String?

    @Option(help: "Fail (exit 1) when the share within 16/255 is below this (0...1).")
    var minClose: Double?

    @Option(help: "Fail (exit 1) when the mean absolute difference is above this (0...1).")
    var maxMean: Double?

    func run() throws {
        var bg: (Double, Double, Double)?
        if let over {
            let c = over.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard c.count == 3, c.allSatisfy({ (0...1).contains($0) }) else { throw ValidationError("--over takes r,g,b in 0...1") }
            bg = (c[0], c[1], c[2])
        }
        if let overScene {
            let s = try loadScene(overScene)
            let b = s.canvas.background
            bg = (Double(b?.rgba.red ?? 0), Double(b?.rgba.green ?? 0), Double(b?.rgba.blue ?? 0))
        }
        let d: ImageDiff
        do {
            d = try ImageDiff(try PNG.read(a), try PNG.read(b), over: bg)
            if let heat { try PNG.write(d.heatMap, to: heat) }
        } catch let e as PNGError {
            throw CLIError(e.path.isEmpty ? e.reason : "\(e)")
        }
        print(d.summary)
        if let minClose, d.close < minClose { throw ExitCode(1) }
        if let maxMean, d.mean > maxMean { throw ExitCode(1) }
    }
}
