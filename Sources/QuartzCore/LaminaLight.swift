/// A directional light: Lamina's extension (Core Animation has no lighting).
///
/// Set on an ordinary layer, it lights the members of the 3D rendering context that layer
/// roots: each member's colors are multiplied by
/// `k = ambient + (1 - ambient) * max(0, dot(n, -normalize(direction)))`,
/// with n the member's front-face normal in the root's sublayer space (x right, y down,
/// z toward the viewer).
public struct LaminaLight: Equatable, Hashable, Sendable {
    /// The direction the light travels, in the context root's sublayer space.
    public var direction: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// The share of light that reaches every face whatever its orientation, 0...1.
    public var ambient: CGFloat

    /// A light shining along `direction` with an ambient share.
    public init(direction: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, -1), ambient: CGFloat = 0) {
        self.direction = direction
        self.ambient = ambient
    }

    /// The shading factor k for a unit front-face normal n.
    public func shade(normal n: (x: CGFloat, y: CGFloat, z: CGFloat)) -> CGFloat {
        let d = direction
        let len = (d.x * d.x + d.y * d.y + d.z * d.z).squareRoot()
        guard len > 0 else { return 1 }
        let lambert = max(0, -(n.x * d.x + n.y * d.y + n.z * d.z) / len)
        return ambient + (1 - ambient) * lambert
    }

    public static func == (a: Self, b: Self) -> Bool { a.direction == b.direction && a.ambient == b.ambient }
    public func hash(into h: inout Hasher) {
        h.combine(direction.x); h.combine(direction.y); h.combine(direction.z); h.combine(ambient)
    }
}
