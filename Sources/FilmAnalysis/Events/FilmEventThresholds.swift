/// The thresholds the event detector uses; docs/film.md explains each choice.
///
/// Differences are RMSE in 0…1 as ImageMagick prints them; detail is a standard deviation in
/// 0…1 (``FrameSummary``); times are milliseconds.
public struct FilmEventThresholds: Hashable, Sendable {
    /// Below this difference a step is noise (a blinking cursor, a clock, encoder dither) and
    /// not a change: 0.01, which 28 pixels of a 180 × 390 frame changing by half the range reach.
    public var quiet: Double = 0.01
    /// A lone step at least this large is a cut: 0.05.
    public var cut: Double = 0.05
    /// Changed frames closer than this belong to one run (a crossfade, a motion): 50 ms, three
    /// frames at 60 Hz, so a dropped frame does not split a run.
    public var runGap: Int = 50
    /// A frame with less detail than this is blank: 0.01.
    public var blankDetail: Double = 0.01
    /// A frame or tile with at least this much detail shows content: 0.03.
    public var detail: Double = 0.03
    /// A tile with less detail than this is a flat fill (a placeholder): 0.005.
    public var flatTile: Double = 0.005
    /// A flat region that comes back within this time is a flash: 250 ms.
    public var longestFlash: Int = 250
    /// A tile has the same content again when its mean colour and detail are each within this
    /// of what they were before the flash: 0.02.
    public var sameTile: Double = 0.02
    /// A run is a crossfade when each frame lies within this fraction of the change from the
    /// blend of the frames before and after (on tile means): 0.15.
    public var blendResidual: Double = 0.15
    /// The change between the frames before and after a run must be at least this large (RMS
    /// over tile means) for the blend position to be measurable: 0.02.
    public var blendChange: Double = 0.02
    /// Changes closer than this belong to one burst; the film has settled when none follows
    /// within it: 250 ms.
    public var settleGap: Int = 250
    /// A burst that starts longer than this after the hinge stopped is late motion: 500 ms
    /// (HingeKit's default springs settle within half a second).
    public var lateMotion: Int = 500

    /// The documented defaults.
    public init() {}
}
