// CoreGraphics for Linux: Quartz 2D's names, types and semantics, so Apple code compiles unchanged.
//
// Importing `CoreGraphics` gives Foundation's CGFloat, CGPoint, CGSize and CGRect (re-exported),
// `CGAffineTransform`, `CGColor`, `CGColorSpace`, `CGImage`, `CGPath` / `CGMutablePath`,
// `CGGradient` and a bitmap `CGContext` drawn with Cairo (an implementation detail: no Cairo
// type appears in the public API).
//
// Coordinates are Core Graphics': user space is y-up, a bitmap context's origin is its bottom
// left corner, and `clockwise` in arcs is meant in that y-up space.
@_exported import Foundation
