// Geometry that arrives broken through the Swift API (scene files reject it): NaN and
// infinite matrices, zero sizes. Nothing crashes; the broken layer draws nothing; the rest
// draws as usual, on both renderers.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaRaster
import QuartzCore
import Testing

@Suite(.enabled(if: GL.available, GL.reason)) struct BadGeometryTests {
    func scene(_ broken: (CALayer) -> Void) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let good = CALayer()
        good.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        good.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let bad = CALayer()
        bad.frame = CGRect(x: 50, y: 50, width: 40, height: 40)
        bad.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        broken(bad)
        root.addSublayer(good)
        root.addSublayer(bad)
        return root
    }

    @Test(arguments: ["nan transform", "infinite transform", "nan sublayerTransform parent", "zero scale", "nan position", "zero size"])
    func brokenLayerDrawsNothingAndTheRestDraws(_ kind: String) throws {
        let root = scene { bad in
            switch kind {
            case "nan transform": bad.transform = CATransform3D(fields: [.nan] + Array(repeating: 1, count: 15))
            case "infinite transform": bad.transform = CATransform3DMakeTranslation(.infinity, 0, 0)
            case "nan sublayerTransform parent":
                let child = CALayer(); child.frame = CGRect(x: 0, y: 0, width: 10, height: 10); child.backgroundColor = .black
                bad.addSublayer(child)
                var t = CATransform3DIdentity; t.m34 = .nan
                bad.sublayerTransform = t
            case "zero scale": bad.transform = CATransform3DMakeScale(0, 0, 1)
            case "nan position": bad.position = CGPoint(x: CGFloat.nan, y: 5)
            default: bad.bounds = .zero
            }
        }
        let plan = Compositor().compile(root: root, width: 100, height: 100)
        let cpu = CPURenderer().render(plan)
        let gl = try GLRenderer().render(plan)
        for image in [cpu, gl] {
            let px = image.premultipliedRGBA
            func at(_ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
            #expect(at(25, 25) == [0, 0, 255, 255], "\(kind): the good layer draws")
            #expect(at(5, 95) == [255, 255, 255, 255], "\(kind): background")
            if kind != "nan sublayerTransform parent" {
                #expect(at(70, 70) == [255, 255, 255, 255], "\(kind): the broken layer draws nothing")
            }
            #expect(!px.isEmpty)
        }
    }
}
