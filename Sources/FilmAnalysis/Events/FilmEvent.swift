/// Something a film shows that a person hunting a glitch wants to know about.
public struct FilmEvent: Hashable, Sendable {
    /// What kind of change it is.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// One large step between steady frames.
        case cut
        /// A run of moderate steps whose frames lie on the blend of the frames before and after.
        case crossfade
        /// Frames with almost no detail between two frames that have it.
        case blankFrame = "blank-frame"
        /// A region that turns into a flat fill for a few frames and comes back unchanged.
        case placeholderFlash = "placeholder-flash"
        /// A burst of change and the moment it stops: ``FilmEvent/end`` is when the film settled.
        case settle
        /// A burst of change that starts after the hinge has been at rest for a while.
        case lateMotion = "late-motion"
    }

    /// What kind of change it is.
    public var kind: Kind
    /// When it started, in milliseconds: the first frame that shows it.
    public var start: Int
    /// When it ended, in milliseconds: the frame that ends it (for a blank frame or a flash,
    /// the frame that replaces it; for the others, the last frame that is part of it).
    public var end: Int
    /// The frames it spans: changed frames for a cut, crossfade, settle and late motion; the
    /// blank or flat frames for a blank frame and a flash.
    public var frames: Int
    /// The largest difference between neighbouring frames within it (RMSE, 0…1).
    public var peak: Double
    /// For a crossfade, the blend position of each of its frames (0 = the frame before, 1 = the
    /// frame after); empty otherwise.
    public var alphas: [Double] = []
    /// For a placeholder flash, the tiles (row-major in the summary's grid) that went flat.
    public var tiles: [Int] = []
    /// With a hinge trace: milliseconds from the hinge's last stop before ``start`` to ``start``
    /// (`nil` without a trace, or when the hinge was moving at ``start``).
    public var sinceHingeStop: Int?
    /// With a hinge trace: milliseconds from the hinge's last start of motion before ``start``.
    public var sinceHingeStart: Int?

    /// An event from its parts.
    public init(kind: Kind, start: Int, end: Int, frames: Int, peak: Double) {
        self.kind = kind
        self.start = start
        self.end = end
        self.frames = frames
        self.peak = peak
    }
}
