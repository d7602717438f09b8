// Writing revision 2's keys (SCENE_FORMAT.md section 9), each only when it differs from its
// default, so a revision-1 tree is written exactly as before.
import QuartzCore

extension SceneWriterState {
    /// Appends the revision-2 keys of `l` (at JSON path `path`) to `p`.
    mutating func revision2(_ l: CALayer, path: String, into p: inout [(String, JSONValue)]) throws {
        let d = CALayer()
        if l.shadowColor != d.shadowColor { p.append(("shadowColor", Self.optionalColor(l.shadowColor))) }
        if l.shadowOpacity != d.shadowOpacity { p.append(("shadowOpacity", .number(Double(l.shadowOpacity)))) }
        if l.shadowOffset != d.shadowOffset { p.append(("shadowOffset", Self.nums([l.shadowOffset.width, l.shadowOffset.height]))) }
        if l.shadowRadius != d.shadowRadius { p.append(("shadowRadius", .number(l.shadowRadius))) }
        if let s = l.shadowPath { p.append(("shadowPath", try Self.pathData(s, path: "\(path).shadowPath"))) }
        if l.contentsScale != d.contentsScale { p.append(("contentsScale", .number(l.contentsScale))) }
        if let m = l.mask { p.append(("mask", try layer(m, path: "\(path).mask"))) }
        if let g = l as? CAGradientLayer { try gradient(g, path: path, into: &p) }
        if let s = l as? CAShapeLayer { try shape(s, path: path, into: &p) }
        if let r = l as? CAReplicatorLayer { replicator(r, into: &p) }
    }

    private func gradient(_ g: CAGradientLayer, path: String, into p: inout [(String, JSONValue)]) throws {
        let d = CAGradientLayer()
        if let colors = g.colors {
            guard colors.allSatisfy({ $0 is CGColor }) else {
                throw SceneError(path: "\(path).colors", message: "cannot write colors that are not all CGColors")
            }
            p.append(("colors", .array(g.cgColors.map(Self.color))))
        }
        if let l = g.locations {
            let n = g.colors?.count ?? 0
            guard l.count == n else {
                throw SceneError(path: "\(path).locations", message: "cannot write \(l.count) locations for \(n) colors (a scene needs one per color)")
            }
            p.append(("locations", Self.nums(l.map(\.doubleValue))))
        }
        if g.startPoint != d.startPoint { p.append(("startPoint", Self.nums([g.startPoint.x, g.startPoint.y]))) }
        if g.endPoint != d.endPoint { p.append(("endPoint", Self.nums([g.endPoint.x, g.endPoint.y]))) }
        if g.type != d.type {
            guard let name = SceneReader.gradientTypes.first(where: { $0.value == g.type })?.key else {
                throw SceneError(path: "\(path).gradientType", message: "cannot write gradient type \"\(g.type.rawValue)\" (scene files have axial, radial and conic)")
            }
            p.append(("gradientType", .string(name)))
        }
    }

    /// A path as SVG path data; a path with a non-finite coordinate is refused (as numbers are).
    static func pathData(_ path: CGPath, path jsonPath: String) throws -> JSONValue {
        guard path.elements.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
            throw SceneError(path: jsonPath, message: "cannot write a path with a non-finite coordinate")
        }
        return .string(path.svgPathData)
    }

    private func shape(_ s: CAShapeLayer, path jsonPath: String, into p: inout [(String, JSONValue)]) throws {
        let d = CAShapeLayer()
        if let path = s.path { p.append(("path", try Self.pathData(path, path: "\(jsonPath).path"))) }
        if s.fillColor != d.fillColor { p.append(("fillColor", Self.optionalColor(s.fillColor))) }
        // Unknown raw values (set from Swift) cannot be written: the scene default stands in.
        if s.fillRule != d.fillRule, let n = SceneReader.fillRules.first(where: { $0.value == s.fillRule })?.key {
            p.append(("fillRule", .string(n)))
        }
        if s.strokeColor != d.strokeColor { p.append(("strokeColor", Self.optionalColor(s.strokeColor))) }
        if s.lineWidth != d.lineWidth { p.append(("lineWidth", .number(s.lineWidth))) }
        if s.lineCap != d.lineCap, let n = SceneReader.lineCaps.first(where: { $0.value == s.lineCap })?.key {
            p.append(("lineCap", .string(n)))
        }
        if s.lineJoin != d.lineJoin, let n = SceneReader.lineJoins.first(where: { $0.value == s.lineJoin })?.key {
            p.append(("lineJoin", .string(n)))
        }
        if s.miterLimit != d.miterLimit { p.append(("miterLimit", .number(s.miterLimit))) }
        if let dash = s.lineDashPattern { p.append(("lineDashPattern", Self.nums(dash.map(\.doubleValue)))) }
        if s.lineDashPhase != d.lineDashPhase { p.append(("lineDashPhase", .number(s.lineDashPhase))) }
        if s.strokeStart != d.strokeStart { p.append(("strokeStart", .number(s.strokeStart))) }
        if s.strokeEnd != d.strokeEnd { p.append(("strokeEnd", .number(s.strokeEnd))) }
    }

    private func replicator(_ r: CAReplicatorLayer, into p: inout [(String, JSONValue)]) {
        let d = CAReplicatorLayer()
        // A negative count draws nothing, as 0 does (the scene format has no negative counts).
        if r.instanceCount != d.instanceCount { p.append(("instanceCount", .number(Double(max(0, r.instanceCount))))) }
        if r.instanceTransform != d.instanceTransform { p.append(("instanceTransform", Self.transform(r.instanceTransform))) }
        if r.instanceColor != d.instanceColor, let c = r.instanceColor { p.append(("instanceColor", Self.color(c))) }
        let offsets: [(String, Float)] = [("instanceRedOffset", r.instanceRedOffset), ("instanceGreenOffset", r.instanceGreenOffset),
                                          ("instanceBlueOffset", r.instanceBlueOffset), ("instanceAlphaOffset", r.instanceAlphaOffset)]
        for (k, v) in offsets where v != 0 { p.append((k, .number(Double(v)))) }
        if r.instanceDelay != d.instanceDelay { p.append(("instanceDelay", .number(r.instanceDelay))) }
        if r.preservesDepth { p.append(("preservesDepth", .bool(true))) }
    }
}
