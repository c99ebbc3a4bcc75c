/// The stage an app's window stands on at one moment of a foldable phone's life: the crease
/// (when it divides the window), the content size and the insets.
///
/// ```swift
/// let laptop = FoldStage(
///     contentSize: .init(width: 1812, height: 2176), insets: .init(top: 40, bottom: 30),
///     division: .init(x: 0, y: 1076, width: 1812, height: 24))
/// laptop.windowSize                                  // 1812 × 2106
/// ```
///
/// Sizes are in points. The *division* is the region the hinge occupies while it is *active*
/// (the phone is bent, so the region splits the screen in two); it is `nil` while the hinge
/// rests (flat or closed) or on a phone without one. The window size is the content size less
/// the insets.
public struct FoldStage: Hashable, Sendable {
    /// A width and a height, in points.
    public struct Size: Hashable, Sendable {
        /// Points.
        public var width: Double
        /// Points.
        public var height: Double

        /// A size of `width` × `height` points.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Distances from each edge, in points.
    public struct Insets: Hashable, Sendable {
        /// Points.
        public var top: Double
        /// Points.
        public var left: Double
        /// Points.
        public var bottom: Double
        /// Points.
        public var right: Double

        /// Insets in points; zero by default.
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// A rectangle, in points, from the content's top-left corner.
    public struct Region: Hashable, Sendable {
        /// Points from the left edge.
        public var x: Double
        /// Points from the top edge.
        public var y: Double
        /// Points.
        public var width: Double
        /// Points.
        public var height: Double

        /// A rectangle in points.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The size of the content area, in points.
    public var contentSize: Size
    /// The safe-area insets, in points.
    public var insets: Insets
    /// The hinge's region while it is active; `nil` while it rests or there is none.
    public var division: Region?

    /// A stage; `division` is the active division region, `nil` when there is none.
    public init(contentSize: Size, insets: Insets = Insets(), division: Region? = nil) {
        self.contentSize = contentSize
        self.insets = insets
        self.division = division
    }

    /// The content size less the insets.
    public var windowSize: Size {
        Size(
            width: contentSize.width - insets.left - insets.right,
            height: contentSize.height - insets.top - insets.bottom)
    }
}
