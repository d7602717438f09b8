// Core Graphics' path walking with a C callback and dashed copies.

/// The callback `CGPath.apply(info:function:)` calls with each element. A C function pointer
/// on Apple platforms; a Swift function here (CGPathElement is a Swift struct, not a C one),
/// which every capture-free closure or global function Apple code passes still converts to.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

extension CGPath {
    /// Calls `function` with `info` and each element in order (the element's points are valid
    /// only during the call): Core Graphics' C-style walk, as `applyWithBlock`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// The dashes of this path as a path: the parts a stroke with this dash pattern would draw,
    /// each an open subpath (curves stay curves), mapped by `transform`. As in Core Graphics the
    /// pattern (on, off, on... lengths, starting `phase` into it) restarts at each subpath.
    /// Lengths that are negative, not finite, or all zero give the whole path, undashed.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let total = lengths.reduce(0, +)
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), total > 0, total.isFinite else {
            return CGPath(storage: storage.map { $0.applying(transform) })
        }
        // An odd count repeats the list, so on and off alternate (as for strokes).
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let cycle = pattern.reduce(0, +)
        let start = phase.isFinite ? (phase.truncatingRemainder(dividingBy: cycle) + cycle).truncatingRemainder(dividingBy: cycle) : 0
        let out = CGMutablePath()
        for subpath in MeasuredPath(self).subpaths where !subpath.segments.isEmpty {
            var intervals: [(CGFloat, CGFloat)] = []
            var index = 0, position = -start
            // Skip to the pattern entry the phase falls in.
            while position + pattern[index] <= 0 { position += pattern[index]; index = (index + 1) % pattern.count }
            let length = subpath.end - subpath.start
            while position < length {
                let next = position + pattern[index]
                if index % 2 == 0 && next > max(position, 0) { intervals.append((max(position, 0), min(next, length))) }
                position = next
                index = (index + 1) % pattern.count
            }
            for (lo, hi) in intervals {
                appendPiece(of: subpath, from: subpath.start + lo, to: subpath.start + hi, into: out)
            }
        }
        return CGPath(storage: out.storage.map { $0.applying(transform) })
    }

    /// Appends the part of `subpath` between two distances along the whole path, as one open subpath.
    private func appendPiece(of subpath: MeasuredPath.Subpath, from: CGFloat, to: CGFloat, into out: CGMutablePath) {
        var started = false
        for segment in subpath.segments {
            let lo = max(from, segment.start), hi = min(to, segment.start + segment.length)
            guard lo < hi else { continue }
            let part = segment.curve.portion(segment.parameter(at: lo - segment.start), segment.parameter(at: hi - segment.start))
            if !started { out.append(.moveToPoint(part.startPoint)); started = true }
            out.append(part.element)
        }
    }
}
