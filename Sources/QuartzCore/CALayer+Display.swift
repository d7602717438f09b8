// Layer drawing as Core Animation does it: a layer marked with setNeedsDisplay() is displayed
// before it is next drawn; display() asks the delegate's display(_:) or else draws into a
// backing store of bounds x contentsScale pixels through draw(in:) and makes that the contents.

extension CALayer {
    /// Marks the layer's contents as out of date: it is displayed before it is next drawn.
    public func setNeedsDisplay() {
        needsDisplayFlag = true
        markChanged()
    }

    /// Marks part of the layer as out of date (Lamina redraws the whole layer, as Core
    /// Animation may).
    public func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether the layer is marked as needing display.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Displays the layer now if it is marked as needing display (and clears the mark first,
    /// so a display that marks the layer again is honoured next time).
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// Displays every layer of this subtree (masks included) that is marked as needing
    /// display: what Core Animation does during a commit, and what renderers call on a model
    /// tree before drawing it.
    /// Layout comes first, as in a commit: each marked layer is laid out before it and its
    /// subtree display (one walk: a layout changes only what lies below it).
    public func displayTreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        displayIfNeeded()
        mask?.displayTreeIfNeeded()
        for s in storedSublayersForCopy { s.displayTreeIfNeeded() }
    }

    /// The backing store's size in pixels: bounds.size x contentsScale, rounded up (0 when
    /// that is empty or not finite; at most 32767 a side, Lamina's bitmap limit).
    var backingStoreSize: (width: Int, height: Int) {
        let s = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        func pixels(_ v: CGFloat) -> Int {
            let p = Double(v * s)
            return p.isFinite ? p.clampedToInt(in: 0...32767, rounding: .up) : 0
        }
        return (pixels(bounds.width), pixels(bounds.height))
    }

    /// Draws the layer's own contents: a bitmap of bounds x contentsScale pixels (premultiplied
    /// RGBA, cleared), its user space flipped to y down with the origin at the top left of the
    /// bounds (bounds.origin maps there) and scaled by contentsScale, as iOS hands it to
    /// `draw(in:)`; then the image becomes `contents`. An empty layer gets nil contents.
    func drawBackingStore() {
        delegate?.layerWillDraw(self)
        let (w, h) = backingStoreSize
        guard w > 0, h > 0,
              let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else {
            contents = nil
            return
        }
        let s = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        // Core Graphics' bitmap space is y up from the bottom row: flip it so y runs down from the top.
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: s, y: -s)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        draw(in: ctx)
        contents = ctx.makeImage()
    }
}
