// swift-tools-version: 6.0
// HingeKit: hinge readings, springs and effects for foldable phones.
//
// Licence split: the HingeKit target is MIT so that apps can embed it. HingeAnalysis and
// hingetool link the GNU Scientific Library and are therefore GPL-3.0-or-later. FilmAnalysis is MIT
// as well; it links libpng (libpng licence, permissive).

import PackageDescription

let package = Package(
    name: "HingeKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "HingeKit", targets: ["HingeKit"]),
        .library(name: "HingeAnalysis", targets: ["HingeAnalysis"]),
        .library(name: "FilmAnalysis", targets: ["FilmAnalysis"]),
        .executable(name: "hingetool", targets: ["hingetool"]),
    ],
    targets: [
        .target(name: "HingeKit"),
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),
        .target(name: "HingeAnalysis", dependencies: ["HingeKit", "CGSL"]),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Frame differences and film events (MIT): libpng is under the libpng licence.
        .target(name: "FilmAnalysis", dependencies: ["HingeKit", "CPNG"]),
        .executableTarget(name: "hingetool", dependencies: ["HingeKit", "HingeAnalysis", "FilmAnalysis"]),
        // `make bench`: release build only, never run by `swift test`.
        .target(name: "CAllocationCounter", path: "Benchmarks/Sources/CAllocationCounter"),
        .executableTarget(
            name: "Benchmarks", dependencies: ["HingeKit", "HingeAnalysis", "FilmAnalysis", "CAllocationCounter"],
            path: "Benchmarks/Sources/Benchmarks"),
        // Seeded random cases and paths shared by the test targets; not a product.
        .target(name: "HingeTestSupport", dependencies: ["HingeKit"], path: "Tests/HingeTestSupport"),
        .testTarget(name: "HingeKitTests", dependencies: ["HingeKit", "HingeTestSupport"]),
        .testTarget(name: "HingeAnalysisTests", dependencies: ["HingeAnalysis", "HingeKit", "HingeTestSupport"]),
        .testTarget(name: "FilmAnalysisTests", dependencies: ["FilmAnalysis", "HingeKit", "HingeTestSupport"]),
        .testTarget(
            name: "hingetoolTests", dependencies: ["hingetool", "HingeKit", "FilmAnalysis", "HingeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
