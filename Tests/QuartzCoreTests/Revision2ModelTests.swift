// Revision 2's model: Apple's defaults for every new property, presentation copies, change
// tracking, masks linked to their hosts, and key-value coding of the new keys.
import Foundation
import Testing
@testable import QuartzCore

/// Whether two values are the same within `tol`: numbers, points, sizes, colors, transforms,
/// paths (point by point), arrays (element by element), and nil.
func approxEqual(_ a: Any?, _ b: Any?, _ tol: Double = 1e-9) -> Bool {
    let a = AnimationValues.unwrapped(a), b = AnimationValues.unwrapped(b)
    if a == nil || b == nil { return a == nil && b == nil }
    if let x = CALayer.number(a), let y = CALayer.number(b) { return abs(x - y) <= tol }
    switch (a, b) {
    case let (p as CGPoint, q as CGPoint): return abs(p.x - q.x) <= tol && abs(p.y - q.y) <= tol
    case let (p as CGSize, q as CGSize): return abs(p.width - q.width) <= tol && abs(p.height - q.height) <= tol
    case let (p as CGColor, q as CGColor):
        return approxEqual([p.rgba.red, p.rgba.green, p.rgba.blue, p.rgba.alpha], [q.rgba.red, q.rgba.green, q.rgba.blue, q.rgba.alpha], tol)
    case let (p as CATransform3D, q as CATransform3D): return maxDiff(p, q) <= tol
    case let (p as CGPath, q as CGPath):
        return p.elements.count == q.elements.count && zip(p.elements, q.elements).allSatisfy { e, f in
            e.type == f.type && approxEqual(e.points.map { $0 as Any }, f.points.map { $0 as Any }, tol)
        }
    case let (p as [Any], q as [Any]): return p.count == q.count && zip(p, q).allSatisfy { approxEqual($0, $1, tol) }
    default: return false
    }
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath { CGPath(rect: CGRect(x: x, y: y, width: w, height: h), transform: nil) }

let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

/// For each animatable key revision 2 adds: a layer of a class that has it, a start and an end
/// value, and the value halfway (linear).
func revision2AnimationCase(_ key: String) -> (layer: CALayer, from: Any, to: Any, half: Any) {
    let gray = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    switch key {
    case "shadowOpacity": return (CALayer(), Float(0), Float(1), 0.5)
    case "shadowRadius": return (CALayer(), CGFloat(0), CGFloat(10), 5)
    case "shadowOffset": return (CALayer(), CGSize(width: 0, height: 0), CGSize(width: 10, height: -20), CGSize(width: 5, height: -10))
    case "shadowColor": return (CALayer(), red, blue, gray)
    case "shadowPath": return (CALayer(), rect(0, 0, 10, 10), rect(10, 20, 30, 10), rect(5, 10, 20, 10))
    case "fillColor", "strokeColor": return (CAShapeLayer(), red, blue, gray)
    case "path": return (CAShapeLayer(), rect(0, 0, 10, 10), rect(10, 20, 30, 10), rect(5, 10, 20, 10))
    case "lineWidth", "miterLimit", "lineDashPhase": return (CAShapeLayer(), CGFloat(2), CGFloat(6), 4)
    case "strokeStart", "strokeEnd": return (CAShapeLayer(), CGFloat(0.2), CGFloat(0.6), 0.4)
    case "startPoint", "endPoint": return (CAGradientLayer(), CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0.5), CGPoint(x: 0.5, y: 0.25))
    case "colors": return (CAGradientLayer(), [red, blue] as [Any], [blue, red] as [Any], [gray, gray] as [Any])
    case "locations": return (CAGradientLayer(), [0, 1] as [NSNumber], [0.5, 0.75] as [NSNumber], [0.25, 0.875] as [Any])
    case "instanceTransform":
        return (CAReplicatorLayer(), CATransform3DIdentity, CATransform3DMakeTranslation(10, -20, 0), CATransform3DMakeTranslation(5, -10, 0))
    case "instanceColor": return (CAReplicatorLayer(), red, blue, gray)
    case "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset":
        return (CAReplicatorLayer(), Float(-0.5), Float(0.5), 0)
    case "instanceCount": return (CAReplicatorLayer(), 1, 6, 3)  // 3.5 taken down to the whole count
    default: fatalError("no case for \(key)")
    }
}

let revision2AnimatableKeys = ["shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "shadowPath", "fillColor", "strokeColor",
                               "path", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd", "startPoint", "endPoint",
                               "colors", "locations", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                               "instanceBlueOffset", "instanceAlphaOffset", "instanceCount"]

@Suite struct Revision2DefaultsTests {
    @Test func layerDefaultsAreApples() {
        let l = CALayer()
        #expect(l.mask == nil)
        #expect(l.shadowColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(l.shadowOpacity == 0)
        #expect(l.shadowOffset == CGSize(width: 0, height: -3))
        #expect(l.shadowRadius == 3)
        #expect(l.shadowPath == nil)
        #expect(l.contentsScale == 1)
        #expect(l.needsDisplayOnBoundsChange == false)
        #expect(l.needsDisplay() == false)
    }

    @Test func gradientDefaultsAreApples() {
        let g = CAGradientLayer()
        #expect(g.colors == nil)
        #expect(g.locations == nil)
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(g.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(g.type == .axial)
        #expect([CAGradientLayerType.axial, .radial, .conic].map(\.rawValue) == ["axial", "radial", "conic"])
    }

    @Test func shapeDefaultsAreApples() {
        let s = CAShapeLayer()
        #expect(s.path == nil)
        #expect(s.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(s.fillRule == .nonZero)
        #expect(s.strokeColor == nil)
        #expect(s.lineWidth == 1)
        #expect(s.lineCap == .butt)
        #expect(s.lineJoin == .miter)
        #expect(s.miterLimit == 10)
        #expect(s.lineDashPattern == nil)
        #expect(s.lineDashPhase == 0)
        #expect(s.strokeStart == 0)
        #expect(s.strokeEnd == 1)
        // Core Animation's string constants (kCAFillRuleNonZero, kCALineCapButt, ...).
        #expect([CAShapeLayerFillRule.nonZero, .evenOdd].map(\.rawValue) == ["non-zero", "even-odd"])
        #expect([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue) == ["butt", "round", "square"])
        #expect([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue) == ["miter", "round", "bevel"])
    }

    @Test func replicatorDefaultsAreApples() {
        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1)
        #expect(r.instanceTransform == CATransform3DIdentity)
        #expect(r.instanceColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(r.instanceRedOffset == 0 && r.instanceGreenOffset == 0 && r.instanceBlueOffset == 0 && r.instanceAlphaOffset == 0)
        #expect(r.instanceDelay == 0)
        #expect(r.preservesDepth == false)
    }
}

@Suite struct Revision2CopyTests {
    @Test func layerCopyTakesEveryNewProperty() {
        let l = CALayer(), m = CALayer()
        l.shadowColor = red; l.shadowOpacity = 0.5; l.shadowOffset = CGSize(width: 2, height: 3); l.shadowRadius = 7
        l.shadowPath = rect(1, 2, 3, 4); l.mask = m; l.contentsScale = 2; l.needsDisplayOnBoundsChange = true
        let c = CALayer(layer: l)
        #expect(c.shadowColor == red && c.shadowOpacity == 0.5 && c.shadowOffset == CGSize(width: 2, height: 3) && c.shadowRadius == 7)
        #expect(c.shadowPath == rect(1, 2, 3, 4) && c.mask === m && c.contentsScale == 2 && c.needsDisplayOnBoundsChange)
        #expect(m.maskHost === l, "a copy does not take the mask away from its host")
    }

    @Test func gradientCopyTakesEveryProperty() {
        let g = CAGradientLayer()
        g.colors = [red, blue]; g.locations = [0.25, 0.5]; g.startPoint = CGPoint(x: 0, y: 1); g.endPoint = CGPoint(x: 1, y: 0); g.type = .radial
        let c = CAGradientLayer(layer: g)
        #expect(c.cgColors == [red, blue] && c.locations == [0.25, 0.5] && c.startPoint == CGPoint(x: 0, y: 1))
        #expect(c.endPoint == CGPoint(x: 1, y: 0) && c.type == .radial)
    }

    @Test func shapeCopyTakesEveryProperty() {
        let s = CAShapeLayer()
        s.path = rect(0, 0, 5, 5); s.fillColor = nil; s.fillRule = .evenOdd; s.strokeColor = blue; s.lineWidth = 3
        s.lineCap = .round; s.lineJoin = .bevel; s.miterLimit = 4; s.lineDashPattern = [2, 1]; s.lineDashPhase = 1.5
        s.strokeStart = 0.1; s.strokeEnd = 0.9
        let c = CAShapeLayer(layer: s)
        #expect(c.path == rect(0, 0, 5, 5) && c.fillColor == nil && c.fillRule == .evenOdd && c.strokeColor == blue)
        #expect(c.lineWidth == 3 && c.lineCap == .round && c.lineJoin == .bevel && c.miterLimit == 4)
        #expect(c.lineDashPattern == [2, 1] && c.lineDashPhase == 1.5 && c.strokeStart == 0.1 && c.strokeEnd == 0.9)
    }

    @Test func replicatorCopyTakesEveryProperty() {
        let r = CAReplicatorLayer()
        r.instanceCount = 5; r.instanceTransform = CATransform3DMakeTranslation(1, 2, 3); r.instanceColor = red
        r.instanceRedOffset = -0.1; r.instanceGreenOffset = -0.2; r.instanceBlueOffset = -0.3; r.instanceAlphaOffset = -0.4
        r.instanceDelay = 0.25; r.preservesDepth = true
        let c = CAReplicatorLayer(layer: r)
        #expect(c.instanceCount == 5 && c.instanceTransform == CATransform3DMakeTranslation(1, 2, 3) && c.instanceColor == red)
        #expect(c.instanceRedOffset == -0.1 && c.instanceGreenOffset == -0.2 && c.instanceBlueOffset == -0.3 && c.instanceAlphaOffset == -0.4)
        #expect(c.instanceDelay == 0.25 && c.preservesDepth)
    }

    @Test func aMutablePathIsCopiedWhenSet() {
        let p = CGMutablePath()
        p.move(to: .zero); p.addLine(to: CGPoint(x: 10, y: 0))
        let s = CAShapeLayer(), l = CALayer()
        s.path = p; l.shadowPath = p
        p.addLine(to: CGPoint(x: 10, y: 10))
        #expect(s.path?.elements.count == 2 && l.shadowPath?.elements.count == 2, "later changes to the path do not reach the layer")
    }
}

@Suite struct Revision2RevisionTests {
    static let changes: [String] = [
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "mask", "contentsScale", "needsDisplayOnBoundsChange",
        "setNeedsDisplay", "colors", "locations", "startPoint", "endPoint", "type", "path", "fillColor", "fillRule", "strokeColor",
        "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
        "instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
        "instanceAlphaOffset", "instanceDelay", "preservesDepth",
    ]

    @Test(arguments: changes)
    func everyNewPropertyCounts(_ key: String) {
        let root = CALayer(), sibling = CALayer()
        let g = CAGradientLayer(), s = CAShapeLayer(), r = CAReplicatorLayer()
        for l in [g, s, r, sibling] { l.delegate = NoActions.shared; root.addSublayer(l) }
        let before = root.subtreeRevision, siblingBefore = sibling.subtreeRevision
        var changed: CALayer = g
        switch key {
        case "shadowColor": g.shadowColor = red
        case "shadowOpacity": g.shadowOpacity = 0.5
        case "shadowOffset": g.shadowOffset = CGSize(width: 1, height: 1)
        case "shadowRadius": g.shadowRadius = 1
        case "shadowPath": g.shadowPath = rect(0, 0, 1, 1)
        case "mask": g.mask = CALayer()
        case "contentsScale": g.contentsScale = 3
        case "needsDisplayOnBoundsChange": g.needsDisplayOnBoundsChange = true
        case "setNeedsDisplay": g.setNeedsDisplay()
        case "colors": g.colors = [red]
        case "locations": g.locations = [0.5]
        case "startPoint": g.startPoint = .zero
        case "endPoint": g.endPoint = .zero
        case "type": g.type = .radial
        default:
            switch key {
            case "path": s.path = rect(0, 0, 1, 1)
            case "fillColor": s.fillColor = nil
            case "fillRule": s.fillRule = .evenOdd
            case "strokeColor": s.strokeColor = red
            case "lineWidth": s.lineWidth = 2
            case "lineCap": s.lineCap = .square
            case "lineJoin": s.lineJoin = .round
            case "miterLimit": s.miterLimit = 2
            case "lineDashPattern": s.lineDashPattern = [1]
            case "lineDashPhase": s.lineDashPhase = 1
            case "strokeStart": s.strokeStart = 0.5
            case "strokeEnd": s.strokeEnd = 0.5
            default:
                changed = r
                switch key {
                case "instanceCount": r.instanceCount = 3
                case "instanceTransform": r.instanceTransform = CATransform3DMakeScale(2, 2, 1)
                case "instanceColor": r.instanceColor = red
                case "instanceRedOffset": r.instanceRedOffset = 0.1
                case "instanceGreenOffset": r.instanceGreenOffset = 0.1
                case "instanceBlueOffset": r.instanceBlueOffset = 0.1
                case "instanceAlphaOffset": r.instanceAlphaOffset = 0.1
                case "instanceDelay": r.instanceDelay = 0.1
                case "preservesDepth": r.preservesDepth = true
                default: Issue.record("no change for \(key)")
                }
            }
            if changed !== r { changed = s }
        }
        #expect(changed.revision > before && root.subtreeRevision == changed.revision, "\(key) moved the revisions")
        #expect(sibling.subtreeRevision == siblingBefore)
    }

    @Test func settingTheSameColorsChangesNothing() {
        let g = CAGradientLayer()
        g.colors = [red, blue]
        let r = g.revision
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue]
        #expect(g.revision == r)
    }

    @Test func aChangeToTheMaskCountsForItsHost() {
        let root = CALayer(), host = CALayer(), mask = CALayer(), maskChild = CALayer()
        root.addSublayer(host)
        mask.addSublayer(maskChild)
        host.mask = mask
        #expect(mask.superlayer == nil, "a mask has no superlayer")
        let before = root.subtreeRevision
        maskChild.opacity = 0.5
        #expect(host.subtreeRevision > before && root.subtreeRevision == maskChild.revision)
        // A replaced mask no longer reports to its old host.
        host.mask = CALayer()
        let r = root.subtreeRevision
        maskChild.opacity = 0.25
        #expect(root.subtreeRevision == r)
        #expect(mask.maskHost == nil)
    }
}

@Suite struct Revision2KeyValueTests {
    @Test(arguments: revision2AnimatableKeys)
    func setAndReadBack(_ key: String) throws {
        let c = revision2AnimationCase(key)
        try c.layer.setValueChecked(c.to, forKeyPath: key)
        #expect(approxEqual(c.layer.value(forKeyPath: key), c.to), "\(key): \(String(describing: c.layer.value(forKeyPath: key)))")
    }

    @Test func otherNewKeys() throws {
        let l = CAShapeLayer()
        let m = CALayer()
        try l.setValueChecked(m, forKeyPath: "mask")
        #expect(l.mask === m && l.value(forKey: "mask") as? CALayer === m)
        try l.setValueChecked(2.0, forKeyPath: "contentsScale")
        #expect(l.contentsScale == 2)
        try l.setValueChecked("round", forKeyPath: "lineCap")
        #expect(l.lineCap == .round && l.value(forKey: "lineCap") as? String == "round")
        try l.setValueChecked(CAShapeLayerFillRule.evenOdd, forKeyPath: "fillRule")
        #expect(l.fillRule == .evenOdd)
        try l.setValueChecked([1, 2.5] as [Double], forKeyPath: "lineDashPattern")
        #expect(l.lineDashPattern == [1, 2.5])
        try l.setValueChecked(nil, forKeyPath: "fillColor")
        #expect(l.fillColor == nil)
        try l.setValueChecked(3.0, forKeyPath: "shadowOffset.height")
        #expect(l.shadowOffset == CGSize(width: 0, height: 3))
        let g = CAGradientLayer()
        try g.setValueChecked("radial", forKeyPath: "type")
        #expect(g.type == .radial)
        let r = CAReplicatorLayer()
        try r.setValueChecked(0.5, forKeyPath: "instanceDelay")
        try r.setValueChecked(true, forKeyPath: "preservesDepth")
        #expect(r.instanceDelay == 0.5 && r.preservesDepth)
    }

    @Test func wrongValuesAndOtherClassesKeysAreRefused() {
        #expect(throws: CALayerKeyPathError.self) { try CALayer().setValueChecked(1.0, forKeyPath: "fillColor") }
        #expect(throws: CALayerKeyPathError.self) { try CAShapeLayer().setValueChecked("x", forKeyPath: "lineWidth") }
        #expect(throws: CALayerKeyPathError.self) { try CAShapeLayer().setValueChecked(3, forKeyPath: "lineCap") }
        #expect(throws: CALayerKeyPathError.self) { try CAGradientLayer().setValueChecked(["a"], forKeyPath: "locations") }
        #expect(throws: CALayerKeyPathError.self) { try CALayer().setValueChecked(3, forKeyPath: "mask") }
        #expect(CALayer().value(forKey: "instanceCount") == nil)
    }
}
