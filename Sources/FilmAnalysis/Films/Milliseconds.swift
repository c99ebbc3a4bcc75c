/// A time on a film's clock, or a span of one, in whole milliseconds: the unit of every time in
/// FilmAnalysis's API (frame times, event starts and ends, thresholds, the hinge clock offset).
///
/// Films keep whole milliseconds where HingeKit's samples keep `Double` seconds: frame files are
/// named by them (`001234.png`), ffmpeg stamps frames with them, and whole numbers keep every
/// comparison of two frame times exact. The two cannot be mixed by accident — Swift converts
/// between `Int` and `Double` only when asked — and the one conversion, from a hinge sample's
/// seconds, rounds to the nearest millisecond (``HingeRestTimeline``).
public typealias Milliseconds = Int
