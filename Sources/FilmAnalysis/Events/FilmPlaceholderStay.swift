/// A placeholder that stays over a still frame (round 16).
///
/// A loaded Chromium kept two placeholders of `tune/` up past the longest flash
/// (``FilmEventThresholds/longestFlash``, 400 ms), and each was named two cuts, its arrival and
/// its fill: `article-light-720x1280-30-hevc-s133` (scripted 500 ms, 5233–5767: 534 ms) and
/// `article-light-720x1280-60-vp9-s124` (scripted 150 ms, 2533–3033: 500 ms). Of the 109
/// placeholders of `tune/`, 105 stay 83–233 ms and two 300 ms.
///
/// Raising the longest flash to 600 ms for every flat region finds both but loses four events
/// elsewhere (`tune/` 601 / 644, 44 other → 598 / 644, 45): crossfades of `-s124`, `-s142` and
/// `-s241` are read from other frames, most likely as flat tiles that a blank page follows
/// within 600 ms claim their frames as the page clearing, and a flat region over a fade that
/// ends is filled by a cut (`-s241`, 4833–5283). With this rule: 605 / 644, 38 other (with
/// round 16's blank page rule, ``themePageColour(_:after:)``). What the two long placeholders
/// share is a frame that does not move: between their arrival and their fill no step is active. So a flat region may stay up to
/// ``longestStay`` when no step from its arrival to its fill is active, and no blank page is
/// read as its clearing past the longest flash.
extension EventSearch {
    /// The longest a placeholder over a still frame may stay: 600 ms, the 534 ms of `-s133` and
    /// two frame periods at 30 fps.
    static let longestStay: Milliseconds = 600
}
