// Key-value coding: layer properties, their fields, and the transform sub-paths.
import Testing
import QuartzCore

private func number(_ v: Any?) -> CGFloat? {
    switch v {
    case let c as CGFloat: c
    case let d as Double: CGFloat(d)
    case let f as Float: CGFloat(f)
    default: nil
    }
}

@Suite("Key paths")
struct KeyPathTests {
    // MARK: Transform sub-paths

    @Test func settingRotationXOnIdentity() {
        let l = CALayer()
        l.setValue(0.5 as Double, forKeyPath: "transform.rotation.x")
        expectClose(l.transform, CATransform3DMakeRotation(0.5, 1, 0, 0), 1e-12)
        #expect(l.sublayerTransform == CATransform3DIdentity)
    }

    @Test func settingRotationYAndZOnIdentity() {
        let l = CALayer()
        l.setValue(0.7, forKeyPath: "transform.rotation.y")
        expectClose(l.transform, CATransform3DMakeRotation(0.7, 0, 1, 0), 1e-12)
        let m = CALayer()
        m.setValue(-1.2, forKeyPath: "transform.rotation.z")
        expectClose(m.transform, CATransform3DMakeRotation(-1.2, 0, 0, 1), 1e-12)
        let n = CALayer()
        n.setValue(0.9, forKeyPath: "transform.rotation")   // "rotation" is rotation.z
        expectClose(n.transform, CATransform3DMakeRotation(0.9, 0, 0, 1), 1e-12)
    }

    @Test func readingRotations() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(0.7, 0, 0, 1)
        expectClose(number(l.value(forKeyPath: "transform.rotation.z"))!, 0.7, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.rotation"))!, 0.7, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.rotation.x"))!, 0, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.rotation.y"))!, 0, 1e-12)
        l.transform = CATransform3DMakeRotation(-2.9, 0, 0, 1)
        expectClose(number(l.value(forKeyPath: "transform.rotation.z"))!, -2.9, 1e-12)
        l.transform = CATransform3DMakeRotation(0.4, 1, 0, 0)
        expectClose(number(l.value(forKeyPath: "transform.rotation.x"))!, 0.4, 1e-12)
        l.transform = CATransform3DMakeRotation(-0.6, 0, 1, 0)
        expectClose(number(l.value(forKeyPath: "transform.rotation.y"))!, -0.6, 1e-12)
        // Rotation of a scaled and translated layer.
        l.transform = CATransform3DMakeScale(2, 2, 2).concatenating(CATransform3DMakeRotation(0.3, 0, 0, 1))
            .concatenating(CATransform3DMakeTranslation(5, 6, 7))
        expectClose(number(l.value(forKeyPath: "transform.rotation.z"))!, 0.3, 1e-12)
    }

    @Test func readingAndWritingRoundTripAllThreeAngles() {
        let l = CALayer()
        l.setValue(0.3, forKeyPath: "transform.rotation.x")
        l.setValue(-0.5, forKeyPath: "transform.rotation.y")
        l.setValue(1.1, forKeyPath: "transform.rotation.z")
        let want = CATransform3DMakeRotation(0.3, 1, 0, 0).concatenating(CATransform3DMakeRotation(-0.5, 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(1.1, 0, 0, 1))
        expectClose(l.transform, want, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.rotation.x"))!, 0.3, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.rotation.y"))!, -0.5, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.rotation.z"))!, 1.1, 1e-12)
    }

    @Test func scale() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 3, 4)
        expectClose(number(l.value(forKeyPath: "transform.scale"))!, 3, 1e-12)   // the average
        expectClose(number(l.value(forKeyPath: "transform.scale.x"))!, 2, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.scale.y"))!, 3, 1e-12)
        expectClose(number(l.value(forKeyPath: "transform.scale.z"))!, 4, 1e-12)
        l.setValue(5.0, forKeyPath: "transform.scale.y")
        expectClose(l.transform, CATransform3DMakeScale(2, 5, 4), 1e-12)
        l.setValue(1.5, forKeyPath: "transform.scale")   // all three
        expectClose(l.transform, CATransform3DMakeScale(1.5, 1.5, 1.5), 1e-12)
    }

    @Test func translation() {
        let l = CALayer()
        l.transform = CATransform3DMakeTranslation(10, 20, 30)
        #expect(l.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 10, height: 20))
        expectClose(number(l.value(forKeyPath: "transform.translation.x"))!, 10, 0)
        expectClose(number(l.value(forKeyPath: "transform.translation.y"))!, 20, 0)
        expectClose(number(l.value(forKeyPath: "transform.translation.z"))!, 30, 0)
        l.setValue(CGSize(width: 5, height: 6), forKeyPath: "transform.translation")   // keeps z
        #expect(l.transform == CATransform3DMakeTranslation(5, 6, 30))
        l.setValue(-7.0, forKeyPath: "transform.translation.x")
        #expect(l.transform == CATransform3DMakeTranslation(-7, 6, 30))
        l.setValue(0.0, forKeyPath: "transform.translation.z")
        #expect(l.transform == CATransform3DMakeTranslation(-7, 6, 0))
    }

    @Test func settingOneFieldKeepsTheOthers() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 2, 2).concatenating(CATransform3DMakeRotation(0.5, 0, 0, 1))
        l.setValue(10.0, forKeyPath: "transform.translation.x")
        expectClose(l.transform, CATransform3DMakeScale(2, 2, 2).concatenating(CATransform3DMakeRotation(0.5, 0, 0, 1))
                        .concatenating(CATransform3DMakeTranslation(10, 0, 0)), 1e-12)
        l.setValue(0.25, forKeyPath: "transform.rotation.z")
        expectClose(l.transform, CATransform3DMakeScale(2, 2, 2).concatenating(CATransform3DMakeRotation(0.25, 0, 0, 1))
                        .concatenating(CATransform3DMakeTranslation(10, 0, 0)), 1e-12)
        // Perspective survives too.
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let m = CALayer()
        m.transform = p
        m.setValue(0.5, forKeyPath: "transform.rotation.y")
        expectClose(m.transform, CATransform3DMakeRotation(0.5, 0, 1, 0).concatenating(p), 1e-12)
    }

    @Test func sublayerTransformSubPaths() {
        let l = CALayer()
        l.setValue(0.5, forKeyPath: "sublayerTransform.rotation.x")
        expectClose(l.sublayerTransform, CATransform3DMakeRotation(0.5, 1, 0, 0), 1e-12)
        #expect(l.transform == CATransform3DIdentity)
        l.sublayerTransform = CATransform3DMakeScale(1, 2, 3).concatenating(CATransform3DMakeTranslation(4, 5, 6))
        expectClose(number(l.value(forKeyPath: "sublayerTransform.scale"))!, 2, 1e-12)
        expectClose(number(l.value(forKeyPath: "sublayerTransform.scale.y"))!, 2, 1e-12)
        #expect(l.value(forKeyPath: "sublayerTransform.translation") as? CGSize == CGSize(width: 4, height: 5))
        expectClose(number(l.value(forKeyPath: "sublayerTransform.translation.x"))!, 4, 1e-12)
        l.setValue(CGSize(width: -1, height: -2), forKeyPath: "sublayerTransform.translation")
        expectClose(l.sublayerTransform, CATransform3DMakeScale(1, 2, 3).concatenating(CATransform3DMakeTranslation(-1, -2, 6)), 1e-12)
        l.sublayerTransform = CATransform3DMakeRotation(0.8, 0, 0, 1)
        expectClose(number(l.value(forKeyPath: "sublayerTransform.rotation.z"))!, 0.8, 1e-12)
        #expect(l.transform == CATransform3DIdentity)
    }

    @Test func acceptsEveryNumberType() {
        let values: [(Any, CGFloat)] = [(0.5 as Double, 0.5), (Float(0.5), 0.5), (2 as Int, 2),
                                        (CGFloat(0.5), 0.5), (NSNumber(value: 0.5), 0.5), (NSNumber(value: 3), 3)]
        for (v, want) in values {
            let l = CALayer()
            l.setValue(v, forKeyPath: "transform.rotation.x")
            expectClose(l.transform, CATransform3DMakeRotation(want, 1, 0, 0), 1e-12, "\(type(of: v))")
            let m = CALayer()
            #expect(throws: Never.self, "\(type(of: v))") { try m.setValueChecked(v, forKeyPath: "position.x") }
            #expect(m.position.x == want, "\(type(of: v))")
            #expect(throws: Never.self) { try m.setValueChecked(v, forKeyPath: "transform.scale") }
            expectClose(m.transform, CATransform3DMakeScale(want, want, want), 1e-12, "\(type(of: v))")
            #expect(throws: Never.self) { try m.setValueChecked(v, forKeyPath: "opacity") }
            #expect(m.opacity == Float(want), "\(type(of: v))")
        }
    }

    // MARK: Properties and their fields

    @Test func pointAndRectFields() {
        let l = CALayer()
        l.setValue(12.0, forKeyPath: "position.x")
        l.setValue(34.0, forKeyPath: "position.y")
        #expect(l.position == CGPoint(x: 12, y: 34))
        #expect(number(l.value(forKeyPath: "position.x")) == 12)
        #expect(number(l.value(forKeyPath: "position.y")) == 34)
        l.setValue(120.0, forKeyPath: "bounds.size.width")
        l.setValue(80.0, forKeyPath: "bounds.size.height")
        l.setValue(3.0, forKeyPath: "bounds.origin.x")
        l.setValue(4.0, forKeyPath: "bounds.origin.y")
        #expect(l.bounds == CGRect(x: 3, y: 4, width: 120, height: 80))
        #expect(number(l.value(forKeyPath: "bounds.size.width")) == 120)
        #expect(number(l.value(forKeyPath: "bounds.size.height")) == 80)
        #expect(number(l.value(forKeyPath: "bounds.origin.x")) == 3)
        #expect(l.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 120, height: 80))
        #expect(l.value(forKeyPath: "bounds.origin") as? CGPoint == CGPoint(x: 3, y: 4))
        l.setValue(0.25, forKeyPath: "anchorPoint.x")
        #expect(l.anchorPoint == CGPoint(x: 0.25, y: 0.5))
        #expect(number(l.value(forKeyPath: "anchorPoint.x")) == 0.25)
        l.setValue(CGSize(width: 10, height: 20), forKeyPath: "bounds.size")
        #expect(l.bounds.size == CGSize(width: 10, height: 20))
        l.setValue(CGPoint(x: 1, y: 2), forKeyPath: "bounds.origin")
        #expect(l.bounds.origin == CGPoint(x: 1, y: 2))
    }

    @Test func wholeProperties() {
        let l = CALayer()
        l.setValue(0.25, forKeyPath: "opacity")
        #expect(l.opacity == 0.25)
        #expect(l.value(forKeyPath: "opacity") as? Float == 0.25)
        l.setValue(CGPoint(x: 5, y: 6), forKey: "position")
        #expect(l.value(forKey: "position") as? CGPoint == CGPoint(x: 5, y: 6))
        l.setValue(CGRect(x: 0, y: 0, width: 10, height: 20), forKey: "bounds")
        #expect(l.value(forKey: "bounds") as? CGRect == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(l.value(forKey: "frame") as? CGRect == CGRect(x: 0, y: -4, width: 10, height: 20))
        l.setValue(CGRect(x: 100, y: 100, width: 20, height: 40), forKey: "frame")
        #expect(l.position == CGPoint(x: 110, y: 120))
        l.setValue(3.0, forKey: "zPosition")
        #expect(l.zPosition == 3)
        l.setValue(9, forKey: "anchorPointZ")
        #expect(l.anchorPointZ == 9)
        l.setValue(true, forKey: "hidden")
        #expect(l.isHidden)
        #expect(l.value(forKey: "hidden") as? Bool == true)
        l.setValue(true, forKey: "masksToBounds")
        l.setValue(false, forKey: "doubleSided")
        l.setValue(true, forKey: "geometryFlipped")
        #expect(l.masksToBounds && !l.isDoubleSided && l.isGeometryFlipped)
        let t = CATransform3DMakeRotation(0.5, 1, 1, 0)
        l.setValue(t, forKey: "transform")
        #expect(l.transform == t)
        #expect(l.value(forKey: "transform") as? CATransform3D == t)
        l.setValue(t, forKey: "sublayerTransform")
        #expect(l.sublayerTransform == t)
        l.setValue(CGColor.white, forKey: "backgroundColor")
        #expect(l.backgroundColor == CGColor.white)
        l.setValue(nil, forKey: "backgroundColor")
        #expect(l.backgroundColor == nil)
        l.setValue(4.0, forKey: "cornerRadius")
        l.setValue(2.0, forKey: "borderWidth")
        #expect(l.cornerRadius == 4 && l.borderWidth == 2)
        l.setValue("resizeAspect", forKey: "contentsGravity")
        #expect(l.contentsGravity == .resizeAspect)
        #expect(l.value(forKey: "contentsGravity") as? String == "resizeAspect")
        l.setValue("card", forKey: "name")
        #expect(l.name == "card")
        #expect(l.value(forKey: "name") as? String == "card")
    }

    // MARK: Errors

    @Test func unknownKeyPathsThrow() {
        let l = CALayer()
        for path in ["nonsense", "transform.nonsense", "transform.rotation.w", "sublayerTransform.skew", "position.z", "bounds.size.depth", ""] {
            #expect(throws: CALayerKeyPathError.self, "\(path)") { try l.setValueChecked(1.0, forKeyPath: path) }
            #expect(l.value(forKeyPath: path) == nil, "\(path)")
        }
        do {
            try l.setValueChecked(1.0, forKeyPath: "nonsense")
            Issue.record("no error")
        } catch let e as CALayerKeyPathError {
            #expect(e.keyPath == "nonsense")
        } catch {
            Issue.record("wrong error \(error)")
        }
        // The unchecked setter ignores them and changes nothing.
        l.setValue(1.0, forKeyPath: "nonsense")
        l.setValue(1.0, forKeyPath: "transform.nonsense")
        #expect(l.transform == CATransform3DIdentity && l.position == .zero)
    }

    @Test func wrongValueTypesThrow() {
        let l = CALayer()
        let cases: [(Any?, String)] = [
            ("abc", "position.x"), ("abc", "transform.rotation.x"), (CGSize(width: 1, height: 1), "transform.rotation.z"),
            (5.0, "transform.translation"), ("abc", "sublayerTransform.scale"), (CGSize(width: 1, height: 2), "position"),
            (CGPoint(x: 1, y: 2), "bounds"), (5, "hidden"), ("abc", "opacity"), (nil, "position.x"),
            (CGPoint(x: 0, y: 0), "transform"), (5.0, "backgroundColor"), (3, "contentsGravity"),
        ]
        for (value, path) in cases {
            #expect(throws: CALayerKeyPathError.self, "\(path) = \(String(describing: value))") {
                try l.setValueChecked(value, forKeyPath: path)
            }
        }
        // Nothing changed.
        #expect(l.transform == CATransform3DIdentity && l.position == .zero && l.bounds == .zero && !l.isHidden && l.opacity == 1)
    }
}
