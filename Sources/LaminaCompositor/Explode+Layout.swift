// Where the exploded view puts each card: the target's plane in the output's 3D space, pulled
// off along its own normal, and the camera that shows the stack. Row vectors: p' = p * M; 3D
// is the output's post-divide space (pixels, y down, z towards the viewer).
import QuartzCore

/// The cards of an exploded view and the camera (see the top of Explode.swift).
struct ExplodeLayout {
    /// One shown target's card.
    struct Card {
        /// The target's index in the plan.
        let index: Int
        /// Its texels -> the output's 3D space, where the plan puts its plane (unflattened).
        let space: Mat4
        /// Its plane's unit normal there, on the viewer's side.
        let normal: SIMD3<Double>
        /// How far it is pulled off along `normal` (post-divide units: output pixels).
        let lift: Double
        /// Its texels -> the camera's space: `space`, moved by lift * normal, then the camera.
        let matrix: Mat4
    }
    /// The cards, in the plan's target order (the tie order of their depth sort).
    let cards: [Card]
    /// The output's 3D space -> output pixels (X, Y, Z, W): the turned, perspective view.
    let camera: Mat4

    init(_ plan: RenderPlan, amount: Double, turn: CATransform3D?, extraTurn: CATransform3D) {
        let places = TargetPlacements(plan)
        let out = plan.targets[plan.outputIndex]
        let w = Double(out.width), h = Double(out.height), side = max(w, h)
        let deepest = max(1, places.depth.max() ?? 1)
        let spacing = amount * 0.5 * side / Double(deepest)
        // Each shown target's plane and its normal.
        let shown = plan.targets.indices.compactMap { i -> (i: Int, space: Mat4, n: SIMD3<Double>)? in
            guard let space = places.inSpace[i], let n = places.normal(i) else { return nil }
            return (i, space, n)
        }
        // The output card sits behind the scene's 3D (its farthest visible point, eased in
        // with the turn), so no plane the scene puts behind the screen hides behind it.
        var back = 0.0
        for c in shown where c.i != plan.outputIndex {
            let t = plan.targets[c.i]
            for p in clip(Box(minX: 0, minY: 0, maxX: Double(t.width), maxY: Double(t.height)).corners, c.space.inFrontOfEye) {
                let q = c.space.map(p)
                if q.z / q.w < back { back = q.z / q.w }
            }
        }
        let zOutput = back * smoothstep(amount)
        let zMid = (zOutput + spacing * Double(deepest)) / 2
        // The camera: the stack's middle at the origin, turned, shrunk to leave room for
        // the turned stack, seen from 3 * side away, put back at the output's centre.
        let turn = Mat4(turn ?? CATransform3DConcat(ExplodeOptions.defaultTurn(amount, facing: shown.map(\.n)), extraTurn))
        let shrink = 1 - 0.3 * smoothstep(amount)
        var persp = Mat4.identity
        persp.r2.w = -1 / (3 * side)
        let view = Mat4.translation(-w / 2, -h / 2, -zMid).concatenating(turn).concatenating(.scale(shrink, shrink, shrink))
        let camera = view.concatenating(persp).concatenating(.translation(w / 2, h / 2))
        self.camera = camera
        cards = shown.map { c in
            // The level is the depth in the target tree; a mask or shadow blur sits half a
            // level nearer the plane that draws it (behind the layer's own plane).
            var level = Double(places.depth[c.i])
            switch plan.targets[c.i].kind {
            case .mask, .shadow: level -= 0.5
            default: break
            }
            let lift = c.i == plan.outputIndex ? zOutput : level * spacing
            // A move along the normal in post-divide space: a translation of homogeneous points.
            let lifted = c.space.concatenating(.translation(c.n.x * lift, c.n.y * lift, c.n.z * lift))
            return Card(index: c.i, space: c.space, normal: c.n, lift: lift, matrix: lifted.concatenating(camera))
        }
    }
}
