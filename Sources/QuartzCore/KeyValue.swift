// Reading a key-value-coding argument as the type a property takes, or throwing a
// CALayerKeyPathError that names the key path (shared by the layer classes' setters).

/// A value given to `setValue(_:forKeyPath:)`, with typed readers that throw naming the path.
struct KeyValue {
    /// The value, with any Optional inside the `Any` unwrapped.
    let value: Any?
    /// The key path it is for.
    let keyPath: String

    init(_ value: Any?, _ keyPath: String) {
        self.value = AnimationValues.unwrapped(value)
        self.keyPath = keyPath
    }

    func bad(_ why: String) -> CALayerKeyPathError { CALayerKeyPathError(keyPath: keyPath, reason: why) }

    func number() throws -> CGFloat {
        guard let n = CALayer.number(value) else { throw bad("expected a number") }
        return n
    }
    func float() throws -> Float { Float(try number()) }
    func flag() throws -> Bool {
        guard let b = value as? Bool else { throw bad("expected a Bool") }
        return b
    }
    func point() throws -> CGPoint {
        guard let p = value as? CGPoint else { throw bad("expected a CGPoint") }
        return p
    }
    func size() throws -> CGSize {
        guard let s = CALayer.size(value) else { throw bad("expected a CGSize") }
        return s
    }
    /// A color, or nil for nil.
    func color() throws -> CGColor? {
        guard let value else { return nil }
        guard let c = value as? CGColor else { throw bad("expected a CGColor") }
        return c
    }
    func matrix() throws -> CATransform3D {
        guard let t = value as? CATransform3D else { throw bad("expected a CATransform3D") }
        return t
    }
    /// A path, or nil for nil.
    func path() throws -> CGPath? {
        guard let value else { return nil }
        guard let p = value as? CGPath else { throw bad("expected a CGPath") }
        return p
    }
    /// An array of numbers as NSNumbers (any numeric element type), or nil for nil.
    func numbers() throws -> [NSNumber]? {
        guard let value else { return nil }
        guard let a = value as? [Any] else { throw bad("expected an array of numbers") }
        return try a.map { x in
            guard let n = CALayer.number(x) else { throw bad("expected an array of numbers") }
            return NSNumber(value: Double(n))
        }
    }
    /// A string-backed option (a gravity, a fill rule...).
    func name<T: RawRepresentable>(_ type: T.Type, _ what: String) throws -> T where T.RawValue == String {
        if let t = value as? T { return t }
        guard let s = value as? String, let t = T(rawValue: s) else { throw bad("expected \(what)") }
        return t
    }
}
