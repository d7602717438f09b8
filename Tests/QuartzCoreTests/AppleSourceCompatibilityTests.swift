// Code written exactly as an iOS developer writes it, compiled unchanged: only `import
// QuartzCore` and `import CoreGraphics`, Apple's names, types and argument labels, no Lamina
// name. It checks Core Animation's documented defaults (developer.apple.com: shadowOffset
// (0, -3), shadowRadius 3, miterLimit 10, fillColor opaque black, instanceColor opaque white,
// startPoint (0.5, 0)...) and sets every revision-2 property with Apple's types.
// Drawing (CGPath, CGContext, layer display) is in AppleDrawingCompatibilityTests.swift.
import Testing
import QuartzCore
import CoreGraphics

/// A color's red, green, blue and alpha, whether it was made in a gray or an RGB space (Apple
/// code cannot assume the space of a default color, so it reads the components this way).
func appleRGBA(_ color: CGColor?) -> [CGFloat]? {
    guard let c = color?.components else { return nil }
    return c.count == 2 ? [c[0], c[0], c[0], c[1]] : c
}

@Suite("Apple source compatibility: layers")
struct AppleSourceCompatibilityTests {
    @Test func calayerDefaults() {
        let layer = CALayer()
        #expect(layer.mask == nil)
        #expect(appleRGBA(layer.shadowColor) == [0, 0, 0, 1])
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.shadowPath == nil)
        #expect(layer.contentsScale == 1)
        #expect(layer.needsDisplayOnBoundsChange == false)
        #expect(layer.needsDisplay() == false)
    }

    @Test func gradientLayerDefaults() {
        let gradient = CAGradientLayer()
        #expect(gradient.colors == nil)
        #expect(gradient.locations == nil)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(gradient.type == .axial)
        #expect(CAGradientLayerType.axial.rawValue == "axial" && CAGradientLayerType.radial.rawValue == "radial"
                && CAGradientLayerType.conic.rawValue == "conic")
    }

    @Test func shapeLayerDefaults() {
        let shape = CAShapeLayer()
        #expect(shape.path == nil)
        #expect(appleRGBA(shape.fillColor) == [0, 0, 0, 1])
        #expect(shape.fillRule == .nonZero)
        #expect(shape.strokeColor == nil)
        #expect(shape.lineWidth == 1)
        #expect(shape.lineCap == .butt)
        #expect(shape.lineJoin == .miter)
        #expect(shape.miterLimit == 10)
        #expect(shape.lineDashPattern == nil)
        #expect(shape.lineDashPhase == 0)
        #expect(shape.strokeStart == 0)
        #expect(shape.strokeEnd == 1)
        // Apple's string constants (kCAFillRuleNonZero is "non-zero", kCALineCapButt "butt"...).
        #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero" && CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
        #expect([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue) == ["butt", "round", "square"])
        #expect([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue) == ["miter", "round", "bevel"])
    }

    @Test func replicatorLayerDefaults() {
        let replicator = CAReplicatorLayer()
        #expect(replicator.instanceCount == 1)
        #expect(CATransform3DIsIdentity(replicator.instanceTransform))
        #expect(appleRGBA(replicator.instanceColor) == [1, 1, 1, 1])
        #expect(replicator.instanceRedOffset == 0 && replicator.instanceGreenOffset == 0)
        #expect(replicator.instanceBlueOffset == 0 && replicator.instanceAlphaOffset == 0)
        #expect(replicator.instanceDelay == 0)
        #expect(replicator.preservesDepth == false)
    }

    /// A card with a shadow, a rounded mask and a gradient reflection below it, as a cover
    /// flow builds one.
    @Test func coverFlowCardSetsEveryLayerProperty() {
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 120, height: 160)
        card.contentsScale = 2
        card.shadowColor = CGColor(gray: 0, alpha: 1)
        card.shadowOpacity = 0.6
        card.shadowOffset = CGSize(width: 0, height: 8)
        card.shadowRadius = 10
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)
        let rounded = CAShapeLayer()
        rounded.frame = card.bounds
        rounded.path = UIBezierPathLike.roundedRect(card.bounds, radius: 12)
        card.mask = rounded
        #expect(card.mask === rounded)
        #expect(card.shadowPath?.boundingBox == card.bounds)

        let fade = CAGradientLayer()
        fade.frame = card.bounds
        fade.colors = [CGColor(gray: 1, alpha: 0.5), CGColor(gray: 1, alpha: 0)]
        fade.locations = [0, 0.6]
        fade.startPoint = CGPoint(x: 0.5, y: 0)
        fade.endPoint = CGPoint(x: 0.5, y: 1)
        fade.type = .conic
        fade.type = .radial
        fade.type = .axial
        #expect(fade.colors?.count == 2 && (fade.colors?.first as! CGColor).alpha == 0.5)
        #expect(fade.locations == [0, 0.6] && fade.locations?[1].doubleValue == 0.6)

        let reflection = CAReplicatorLayer()
        reflection.frame = card.frame
        reflection.instanceCount = 2
        var flip = CATransform3DIdentity
        flip = CATransform3DTranslate(flip, 0, card.bounds.height + 4, 0)
        flip = CATransform3DScale(flip, 1, -1, 1)
        reflection.instanceTransform = flip
        reflection.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        reflection.instanceRedOffset = -0.1
        reflection.instanceGreenOffset = -0.1
        reflection.instanceBlueOffset = -0.1
        reflection.instanceAlphaOffset = -0.5
        reflection.instanceDelay = 0.05
        reflection.preservesDepth = true
        reflection.addSublayer(card)
        #expect(reflection.instanceTransform.m22 == -1 && reflection.instanceAlphaOffset == -0.5)
        #expect(reflection.instanceDelay == 0.05 && reflection.preservesDepth)
    }

    @Test func progressRingShapeLayer() {
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        ring.path = CGPath(ellipseIn: ring.bounds.insetBy(dx: 6, dy: 6), transform: nil)
        ring.fillColor = nil
        ring.fillRule = .evenOdd
        ring.strokeColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.lineJoin = .bevel
        ring.miterLimit = 4
        ring.lineDashPattern = [6, 3]
        ring.lineDashPattern = [NSNumber(value: 6), NSNumber(value: 3.5)]
        ring.lineDashPhase = 2
        ring.strokeStart = 0.1
        ring.strokeEnd = 0.75
        #expect(ring.fillColor == nil && ring.fillRule == .evenOdd && ring.lineCap == .round && ring.lineJoin == .bevel)
        #expect(ring.lineDashPattern?.map(\.doubleValue) == [6, 3.5])
        #expect(ring.lineWidth == 8 && ring.miterLimit == 4 && ring.lineDashPhase == 2)
        #expect(ring.strokeStart == 0.1 && ring.strokeEnd == 0.75)
        #expect(ring.path?.boundingBoxOfPath == CGRect(x: 6, y: 6, width: 68, height: 68))
    }

    /// A long animation that began half its duration ago is halfway (time passes while the test
    /// runs: a few milliseconds of a 1000 s animation).
    func halfwayAnimation(_ keyPath: String, from: Any, to: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1000
        animation.beginTime = CACurrentMediaTime() - 500
        return animation
    }

    @Test func explicitAnimationsOfTheNewKeyPaths() throws {
        let ring = CAShapeLayer()
        ring.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        ring.add(halfwayAnimation("strokeEnd", from: 0, to: 1), forKey: "progress")
        ring.add(halfwayAnimation("lineWidth", from: 2, to: 6), forKey: nil)
        ring.add(halfwayAnimation("shadowOpacity", from: 0, to: 1), forKey: "fade")
        ring.add(halfwayAnimation("fillColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                  to: CGColor(red: 0, green: 0, blue: 1, alpha: 1)), forKey: "tint")
        ring.add(halfwayAnimation("path", from: CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil),
                                  to: CGPath(rect: CGRect(x: 20, y: 0, width: 10, height: 30), transform: nil)), forKey: "morph")
        let spin = CABasicAnimation(keyPath: "strokeEnd")
        spin.fromValue = 0
        spin.toValue = 1
        spin.duration = 1.5
        spin.repeatCount = .infinity
        ring.add(spin, forKey: "spin")
        #expect(ring.animationKeys()?.contains("spin") == true && ring.animation(forKey: "progress") is CABasicAnimation)
        ring.removeAnimation(forKey: "spin")

        let shown = try #require(ring.presentation())
        #expect(abs(shown.strokeEnd - 0.5) < 0.01)
        #expect(abs(shown.lineWidth - 4) < 0.02)
        #expect(abs(shown.shadowOpacity - 0.5) < 0.01)
        let tint = try #require(appleRGBA(shown.fillColor))
        #expect(abs(tint[0] - 0.5) < 0.01 && abs(tint[2] - 0.5) < 0.01)
        let box = try #require(shown.path?.boundingBox)
        #expect(abs(box.minX - 10) < 0.1 && abs(box.height - 20) < 0.1, "the path halfway: \(box)")
        #expect(ring.strokeEnd == 1, "the model keeps its value")

        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        gradient.add(halfwayAnimation("startPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 0)), forKey: nil)
        gradient.add(halfwayAnimation("locations", from: [0, 1] as [NSNumber], to: [0.5, 1] as [NSNumber]), forKey: nil)
        let g = try #require(gradient.presentation())
        #expect(abs(g.startPoint.x - 0.5) < 0.01)
        #expect(abs((g.locations?[0].doubleValue ?? -1) - 0.25) < 0.01)

        let replicator = CAReplicatorLayer()
        replicator.add(halfwayAnimation("instanceTransform", from: CATransform3DIdentity,
                                        to: CATransform3DMakeTranslation(40, 0, 0)), forKey: nil)
        replicator.add(halfwayAnimation("instanceAlphaOffset", from: Float(0), to: Float(-1)), forKey: nil)
        let r = try #require(replicator.presentation())
        #expect(abs(r.instanceTransform.m41 - 20) < 0.1 && abs(r.instanceAlphaOffset + 0.5) < 0.01)
    }
}

/// What UIBezierPath(roundedRect:cornerRadius:).cgPath gives, built with CGMutablePath
/// (UIKit is not part of QuartzCore).
enum UIBezierPathLike {
    static func roundedRect(_ rect: CGRect, radius: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
        return path
    }
}

extension TransactionTests {
    /// Implicit animations as Core Animation runs them: a committed layer animates its new
    /// values (strokeEnd draws a ring, shadowOpacity fades), except `path` and `shadowPath`,
    /// which Core Animation never animates implicitly; disabled actions animate nothing.
    @Test func appleCodeAnimatesImplicitlyExceptPaths() {
        let ring = CAShapeLayer()
        ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        ring.strokeEnd = 0
        let gradient = CAGradientLayer()
        let replicator = CAReplicatorLayer()
        CATransaction.flush()   // shown once: later changes animate

        ring.strokeEnd = 1
        ring.shadowOpacity = 0.8
        ring.shadowRadius = 6
        ring.lineWidth = 3
        ring.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        ring.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        ring.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        gradient.endPoint = CGPoint(x: 1, y: 1)
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

        for key in ["strokeEnd", "shadowOpacity", "shadowRadius", "lineWidth", "strokeColor"] {
            let animation = ring.animation(forKey: key) as? CABasicAnimation
            #expect(animation?.keyPath == key, "\(key) animates implicitly")
        }
        #expect(ring.animation(forKey: "path") == nil, "path never animates implicitly")
        #expect(ring.animation(forKey: "shadowPath") == nil, "shadowPath never animates implicitly")
        #expect(ring.strokeEnd == 1 && ring.path?.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(gradient.animation(forKey: "colors") != nil && gradient.animation(forKey: "endPoint") != nil)
        #expect(replicator.animation(forKey: "instanceTransform") != nil && replicator.animation(forKey: "instanceColor") != nil)
        CATransaction.flush()

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.removeAllAnimations()
        ring.strokeEnd = 0.5
        CATransaction.commit()
        #expect(ring.animationKeys() == nil)
        CATransaction.flush()
    }
}
