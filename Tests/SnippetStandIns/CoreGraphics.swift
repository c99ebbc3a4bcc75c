// Stand-in for the one CoreGraphics type the pages use (`CGImage`, as `import ImageIO` and
// `import SwiftUI` bring it in on Apple platforms). Type-check only: see SwiftUI.swift.
// CGFloat and CGSize come from Foundation, which defines them on Linux too.

@_exported import Foundation

/// A bitmap image (a class on Apple platforms, created by ImageIO or CoreGraphics); not
/// `Sendable`, as in the SDKs docs/stand-ins.md was written for.
public final class CGImage {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int

    init(width: Int, height: Int, bytesPerRow: Int) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }
}
