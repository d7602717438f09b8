// Reading revision 2 (SCENE_FORMAT.md section 9): the four r2 fixtures with exact values,
// null colors, masks, and every new key's defaults when absent.
import Foundation
import Testing
import LaminaScene
import QuartzCore

/// A color from #RRGGBB(AA) as the reader computes it (each byte / 255).
func hex(_ s: String) -> CGColor {
    let b = stride(from: 1, to: s.count, by: 2).map { i in
        Double(UInt8(String(s.dropFirst(i).prefix(2)), radix: 16)!) / 255
    }
    return CGColor(red: b[0], green: b[1], blue: b[2], alpha: b.count == 4 ? b[3] : 1)
}

/// One r2 fixture.
func r2Scene(_ stem: String) throws -> Scene {
    try Scene.read(contentsOf: Paths.r2Scenes.appendingPathComponent(stem + ".json").path)
}

@Suite struct Revision2ReadingTests {
    @Test func gradientCards() throws {
        let s = try r2Scene("r2-gradient-cards")
        let subs = try #require(s.root.sublayers)
        #expect(subs.count == 3)
        let a = try #require(subs[0] as? CAGradientLayer)
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 160, height: 80) && a.position == CGPoint(x: 100, y: 60))
        #expect(a.cgColors == [hex("#5856d6"), hex("#ff2d55")] && a.locations == nil)
        #expect(a.startPoint == CGPoint(x: 0, y: 0) && a.endPoint == CGPoint(x: 1, y: 1) && a.type == .axial && a.cornerRadius == 10)
        let b = try #require(subs[1] as? CAGradientLayer)
        #expect(b.cgColors == [hex("#000000"), hex("#ffffff"), hex("#000000")] && b.locations == [0, 0.5, 1])
        #expect(b.transform == CATransform3DRotate(CATransform3DIdentity, -30 * .pi / 180, 1, 0, 0))
        #expect(b.startPoint == CGPoint(x: 0.5, y: 0) && b.endPoint == CGPoint(x: 0.5, y: 1), "the defaults")
        let c = try #require(subs[2] as? CAGradientLayer)
        #expect(c.type == .radial && c.startPoint == CGPoint(x: 0.5, y: 0.5) && c.endPoint == CGPoint(x: 1, y: 1))
        #expect(c.cgColors == [hex("#ffd60a"), hex("#ff9f0a"), hex("#ff453a")])
        #expect(s.root.sublayerTransform.m34 == -0.002)
    }

    @Test func maskAndShadow() throws {
        let s = try r2Scene("r2-mask-and-shadow")
        let subs = try #require(s.root.sublayers)
        let card = subs[0]
        #expect(card.shadowOpacity == Float(0.35) && card.shadowRadius == 6 && card.shadowOffset == CGSize(width: 0, height: 4))
        #expect(card.shadowColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1) && card.shadowPath == nil && card.mask == nil)
        let masked = subs[1]
        let mask = try #require(masked.mask)
        #expect(type(of: mask) == CALayer.self && mask.superlayer == nil)
        #expect(mask.bounds == CGRect(x: 0, y: 0, width: 130, height: 80) && mask.position == CGPoint(x: 75, y: 50))
        #expect(mask.cornerRadius == 25 && mask.backgroundColor == hex("#000000"))
        #expect(masked.sublayers?.count == 1 && masked.shadowOpacity == 0)
        let faded = subs[2]
        let gradientMask = try #require(faded.mask as? CAGradientLayer)
        #expect(gradientMask.cgColors == [hex("#000000ff"), hex("#00000000")])
        #expect(gradientMask.bounds.size == CGSize(width: 240, height: 100))
        #expect(faded.shadowOpacity == Float(0.6) && faded.shadowRadius == 4 && faded.shadowOffset == CGSize(width: 4, height: 4))
        #expect(s.allLayers.count == 6, "masks are not sublayers")
    }

    @Test func replicatorRow() throws {
        let s = try r2Scene("r2-replicator-row")
        let subs = try #require(s.root.sublayers)
        let a = try #require(subs[0] as? CAReplicatorLayer)
        #expect(a.instanceCount == 8 && a.instanceTransform == CATransform3DMakeTranslation(38, -6, 0))
        #expect(a.instanceAlphaOffset == Float(-0.08) && a.instanceRedOffset == Float(-0.1) && a.instanceGreenOffset == Float(-0.05))
        #expect(a.instanceBlueOffset == 0 && a.instanceColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(a.instanceDelay == 0 && !a.preservesDepth && a.sublayers?.count == 1)
        #expect(a.sublayers?.first?.bounds == CGRect(x: 0, y: 0, width: 28, height: 60))
        let b = try #require(subs[1] as? CAReplicatorLayer)
        #expect(b.instanceCount == 2 && b.instanceAlphaOffset == Float(-0.7))
        #expect(b.instanceTransform == CATransform3DScale(CATransform3DMakeTranslation(0, 50, 0), 1, -1, 1))
        let g = try #require(b.sublayers?.first as? CAGradientLayer)
        #expect(g.startPoint == CGPoint(x: 0, y: 0.5) && g.endPoint == CGPoint(x: 1, y: 0.5) && g.cornerRadius == 8)
    }

    @Test func shapeBadges() throws {
        let s = try r2Scene("r2-shape-badges")
        let subs = try #require(s.root.sublayers).map { try #require($0 as? CAShapeLayer) }
        #expect(subs.count == 4)
        let check = subs[0]
        #expect(check.path?.elements == [.moveToPoint(CGPoint(x: 25, y: 52)), .addLineToPoint(CGPoint(x: 43, y: 70)),
                                         .addLineToPoint(CGPoint(x: 77, y: 32))])
        #expect(check.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 0) && check.strokeColor == hex("#ffffff"))
        #expect(check.lineWidth == 9 && check.lineCap == .round && check.lineJoin == .round && check.backgroundColor == hex("#34c759"))
        #expect(check.miterLimit == 10 && check.strokeStart == 0 && check.strokeEnd == 1 && check.lineDashPattern == nil)
        let ring = subs[1]
        #expect(ring.fillRule == .evenOdd && ring.fillColor == hex("#007aff") && ring.strokeColor == nil)
        #expect(ring.path?.elements.count == 12 && ring.path?.elements.filter { $0 == .closeSubpath }.count == 2)
        #expect(ring.path?.elements[1] == .addCurveToPoint(to: CGPoint(x: 95, y: 50), control1: CGPoint(x: 75, y: 5), control2: CGPoint(x: 95, y: 25)))
        let dashed = subs[2]
        #expect(dashed.lineDashPattern == [10, 6] && dashed.lineWidth == 5 && dashed.strokeColor == hex("#ff9500") && dashed.lineDashPhase == 0)
        let half = subs[3]
        #expect(half.strokeEnd == 0.5 && half.lineJoin == .miter && half.lineWidth == 7 && half.strokeColor == hex("#af52de"))
        #expect(half.transform == CATransform3DRotate({ var t = CATransform3DIdentity; t.m34 = -0.002; return t }(), 25 * .pi / 180, 0, 1, 0))
    }

    @Test func nullColorsMeanNoColor() throws {
        let l = try parseLayer(#"{"backgroundColor": null, "borderColor": null, "shadowColor": null}"#)
        #expect(l.backgroundColor == nil && l.borderColor == nil && l.shadowColor == nil)
        let s = try #require(try parseLayer(#"{"type": "shapeLayer", "fillColor": null, "strokeColor": null}"#) as? CAShapeLayer)
        #expect(s.fillColor == nil && s.strokeColor == nil)
    }

    @Test func absentKeysKeepApplesDefaults() throws {
        let s = try #require(try parseLayer(#"{"type": "shapeLayer"}"#) as? CAShapeLayer)
        #expect(s.path == nil && s.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1) && s.strokeColor == nil)
        #expect(s.shadowOpacity == 0 && s.shadowOffset == CGSize(width: 0, height: -3) && s.shadowRadius == 3 && s.contentsScale == 1)
        let g = try #require(try parseLayer(#"{"type": "gradientLayer"}"#) as? CAGradientLayer)
        #expect(g.colors == nil && g.locations == nil && g.type == .axial)
        let r = try #require(try parseLayer(#"{"type": "replicatorLayer"}"#) as? CAReplicatorLayer)
        #expect(r.instanceCount == 1 && r.instanceTransform == CATransform3DIdentity)
    }

    @Test func everyOtherKeyIsRead() throws {
        let l = try parseLayer(#"""
            {"shadowPath": "M0 0 H10 V5 Z", "contentsScale": 2.5,
             "mask": {"type": "shapeLayer", "path": "", "sublayers": [{"name": "inner"}], "mask": {"name": "maskOfMask"}}}
            """#)
        #expect(l.shadowPath?.elements == [.moveToPoint(.zero), .addLineToPoint(CGPoint(x: 10, y: 0)),
                                           .addLineToPoint(CGPoint(x: 10, y: 5)), .closeSubpath])
        #expect(l.contentsScale == 2.5)
        let m = try #require(l.mask as? CAShapeLayer)
        #expect(m.path?.isEmpty == true, "an empty string is an empty path")
        #expect(m.sublayers?.first?.name == "inner" && m.mask?.name == "maskOfMask")
        let s = try #require(try parseLayer(#"""
            {"type": "shapeLayer", "fillRule": "nonZero", "lineCap": "square", "lineJoin": "bevel", "miterLimit": 3,
             "lineDashPhase": 2.5, "strokeStart": 0.25, "lineDashPattern": []}
            """#) as? CAShapeLayer)
        #expect(s.fillRule == .nonZero && s.lineCap == .square && s.lineJoin == .bevel && s.miterLimit == 3)
        #expect(s.lineDashPhase == 2.5 && s.strokeStart == 0.25 && s.lineDashPattern == [])
        let r = try #require(try parseLayer(#"""
            {"type": "replicatorLayer", "instanceColor": "#ff000080", "instanceBlueOffset": 0.5, "instanceDelay": 0.125,
             "preservesDepth": true}
            """#) as? CAReplicatorLayer)
        #expect(r.instanceColor == hex("#ff000080") && r.instanceBlueOffset == 0.5 && r.instanceDelay == 0.125 && r.preservesDepth)
    }
}
