// swift-tools-version: 6.0
// PortCheck: Core Animation code written for Apple platforms, compiled unchanged against
// Lamina's QuartzCore, with its results checked against Apple's formulas.
import PackageDescription

let package = Package(
    name: "PortCheck",
    dependencies: [
        // Named, so the product reference below works whatever the checkout directory is called.
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "PortCheck", dependencies: [
            .product(name: "QuartzCore", package: "Lamina"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
