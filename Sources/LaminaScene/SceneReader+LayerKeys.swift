// The keys of a layer object as numbers: each key present is looked up once (by a cheap hash
// of its name), then the keys are applied in LayerKey's order whatever the file's order.
import Foundation
import LaminaImage
import QuartzCore

/// A layer key, in the order the keys are applied (frame before bounds and position, so those
/// win; sublayers last). The case names are the scene file's keys. 63 keys: a set of them fits
/// a UInt64.
enum LayerKey: Int, CaseIterable {
    case type, name, anchorPoint, anchorPointZ, frame, bounds, position, zPosition, transform, affineTransform,
         sublayerTransform, backgroundColor, opacity, hidden, doubleSided, masksToBounds, geometryFlipped,
         allowsEdgeAntialiasing, cornerRadius, borderWidth, borderColor, contents, contentsGravity, contentsRect, light
    // A text layer's.
    case string, fontSize, foregroundColor, alignmentMode
    // Revision 2, every layer's.
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, contentsScale, mask
    // A gradient layer's.
    case colors, locations, startPoint, endPoint, gradientType
    // A shape layer's.
    case path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern,
         lineDashPhase, strokeStart, strokeEnd
    // A replicator layer's.
    case instanceCount, instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset,
         instanceAlphaOffset, instanceDelay, preservesDepth
    case sublayers

    /// The key as the file spells it (the case's name).
    var name: String { Self.names[rawValue] }
    /// This key alone, as a bit of a key set.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The names by raw value, spelled out: deriving them by reflection (String(describing:))
    /// cost more than reading a hundred layers.
    static let names: [String] = [
        "type", "name", "anchorPoint", "anchorPointZ", "frame", "bounds", "position", "zPosition", "transform", "affineTransform",
        "sublayerTransform", "backgroundColor", "opacity", "hidden", "doubleSided", "masksToBounds", "geometryFlipped",
        "allowsEdgeAntialiasing", "cornerRadius", "borderWidth", "borderColor", "contents", "contentsGravity", "contentsRect", "light",
        "string", "fontSize", "foregroundColor", "alignmentMode",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contentsScale", "mask",
        "colors", "locations", "startPoint", "endPoint", "gradientType",
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern",
        "lineDashPhase", "strokeStart", "strokeEnd",
        "instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
        "instanceAlphaOffset", "instanceDelay", "preservesDepth",
        "sublayers",
    ]
    /// The key a name spells, if any. A layer's keys are looked up by a cheap hash of the name's
    /// length and end bytes into a few candidates, then compared: less work than hashing every
    /// byte for a dictionary.
    static func named(_ s: String) -> LayerKey? {
        for k in buckets[bucket(s)] where names[k.rawValue] == s { return k }
        return nil
    }

    private static func bucket(_ s: String) -> Int {
        func hash<C: BidirectionalCollection<UInt8>>(_ u: C) -> Int {
            guard let first = u.first, let last = u.last else { return 0 }
            return (u.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & 63
        }
        // Native strings are contiguous; the view itself is the (slower) fallback.
        return s.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(s.utf8)
    }

    private static let buckets: [[LayerKey]] = allCases.reduce(into: Array(repeating: [], count: 64)) { t, k in
        t[bucket(k.name)].append(k)
    }

    /// The keys from `first` through `last`, as a key set.
    static func range(_ first: LayerKey, _ last: LayerKey) -> UInt64 {
        (first.rawValue...last.rawValue).reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// The keys only one layer type has, by type name, in the order messages report them.
    static let typeSets: [(type: String, keys: UInt64)] = [
        ("textLayer", range(.string, .alignmentMode)), ("gradientLayer", range(.colors, .gradientType)),
        ("shapeLayer", range(.path, .strokeEnd)), ("replicatorLayer", range(.instanceCount, .preservesDepth)),
    ]
    /// Every type-specific key.
    static let typeSpecific: UInt64 = typeSets.reduce(0) { $0 | $1.keys }
}

/// The keys present in one layer object: a key set and where each key's value sits.
struct PresentKeys {
    /// The keys present.
    private(set) var set: UInt64 = 0
    /// Each present key's member index, by key (only present keys' entries are meaningful).
    private var slots: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Notes key `k` at member `index`. An index always fits 16 bits: a known key stands at most
    /// after the other 62 and the unknown keys before reading stops (SceneReader.errorLimit).
    mutating func insert(_ k: LayerKey, at index: Int) {
        set |= k.bit
        withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: UInt16(truncatingIfNeeded: index), toByteOffset: 2 * k.rawValue, as: UInt16.self) }
    }

    /// The member index of present key `k`.
    func index(of k: LayerKey) -> Int {
        Int(withUnsafeBytes(of: slots) { $0.load(fromByteOffset: 2 * k.rawValue, as: UInt16.self) })
    }

    func contains(_ k: LayerKey) -> Bool { set & k.bit != 0 }
}

extension SceneReader {
    /// Sets one key of revision 1 (and the text layer's keys, and the sublayers) on `layer`.
    func applyLayerKey(_ k: LayerKey, _ v: JSONValue, _ layer: CALayer, _ p: @autoclosure () -> String) throws {
        switch k {
        case .name: layer.name = try string(v, p())
        case .anchorPoint: let a = try few(v, 2, p()); layer.anchorPoint = CGPoint(x: a[0], y: a[1])
        case .anchorPointZ: layer.anchorPointZ = try number(v, p())
        case .frame:
            let f = try few(v, 4, p())
            guard f[2] >= 0, f[3] >= 0 else { throw fail(p(), "frame size must not be negative") }
            layer.frame = CGRect(x: f[0], y: f[1], width: f[2], height: f[3])
            guard layer.position.x.isFinite, layer.position.y.isFinite else {
                throw fail(p(), "frame with this anchorPoint puts the position out of range (not a finite number)")
            }
        case .bounds:
            let b = try few(v, 4, p())
            guard b[2] >= 0, b[3] >= 0 else { throw fail(p(), "bounds size must not be negative") }
            layer.bounds = CGRect(x: b[0], y: b[1], width: b[2], height: b[3])
        case .position: let a = try few(v, 2, p()); layer.position = CGPoint(x: a[0], y: a[1])
        case .zPosition: layer.zPosition = try number(v, p())
        case .transform: layer.transform = try transform(v, p())
        case .affineTransform:
            let a = try numbers(v, 6, p())
            layer.transform = CATransform3DMakeAffineTransform(CGAffineTransform(a[0], a[1], a[2], a[3], a[4], a[5]))
        case .sublayerTransform: layer.sublayerTransform = try transform(v, p())
        case .backgroundColor: layer.backgroundColor = try optionalColor(v, p())
        case .opacity:
            let o = try number(v, p())
            guard (0...1).contains(o) else { throw fail(p(), "opacity \(JSONWriter.number(o)) outside 0...1") }
            layer.opacity = Float(o)
        case .hidden: layer.isHidden = try bool(v, p())
        case .doubleSided: layer.isDoubleSided = try bool(v, p())
        case .masksToBounds: layer.masksToBounds = try bool(v, p())
        case .geometryFlipped: layer.isGeometryFlipped = try bool(v, p())
        case .allowsEdgeAntialiasing: layer.allowsEdgeAntialiasing = try bool(v, p())
        case .cornerRadius:
            let r = try number(v, p())
            guard r >= 0 else { throw fail(p(), "cornerRadius must not be negative") }
            layer.cornerRadius = r
        case .borderWidth:
            let w = try number(v, p())
            guard w >= 0 else { throw fail(p(), "borderWidth must not be negative") }
            layer.borderWidth = w
        case .borderColor: layer.borderColor = try optionalColor(v, p())
        case .contents:
            let rel = try string(v, p())
            let url = rel.hasPrefix("/") ? URL(fileURLWithPath: rel) : base.appendingPathComponent(rel)
            do {
                layer.contents = try PNG.read(url.standardizedFileURL.path)
            } catch let e as PNGError {
                throw fail(p(), "contents image \(e.description)")
            }
        case .contentsGravity:
            let g = try string(v, p())
            guard CALayerContentsGravity.all.contains(CALayerContentsGravity(rawValue: g)) else {
                throw fail(p(), "unknown gravity \"\(g)\" (\(CALayerContentsGravity.all.map(\.rawValue).joined(separator: ", ")))")
            }
            layer.contentsGravity = CALayerContentsGravity(rawValue: g)
        case .contentsRect:
            let r = try few(v, 4, p())
            layer.contentsRect = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
        case .light: layer.light = try light(v, p())
        case .string: (layer as? CATextLayer)?.string = try string(v, p())
        case .fontSize:
            let s = try number(v, p())
            guard s >= 0 else { throw fail(p(), "fontSize must not be negative") }
            (layer as? CATextLayer)?.fontSize = s
        case .foregroundColor: (layer as? CATextLayer)?.foregroundColor = try color(v, p())
        case .alignmentMode:
            let m = try string(v, p())
            guard CATextLayerAlignmentMode.all.contains(CATextLayerAlignmentMode(rawValue: m)) else {
                throw fail(p(), "unknown alignment mode \"\(m)\" (natural, left, right, center, justified)")
            }
            (layer as? CATextLayer)?.alignmentMode = CATextLayerAlignmentMode(rawValue: m)
        case .sublayers:
            guard case .array(let subs) = v else { throw fail(p(), "expected a list of layers, got \(v.brief)") }
            // A sublayer with errors is reported and left out; its siblings are still read.
            for (i, s) in subs.enumerated() { try collect { layer.addSublayer(try self.layer(s, "\(p())[\(i)]")) } }
        default: preconditionFailure("\(k.name) is read by applyRevision2Key")
        }
    }
}
