/// The thresholds the event detector uses; docs/film.md explains each choice and the figures
/// (measured on the recorded films of `Datasets/films/real/`) that set it.
///
/// Differences are RMSE in 0…1 as ImageMagick prints them; detail is a standard deviation in
/// 0…1 (``FrameSummary``); times are milliseconds.
public struct FilmEventThresholds: Hashable, Sendable {
    /// Below this difference a step is not a change (a blinking caret, a ticking clock, a
    /// spinner, encoder noise): 0.01, which 28 pixels of a 180 × 390 frame changing by half the
    /// range reach. The film's own noise floor raises it (``noiseMultiple``).
    public var quiet: Double = 0.01
    /// A step is active when it reaches this multiple of the film's noise floor, if that is more
    /// than ``quiet``: 3.
    public var noiseMultiple: Double = 3
    /// The noise floor is never taken above this: 0.005 (H.264 and VP9 films measure
    /// 0.0001–0.002; a spinner turning in every frame must not pass for noise).
    public var largestNoiseFloor: Double = 0.005
    /// A lone step at least this large is a cut: 0.05.
    public var cut: Double = 0.05
    /// A cut changes at least this share of the frame's tiles: 0.2 (a list jumping after a
    /// stall changed 12 % of a recording's tiles by 0.05; layouts switching change 60–100 %).
    public var cutArea: Double = 0.2
    /// Changed frames closer than this belong to one run (a crossfade, a motion): 50 ms, three
    /// frames at 60 Hz, so a dropped or repeated frame does not split a run.
    public var runGap: Milliseconds = 50
    /// Changed frames closer than this may belong to one crossfade: 200 ms. Chromium under load
    /// drew a 200 ms fade as one or two frames (Datasets/films/real/crossfade-*).
    public var fadeGap: Milliseconds = 200
    /// A crossfade whose first frame is already past half-way is read again from the quiet
    /// frames up to this long before and after its run of changes, and kept so if they fit the
    /// blend too: 300 ms. Chromium under load held a fade's blend of 0.07, reached by a quiet
    /// step, for 267 ms before the rest came (the app corpus's tuning half, `-s46`); without it
    /// the fade is found only from its next step. (Read so for every crossfade, a dark map's
    /// theme fade started 50 ms early: a change before it moved every share.) Runs of changes up
    /// to this far apart are also tried as one crossfade before the ``fadeGap`` runs: a fade that
    /// stalled half-way left a hole of 200–250 ms between its halves (`-s92`), read as two cuts.
    public var stallGap: Milliseconds = 300
    /// A stretch of at least this many frames that are not repeats, each less than ``runGap``
    /// after the one before, is tried as a crossfade even when none of its steps is a change: 3.
    public var gradualFrames: Int = 3
    /// A step over this share of the film's noise floor may belong to a gradual crossfade: 0.5
    /// (a slow fade's own steps are part of the small steps the floor is measured on).
    public var gradualFloor: Double = 0.5
    /// A frame with less detail than this is blank, and so is a tile of a bare page's content
    /// area: 0.02 (0.01 until round 9). A bare page HEVC drew once for three frames at a variable
    /// rate kept the codec's ringing over most of its content area (`-s112`: tiles of 0.01–0.02,
    /// read as a placeholder flash); a page's text or pictures measure 0.1–0.4.
    public var blankDetail: Double = 0.02
    /// The chrome's bands: the tiles whose centre lies within this share of the frame's height
    /// from its top or bottom edge, or of its width from a side, are left out of a bare page's
    /// content area: 0.08. A phone keeps its status bar (a clock, a battery) and navigation
    /// bar over a blank page: 28 and 40 px on the corpus's screens, a tile row or two (on a
    /// 960 × 540 recording, where a tile is 80 px, those rows alone are a quarter of the frame).
    /// A crossfade that does not fit over the whole frame is read again on the tiles inside
    /// these bands (round 7: the bars keep their colours while two layers dip towards the
    /// window); at 0 the content area is the whole frame.
    public var chromeBand: Double = 0.08
    /// A bare page's content area is flat in its background's colour (``blankDetail``) apart
    /// from regions of at most this share of the frame each: 0.05 (the pointer, a spinner, a
    /// clock: a few tiles; a placeholder over a picture or a page is larger).
    public var bareRegion: Double = 0.05
    /// The tiles of a bare frame that changed in the step into it and are flat in another
    /// colour than the background cover at most this share of it: 0.05 (a placeholder turns
    /// flat in its own colour, grey or black; the chrome keeps its detail).
    public var bareChange: Double = 0.05
    /// A flat tile is the page's background when its mean colour is within this of the
    /// dominant flat colour of the frame before (each channel): 0.04. A placeholder is flat
    /// too, but in its own colour (grey, black). A bare frame's own colour (no page background
    /// before it) is a page's only within this of the status bar's tone (round 9: a dark page of
    /// 0.09 under a first tile row of 0.08; black over a dark map under 0.07–0.09).
    public var bareColour: Double = 0.04
    /// When the frame before a bare frame shows no flat background (a photo wall, a map), the
    /// bare frame's own flat colour is a page's background only if its mean is at most this or
    /// at least 1 − this: 0.15 (light and dark themes; a grey placeholder is neither).
    public var bareDark: Double = 0.15
    /// The confidence of a blank page whose colour only the bare frame itself gives (the frame
    /// before shows no flat page background: a photo wall, a map): 0.6, with
    /// `placeholder-flash` as the alternative. From the frame alone the two cannot be told
    /// apart; a theme's dark or light colour makes a page the likelier.
    public var ownColourConfidence: Double = 0.6
    /// A blank-frame event is at most this many distinct frames: 3 (a longer bare page is a
    /// loading screen, not a blink).
    public var longestBlank: Int = 3
    /// A frame or tile with at least this much detail shows content: 0.03.
    public var detail: Double = 0.03
    /// A tile with less detail than this is a flat fill (a placeholder): 0.008.
    public var flatTile: Double = 0.008
    /// A flat region filled within this time is a flash: 400 ms. A placeholder scripted for
    /// 150 ms stayed 300 ms under load on the app corpus's tuning half (a grey one drawn in
    /// place over a light grid, `-s101`: read as two cuts at 250 ms); a real load lasts longer.
    public var longestFlash: Milliseconds = 400
    /// When a flash's tiles are filled, at most this share of the step's change (sum of squared
    /// tile differences) lies outside them and the tiles touching them: 0.25 (the picture lands, the
    /// layout stays).
    public var fillOutside: Double = 0.25
    /// A run is a crossfade when each frame lies within this fraction of the change from its fit
    /// `a·A + b·B + c·background` (on tile means): 0.15.
    public var blendResidual: Double = 0.15
    /// A blend is fitted leaving out at most this share of the tiles, those it fits worst: 0.1
    /// (``FilmBlendFit/fit(_:)``). A status bar and a navigation bar whose colours follow a theme
    /// on their own curve, the pointer or a clock are a few tiles each. Measured: 0.1 finds the
    /// two-layer fades of the app corpus's tuning half; at 0.2 a slide of the first corpus
    /// (late-motion-30-h264-hq) fits as a blend once its worst tiles are left out.
    public var blendTrim: Double = 0.1
    /// A run whose frames between its ends lie, taken together, further than this from a blend's
    /// detail towards a mixture's (``FilmBlendFit/Share/mixture``) is content moving, not
    /// fading: 0.85. The crossfades of the first recorded corpus measure 0.02–0.26, its slides
    /// and scrolls 0.91–1.05; a settings list fading into another (rows in the same places: the
    /// two pictures are alike, and their blend keeps more detail than two unrelated ones would)
    /// 0.4–0.64 frame by frame, and a photo grid fading into another of the same layout 0.79
    /// (the app corpus's tuning half, `-s41`; 0.75 until round 5).
    public var mixture: Double = 0.85
    /// The change between the frames before and after a run (RMS over tile means) must be at
    /// least this for the blend to be measurable: 0.008. A settings list fading into another,
    /// or a map into another map, changes the tile means by 0.01–0.02 (their rows and tiles keep
    /// their places); a clock's tick or the codec's noise moves them by 0.001–0.002.
    public var smallestBlend: Double = 0.008
    /// A frame's residual from the blend is measured as a share of the change, or of this
    /// when the change is smaller: 0.02 (the codec's noise is no share of a small change).
    public var blendChange: Double = 0.02
    /// A crossfade whose background share reaches this is a blink: 0.08 (a clean blend measures
    /// under 0.03 on H.264; two layers fading at once reach 0.25).
    public var blink: Double = 0.08
    /// Changes closer than this belong to one burst; the film has settled when none follows
    /// within it: 250 ms.
    public var settleGap: Milliseconds = 250
    /// A burst that starts longer than this after the hinge stopped is late motion: 500 ms
    /// (HingeKit's default springs settle within half a second).
    public var lateMotion: Milliseconds = 500
    /// A late burst is late motion only when one of its steps reaches this: 0.05. The late
    /// slides of the recorded corpus reach 0.19–0.24 and the synthetic film's 0.14; a clock's
    /// tick measures 0.023–0.033 and VP9 refreshing its picture at CRF 40 0.017.
    public var lateMotionStep: Double = 0.05

    /// The documented defaults.
    public init() {}
}
