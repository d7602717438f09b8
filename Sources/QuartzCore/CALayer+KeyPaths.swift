// Key-value coding for layer properties and Core Animation's transform sub-paths
// (Apple's "Core Animation Extensions To Key-Value Coding" table).
//
// Linux's NSObject has no key-value coding, so CALayer declares these itself. Numbers may
// arrive as Double, CGFloat, Float, Int or NSNumber (Linux bridges only Double <-> NSNumber).
//
// The transform sub-paths read and write a decomposition of the transform:
//     transform = Scale(s) * Skew * Rx(rotation.x) * Ry(rotation.y) * Rz(rotation.z) * Translate(t) * Perspective
// (row vectors: scale first, translation last). Setting one field keeps the others, so on
// an identity transform `transform.rotation.x = a` gives CATransform3DMakeRotation(a, 1, 0, 0).

/// A key path that `setValue(_:forKeyPath:)` could not apply.
public struct CALayerKeyPathError: Error, CustomStringConvertible, Equatable {
    /// The key path that was refused.
    public let keyPath: String
    /// Why it was refused.
    public let reason: String
    public var description: String { "\(keyPath): \(reason)" }
}

/// The parts of a transform that key paths address.
struct TransformFields {
    var translation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    var scale: (x: CGFloat, y: CGFloat, z: CGFloat) = (1, 1, 1)
    var rotation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    var skew: (xy: CGFloat, xz: CGFloat, yz: CGFloat) = (0, 0, 0)
    var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) = (0, 0, 0, 1)

    init(_ t: CATransform3D) {
        guard let d = t.decomposed else { return }
        translation = d.translation; scale = d.scale; skew = d.skew; perspective = d.perspective
        let r = d.rotationMatrix
        // R = Rx(a) * Ry(b) * Rz(c): r13 = -sin b, r23 = sin a cos b, r33 = cos a cos b,
        // r12 = cos b sin c, r11 = cos b cos c.
        let sb = max(-1, min(1, -r.m13))
        let b = asin(sb)
        if abs(sb) < 1 - 1e-12 {
            rotation = (atan2(r.m23, r.m33), b, atan2(r.m12, r.m11))
        } else {
            // Gimbal lock: fold all of the x/z freedom into x.
            rotation = (atan2(r.m21 * sb, r.m22), b, 0)
        }
    }

    var transform: CATransform3D {
        let r = CATransform3DMakeRotation(rotation.x, 1, 0, 0)
            .concatenating(CATransform3DMakeRotation(rotation.y, 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(rotation.z, 0, 0, 1))
        var k = CATransform3DIdentity
        k.m21 = skew.xy; k.m31 = skew.xz; k.m32 = skew.yz
        var p = CATransform3DIdentity
        p.m14 = perspective.x; p.m24 = perspective.y; p.m34 = perspective.z; p.m44 = perspective.w
        return CATransform3DMakeScale(scale.x, scale.y, scale.z).concatenating(k).concatenating(r)
            .concatenating(CATransform3DMakeTranslation(translation.x, translation.y, translation.z)).concatenating(p)
    }

    func value(_ sub: String) -> Any? {
        switch sub {
        case "rotation.x": rotation.x
        case "rotation.y": rotation.y
        case "rotation.z", "rotation": rotation.z
        case "scale.x": scale.x
        case "scale.y": scale.y
        case "scale.z": scale.z
        case "scale": (scale.x + scale.y + scale.z) / 3
        case "translation.x": translation.x
        case "translation.y": translation.y
        case "translation.z": translation.z
        case "translation": CGSize(width: translation.x, height: translation.y)
        default: nil
        }
    }

    mutating func set(_ sub: String, _ v: Any?) -> Bool {
        if sub == "translation" {
            guard let s = CALayer.size(v) else { return false }
            translation.x = s.width; translation.y = s.height
            return true
        }
        guard let n = CALayer.number(v) else { return false }
        switch sub {
        case "rotation.x": rotation.x = n
        case "rotation.y": rotation.y = n
        case "rotation.z", "rotation": rotation.z = n
        case "scale.x": scale.x = n
        case "scale.y": scale.y = n
        case "scale.z": scale.z = n
        case "scale": scale = (n, n, n)
        case "translation.x": translation.x = n
        case "translation.y": translation.y = n
        case "translation.z": translation.z = n
        default: return false
        }
        return true
    }

    static let subPaths: Set<String> = ["rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y",
                                        "scale.z", "scale", "translation.x", "translation.y", "translation.z", "translation"]
}

extension CALayer {
    /// A number from any of the ways Swift code on either platform passes one.
    static func number(_ v: Any?) -> CGFloat? {
        switch v {
        // CGFloat first: on Linux a boxed CGFloat does not cast to Double or NSNumber.
        case let c as CGFloat: c
        case let d as Double: d
        case let f as Float: CGFloat(f)
        case let i as Int: CGFloat(i)
        case let n as NSNumber: CGFloat(n.doubleValue)
        default: nil
        }
    }

    static func size(_ v: Any?) -> CGSize? {
        switch v {
        case let s as CGSize: s
        case let p as CGPoint: CGSize(width: p.x, height: p.y)
        case let a as [Double] where a.count == 2: CGSize(width: a[0], height: a[1])
        default: nil
        }
    }

    /// The value at a key path: a property name ("position", "opacity", ...), a field of one
    /// ("position.x", "bounds.size.width"), or a transform sub-path ("transform.rotation.z").
    public func value(forKeyPath keyPath: String) -> Any? {
        for base in ["transform", "sublayerTransform"] where keyPath.hasPrefix(base + ".") {
            let sub = String(keyPath.dropFirst(base.count + 1))
            if TransformFields.subPaths.contains(sub) {
                return TransformFields(base == "transform" ? transform : sublayerTransform).value(sub)
            }
        }
        switch keyPath {
        case "position.x": return position.x
        case "position.y": return position.y
        case "bounds.origin": return bounds.origin
        case "bounds.size": return bounds.size
        case "bounds.origin.x": return bounds.origin.x
        case "bounds.origin.y": return bounds.origin.y
        case "bounds.size.width": return bounds.size.width
        case "bounds.size.height": return bounds.size.height
        case "anchorPoint.x": return anchorPoint.x
        case "anchorPoint.y": return anchorPoint.y
        case "shadowOffset.width": return shadowOffset.width
        case "shadowOffset.height": return shadowOffset.height
        default: return value(forKey: keyPath)
        }
    }

    /// The value of a property by its Core Animation key.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "name": name
        case "bounds": bounds
        case "position": position
        case "frame": frame
        case "zPosition": zPosition
        case "anchorPoint": anchorPoint
        case "anchorPointZ": anchorPointZ
        case "transform": transform
        case "sublayerTransform": sublayerTransform
        case "hidden", "isHidden": isHidden
        case "doubleSided", "isDoubleSided": isDoubleSided
        case "geometryFlipped", "isGeometryFlipped": isGeometryFlipped
        case "masksToBounds": masksToBounds
        case "opacity": opacity
        case "backgroundColor": backgroundColor
        case "cornerRadius": cornerRadius
        case "borderWidth": borderWidth
        case "borderColor": borderColor
        case "contents": contents
        case "contentsGravity": contentsGravity.rawValue
        case "contentsRect": contentsRect
        case "allowsEdgeAntialiasing": allowsEdgeAntialiasing
        case "shadowColor": shadowColor
        case "shadowOpacity": shadowOpacity
        case "shadowOffset": shadowOffset
        case "shadowRadius": shadowRadius
        case "shadowPath": shadowPath
        case "mask": mask
        case "contentsScale": contentsScale
        case "needsDisplayOnBoundsChange": needsDisplayOnBoundsChange
        default: subclassValue(forKey: key) ?? nil
        }
    }

    /// Sets the value at a key path; see `value(forKeyPath:)`. Unknown paths and values of
    /// the wrong type are ignored here; `setValueChecked` reports them.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        try? setValueChecked(value, forKeyPath: keyPath)
    }

    /// Sets a property by its Core Animation key.
    public func setValue(_ value: Any?, forKey key: String) {
        try? setValueChecked(value, forKeyPath: key)
    }

    /// Sets the value at a key path, or throws naming the path and what was wrong.
    public func setValueChecked(_ value: Any?, forKeyPath keyPath: String) throws {
        // An Optional inside the Any (a property's old value, say) counts as its contents.
        let value = AnimationValues.unwrapped(value)
        func bad(_ why: String) -> CALayerKeyPathError { CALayerKeyPathError(keyPath: keyPath, reason: why) }
        for base in ["transform", "sublayerTransform"] where keyPath.hasPrefix(base + ".") {
            let sub = String(keyPath.dropFirst(base.count + 1))
            guard TransformFields.subPaths.contains(sub) else { throw bad("unknown transform field") }
            var f = TransformFields(base == "transform" ? transform : sublayerTransform)
            guard f.set(sub, value) else { throw bad("expected a number\(sub == "translation" ? " pair (CGSize)" : "")") }
            if base == "transform" { transform = f.transform } else { sublayerTransform = f.transform }
            return
        }
        let n = Self.number(value)
        func num() throws -> CGFloat { guard let n else { throw bad("expected a number") }; return n }
        func flag() throws -> Bool { guard let b = value as? Bool else { throw bad("expected a Bool") }; return b }
        func point() throws -> CGPoint {
            if let p = value as? CGPoint { return p }
            throw bad("expected a CGPoint")
        }
        func color() throws -> CGColor? {
            if value == nil { return nil }
            guard let c = value as? CGColor else { throw bad("expected a CGColor") }
            return c
        }
        func matrix() throws -> CATransform3D {
            guard let t = value as? CATransform3D else { throw bad("expected a CATransform3D") }
            return t
        }
        switch keyPath {
        case "name": name = value as? String
        case "bounds":
            guard let r = value as? CGRect else { throw bad("expected a CGRect") }
            bounds = r
        case "frame":
            guard let r = value as? CGRect else { throw bad("expected a CGRect") }
            frame = r
        case "position": position = try point()
        case "position.x": position.x = try num()
        case "position.y": position.y = try num()
        case "bounds.origin": bounds.origin = try point()
        case "bounds.size":
            guard let s = Self.size(value) else { throw bad("expected a CGSize") }
            bounds.size = s
        case "bounds.origin.x": bounds.origin.x = try num()
        case "bounds.origin.y": bounds.origin.y = try num()
        case "bounds.size.width": bounds.size.width = try num()
        case "bounds.size.height": bounds.size.height = try num()
        case "anchorPoint": anchorPoint = try point()
        case "anchorPoint.x": anchorPoint.x = try num()
        case "anchorPoint.y": anchorPoint.y = try num()
        case "zPosition": zPosition = try num()
        case "anchorPointZ": anchorPointZ = try num()
        case "transform": transform = try matrix()
        case "sublayerTransform": sublayerTransform = try matrix()
        case "hidden", "isHidden": isHidden = try flag()
        case "doubleSided", "isDoubleSided": isDoubleSided = try flag()
        case "geometryFlipped", "isGeometryFlipped": isGeometryFlipped = try flag()
        case "masksToBounds": masksToBounds = try flag()
        case "opacity": opacity = Float(try num())
        case "backgroundColor": backgroundColor = try color()
        case "borderColor": borderColor = try color()
        case "cornerRadius": cornerRadius = try num()
        case "borderWidth": borderWidth = try num()
        case "contents": contents = value
        case "contentsRect":
            guard let r = value as? CGRect else { throw bad("expected a CGRect") }
            contentsRect = r
        case "contentsGravity":
            guard let s = value as? String else { throw bad("expected a gravity name") }
            contentsGravity = CALayerContentsGravity(rawValue: s)
        case "allowsEdgeAntialiasing": allowsEdgeAntialiasing = try flag()
        case "shadowColor": shadowColor = try color()
        case "shadowOpacity": shadowOpacity = Float(try num())
        case "shadowOffset":
            guard let s = Self.size(value) else { throw bad("expected a CGSize") }
            shadowOffset = s
        case "shadowOffset.width": shadowOffset.width = try num()
        case "shadowOffset.height": shadowOffset.height = try num()
        case "shadowRadius": shadowRadius = try num()
        case "shadowPath": shadowPath = try KeyValue(value, keyPath).path()
        case "mask":
            guard value == nil || value is CALayer else { throw bad("expected a CALayer") }
            mask = value as? CALayer
        case "contentsScale": contentsScale = try num()
        case "needsDisplayOnBoundsChange": needsDisplayOnBoundsChange = try flag()
        default:
            guard try setSubclassValue(KeyValue(value, keyPath)) else { throw bad("unknown key path") }
        }
    }
}
