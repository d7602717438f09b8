// Picking by pixels (Compositor.pick, RenderPlan.pick) on trees built by hand: the cube of
// buttons (Lockwood), culled back faces, masks and masksToBounds, flattened surfaces, split
// pieces, transparent layers, the canvas edge; CALayer.hitTest keeps Core Animation's answer.
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct PickByPixelTests {
    static func pick(_ root: CALayer, _ p: SIMD2<Double>, forceTargets: Bool = false) throws -> LayerHit? {
        try Compositor(options: CompositorOptions(forceTargets: forceTargets)).pick(root: root, at: CGPoint(x: p.x, y: p.y), width: 400, height: 400)
    }

    /// A single-sided cube of six 200-point faces (a CATransformLayer), each with a 120 x 50
    /// "button" in its middle, seen from above and to the side in perspective.
    static func cubeOfButtons() -> (root: CALayer, faces: [CALayer], buttons: [CALayer]) {
        let cube = CATransformLayer()
        cube.name = "cube"
        cube.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        cube.position = CGPoint(x: 200, y: 200)
        let places = [tr(0, 0, 100), then(ry(90), tr(100, 0, 0)), then(ry(-90), tr(-100, 0, 0)),
                      then(rx(90), tr(0, -100, 0)), then(rx(-90), tr(0, 100, 0)), then(ry(180), tr(0, 0, -100))]
        var faces: [CALayer] = [], buttons: [CALayer] = []
        for (i, t) in places.enumerated() {
            let face = card("face\(i)", 200, 200, at: 100, 100, gray, transform: t)
            face.isDoubleSided = false
            let button = card("button\(i)", 120, 50, at: 100, 100, blue)
            face.addSublayer(button)
            cube.addSublayer(face)
            faces.append(face); buttons.append(button)
        }
        return (stage(view: then(ry(35), rx(-25)), [cube]), faces, buttons)
    }

    /// Whether a layer faces the viewer on the canvas: its x and y axes turn clockwise (y down).
    static func facesViewer(_ l: CALayer) -> Bool {
        let o = onCanvas(l, 0, 0), x = onCanvas(l, 200, 0), y = onCanvas(l, 0, 200)
        let a = x - o, b = y - o
        return a.x * b.y - a.y * b.x > 0
    }

    @Test func onlyTheCubesFacesTurnedTowardTheViewerRespond() throws {
        let (root, faces, buttons) = Self.cubeOfButtons()
        let front = faces.indices.filter { Self.facesViewer(faces[$0]) }
        #expect(front.count == 3)
        var appleHitsBackButton = false
        for i in faces.indices {
            let p = onCanvas(buttons[i], 60, 25)
            let hit = try #require(try Self.pick(root, p))
            if front.contains(i) {
                // A front face's button answers, at its own middle.
                #expect(hit.layer === buttons[i])
                #expect(abs(hit.point.x - 60) < 1e-6 && abs(hit.point.y - 25) < 1e-6, "\(hit.point)")
            } else {
                // A back face's button never does: what is drawn there (a front face) does.
                #expect(hit.layer !== buttons[i] && hit.layer !== faces[i])
                if root.hitTest(CGPoint(x: p.x, y: p.y)) === buttons[i] { appleHitsBackButton = true }
            }
        }
        // Core Animation's hitTest (array order) answers with a back face's button somewhere.
        #expect(appleHitsBackButton)
        // Over the whole canvas, only front faces and their buttons are ever picked.
        var picked = Set<ObjectIdentifier>()
        let plan = try Compositor().compileChecked(root: root, width: 400, height: 400)
        for y in stride(from: 2.5, to: 400, by: 5) {
            for x in stride(from: 2.5, to: 400, by: 5) {
                guard let hit = try Compositor.pick(plan, root: root, at: CGPoint(x: x, y: y), scale: 1) else { continue }
                picked.insert(ObjectIdentifier(hit.layer))
            }
        }
        let allowed = Set(front.flatMap { [ObjectIdentifier(faces[$0]), ObjectIdentifier(buttons[$0])] })
        #expect(picked == allowed)
    }

    @Test func aCulledBackFacePicksWhatIsBehindIt() throws {
        let floor = card("floor", 300, 300, at: 200, 200, gray)
        let turned = card("turned", 150, 150, at: 200, 200, red, transform: then(ry(160), tr(0, 0, 50)))
        turned.isDoubleSided = false
        let root = stage(400, 400, [floor, turned])
        let p = onCanvas(turned, 40, 75)
        #expect(try Self.pick(root, p)?.layer === floor)
        turned.isDoubleSided = true
        let hit = try #require(try Self.pick(root, p))
        #expect(hit.layer === turned)
        #expect(abs(hit.point.x - 40) < 1e-6 && abs(hit.point.y - 75) < 1e-6, "\(hit.point)")
    }

    @Test func pointsOutsideAMaskOrTheBoundsPickWhatIsBehind() throws {
        let floor = card("floor", 400, 400, at: 200, 200, gray)
        let host = card("host", 200, 200, at: 200, 200, red, transform: ry(30))
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        mask.backgroundColor = white
        host.mask = mask
        let clipper = card("clipper", 100, 100, at: 80, 320, yellow)
        clipper.masksToBounds = true
        let child = card("child", 300, 40, at: 150, 50, blue)
        clipper.addSublayer(child)
        let root = stage(400, 400, [floor, host, clipper])
        #expect(try Self.pick(root, onCanvas(host, 50, 50))?.layer === host)
        #expect(try Self.pick(root, onCanvas(host, 150, 150))?.layer === floor)
        #expect(try Self.pick(root, onCanvas(child, 20, 20))?.layer === child)
        #expect(try Self.pick(root, onCanvas(child, 250, 20))?.layer === floor)
    }

    @Test(arguments: [false, true]) func aPointOnAFlattenedPlanePicksTheSublayerDrawnThere(forceTargets: Bool) throws {
        // Group opacity over two sublayers: the plane is drawn through a target of its own.
        let plane = card("plane", 240, 240, at: 200, 200, gray, transform: ry(40))
        plane.opacity = 0.8
        let a = card("a", 80, 80, at: 60, 60, red, transform: rz(20))
        let b = card("b", 80, 80, at: 170, 170, blue)
        plane.addSublayer(a); plane.addSublayer(b)
        let root = stage(400, 400, [plane])
        let plan = try Compositor(options: CompositorOptions(forceTargets: forceTargets)).compileChecked(root: root, width: 400, height: 400)
        for (l, name) in [(a, "a"), (b, "b")] {
            let p = onCanvas(l, 30, 50)
            let hit = try #require(try Compositor.pick(plan, root: root, at: CGPoint(x: p.x, y: p.y), scale: 1))
            #expect(hit.layer === l, "\(name)")
            #expect(abs(hit.point.x - 30) < 1e-6 && abs(hit.point.y - 50) < 1e-6, "\(name): \(hit.point)")
            #expect(hit.planHit.target != plan.outputIndex)
        }
        let between = try #require(try Self.pick(root, onCanvas(plane, 200, 40)))
        #expect(between.layer === plane)
    }

    @Test func splitPiecesPickTheNearerLayerOnEachSide() throws {
        let a = card("a", 240, 120, at: 200, 200, red, transform: ry(35))
        let b = card("b", 240, 120, at: 200, 200, blue, transform: ry(-35))
        let root = stage(400, 400, [a, b])
        var splitHits = 0
        for x in stride(from: 90.5, to: 310, by: 10) {
            let p = SIMD2(x, 200.5)
            let hit = try Self.pick(root, p)
            let expected = root.hitTest(CGPoint(x: p.x, y: p.y), depthSorted: true)
            #expect(hit?.layer === expected, "x \(x)")
            if hit?.planHit.isSplit == true { splitHits += 1 }
        }
        #expect(splitHits > 10)
    }

    @Test func aLayerOfHugeCoordinatesAnswersInItsOwnUnits() throws {
        // Two million points tall: its quad is re-expressed near pixel units (Recentering.swift).
        let tall = card("tall", 200, 2e6, at: 200, 200, red, transform: rz(10))
        let root = stage(400, 400, [tall])
        let plan = try Compositor().compileChecked(root: root, width: 400, height: 400)
        #expect(plan.allQuads.contains { $0.reexpression != nil })
        let p = onCanvas(tall, 120, 1e6 + 30)
        let hit = try #require(try Compositor.pick(plan, root: root, at: CGPoint(x: p.x, y: p.y), scale: 1))
        #expect(hit.layer === tall)
        #expect(abs(hit.point.x - 120) < 1e-6 && abs(hit.point.y - (1e6 + 30)) < 1e-6, "\(hit.point)")
    }

    @Test func transparentLayersAreNotPicked() throws {
        let floor = card("floor", 400, 400, at: 200, 200, gray)
        let empty = card("empty", 100, 100, at: 100, 100, nil)
        let clear = card("clear", 100, 100, at: 300, 100, CGColor(red: 1, green: 0, blue: 0, alpha: 0))
        let invisible = card("invisible", 100, 100, at: 100, 300, red)
        invisible.opacity = 0
        // An image whose left half is transparent.
        var px = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for y in 0..<4 { for x in 2..<4 { let i = (y * 4 + x) * 4; px[i] = 255; px[i + 3] = 255 } }
        let picture = card("picture", 100, 100, at: 300, 300, nil)
        picture.contents = CGImage(width: 4, height: 4, premultipliedRGBA: px)
        let root = stage(400, 400, [floor, empty, clear, invisible, picture])
        for p in [SIMD2(100.0, 100.0), SIMD2(300, 100), SIMD2(100, 300), SIMD2(260, 300)] {
            #expect(try Self.pick(root, p)?.layer === floor, "\(p)")
        }
        let hit = try #require(try Self.pick(root, SIMD2(340, 300)))
        #expect(hit.layer === picture && hit.planHit.role == "contents")
    }

    @Test func theCanvasEdgeAndBadInput() throws {
        let root = stage(400, 400, [card("card", 100, 100, at: 200, 200, red)])
        root.backgroundColor = white
        // The root's opaque background became the output's clear color: still the root's.
        let hit = try #require(try Self.pick(root, SIMD2(10, 10)))
        #expect(hit.layer === root && hit.path.isEmpty && hit.pathDescription == "root")
        #expect(abs(hit.point.x - 10) < 1e-9 && abs(hit.point.y - 10) < 1e-9)
        let onCard = try #require(try Self.pick(root, SIMD2(200, 200)))
        #expect(onCard.pathDescription == "root/sublayers[0]")
        #expect(try Self.pick(root, SIMD2(-1, 10)) == nil)
        #expect(try Self.pick(root, SIMD2(10, 400.5)) == nil)
        #expect(throws: CompositorError.self) { try Self.pick(root, SIMD2(.nan, 10)) }
        #expect(throws: CompositorError.self) {
            try Compositor().pick(root: root, at: .zero, width: 0, height: 10)
        }
    }
}
