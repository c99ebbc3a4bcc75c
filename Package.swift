// swift-tools-version: 6.0
// HingeKit: hinge readings, springs and effects for foldable phones.
//
// Licence split: the HingeKit, ImageStandIns, Frames and FilmAnalysis targets are MIT so that apps
// can embed them (Frames links libpng, under the permissive libpng licence, and libdeflate, MIT).
// HingeAnalysis and hingetool link the GNU Scientific Library and are therefore GPL-3.0-or-later.

import PackageDescription

let package = Package(
    name: "HingeKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "HingeKit", targets: ["HingeKit"]),
        .library(name: "ImageStandIns", targets: ["ImageStandIns"]),
        .library(name: "HingeAnalysis", targets: ["HingeAnalysis"]),
        .library(name: "Frames", targets: ["Frames"]),
        .library(name: "FilmAnalysis", targets: ["FilmAnalysis"]),
        .executable(name: "hingetool", targets: ["hingetool"]),
    ],
    targets: [
        // The one echo rule, lock, PATH search and platform import every module shares, at
        // `package` access (MIT, no Foundation, not a product), as swift-collections shares
        // InternalCollectionsUtilities.
        .target(name: "HingeSupport"),
        .target(name: "HingeKit", dependencies: ["HingeSupport"]),
        // The stand-in image cache an app embeds (MIT): imports nothing of ours but HingeSupport.
        .target(name: "ImageStandIns", dependencies: ["HingeSupport"]),
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),
        .target(name: "HingeAnalysis", dependencies: ["HingeSupport", "HingeKit", "CGSL"]),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // The fast PNG path's inflate and CRC-32 (MIT); libpng stays the path for every other PNG.
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // The SIMD passes over a film's bytes (tile sums, YUV to RGB) in C (MIT).
        .target(name: "CFrameKernels"),
        // Pixels alone (MIT): `Frame`, its errors, PNG and PPM in and out, YUV 4:2:0 to RGB. libpng
        // is under the libpng licence, libdeflate MIT. No film, no event, no HingeKit.
        .target(name: "Frames", dependencies: ["HingeSupport", "CPNG", "CDeflate", "CFrameKernels"]),
        // Frame differences and film events (MIT), over Frames' pixels; CFrameKernels for the tile sums.
        .target(name: "FilmAnalysis", dependencies: ["HingeSupport", "HingeKit", "Frames", "CFrameKernels"]),
        // Cairo draws the effect previews (LGPL-2.1 or MPL-1.1).
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // Effects drawn frame by frame from a trace (hingetool preview): may import HingeKit,
        // Frames (pixels and the PNG writer; no film analysis) and CCairo.
        .target(name: "EffectPreview", dependencies: ["HingeSupport", "HingeKit", "Frames", "CCairo"]),
        .executableTarget(
            name: "hingetool",
            dependencies: ["HingeSupport", "HingeKit", "HingeAnalysis", "Frames", "FilmAnalysis", "EffectPreview"]),
        // `make bench`: release build only, never run by `swift test`.
        .target(name: "CAllocationCounter", path: "Benchmarks/Sources/CAllocationCounter"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "HingeKit", "HingeAnalysis", "ImageStandIns", "Frames", "FilmAnalysis", "CAllocationCounter",
            ],
            path: "Benchmarks/Sources/Benchmarks"),
        // Seeded random cases and paths shared by the test targets; not a product.
        .target(name: "HingeTestSupport", dependencies: ["HingeKit"], path: "Tests/HingeTestSupport"),
        .testTarget(name: "HingeKitTests", dependencies: ["HingeKit", "HingeTestSupport"]),
        .testTarget(
            name: "HingeAnalysisTests", dependencies: ["HingeAnalysis", "HingeKit", "CGSL", "HingeTestSupport"]),
        .testTarget(name: "ImageStandInsTests", dependencies: ["ImageStandIns"]),
        .testTarget(
            name: "FilmAnalysisTests",
            dependencies: ["FilmAnalysis", "Frames", "HingeKit", "HingeTestSupport", "CFrameKernels"]),
        .testTarget(
            name: "hingetoolTests",
            dependencies: ["hingetool", "HingeKit", "HingeSupport", "Frames", "FilmAnalysis", "HingeTestSupport"]),
        .testTarget(name: "HingeSupportTests", dependencies: ["HingeSupport"]),
        .testTarget(
            name: "EffectPreviewTests", dependencies: ["EffectPreview", "HingeKit", "Frames", "HingeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Compiler-checked imports on every target (docs/architecture.md, "Dependency rule"): a plain
// `import` is internal, so a module's public API can name another module's types only through a
// `public import` written where it is needed (SE-0409), and a member of an extension is visible
// only in files that import its module themselves (SE-0444), not because another file did.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
