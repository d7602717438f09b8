// What basic animations interpolate: Core Animation's from/to/by rules, additive and
// cumulative animations, whole-matrix transforms (by decomposition) against the transform
// sub-paths (by their scalars), colors, rectangles and scalars.
import Testing
import QuartzCore

private let t0 = 50.0

/// The presentation of `layer` at fraction f of a 1 s animation added at t0.
private func at(_ layer: CALayer, _ f: Double) -> CALayer { layer.presentation(at: t0 + f)! }

/// A layer whose model position is (10, 20), with `anim` added at t0.
private func positioned(_ anim: CABasicAnimation) -> CALayer {
    let l = quietLayer { $0.position = CGPoint(x: 10, y: 20) }
    l.add(anim, forKey: "a", now: t0)
    return l
}

@Suite struct FromToByTests {
    @Test func fromAndTo() {
        let l = positioned(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 200)))
        expectClose(at(l, 0).position, CGPoint(x: 0, y: 0))
        expectClose(at(l, 0.5).position, CGPoint(x: 50, y: 100))
        expectClose(at(l, 0.9).position, CGPoint(x: 90, y: 180))
    }

    @Test func fromAndBy() {
        let l = positioned(basic("position", from: CGPoint(x: 0, y: 0), by: CGPoint(x: 10, y: -40)))
        expectClose(at(l, 0).position, CGPoint(x: 0, y: 0))
        expectClose(at(l, 0.5).position, CGPoint(x: 5, y: -20))
        expectClose(at(l, 0.9).position, CGPoint(x: 9, y: -36))
    }

    @Test func toAndBy() {
        let l = positioned(basic("position", to: CGPoint(x: 100, y: 100), by: CGPoint(x: 10, y: 40)))
        expectClose(at(l, 0).position, CGPoint(x: 90, y: 60), 1e-9, "starts at to - by")
        expectClose(at(l, 0.5).position, CGPoint(x: 95, y: 80))
    }

    @Test func fromOnlyEndsAtTheModelValue() {
        let l = positioned(basic("position", from: CGPoint(x: 0, y: 0)))
        expectClose(at(l, 0.5).position, CGPoint(x: 5, y: 10))
        expectClose(at(l, 0.9).position, CGPoint(x: 9, y: 18))
    }

    @Test func toOnlyStartsAtTheModelValue() {
        let l = positioned(basic("position", to: CGPoint(x: 110, y: 220)))
        expectClose(at(l, 0).position, CGPoint(x: 10, y: 20))
        expectClose(at(l, 0.5).position, CGPoint(x: 60, y: 120))
    }

    @Test func byOnlyAddsToTheModelValue() {
        let l = positioned(basic("position", by: CGPoint(x: 10, y: 10)))
        expectClose(at(l, 0).position, CGPoint(x: 10, y: 20))
        expectClose(at(l, 0.5).position, CGPoint(x: 15, y: 25))
        expectClose(at(l, 0.9).position, CGPoint(x: 19, y: 29))
    }

    @Test func fromToAndByIgnoresBy() {
        let l = positioned(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0), by: CGPoint(x: 7, y: 7)))
        expectClose(at(l, 0.5).position, CGPoint(x: 50, y: 0))
    }

    @Test func additiveAddsToTheModelValue() {
        let l = positioned(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: -10)) { $0.isAdditive = true })
        expectClose(at(l, 0).position, CGPoint(x: 10, y: 20))
        expectClose(at(l, 0.5).position, CGPoint(x: 60, y: 15))
        // Two additive animations on one property add up.
        l.add(basic("position.x", from: 0.0, to: 1000.0) { $0.isAdditive = true }, forKey: "b", now: t0)
        expectClose(at(l, 0.5).position, CGPoint(x: 560, y: 15))
    }

    @Test func additiveScalar() {
        let l = quietLayer { $0.opacity = 0.5 }
        l.add(basic("opacity", from: -0.5, to: 0.0) { $0.isAdditive = true }, forKey: "o", now: t0)
        expectNear(Double(at(l, 0).opacity), 0, 1e-6)
        expectNear(Double(at(l, 0.5).opacity), 0.25, 1e-6)
    }

    @Test func cumulativeBuildsOnEachRepeat() {
        let l = quietLayer()
        l.add(basic("zPosition", from: 0.0, to: 10.0) {
            $0.isCumulative = true; $0.repeatCount = 3; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false
        }, forKey: "z", now: t0)
        expectNear(presentedZ(l, t0 + 0.5), 5)
        expectNear(presentedZ(l, t0 + 1.5), 15, 1e-9, "second repeat starts where the first ended")
        expectNear(presentedZ(l, t0 + 2.5), 25)
        expectNear(presentedZ(l, t0 + 9), 30, 1e-9, "filled with the end of the third repeat")
        // Not cumulative: every repeat starts over.
        let m = quietLayer()
        m.add(basic("zPosition", from: 0.0, to: 10.0) { $0.repeatCount = 3 }, forKey: "z", now: t0)
        expectNear(presentedZ(m, t0 + 2.5), 5)
    }

    @Test func cumulativePoints() {
        let l = quietLayer()
        l.add(basic("position", from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 6)) { $0.isCumulative = true; $0.repeatCount = 2 },
              forKey: "p", now: t0)
        expectClose(at(l, 1.5).position, CGPoint(x: 4, y: 8), 1e-9, "half way, (2, 4), plus one whole change, (2, 4)")
    }
}

@Suite struct TransformAnimationTests {
    private func transformLayer(model: CATransform3D = CATransform3DIdentity, _ anim: CABasicAnimation) -> CALayer {
        let l = quietLayer { $0.transform = model }
        l.add(anim, forKey: "t", now: t0)
        return l
    }

    @Test func wholeMatrixFullTurnDoesNotMove() {
        let l = transformLayer(basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
        for k in 0..<20 {
            let f = Double(k) / 20
            expectClose(at(l, f).transform, CATransform3DIdentity, 1e-9, "at \(f)")
        }
    }

    @Test func wholeMatrixRotationAboutYInterpolatesTheAngle() {
        let l = transformLayer(basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 1, 0)))
        expectClose(at(l, 0.5).transform, CATransform3DMakeRotation(.pi / 4, 0, 1, 0), 1e-9)
        expectClose(at(l, 0.25).transform, CATransform3DMakeRotation(.pi / 8, 0, 1, 0), 1e-9)
        // With the default curve the angle follows the eased fraction.
        let m = transformLayer(basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 1, 0)) {
            $0.timingFunction = CAMediaTimingFunction(name: .default)
        })
        let e = referenceDefault(0.3)
        expectClose(at(m, 0.3).transform, CATransform3DMakeRotation(.pi / 2 * e, 0, 1, 0), 1e-6)
    }

    @Test func wholeMatrixTranslationAndScale() {
        let from = CATransform3DMakeTranslation(10, 0, 0)
        let to = CATransform3DMakeScale(3, 3, 1).concatenating(CATransform3DMakeTranslation(30, 40, 50))
        let l = transformLayer(basic("transform", from: from, to: to))
        let want = CATransform3DMakeScale(2, 2, 1).concatenating(CATransform3DMakeTranslation(20, 20, 25))
        expectClose(at(l, 0.5).transform, want, 1e-9)
    }

    @Test func rotationZSubPathTurnsOnce() {
        let l = transformLayer(basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi))
        expectClose(at(l, 0.25).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9)
        expectClose(at(l, 0.5).transform, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-9)
        expectClose(at(l, 0.75).transform, CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1), 1e-9)
        // "transform.rotation" is the same as rotation.z.
        let m = transformLayer(basic("transform.rotation", from: 0.0, to: 2 * Double.pi))
        expectClose(at(m, 0.25).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9)
    }

    @Test func rotationXAndYSubPaths() {
        let l = transformLayer(basic("transform.rotation.x", from: 0.0, to: Double.pi))
        expectClose(at(l, 0.25).transform, CATransform3DMakeRotation(.pi / 4, 1, 0, 0), 1e-9)
        let m = transformLayer(basic("transform.rotation.y", from: -1.0, to: 1.0))
        expectClose(at(m, 0.75).transform, CATransform3DMakeRotation(0.5, 0, 1, 0), 1e-9)
    }

    @Test func rotationSubPathKeepsTheModelTranslation() {
        let l = transformLayer(model: CATransform3DMakeTranslation(30, 40, 0), basic("transform.rotation.z", from: 0.0, to: Double.pi))
        let want = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).concatenating(CATransform3DMakeTranslation(30, 40, 0))
        expectClose(at(l, 0.5).transform, want, 1e-9)
    }

    @Test func scaleSubPaths() {
        let l = transformLayer(basic("transform.scale", from: 1.0, to: 3.0))
        expectClose(at(l, 0.5).transform, CATransform3DMakeScale(2, 2, 2), 1e-9)
        let m = transformLayer(basic("transform.scale.x", from: 1.0, to: 0.0))
        expectClose(at(m, 0.75).transform, CATransform3DMakeScale(0.25, 1, 1), 1e-9)
        let n = transformLayer(basic("transform.scale.y", to: 5.0))
        expectClose(at(n, 0.5).transform, CATransform3DMakeScale(1, 3, 1), 1e-9)
    }

    @Test func translationSubPaths() {
        let l = transformLayer(basic("transform.translation.x", from: 0.0, to: 100.0))
        expectClose(at(l, 0.25).transform, CATransform3DMakeTranslation(25, 0, 0), 1e-9)
        let m = transformLayer(basic("transform.translation", from: CGSize(width: 0, height: 0), to: CGSize(width: 40, height: -80)))
        expectClose(at(m, 0.5).transform, CATransform3DMakeTranslation(20, -40, 0), 1e-9)
        let n = transformLayer(basic("transform.translation.z", from: 0.0, to: -10.0))
        expectClose(at(n, 0.5).transform, CATransform3DMakeTranslation(0, 0, -5), 1e-9)
    }

    @Test func sublayerTransformSubPaths() {
        let l = quietLayer()
        l.add(basic("sublayerTransform.rotation.z", from: 0.0, to: 2 * Double.pi), forKey: "r", now: t0)
        expectClose(at(l, 0.5).sublayerTransform, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-9)
        expectClose(at(l, 0.5).transform, CATransform3DIdentity, 0, "transform untouched")
        let m = quietLayer()
        m.add(basic("sublayerTransform.translation.y", from: 0.0, to: 8.0), forKey: "t", now: t0)
        expectClose(at(m, 0.25).sublayerTransform, CATransform3DMakeTranslation(0, 2, 0), 1e-9)
        let n = quietLayer()
        n.add(basic("sublayerTransform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1)), forKey: "s", now: t0)
        expectClose(at(n, 0.5).sublayerTransform, CATransform3DIdentity, 1e-9, "whole matrix: no turn")
    }

    /// An additive transform applies in the layer's own space, before the model transform.
    @Test func additiveTransform() {
        let l = transformLayer(model: CATransform3DMakeTranslation(30, 40, 0),
                               basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi, 0, 0, 1)) { $0.isAdditive = true })
        let want = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).concatenating(CATransform3DMakeTranslation(30, 40, 0))
        expectClose(at(l, 0.5).transform, want, 1e-9)
    }

    /// from + by and to - by are inverse operations on transforms too: an animation from F by
    /// B ends at some E, and one to E by B starts at F (the matrices here do not commute).
    @Test func transformByValuesAreConsistent() {
        let f = CATransform3DMakeTranslation(10, 0, 0), b = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let l = transformLayer(basic("transform", from: f, by: b) { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false })
        let e = at(l, 5).transform
        #expect(maxDiff(e, f) > 0.5, "it moved")
        let m = transformLayer(basic("transform", to: e, by: b))
        expectClose(at(m, 0).transform, f, 1e-9, "to - by")
        // The by-only case adds to the model in the same way.
        let n = transformLayer(model: f, basic("transform", by: b) { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false })
        expectClose(at(n, 5).transform, e, 1e-9)
    }

    @Test func subPathsOnOneTransformCombine() {
        let l = quietLayer()
        l.add(basic("transform.rotation.z", from: 0.0, to: Double.pi), forKey: "r", now: t0)
        l.add(basic("transform.translation.x", from: 0.0, to: 100.0), forKey: "x", now: t0)
        let want = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).concatenating(CATransform3DMakeTranslation(50, 0, 0))
        expectClose(at(l, 0.5).transform, want, 1e-9)
    }
}

@Suite struct PropertyAnimationValueTests {
    @Test func backgroundColorPerComponentStraightAlpha() {
        let l = quietLayer { $0.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        let from = CGColor(red: 1, green: 0, blue: 0, alpha: 1), to = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
        l.add(basic("backgroundColor", from: from, to: to), forKey: "c", now: t0)
        expectNear(at(l, 0.25).backgroundColor, CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.75), 1e-9)
        expectNear(at(l, 0.5).backgroundColor, CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.5), 1e-9)
        expectNear(at(l, 2).backgroundColor, CGColor(red: 0, green: 1, blue: 0, alpha: 1), 0, "model after the end")
    }

    @Test func borderColorToOnly() {
        let l = quietLayer { $0.borderColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1) }
        l.add(basic("borderColor", to: CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)), forKey: "c", now: t0)
        expectNear(at(l, 0.5).borderColor, CGColor(red: 0.6, green: 0.7, blue: 0.8, alpha: 0.75), 1e-9)
    }

    @Test func boundsInterpolatesEveryField() {
        let l = quietLayer { $0.bounds = CGRect(x: 0, y: 0, width: 1, height: 1) }
        l.add(basic("bounds", from: CGRect(x: 0, y: 0, width: 10, height: 20), to: CGRect(x: 10, y: 20, width: 30, height: 60)),
              forKey: "b", now: t0)
        expectClose(at(l, 0.5).bounds, CGRect(x: 5, y: 10, width: 20, height: 40))
        expectClose(at(l, 0.1).bounds, CGRect(x: 1, y: 2, width: 12, height: 24))
        // bounds.size alone.
        let m = quietLayer { $0.bounds = CGRect(x: 3, y: 4, width: 1, height: 1) }
        m.add(basic("bounds.size", to: CGSize(width: 11, height: 21)), forKey: "s", now: t0)
        expectClose(at(m, 0.5).bounds, CGRect(x: 3, y: 4, width: 6, height: 11))
    }

    @Test func scalars() {
        let l = quietLayer()
        l.add(basic("zPosition", from: -10.0, to: 10.0), forKey: "z", now: t0)
        l.add(basic("cornerRadius", from: 0.0, to: 8.0), forKey: "r", now: t0)
        l.add(basic("borderWidth", from: 2.0, to: 4.0), forKey: "w", now: t0)
        l.add(basic("anchorPointZ", from: 0.0, to: -5.0), forKey: "az", now: t0)
        l.add(basic("opacity", from: 1.0, to: 0.0), forKey: "o", now: t0)
        let p = at(l, 0.3)
        expectNear(Double(p.zPosition), -4)
        expectNear(Double(p.cornerRadius), 2.4)
        expectNear(Double(p.borderWidth), 2.6)
        expectNear(Double(p.anchorPointZ), -1.5)
        expectNear(Double(p.opacity), 0.7, 1e-6)
    }

    @Test func pointsAndFieldPaths() {
        let l = quietLayer { $0.position = CGPoint(x: 1, y: 2) }
        l.add(basic("position.y", from: 0.0, to: 100.0), forKey: "y", now: t0)
        l.add(basic("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1)), forKey: "a", now: t0)
        let p = at(l, 0.4)
        expectClose(p.position, CGPoint(x: 1, y: 40))
        expectClose(p.anchorPoint, CGPoint(x: 0.4, y: 0.4))
    }

    @Test func contentsRect() {
        let l = quietLayer()
        l.add(basic("contentsRect", to: CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)), forKey: "c", now: t0)
        expectClose(at(l, 0.5).contentsRect, CGRect(x: 0.25, y: 0.25, width: 0.75, height: 0.75))
    }

    @Test func laterAnimationsOfOneKeyPathWin() {
        let l = quietLayer()
        l.add(basic("zPosition", from: 0.0, to: 10.0), forKey: "a", now: t0)
        l.add(basic("zPosition", from: 100.0, to: 200.0), forKey: "b", now: t0)
        expectNear(presentedZ(l, t0 + 0.5), 150)
        #expect(l.animationKeys() == ["a", "b"])
        // Re-adding under a key replaces the animation there.
        l.add(basic("zPosition", from: 0.0, to: 10.0), forKey: "b", now: t0)
        #expect(l.animationKeys() == ["a", "b"])
        expectNear(presentedZ(l, t0 + 0.5), 5)
    }
}
