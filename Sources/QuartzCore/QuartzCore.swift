// QuartzCore for Linux: Core Animation's layer model with Apple's names and semantics.
//
// Importing `QuartzCore` alone gives ported code what it needs: Foundation's CGFloat,
// CGPoint, CGSize and CGRect (re-exported), the CoreGraphics module (re-exported:
// `CGAffineTransform`, `CGColor`, `CGImage`, `CGPath`, `CGContext`...), and Core Animation's
// `CATransform3D` (with every C-style function), `CALayer`, `CATransformLayer` and `CATextLayer`.
//
// Matrix convention (as Core Animation): row vectors, p' = p * M, so `A * B` means
// "A, then B"; translation lives in m41, m42, m43 and m34 is the perspective term.
@_exported import Foundation
@_exported import CoreGraphics
