// Every seed scene parses, and a few of their values are exactly what the file says.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Shared scenes")
struct SharedScenesTests {
    @Test func sharedScenesExist() {
        #expect(Paths.sharedSceneFiles.count >= 20, "found \(Paths.sharedSceneFiles.count) scenes in \(Paths.sharedScenes.path)")
    }

    @Test(arguments: Paths.sharedSceneFiles.map(\.lastPathComponent))
    func everySharedSceneParses(_ name: String) throws {
        let scene = try Scene.read(contentsOf: Paths.sharedScenes.appendingPathComponent(name).path)
        #expect(scene.canvas.width > 0 && scene.canvas.height > 0)
        #expect(scene.allLayers.count >= 1)
        #expect(scene.url?.lastPathComponent == name)
        // Every seed scene names its layers, so animations could address them.
        #expect(scene.root.name != nil)
    }

    @Test func cubeCornerOnFace2Transform() throws {
        let scene = try Paths.sharedScene("transforms-5.21-cube-corner-on")
        let face2 = try #require(scene.allLayers.first { $0.name == "face2" })
        let want = CATransform3DRotate(CATransform3DTranslate(CATransform3DIdentity, 100, 0, 0), .pi / 2, 0, 1, 0)
        #expect(face2.transform.fields == want.fields)
        #expect(face2.bounds == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(face2.position == CGPoint(x: 200, y: 200))
        #expect(face2.borderWidth == 4)
        #expect(face2.borderColor == CGColor.black)
        // #27AE60
        #expect(face2.backgroundColor == CGColor(red: 0x27 / 255.0, green: 0xAE / 255.0, blue: 0x60 / 255.0, alpha: 1))
        // The container's sublayerTransform: m34 -0.002, then -45 degrees about x, then about y.
        var st = CATransform3DIdentity
        st.m34 = -0.002
        st = CATransform3DRotate(st, -0.7853981633974483, 1, 0, 0)
        st = CATransform3DRotate(st, -0.7853981633974483, 0, 1, 0)
        #expect(scene.root.sublayerTransform.fields == st.fields)
        #expect(scene.canvas == Canvas(width: 400, height: 400, scale: 1, background: .white))
        #expect(scene.root.sublayers?.count == 6)
    }

    @Test func cube25dClosedAnchors() throws {
        let scene = try Paths.sharedScene("cube25d-closed")
        func layer(_ n: String) throws -> CALayer { try #require(scene.allLayers.first { $0.name == n }) }
        let side1 = try layer("side1")
        #expect(side1.anchorPoint == CGPoint(x: 1, y: 0.5))
        #expect(side1.position == CGPoint(x: 150, y: 250))
        #expect(side1.transform.fields == CATransform3DRotate(.identity, .pi / 2, 0, 1, 0).fields)
        #expect(try layer("side3").anchorPoint == CGPoint(x: 0, y: 0.5))
        #expect(try layer("side5").anchorPoint == CGPoint(x: 0.5, y: 1))
        #expect(try layer("side6").anchorPoint == CGPoint(x: 0.5, y: 0))
        #expect(try layer("transformedLayer") is CATransformLayer)
        #expect(try layer("side4").transform.fields == CATransform3DMakeTranslation(0, 0, 200).fields)
        #expect(scene.canvas.background == CGColor(red: 0x20 / 255.0, green: 0x20 / 255.0, blue: 0x20 / 255.0, alpha: 1))
        // The root's frame [0, 0, 500, 500] with the default anchor.
        #expect(scene.root.position == CGPoint(x: 250, y: 250))
        #expect(scene.root.bounds == CGRect(x: 0, y: 0, width: 500, height: 500))
    }

    @Test func litCubeLight() throws {
        let scene = try Paths.sharedScene("transforms-5.22-cube-lit")
        let lit = scene.allLayers.filter { $0.light != nil }
        #expect(lit.count == 1)
        #expect(lit.first?.light == LaminaLight(direction: (-0.2, 0.3, -1), ambient: 0.3))
    }

    @Test func affineTransformScene() throws {
        let scene = try Paths.sharedScene("transforms-5.1-affine-rotation")
        let view = try #require(scene.allLayers.first { $0.name == "layerView" })
        let a = CGAffineTransform(0.7071067811865476, 0.7071067811865475, -0.7071067811865475, 0.7071067811865476, 0, 0)
        #expect(view.transform.fields == CATransform3DMakeAffineTransform(a).fields)
        #expect(view.position == CGPoint(x: 200, y: 200))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 200, height: 200))
        let marker = try #require(scene.allLayers.first { $0.name == "layerView.marker" })
        #expect(marker.position == CGPoint(x: 54, y: 54))
        #expect(marker.bounds.size == CGSize(width: 60, height: 60))
    }
}
