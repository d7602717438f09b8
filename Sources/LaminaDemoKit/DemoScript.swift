// Scripts for the demo's scripted mode: input events played on a virtual clock.
//
//     # a comment
//     size 500 400          # the window's content size (first line only; optional)
//     scene 2               # select a scene (1-based, as the number keys)
//     key space             # press a key: tab space l p d r s e escape 1..9
//     drag 120 -30 [STEPS]  # drag by (dx, dy) pixels, in STEPS moves (default 10), one frame each
//     click                 # a tap (folds / unfolds, as space does)
//     click X Y             # a click at (X, Y) points: outlines the layer drawn there
//     scroll 2              # scroll (up zooms in)
//     wait 1.2              # let 1.2 s pass on the virtual clock (frames drawn at 60 fps)
//     screenshot NAME       # write NAME.png (and NAME.json, the scene as drawn) into the output folder

import QuartzCore

/// One step of a script.
public enum ScriptStep: Equatable, Sendable {
    /// `size W H`: the window's content size (first step only).
    case size(Int, Int)
    /// `scene N`: selects scene N (1-based).
    case scene(Int)
    /// `key NAME`: presses a key.
    case key(DemoKey)
    /// `drag DX DY [STEPS]`: a drag by (dx, dy) pixels in `steps` moves, one frame each.
    case drag(dx: Double, dy: Double, steps: Int)
    /// `click`: a tap (folds or unfolds, as space does).
    case click
    /// `click X Y`: a click at (x, y) window points: the layer drawn there is outlined.
    case clickAt(x: Double, y: Double)
    /// `scroll DY`: a scroll (up zooms in).
    case scroll(Double)
    /// `wait S`: S seconds pass on the virtual clock (frames drawn at 60 fps).
    case wait(Double)
    /// `screenshot NAME`: writes NAME.png and NAME.json into the output folder.
    case screenshot(String)
}

/// A script error: the line and what is wrong.
public struct ScriptError: Error, CustomStringConvertible, Equatable {
    /// The 1-based line.
    public let line: Int
    /// What is wrong.
    public let message: String
    public var description: String { "line \(line): \(message)" }
}

/// The scripted mode's scripts (the format is at the top of this file).
public enum DemoScript {
    /// Parses a script's text.
    public static func parse(_ text: String) throws -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            let code = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            let args = Array(words.dropFirst())
            func fail(_ m: String) -> ScriptError { ScriptError(line: line, message: m) }
            func number(_ k: Int) throws -> Double {
                guard k < args.count, let d = Double(args[k]), d.isFinite else { throw fail("\(verb): argument \(k + 1) must be a number") }
                return d
            }
            func count(_ n: Int) throws {
                guard args.count == n else { throw fail("\(verb) takes \(n) argument\(n == 1 ? "" : "s"), got \(args.count)") }
            }
            switch verb {
            case "size":
                try count(2)
                let w = try number(0), h = try number(1)
                guard w >= 16, h >= 16, w <= 8192, h <= 8192, w == w.rounded(), h == h.rounded() else { throw fail("size: whole numbers 16...8192") }
                guard steps.isEmpty else { throw fail("size must come first") }
                steps.append(.size(Int(w), Int(h)))
            case "scene":
                try count(1)
                let n = try number(0)
                guard n >= 1, n == n.rounded() else { throw fail("scene: a scene number from 1") }
                steps.append(.scene(n.clampedToInt(in: 1...Int(Int32.max))))
            case "key":
                try count(1)
                guard let k = DemoKey(name: args[0]) else { throw fail("key: unknown key \"\(args[0])\" (tab space l p d r s e escape 1-9)") }
                steps.append(.key(k))
            case "drag":
                guard args.count == 2 || args.count == 3 else { throw fail("drag takes DX DY [STEPS]") }
                let st = args.count == 3 ? try number(2) : 10
                guard st >= 1, st <= 10_000, st == st.rounded() else { throw fail("drag: STEPS is a whole number 1...10000") }
                steps.append(.drag(dx: try number(0), dy: try number(1), steps: Int(st)))
            case "click":
                guard args.isEmpty || args.count == 2 else { throw fail("click takes no arguments or X Y") }
                steps.append(args.isEmpty ? .click : .clickAt(x: try number(0), y: try number(1)))
            case "scroll":
                try count(1)
                steps.append(.scroll(try number(0)))
            case "wait":
                try count(1)
                let t = try number(0)
                guard t >= 0, t <= 3600 else { throw fail("wait: seconds 0...3600") }
                steps.append(.wait(t))
            case "screenshot":
                try count(1)
                let name = args[0]
                guard !name.contains("/"), !name.hasPrefix("."), !name.isEmpty else { throw fail("screenshot: a file name without folders") }
                steps.append(.screenshot(name))
            default:
                throw fail("unknown command \"\(verb)\" (size scene key drag click scroll wait screenshot)")
            }
        }
        return steps
    }
}
