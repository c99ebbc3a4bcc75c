// Stand-in for `import ImageIO`: the pages use only what it re-exports (CoreGraphics' CGImage,
// Foundation's URL). Type-check only: see SwiftUI.swift.

@_exported import CoreGraphics
