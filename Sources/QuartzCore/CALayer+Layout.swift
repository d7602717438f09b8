// Layout as Core Animation does it: a layer whose bounds size changes, or whose sublayers come
// or go, is marked with setNeedsLayout(); before it is next drawn (or on layoutIfNeeded()) its
// layoutSublayers() runs, which by default asks the delegate's layoutSublayers(of:).

extension CALayer {
    /// Marks the layer's layout as out of date: `layoutSublayers()` runs before the layer is
    /// next drawn, or on `layoutIfNeeded()`. Core Animation calls it when the bounds' size
    /// changes and when sublayers are added or removed.
    public func setNeedsLayout() {
        // Marked once: adding many sublayers must not take a revision per sublayer.
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        markChanged()
    }

    /// Whether the layer is marked as needing layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now what is marked: goes up through superlayers while they need layout too,
    /// then lays out the whole subtree below the topmost of them, superlayers before sublayers
    /// (so a layout that resizes sublayers has them laid out in turn).
    public func layoutIfNeeded() {
        var top: CALayer = self
        while let s = top.superlayer, s.needsLayoutFlag { top = s }
        top.layoutTreeIfNeeded()
    }

    /// Runs `layoutSublayers()` on every marked layer of this subtree (masks included), each
    /// before its sublayers, clearing each mark first.
    func layoutTreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        mask?.layoutTreeIfNeeded()
        for s in storedSublayersForCopy { s.layoutTreeIfNeeded() }
    }
}
