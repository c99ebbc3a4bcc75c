import Foundation
import HingeTestSupport
import Testing

/// The second recorded corpus (issue 35, Datasets/films/apps/, made by
/// scripts/record-app-film.sh): app screens written apart from the first corpus's pages — a photo
/// grid, a settings list, an article, a map, each light and dark — under phone chrome that never
/// goes away (a status bar with a ticking clock and a battery, a navigation bar; the pointer on
/// some), in four sizes, at 30 and 60 fps and a variable rate, in H.264, HEVC, VP9 and AV1. The
/// truth beside each recording is measured on it by scripts/app-film-truth.py.
///
/// The corpus was split before any rule was changed: rules and thresholds are tuned on `tune/`
/// only; `held-out/` is never looked at while tuning, and is reported on its own (here, as one
/// test per half, and in docs/film.md). Same check as the first corpus: every scripted event
/// within two frame periods, nothing else but settles and the lead-in.
@Suite("Recorded app films: both halves, every scripted event, nothing else")
struct RecordedAppFilmTests {
    static let root = packageRoot + "/Datasets/films/apps"

    /// The recordings of one half that have a truth file beside them.
    static func recordings(_ half: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + half)) ?? []
        return names.filter { ($0.hasSuffix(".mp4") || $0.hasSuffix(".webm")) }.filter {
            names.contains(($0 as NSString).deletingPathExtension + ".json")
        }.sorted()
    }

    /// Round 18: the tuning half holds round 17's scored held-out half too; the held-out half is
    /// round 18's fresh half, scored once (all twelve seeds recorded). Once scored, a held-out
    /// half joins `tune/` when the next fresh half is scored.
    @Test("the tuning half holds 195 recordings, the held-out half 12; every one at most 1 MB")
    func corpus() throws {
        #expect(Self.recordings("tune").count == 195, "tune: \(Self.recordings("tune"))")
        #expect(Self.recordings("held-out").count == 12, "held-out: \(Self.recordings("held-out"))")
        for half in ["tune", "held-out"] {
            for name in Self.recordings(half) {
                let path = Self.root + "/" + half + "/" + name
                let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
                #expect(size > 10_000 && size <= 1_000_000, "\(half)/\(name): \(size) bytes")
            }
        }
        // A listed miss names a recording of its half: one that moved is listed where it is now.
        for key in Self.knownMisses.keys {
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + key), "knownMisses: no \(key)")
        }
    }

    /// The misses each half shows with the rules as they stand, as `film`'s messages name them
    /// ("KIND START–END ms not found", "unexpected KIND START–END"): docs/film.md explains each.
    /// A miss not listed fails its test, and so does a listed one that no longer happens. The
    /// held-out half's were measured once, on the rules as committed, and are not tuned away:
    /// a fix needs new tuning recordings and a fresh held-out half (issue 35). The tuning half
    /// holds the earlier held-out halves, which joined it once scored (round 3: the 8 of round 2;
    /// round 5: round 3's 3 of app.html and round 4's 10 of screens.html; round 6: round 5's 6;
    /// round 7: round 6's 6, and round 6's tuning films s91–s96, recorded in round 7; round 8:
    /// round 7's fresh half, s101–s112, scored once after round 7's rules were committed, and
    /// round 8's tuning films s113–s120, which reached no rule of round 8; round 9: round 8's fresh
    /// half, s121–s132, and round 9's tuning films s133–s138, recorded for round 10 and scored
    /// after round 9's rules; round 10: round 9's fresh half, s141–s152, nine recorded; round 11:
    /// round 10's fresh half, s161–s172; round 12: round 11's fresh half, s181–s192; round 13: round
    /// 12's fresh half, s201–s212; round 14: round 13's fresh half, s221–s232; round 15: round 14's
    /// fresh half, s241–s252; round 16: round 15's fresh half, s261–s272; round 17: round 16's
    /// fresh half, s281–s292; round 18: round 17's fresh half, s301–s312). The held-out half is
    /// round 18's fresh half (s321–s332), recorded apart, never looked at while tuning, and
    /// scored once after round 18's rules were committed: its misses below are that measurement.
    static let knownMisses: [String: [String]] = [
        // The tuning half as round 18's rules leave it (195 recordings: 764 / 793, 33 other events), from
        // scripts/app-film-score.py with two frame periods and 1 ms (docs/film.md, rounds 10 to 18, says
        // what each is).
        "tune/article-dark-540x1200-60-av1-s252.mp4": [
            "crossfade 3667–3800 ms not found",
            "unexpected crossfade 3667–3750",
        ],
        "tune/article-dark-720x1280-60-vp9-s148.webm": [
            "crossfade 2667–2867 ms not found",
            "crossfade 5983–6400 ms not found",
            "unexpected cut 2133–2133",
            "unexpected crossfade 2667–2817",
            "unexpected crossfade 5933–6350",
        ],
        "tune/article-dark-960x540-30-av1-s118.mp4": [
            "unexpected crossfade 5200–5300"
        ],
        "tune/article-dark-960x540-30-vp9-s272.webm": [
            "unexpected crossfade 5367–5400"
        ],
        "tune/article-light-540x1200-60-h264-s96.mp4": [
            "crossfade 3433–3683 ms not found",
            "unexpected crossfade 3417–3733",
        ],
        "tune/article-light-720x1280-60-vp9-s124.webm": [
            "unexpected cut 2133–2133",
            "unexpected cut 4400–4400",
        ],
        "tune/article-light-900x1000-vfr-h264-s225.mp4": [
            "crossfade 3633–3733 ms not found",
            "unexpected crossfade 3683–3733",
        ],
        "tune/article-light-960x540-vfr-h264-s149.mp4": [
            "crossfade 3733–3867 ms not found",
            "unexpected crossfade 3733–3917",
        ],
        "tune/article-light-960x540-vfr-h264-s164.mp4": [
            "crossfade 3845–4121 ms not found",
            "unexpected crossfade 3845–4172",
        ],
        "tune/grid-dark-720x1280-30-hevc.mp4": [
            "unexpected cut 4833–4833"
        ],
        "tune/map-dark-540x1200-60-hevc-s66.mp4": [
            "crossfade 2150–2300 ms not found",
            "unexpected placeholder-flash 2150–2233",
        ],
        "tune/map-dark-900x1000-60-av1-s128.mp4": [
            "crossfade 5850–6183 ms not found",
            "unexpected crossfade 5933–6183",
        ],
        "tune/map-dark-960x540-30-vp9-s312.webm": [
            "cut 2533–2533 ms not found",
            "placeholder-flash 3367–3533 ms not found",
            "unexpected crossfade 2533–2567",
            "unexpected cut 3367–3367",
        ],
        "tune/map-dark-960x540-60-av1-s306.mp4": [
            "crossfade 2633–3033 ms not found",
            "unexpected crossfade 2650–3267",
        ],
        "tune/map-light-540x1200-30-vp9-s84.webm": [
            "crossfade 2500–3233 ms not found",
            "cut 5900–5900 ms not found",
            "unexpected crossfade 2467–2767",
            "unexpected cut 4833–4833",
        ],
        "tune/map-light-720x1280-30-vp9.webm": [
            "crossfade 2633–2933 ms not found",
            "unexpected crossfade 2600–2833",
        ],
        "tune/map-light-720x1280-vfr-hevc-s112.mp4": [
            "crossfade 6000–6383 ms not found",
            "unexpected crossfade 6000–6250",
        ],
        "tune/map-light-960x540-30-av1-s289.mp4": [
            "placeholder-flash 3667–3800 ms not found"
        ],
        "tune/settings-dark-720x1280-vfr-hevc-s228.mp4": [
            "crossfade 2733–2983 ms not found"
        ],
        "tune/settings-dark-720x1280-vfr-hevc-s267.mp4": [
            "crossfade 2967–3150 ms not found",
            "unexpected crossfade 2883–3150",
        ],
        "tune/settings-dark-900x1000-30-hevc-s138.mp4": [
            "unexpected crossfade 5167–5200"
        ],
        "tune/settings-dark-900x1000-30-vp9-s304.webm": [
            "crossfade 5233–5567 ms not found",
            "unexpected crossfade 5433–5600",
        ],
        "tune/settings-dark-960x540-vfr-hevc-s242.mp4": [
            "unexpected crossfade 5153–5407"
        ],
        "tune/settings-light-540x1200-60-av1-s15.mp4": [
            "crossfade 2400–2600 ms not found",
            "unexpected crossfade 2000–2233",
        ],
        "tune/settings-light-540x1200-vfr-h264-s207.mp4": [
            "crossfade 5083–5250 ms not found",
            "crossfade 5883–6317 ms not found",
            "unexpected crossfade 5000–5250",
            "unexpected crossfade 5950–6317",
        ],
        "tune/settings-light-720x1280-60-av1-s169.mp4": [
            "unexpected cut 6383–6383"
        ],
        "tune/settings-light-960x540-60-hevc.mp4": [
            "crossfade 4200–4633 ms not found"
        ],
        "tune/settings-light-960x540-60-vp9-s104.webm": [
            "crossfade 3383–3633 ms not found",
            "crossfade 5800–6100 ms not found",
            "unexpected crossfade 5833–6400",
        ],
        "tune/settings-light-960x540-60-vp9-s113.webm": [
            "crossfade 3567–3767 ms not found",
            "crossfade 5950–6400 ms not found",
            "unexpected crossfade 3567–3867",
            "unexpected crossfade 5950–6300",
        ],
        "tune/settings-light-960x540-vfr-h264-s223.mp4": [
            "crossfade 5155–5522 ms not found"
        ],
        // The held-out half: round 18's fresh half, s321–s332, scored once with round 18's rules as
        // committed (45 / 49, 4 other events; round 17's rules give 44 / 49, 6 other).
        "held-out/article-light-900x1000-60-h264-s331.mp4": [
            "crossfade 6550–6850 ms not found",
            "unexpected crossfade 6467–6617",
        ],
        "held-out/grid-dark-960x540-30-h264-s329.mp4": [
            "unexpected cut 3933–3933"
        ],
        "held-out/map-light-720x1280-vfr-h264-s326.mp4": [
            "crossfade 6217–6467 ms not found",
            "unexpected crossfade 6283–6467",
        ],
        "held-out/settings-light-720x1280-vfr-hevc-s330.mp4": [
            "crossfade 2617–2867 ms not found",
            "crossfade 6033–6433 ms not found",
            "unexpected crossfade 2800–2867",
        ],
    ]

    static func check(_ name: String, half: String) throws {
        let known = knownMisses[half + "/" + name] ?? []
        guard !known.isEmpty else { return try RecordedFilmTests.check(name, in: root + "/" + half) }
        try withKnownIssue {
            try RecordedFilmTests.check(name, in: root + "/" + half)
        } matching: { issue in
            known.contains { issue.comments.map(\.rawValue).joined().contains($0) }
        }
    }

    @Test("tuning half: each scripted event within two frame periods", .slow, arguments: recordings("tune"))
    func tune(name: String) throws { try Self.check(name, half: "tune") }

    @Test("held-out half: each scripted event within two frame periods", .slow, arguments: recordings("held-out"))
    func heldOut(name: String) throws { try Self.check(name, half: "held-out") }
}
