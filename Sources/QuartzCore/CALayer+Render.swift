// CALayer.render(in:): the layer tree drawn flat into a CGContext with Core Graphics calls, as
// Core Animation's renderInContext: does, from the model tree (animations ignored, as Apple
// documents). No 3D: a layer whose transform leaves the plane is skipped, as Apple's macOS
// 10.5-era documentation says of layers with 3D transforms.

extension CALayer {
    /// Renders this layer (in its own coordinates, the context's user space) and its subtree,
    /// `inheritedOpacity` being what CATransformLayers above it pass down.
    func renderTree(in ctx: CGContext, inheritedOpacity: CGFloat = 1) {
        // What a commit would do first, so the tree drawn is the laid-out, displayed one.
        layoutIfNeeded()
        displayIfNeeded()
        let alpha = CGFloat(min(max(opacity, 0), 1)) * inheritedOpacity
        guard !isHidden, alpha > 0 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        // A transform layer draws nothing itself and passes its opacity to each sublayer
        // (no group, no shadow); any other layer's opacity and shadow apply to it and its
        // subtree as one group.
        let flat = self is CATransformLayer
        let shadowed = !flat && setShadow(of: ctx)
        let grouped = !flat && (alpha < 1 || shadowed)
        if grouped {
            ctx.setAlpha(alpha)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let outline = CGPath(roundedRect: bounds, cornerWidth: clampedCornerRadius, cornerHeight: clampedCornerRadius,
                             transform: nil)
        if !flat, let color = backgroundColor {
            ctx.setFillColor(color)
            ctx.addPath(outline)
            ctx.fillPath()
        }
        ctx.saveGState()
        if masksToBounds && !flat {
            ctx.addPath(outline)
            ctx.clip()
        }
        if !flat {
            renderContents(in: ctx)
            (self as? CAShapeLayer)?.renderShape(in: ctx)
            (self as? CAGradientLayer)?.renderGradient(in: ctx)
        }
        for s in storedSublayersForCopy {
            guard let t = s.flatTransformToSuperlayer else { continue }
            ctx.saveGState()
            ctx.concatenate(t)
            s.renderTree(in: ctx, inheritedOpacity: flat ? alpha : 1)
            ctx.restoreGState()
        }
        ctx.restoreGState()
        if !flat, borderWidth > 0, let color = borderColor {
            // The border lies inside the bounds: stroke the outline inset by half its width.
            let w = min(borderWidth, bounds.width / 2, bounds.height / 2)
            let r = max(0, clampedCornerRadius - w / 2)
            let inset = bounds.insetBy(dx: w / 2, dy: w / 2)
            if w > 0, inset.width >= 0, inset.height >= 0 {
                ctx.setStrokeColor(color)
                ctx.setLineWidth(w)
                ctx.addPath(CGPath(roundedRect: inset, cornerWidth: min(r, inset.width / 2), cornerHeight: min(r, inset.height / 2),
                                   transform: nil))
                ctx.strokePath()
            }
        }
        if grouped { ctx.endTransparencyLayer() }
    }

    /// Sets the context's shadow to the layer's (the shadow of everything the layer draws; a
    /// shadowPath is not drawn): offset mapped into base space, blur twice the radius (the
    /// Gaussian's deviation) in base-space units. False when the layer casts no shadow.
    private func setShadow(of ctx: CGContext) -> Bool {
        guard shadowOpacity > 0, shadowPath == nil, let color = shadowColor, color.alpha > 0,
              shadowOffset.width.isFinite, shadowOffset.height.isFinite, shadowRadius.isFinite else { return false }
        let m = ctx.ctm
        let offset = CGSize(width: shadowOffset.width * m.a + shadowOffset.height * m.c,
                            height: shadowOffset.width * m.b + shadowOffset.height * m.d)
        let scale = abs(m.a * m.d - m.b * m.c).squareRoot()
        ctx.setShadow(offset: offset, blur: 2 * max(0, shadowRadius) * scale,
                      color: color.copy(alpha: color.alpha * CGFloat(min(shadowOpacity, 1))))
        return true
    }

    /// The corner radius as drawn: at most half the shorter side.
    private var clampedCornerRadius: CGFloat {
        guard cornerRadius.isFinite, cornerRadius > 0 else { return 0 }
        return min(cornerRadius, bounds.width / 2, bounds.height / 2)
    }

    /// The map from this layer's space to its superlayer's as a 2D transform, or nil when it
    /// leaves the plane (rotation about x or y, perspective). z scale and zPosition do not
    /// change a flat picture and are dropped.
    var flatTransformToSuperlayer: CGAffineTransform? {
        let m = transformToSuperlayer
        guard m.m13 == 0, m.m23 == 0, m.m31 == 0, m.m32 == 0, m.m14 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1 else { return nil }
        return CATransform3DGetAffineTransform(m)
    }

    /// Draws the contents image where contentsGravity puts it, showing the contentsRect part,
    /// upright in the layer's y-down space.
    private func renderContents(in ctx: CGContext) {
        guard let image = contents as? CGImage,
              contentsRect.width > 0, contentsRect.height > 0 else { return }
        let g = gravityRect(for: image)
        guard g.width > 0, g.height > 0 else { return }
        // The whole image's rectangle, such that the contentsRect part covers g.
        let fullW = g.width / contentsRect.width, fullH = g.height / contentsRect.height
        let full = CGRect(x: g.minX - contentsRect.minX * fullW, y: g.minY - contentsRect.minY * fullH, width: fullW, height: fullH)
        ctx.saveGState()
        ctx.clip(to: g)
        // draw(_:in:) puts the image's first row at the top of a y-up rectangle: flip about it.
        ctx.translateBy(x: 0, y: full.minY + full.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: full)
        ctx.restoreGState()
    }

    /// Where contentsGravity puts the contents (top is the bounds' minY, the layer being y down);
    /// the image's natural size is its pixel size over contentsScale, times contentsRect's size.
    private func gravityRect(for image: CGImage) -> CGRect {
        let b = bounds
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let iw = CGFloat(image.width) / scale * contentsRect.width, ih = CGFloat(image.height) / scale * contentsRect.height
        var w = iw, h = ih
        switch contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard iw > 0, ih > 0 else { return b }
            let s = contentsGravity == .resizeAspect ? min(b.width / iw, b.height / ih) : max(b.width / iw, b.height / ih)
            w = iw * s; h = ih * s
        default: break
        }
        let name = contentsGravity.rawValue
        var x = b.midX - w / 2, y = b.midY - h / 2
        if name.hasPrefix("top") { y = b.minY } else if name.hasPrefix("bottom") { y = b.maxY - h }
        if name == "left" || name.hasSuffix("Left") { x = b.minX } else if name == "right" || name.hasSuffix("Right") { x = b.maxX - w }
        return CGRect(x: x, y: y, width: w, height: h)
    }
}

extension CAShapeLayer {
    /// Fills then strokes the path (strokeStart...strokeEnd of it), as the layer draws it.
    func renderShape(in ctx: CGContext) {
        guard let path else { return }
        if let fill = fillColor {
            ctx.setFillColor(fill)
            ctx.addPath(path)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        if let stroke = strokeColor, lineWidth > 0 {
            ctx.setStrokeColor(stroke)
            ctx.setLineWidth(lineWidth)
            ctx.setLineCap(lineCap == .round ? .round : lineCap == .square ? .square : .butt)
            ctx.setLineJoin(lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
            ctx.setMiterLimit(miterLimit)
            let dashes = (lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
            ctx.setLineDash(phase: lineDashPhase, lengths: dashes)
            ctx.addPath(strokeStart == 0 && strokeEnd == 1 ? path : path.trimmed(from: strokeStart, to: strokeEnd))
            ctx.strokePath()
        }
    }
}

extension CAGradientLayer {
    /// Paints the gradient over the bounds: axial from startPoint to endPoint, radial as an
    /// ellipse centred on startPoint reaching endPoint (unit coordinates of the bounds); a
    /// conic gradient is not drawn.
    func renderGradient(in ctx: CGContext) {
        let colors = cgColors
        guard colors.count >= 1, bounds.width > 0, bounds.height > 0 else { return }
        // Locations count only when there is one per color; stops never go backwards.
        var stops = (locations?.count == colors.count ? locations! : []).map { min(max(CGFloat($0.doubleValue), 0), 1) }
        for i in stops.indices.dropFirst() { stops[i] = max(stops[i], stops[i - 1]) }
        let made = stops.isEmpty ? CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil)
            : stops.withUnsafeBufferPointer { CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: $0.baseAddress) }
        guard let gradient = made, type != .conic else { return }
        let b = bounds
        func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        ctx.saveGState()
        ctx.clip(to: b)
        let options: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch type {
        case .radial:
            // An ellipse: a unit circle scaled to the radii the end point sets on each axis.
            let c = point(startPoint)
            let rx = abs(endPoint.x - startPoint.x) * b.width, ry = abs(endPoint.y - startPoint.y) * b.height
            guard rx > 0, ry > 0 else { break }
            ctx.translateBy(x: c.x, y: c.y)
            ctx.scaleBy(x: rx, y: ry)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1, options: options)
        default:
            ctx.drawLinearGradient(gradient, start: point(startPoint), end: point(endPoint), options: options)
        }
        ctx.restoreGState()
    }
}
