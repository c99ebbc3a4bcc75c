import FilmAnalysis
import HingeKit
internal import HingeSupport

/// `film --hitches`: the options, the detector run on the film, its header line, its JSON
/// object, its list in the rows, and the CI gate (`--fail-on hitch`, `--max-hitch-ratio`).
enum FilmHitchOutput {
    /// `--hitches`.
    static let hitches = OptionKey(
        flag: ["--hitches"],
        help:
            "Measure hitches: where the screen is in motion, frames held longer than the motion's period "
            + "(the hitch time ratio in ms/s and Apple's WWDC20 band; docs/film.md).")
    /// `--display-rate HZ`.
    static let displayRate = OptionKey<Double?>(
        ["--display-rate"], value: "hz",
        help: "The display's refresh rate for --hitches (default: the recording's rate, 60 for a variable-rate file).",
        in: 1...1000)
    /// `--max-hitch-ratio MS_PER_S`.
    static let maxHitchRatio = OptionKey<Double?>(
        ["--max-hitch-ratio"], value: "ms-per-s",
        help: "Exit 1 after writing the output when the hitch time ratio is above this (implies --hitches).",
        in: 0...1000)

    /// The options `film` declares for hitches.
    static let options: [CommandSpec.Option] = [hitches.option, displayRate.option, maxHitchRatio.option]

    /// Whether hitches are asked for: `--hitches`, `--fail-on hitch` or `--max-hitch-ratio`.
    static func wanted(_ arguments: ParsedArguments, failOn: Set<String>) -> Bool {
        arguments.isGiven(hitches) || failOn.contains("hitch") || arguments.isGiven(maxHitchRatio)
    }

    /// The hitches of `frames` at `--display-rate` (or the recording's own rate, 60 when it
    /// varies), when they are asked for (``wanted(_:failOn:)``); `nil` otherwise, and then
    /// nothing is measured.
    static func measure(
        _ frames: [FilmFrame], arguments: ParsedArguments, failOn: Set<String>, hinge: HingeRestTimeline?,
        thresholds: FilmEventThresholds
    ) throws(ToolError) -> FilmHitches? {
        guard wanted(arguments, failOn: failOn) else { return nil }
        let rate = try arguments[displayRate] ?? FilmHitches.recordingRate(of: frames) ?? 60
        return FilmHitches(frames, displayRate: rate, hinge: hinge, steps: FilmSteps(frames, thresholds: thresholds))
    }

    /// The header line: the ratio, its band, and what it was measured on.
    static func note(_ hitches: FilmHitches) -> String {
        let cadence = hitches.cadence.map { ", the motion's cadence \(DecimalNumber.shortest(rounded($0))) Hz" } ?? ""
        return "hitches: ratio \(DecimalNumber.fixed(hitches.ratio, places: 1)) ms/s (\(hitches.band.rawValue); "
            + "WWDC20 bands: good ≤ 5, warning 5–10, critical ≥ 10), \(hitches.list.count) hitch"
            + "\(hitches.list.count == 1 ? "" : "es") of \(DecimalNumber.fixed(hitches.hitchTime, places: 1)) ms in "
            + "\(DecimalNumber.fixed(hitches.motionTime, places: 0)) ms of motion; display "
            + "\(DecimalNumber.shortest(rounded(hitches.displayRate))) Hz\(cadence)"
    }

    /// The rows' section after the events: `start_ms frames_held hitch_ms`.
    static func write(_ hitches: FilmHitches, to output: OutputWriter) {
        output.write("\n\n# hitches\n# start_ms frames_held hitch_ms\n")
        for hitch in hitches.list {
            output.write("\(hitch.start) \(hitch.framesHeld) ")
            output.writeFixed(hitch.time, places: 1)
            output.write(byte: 0x0A)
        }
    }

    /// The top-level `"hitches"` object of film's JSON (issue 35's names, exactly).
    static func json(_ hitches: FilmHitches) -> JSONValue {
        let list: [JSONValue] = hitches.list.map { (hitch: FilmHitches.Hitch) -> JSONValue in
            JSONValue.object([
                ("start_ms", JSONValue.integer(hitch.start)), ("frames_held", JSONValue.integer(hitch.framesHeld)),
                ("hitch_ms", JSONValue.number(hitch.time)),
            ])
        }
        let cadence: JSONValue = hitches.cadence.map { JSONValue.number(rounded($0)) } ?? JSONValue.null
        return JSONValue.object([
            ("display_rate_hz", JSONValue.number(rounded(hitches.displayRate))), ("cadence_hz", cadence),
            ("motion_ms", JSONValue.number(hitches.motionTime)), ("hitch_ms", JSONValue.number(hitches.hitchTime)),
            ("ratio_ms_per_s", JSONValue.number(hitches.ratio)), ("band", JSONValue.string(hitches.band.rawValue)),
            ("list", JSONValue.array(list)),
        ])
    }

    /// Exit 1 when `--fail-on hitch` and a hitch was found, or the ratio passes `--max-hitch-ratio`.
    static func check(_ hitches: FilmHitches?, failOn: Set<String>, arguments: ParsedArguments) throws(ToolError) {
        guard let hitches else { return }
        if failOn.contains("hitch"), !hitches.list.isEmpty {
            let list = hitches.list.prefix(10).map { "\($0.start) ms (\(DecimalNumber.fixed($0.time, places: 1)) ms)" }
            throw .gate(
                "found \(hitches.list.count) hitch\(hitches.list.count == 1 ? "" : "es") (--fail-on hitch) at "
                    + list.joined(separator: ", ") + (hitches.list.count > 10 ? ", …" : ""))
        }
        if let limit = try arguments[maxHitchRatio], hitches.ratio > limit {
            throw .gate(
                "the hitch time ratio \(DecimalNumber.fixed(hitches.ratio, places: 1)) ms/s is above "
                    + "--max-hitch-ratio \(DecimalNumber.shortest(limit))")
        }
    }

    /// A rate to three decimals (60 stays 60, 1000/16.667 reads 59.999).
    static func rounded(_ rate: Double) -> Double { (rate * 1000).rounded() / 1000 }
}
