// swift-tools-version: 6.0
// Lamina: Core Animation's layer model on Linux, composited in 2.5D and drawn with
// OpenGL or a CPU reference rasterizer. Pipeline: model -> plan -> renderers -> tools.
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "LaminaScene", targets: ["LaminaScene"]),
        .library(name: "LaminaCompositor", targets: ["LaminaCompositor"]),
        .library(name: "LaminaRaster", targets: ["LaminaRaster"]),
        .library(name: "LaminaGL", targets: ["LaminaGL"]),
        .library(name: "LaminaText", targets: ["LaminaText"]),
        .library(name: "LaminaImage", targets: ["LaminaImage"]),
        // The one-call entry point (LayerRenderer) with the stages it uses re-exported.
        .library(name: "LaminaKit", targets: ["LaminaKit"]),
        .library(name: "LaminaWorkloads", targets: ["LaminaWorkloads"]),
        .executable(name: "lamina", targets: ["lamina"]),
        .executable(name: "lamina-demo", targets: ["lamina-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // glibc's malloc tuning (mallopt), for the command-line tool.
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),

        // Core Graphics: affine transforms, colors, images, paths, gradients, bitmap contexts (Cairo inside).
        .target(name: "CoreGraphics", dependencies: ["CCairo", "_Testing_CoreGraphics"]),
        // The empty cross-import overlay Testing expects next to a module named CoreGraphics (see its source).
        .target(name: "_Testing_CoreGraphics"),
        // Model: the Core Animation API (math, layers, key paths, geometry).
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
        // PNG in and out (libpng's simplified API), premultiplied RGBA8 inside.
        .target(name: "LaminaImage", dependencies: ["QuartzCore", "CPNG"]),
        // Scene files <-> layer trees.
        .target(name: "LaminaScene", dependencies: ["QuartzCore", "LaminaImage"]),
        // Text for CATextLayer (FreeType), handed to the compositor as images.
        .target(name: "LaminaText", dependencies: ["QuartzCore", "CFreeType"]),
        // Plan: layer tree -> RenderPlan (targets of ordered, clipped, sorted quads).
        .target(name: "LaminaCompositor", dependencies: ["QuartzCore"]),
        // Renderer: the CPU reference rasterizer of a RenderPlan.
        .target(name: "LaminaRaster", dependencies: ["LaminaCompositor", "QuartzCore"]),
        // Renderer: OpenGL 3.3 core over libepoxy (headless EGL or a window), shaders in Shaders/.
        .target(name: "LaminaGL", dependencies: ["LaminaCompositor", "QuartzCore", "CEpoxy"]),
        // The entry point: layer tree -> image or PNG, text included, on GL or the CPU.
        .target(name: "LaminaKit", dependencies: ["QuartzCore", "LaminaCompositor", "LaminaRaster", "LaminaGL", "LaminaText", "LaminaImage"]),
        // Seeded benchmark scenes (cards, cubes, flat trees, chains, random oracle scenes).
        .target(name: "LaminaWorkloads", dependencies: ["QuartzCore", "LaminaScene"]),
        // The demo's scenes, input and scripts, independent of any window.
        .target(name: "LaminaDemoKit", dependencies: ["QuartzCore", "LaminaScene", "LaminaWorkloads"]),
        // Tools.
        .executableTarget(name: "lamina", dependencies: [
            "QuartzCore", "LaminaImage", "LaminaScene", "LaminaCompositor", "LaminaRaster", "LaminaGL", "LaminaText", "LaminaKit", "LaminaWorkloads",
            "CMalloc", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .executableTarget(name: "lamina-demo", dependencies: [
            "QuartzCore", "LaminaScene", "LaminaCompositor", "LaminaGL", "LaminaImage", "LaminaDemoKit", "LaminaText", "CGLFW", "CEpoxy",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Helpers shared by the test targets.
        .target(name: "LaminaTestSupport", dependencies: ["LaminaCompositor", "LaminaRaster", "LaminaScene", "LaminaText", "LaminaGL", "QuartzCore"],
                path: "Tests/LaminaTestSupport"),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore"]),
        .testTarget(name: "LaminaSceneTests", dependencies: ["LaminaScene", "LaminaImage", "QuartzCore", "LaminaTestSupport"]),
        .testTarget(name: "LaminaWorkloadsTests", dependencies: ["LaminaWorkloads", "LaminaScene", "QuartzCore"]),
        .testTarget(name: "LaminaCompositorTests", dependencies: ["LaminaCompositor", "LaminaScene", "LaminaTestSupport", "QuartzCore", "LaminaWorkloads"]),
        .testTarget(name: "LaminaDemoTests", dependencies: ["LaminaDemoKit", "LaminaScene", "LaminaCompositor", "LaminaImage", "LaminaRaster", "LaminaTestSupport", "QuartzCore"]),
        .testTarget(name: "LaminaGLTests", dependencies: ["LaminaGL", "CEpoxy", "LaminaRaster", "LaminaCompositor", "LaminaScene", "LaminaImage", "LaminaText", "LaminaTestSupport", "QuartzCore", "LaminaWorkloads"]),
        .testTarget(name: "LaminaKitTests", dependencies: ["LaminaKit", "LaminaScene", "LaminaRaster", "LaminaGL", "LaminaTestSupport"]),
        .testTarget(name: "LaminaRasterTests", dependencies: ["LaminaRaster", "LaminaCompositor", "LaminaScene", "LaminaImage", "LaminaText", "LaminaTestSupport", "QuartzCore", "LaminaWorkloads"]),
    ],
    swiftLanguageModes: [.v6]
)
