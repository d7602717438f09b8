// The Swift writer's non-geometric properties: each written when it differs from Core
// Animation's default, plus allowsEdgeAntialiasing and a text layer's wrapping, which scenes
// turn on and Apple's Core Animation leaves off.
import QuartzCore

extension SceneSwiftWriter {
    /// Colors, borders, contents, text, shadows, the light and the typed layers' keys.
    mutating func appearance(_ l: CALayer, _ v: String) throws {
        let d = CALayer()
        let lit = SwiftLiterals.self
        if let c = l.backgroundColor { body.append("\(v).backgroundColor = \(lit.color(c))") }
        if l.opacity != 1 { body.append("\(v).opacity = \(lit.float(l.opacity))") }
        if l.isHidden { body.append("\(v).isHidden = true") }
        if !l.isDoubleSided { body.append("\(v).isDoubleSided = false") }
        if l.masksToBounds { body.append("\(v).masksToBounds = true") }
        if l.cornerRadius != 0 { body.append("\(v).cornerRadius = \(lit.number(l.cornerRadius))") }
        if l.borderWidth != 0 { body.append("\(v).borderWidth = \(lit.number(l.borderWidth))") }
        if l.borderColor != d.borderColor { body.append("\(v).borderColor = \(lit.optionalColor(l.borderColor))") }
        if let contents = l.contents { body.append("\(v).contents = loadImage(\(lit.string(try imagePath(contents, v))))") }
        if l.contentsGravity != d.contentsGravity { body.append("\(v).contentsGravity = .\(l.contentsGravity.rawValue)") }
        if l.contentsRect != d.contentsRect { body.append("\(v).contentsRect = \(lit.rect(l.contentsRect))") }
        if l.contentsScale != d.contentsScale { body.append("\(v).contentsScale = \(lit.number(l.contentsScale))") }
        if l.isGeometryFlipped { body.append("\(v).isGeometryFlipped = true") }
        // Written whatever its value: scenes default to true, Core Animation to false.
        body.append("\(v).allowsEdgeAntialiasing = \(l.allowsEdgeAntialiasing)")
        if let light = l.light {
            let dir = [light.direction.x, light.direction.y, light.direction.z].map(lit.number)
            body += ["#if canImport(LaminaImage)",
                     "// Lamina's light over the 3D context this layer roots. Core Animation has no lighting:",
                     "// on Apple platforms the faces keep their own colors.",
                     "\(v).light = LaminaLight(direction: (x: \(dir[0]), y: \(dir[1]), z: \(dir[2])), ambient: \(lit.number(light.ambient)))",
                     "#endif"]
        }
        if let t = l as? CATextLayer { text(t, v) }
        try shadow(l, v)
        if let g = l as? CAGradientLayer { try gradient(g, v) }
        if let s = l as? CAShapeLayer { try shape(s, v) }
        if let r = l as? CAReplicatorLayer { replicator(r, v) }
    }

    /// The path a `loadImage` call takes for a contents image: relative to the source folder
    /// when one is given, else absolute.
    mutating func imagePath(_ contents: Any, _ v: String) throws -> String {
        guard let image = contents as? CGImage, let src = image.sourceURL?.standardizedFileURL else {
            throw SceneError(path: v, message: "cannot export contents that were not read from a PNG file")
        }
        usesImages = true
        guard let folder = options.sourceFolder?.standardizedFileURL else { return src.path }
        let dir = folder.pathComponents, file = src.pathComponents
        var common = 0
        while common < min(dir.count, file.count - 1) && dir[common] == file[common] { common += 1 }
        return (Array(repeating: "..", count: dir.count - common) + file[common...]).joined(separator: "/")
    }

    mutating func text(_ t: CATextLayer, _ v: String) {
        let d = CATextLayer()
        if let s = t.string as? String { body.append("\(v).string = \(SwiftLiterals.string(s))") }
        if t.fontSize != d.fontSize { body.append("\(v).fontSize = \(SwiftLiterals.number(t.fontSize))") }
        if t.foregroundColor != d.foregroundColor { body.append("\(v).foregroundColor = \(SwiftLiterals.optionalColor(t.foregroundColor))") }
        if t.alignmentMode != d.alignmentMode { body.append("\(v).alignmentMode = .\(t.alignmentMode.rawValue)") }
        if t.isWrapped { body.append("\(v).isWrapped = true") }
    }

    mutating func shadow(_ l: CALayer, _ v: String) throws {
        let d = CALayer()
        if l.shadowColor != d.shadowColor { body.append("\(v).shadowColor = \(SwiftLiterals.optionalColor(l.shadowColor))") }
        if l.shadowOpacity != d.shadowOpacity { body.append("\(v).shadowOpacity = \(SwiftLiterals.float(l.shadowOpacity))") }
        if l.shadowOffset != d.shadowOffset { body.append("\(v).shadowOffset = \(SwiftLiterals.size(l.shadowOffset))") }
        if l.shadowRadius != d.shadowRadius { body.append("\(v).shadowRadius = \(SwiftLiterals.number(l.shadowRadius))") }
        if let p = l.shadowPath { try path(p, to: "\(v).shadowPath", name: v + "ShadowPath") }
    }

    /// Builds a CGMutablePath call by call into a new variable and assigns it to `target`.
    mutating func path(_ p: CGPath, to target: String, name: String) throws {
        let n = names.unique(name)
        let pt = SwiftLiterals.point
        let rebuilt = CGMutablePath()
        body.append("let \(n) = CGMutablePath()")
        for e in p.elements {
            guard e.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                throw SceneError(path: target, message: "cannot write a path with a non-finite coordinate")
            }
            switch e {
            case .moveToPoint(let a): body.append("\(n).move(to: \(pt(a)))"); rebuilt.move(to: a)
            case .addLineToPoint(let a): body.append("\(n).addLine(to: \(pt(a)))"); rebuilt.addLine(to: a)
            case .addQuadCurveToPoint(let to, let c):
                body.append("\(n).addQuadCurve(to: \(pt(to)), control: \(pt(c)))"); rebuilt.addQuadCurve(to: to, control: c)
            case .addCurveToPoint(let to, let c1, let c2):
                body.append("\(n).addCurve(to: \(pt(to)), control1: \(pt(c1)), control2: \(pt(c2)))")
                rebuilt.addCurve(to: to, control1: c1, control2: c2)
            case .closeSubpath: body.append("\(n).closeSubpath()"); rebuilt.closeSubpath()
            }
        }
        // The calls must give the very path (a mismatch would draw differently): checked here.
        guard rebuilt == p else { throw SceneError(path: target, message: "the path cannot be rebuilt call by call") }
        body.append("\(target) = \(n)")
    }

    mutating func gradient(_ g: CAGradientLayer, _ v: String) throws {
        let d = CAGradientLayer()
        if let colors = g.colors {
            guard colors.allSatisfy({ $0 is CGColor }) else {
                throw SceneError(path: "\(v).colors", message: "cannot export gradient colors that are not all CGColors")
            }
            body.append("\(v).colors = [\n    " + g.cgColors.map(SwiftLiterals.color).joined(separator: ",\n    ") + ",\n]")
        }
        if let l = g.locations { body.append("\(v).locations = \(SwiftLiterals.numberArray(l.map(\.doubleValue)))") }
        if g.startPoint != d.startPoint { body.append("\(v).startPoint = \(SwiftLiterals.point(g.startPoint))") }
        if g.endPoint != d.endPoint { body.append("\(v).endPoint = \(SwiftLiterals.point(g.endPoint))") }
        if g.type != d.type { body.append("\(v).type = .\(g.type.rawValue)") }
    }

    mutating func shape(_ s: CAShapeLayer, _ v: String) throws {
        let d = CAShapeLayer()
        let lit = SwiftLiterals.self
        if let p = s.path { try path(p, to: "\(v).path", name: v + "Path") }
        if s.fillColor != d.fillColor { body.append("\(v).fillColor = \(lit.optionalColor(s.fillColor))") }
        // Lamina's raw values for the fill rule differ from the member names: the scene names are.
        if s.fillRule != d.fillRule, let n = SceneReader.fillRules.first(where: { $0.value == s.fillRule })?.key {
            body.append("\(v).fillRule = .\(n)")
        }
        if s.strokeColor != d.strokeColor { body.append("\(v).strokeColor = \(lit.optionalColor(s.strokeColor))") }
        if s.lineWidth != d.lineWidth { body.append("\(v).lineWidth = \(lit.number(s.lineWidth))") }
        if s.lineCap != d.lineCap { body.append("\(v).lineCap = .\(s.lineCap.rawValue)") }
        if s.lineJoin != d.lineJoin { body.append("\(v).lineJoin = .\(s.lineJoin.rawValue)") }
        if s.miterLimit != d.miterLimit { body.append("\(v).miterLimit = \(lit.number(s.miterLimit))") }
        if let dash = s.lineDashPattern { body.append("\(v).lineDashPattern = \(lit.numberArray(dash.map(\.doubleValue)))") }
        if s.lineDashPhase != d.lineDashPhase { body.append("\(v).lineDashPhase = \(lit.number(s.lineDashPhase))") }
        if s.strokeStart != d.strokeStart { body.append("\(v).strokeStart = \(lit.number(s.strokeStart))") }
        if s.strokeEnd != d.strokeEnd { body.append("\(v).strokeEnd = \(lit.number(s.strokeEnd))") }
    }

    mutating func replicator(_ r: CAReplicatorLayer, _ v: String) {
        let d = CAReplicatorLayer()
        let lit = SwiftLiterals.self
        if r.instanceCount != d.instanceCount { body.append("\(v).instanceCount = \(r.instanceCount)") }
        if r.instanceTransform != d.instanceTransform {
            assign(r.instanceTransform, to: "\(v).instanceTransform", helper: v + "InstanceTransform")
        }
        if r.instanceColor != d.instanceColor { body.append("\(v).instanceColor = \(lit.optionalColor(r.instanceColor))") }
        let offsets: [(String, Float)] = [("instanceRedOffset", r.instanceRedOffset), ("instanceGreenOffset", r.instanceGreenOffset),
                                          ("instanceBlueOffset", r.instanceBlueOffset), ("instanceAlphaOffset", r.instanceAlphaOffset)]
        for (k, x) in offsets where x != 0 { body.append("\(v).\(k) = \(lit.float(x))") }
        if r.instanceDelay != d.instanceDelay { body.append("\(v).instanceDelay = \(lit.number(r.instanceDelay))") }
        if r.preservesDepth { body.append("\(v).preservesDepth = true") }
    }
}
