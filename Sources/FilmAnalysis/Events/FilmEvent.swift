/// Something a film shows that a person hunting a glitch wants to know about.
public struct FilmEvent: Hashable, Sendable {
    /// What kind of change it is.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The frames without detail a recording opens with, before the app draws; ``FilmEvent/end``
        /// is the first frame with content (the film's visible start).
        case leadIn = "lead-in"
        /// One large step between steady frames.
        case cut
        /// A run of frames that blend the frames before and after it, perhaps over the
        /// background (``FilmEvent/dip``); a crossfade with a dip is a blink (``FilmEvent/isBlink``).
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
    public var start: Milliseconds
    /// When it ended, in milliseconds: the frame that ends it (for a blank frame or a flash,
    /// the frame that replaces it; for the others, the last frame that is part of it).
    public var end: Milliseconds
    /// The frames it spans, without repeated frames (those under the film's noise floor):
    /// changed frames for a cut, crossfade, settle and late motion; the blank or flat frames
    /// for a blank frame, a flash and the lead-in.
    public var frames: Int
    /// The largest difference between neighbouring frames within it (RMSE, 0…1).
    public var peak: Double
    /// For a crossfade, the blend position of each of its frames (the share of the frame after
    /// it, 0…1); empty otherwise.
    public var alphas: [Double] = []
    /// For a crossfade, the largest share of the background in any of its frames: 0 for a clean
    /// blend (the new layer over the old), 0.25 when both layers fade at once (SwiftUI's
    /// default `.opacity` transition, a CSS opacity crossfade). 0 for other kinds.
    public var dip: Double = 0
    /// Whether this is a crossfade that shows the background: its ``dip`` reached
    /// ``FilmEventThresholds/blink``.
    public var isBlink = false
    /// For a placeholder flash, the tiles (row-major in the summary's grid) that went flat.
    public var tiles: [Int] = []
    /// How sure the detector is of ``kind``: 1 when nothing else fits; below 1 when the frames
    /// could also be one of ``alternatives`` (``kind`` is then the likelier).
    public var confidence: Double = 1
    /// What else the event could be, when the frames cannot tell (``confidence`` below 1): a
    /// blank page whose colour only the page itself gives could be a placeholder over the whole
    /// content (`placeholder-flash`); a crossfade whose frames keep nearly a mixture's detail
    /// could be content moving (`settle`).
    public var alternatives: [Kind] = []
    /// With a hinge trace: milliseconds from the hinge's last stop before ``start`` to ``start``
    /// (`nil` without a trace, or when the hinge was moving at ``start``).
    public var sinceHingeStop: Milliseconds?
    /// With a hinge trace: milliseconds from the hinge's last start of motion before ``start``.
    public var sinceHingeStart: Milliseconds?

    /// An event from its parts.
    public init(kind: Kind, start: Milliseconds, end: Milliseconds, frames: Int, peak: Double) {
        self.kind = kind
        self.start = start
        self.end = end
        self.frames = frames
        self.peak = peak
    }
}
