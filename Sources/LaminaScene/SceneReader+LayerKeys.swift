// The keys of a layer object as numbers: a layer's keys are looked up once each (one hash per
// key present), then applied in this fixed order whatever the file's order.

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
