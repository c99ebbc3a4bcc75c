/// Hitches measured from a recording alone: where the screen is in motion, a frame held longer
/// than the motion's own period, and for how long beyond that period.
///
/// Apple calls a frame shown later than expected a hitch and reports the **hitch time ratio**,
/// milliseconds of hitch per second of animation, in three bands (WWDC20, "Eliminate animation
/// hitches with XCTest": good ≤ 5 ms/s, warning 5–10, critical ≥ 10;
/// https://developer.apple.com/videos/play/wwdc2020/10077/).
/// A recording holds no frame deadlines, so the detector reads them from the frames:
///
/// - **What was shown.** A frame is *presented* when it differs from the one before by more
///   than the film's noise floor (``FilmSteps``) and by ``Thresholds/still`` at least (a lossy
///   codec keeps refining a repeated picture for a few frames): a constant-rate recorder repeats the last
///   frame whenever the app did not draw, and a variable-rate file (ffmpeg's `mpdecimate`, a
///   recorder that writes only changes) keeps no repeat at all, only a later time. Either way a
///   presented frame stayed on screen until the next presented frame. With shifts measured, a
///   step that no offset explains inside a pan that goes on the same way after it is the codec
///   touching up the held picture, not a new frame, whatever its size (`touchUp`).
/// - **Motion.** Two steps in a row (into a presented frame and out of it) are one motion when
///   their changes point the same way: the cosine of their tile-mean changes (red, green and
///   blue of each tile) reaches ``Thresholds/direction``. A box sliding right darkens and
///   lightens the same tiles step after step, also across a hold (the box then jumps further
///   the same way); a cut, a fade ending in a different page or encoder noise points elsewhere.
///   When the frames carry their ``FrameShift`` (read with `shifts: true`), two steps are also one
///   motion when along some axis both moved the same way and along none the opposite way
///   (``Thresholds/shiftExplained``): a fine texture whose tile means average its grains away
///   still shifts its column and row profiles, also by a larger jump after a hold.
///   Two steps that both stand and are smaller than ``Thresholds/touchUpLevel`` are a codec
///   refining a still picture, not a motion, whatever their tile means.
///   With a hinge trace, a step taken while the hinge moves is motion whatever its direction
///   (the interface is expected to follow the hinge). A hold longer than
///   ``Thresholds/longestHold`` (500 ms) ends a motion: it is a stop between two motions.
/// - **Period.** The display's (`displayRate`), unless the frames of the motions are held a
///   whole number n ≥ 2 of display periods steadily — ``Thresholds/cadenceShare`` of them —,
///   then n periods (an animation at 30 fps on a 60 Hz screen): that is the cadence.
/// - **Hitch.** A presented frame inside a motion (after a motion step and before the next one)
///   held at least half a period longer than the period; its hitch time is how long it stayed
///   beyond the period. A phase slip of the recorder against a cadence — one frame held a
///   period longer right beside one held a period shorter, the pair keeping the cadence — is
///   not a hitch.
///
/// Static screens (no presented frame), a layout that stopped (the last frame of a motion has
/// no motion after it) and a stop between two motions are therefore never hitches.
public struct FilmHitches: Sendable {
    /// One frame that stayed too long.
    public struct Hitch: Sendable, Equatable {
        /// The presentation time (ms on the film's clock) of the frame that stayed too long.
        public let start: Milliseconds
        /// How many display periods it was on screen (its hold over the display period, rounded).
        public let framesHeld: Int
        /// How long it stayed beyond the motion's period, in ms.
        public let time: Double
    }

    /// Apple's bands of the hitch time ratio (WWDC20).
    public enum Band: String, Sendable {
        /// At most 5 ms of hitch per second of motion.
        case good
        /// Over 5 and under 10 ms/s.
        case warning
        /// At least 10 ms/s.
        case critical

        /// The band of `ratio` ms/s: good ≤ 5, warning under 10, critical from 10 (WWDC20,
        /// "Eliminate animation hitches with XCTest").
        public init(ratio: Double) {
            self = ratio <= 5 ? .good : ratio < 10 ? .warning : .critical
        }
    }

    /// The detector's thresholds.
    public struct Thresholds: Sendable {
        /// Two steps are one motion when the cosine of their tile-mean changes reaches this.
        public var direction = 0.3
        /// A hold longer than this (ms) ends a motion: a stop between two motions, not a hitch.
        public var longestHold = 500
        /// The share of the motions' holds that must be the same whole number (≥ 2) of display
        /// periods for that to be the content's cadence.
        public var cadenceShare = 0.6

        /// A step counts as a new frame only from this RMSE (and above the film's noise floor):
        /// H.264 refines a repeated picture over the next frames by 0.0003–0.0018 (measured on
        /// the constructed films' CRF 20 copies), which must not end a hold.
        public var still = 0.003

        /// An axis of a ``FrameShift`` moved when its offset is not 0 and explains at least this
        /// share of the profile's change.
        public var shiftExplained = 0.5
        /// … and the profile's change (mean square, 0…1 values) is at least this (codec noise on
        /// a profile that stands is less).
        public var shiftChange = 1e-6
        /// When shifts were measured, a step along which nothing moved and smaller than this share
        /// of the step into the last frame shown is no new frame either: H.264 refined a held
        /// fine texture by 0.0035–0.0042 after steps of about 0.55 (the tuning films'
        /// `cells-holds` and `speeds-holds` CRF 20 copies), above ``still``.
        public var stillShare = 0.02

        /// When shifts were measured, two steps in a row that both stand (no offset explains
        /// their change) and are both smaller than this RMSE are a
        /// codec refining a still picture, not a motion, whatever their tile means: the largest
        /// standing step of the tuning films' lossy copies (H.264 CRF 20 and 32, HEVC, VP9, AV1)
        /// was 0.043.
        public var touchUpLevel = 0.05

        /// The defaults.
        public init() {}
    }

    /// The display's refresh rate the periods are counted in (Hz).
    public let displayRate: Double
    /// The content's steady rate when it is a divisor of the display's, `nil` when the motion
    /// keeps the display rate.
    public let cadence: Double?
    /// The time the screen was in motion, ms: from one period of the motion before the first frame
    /// that moved (the frame before it may have stood still for seconds) to the last frame
    /// that moved, over every motion: n frames moving at the period are n periods of motion.
    public let motionTime: Double
    /// The hitches, in time order.
    public let list: [Hitch]
    /// The motions found (ms): one period of the motion before the first frame that moved, to the
    /// last frame that moved.
    public let motions: [ClosedRange<Milliseconds>]

    /// The summed hitch time, ms.
    public var hitchTime: Double { list.reduce(0) { $0 + $1.time } }
    /// ms of hitch per second of motion (0 without motion).
    public var ratio: Double { motionTime > 0 ? hitchTime / motionTime * 1000 : 0 }
    /// Apple's band of ``ratio``.
    public var band: Band { Band(ratio: ratio) }

    /// The recording's own rate: the frames' rate when they arrive a constant period apart
    /// (each interval within 1.5 ms of the mean, which allows the ms rounding of 1000/60),
    /// otherwise `nil` (a variable-rate file, or fewer than three frames). A rate within 0.5 %
    /// of a whole number of hertz is that number (ms times make 60 fps read 59.99 or 60.01).
    public static func recordingRate(of frames: [FilmFrame]) -> Double? {
        guard frames.count >= 3, let first = frames.first, let last = frames.last, last.time > first.time else {
            return nil
        }
        let mean = Double(last.time - first.time) / Double(frames.count - 1)
        for index in frames.indices.dropFirst()
        where abs(Double(frames[index].time - frames[index - 1].time) - mean) > 1.5 {
            return nil
        }
        let rate = 1000 / mean
        return abs(rate - rate.rounded()) <= 0.005 * rate ? rate.rounded() : rate
    }

    /// The hitches of `frames` on a display refreshing at `displayRate` Hz.
    ///
    /// - Parameters:
    ///   - frames: the film, in time order.
    ///   - displayRate: the display's refresh rate in Hz (> 0).
    ///   - hinge: the hinge's timeline on the film's clock; a step while it moves is motion.
    ///   - steps: the film's steps (their noise floor says which frames repeat).
    ///   - thresholds: the detector's thresholds.
    public init(
        _ frames: [FilmFrame], displayRate: Double, hinge: HingeRestTimeline? = nil, steps: FilmSteps? = nil,
        thresholds: Thresholds = .init()
    ) {
        precondition(displayRate > 0 && displayRate.isFinite, "a display rate above 0")
        self.displayRate = displayRate
        let period = 1000 / displayRate
        let floor = (steps ?? FilmSteps(frames)).noiseFloor
        let shown = Self.presented(frames, floor: floor, thresholds: thresholds)
        let continues = Self.continuing(frames, shown: shown, hinge: hinge, thresholds: thresholds)
        let clock = Self.clock(frames, period: period)
        // Motions: maximal runs of continuing steps; the held frames are shown[j] with continues[j].
        var moved: [ClosedRange<Int>] = []
        var held: [(index: Int, hold: Double)] = []
        var j = 1
        while j < shown.count - 1 {
            guard continues[j] else {
                j += 1
                continue
            }
            let first = j
            while j < shown.count - 1, continues[j] {
                held.append((j, clock[shown[j + 1]] - clock[shown[j]]))
                j += 1
            }
            moved.append(shown[first]...shown[j])
        }
        let multiple = Self.cadence(held.map(\.hold), period: period, thresholds: thresholds)
        cadence = multiple > 1 ? displayRate / Double(multiple) : nil
        let motionPeriod = Double(multiple) * period
        motions = moved.map {
            Int((Double(frames[$0.lowerBound].time) - motionPeriod).rounded())...frames[$0.upperBound].time
        }
        motionTime = moved.reduce(0) { $0 + clock[$1.upperBound] - clock[$1.lowerBound] + motionPeriod }
        var list: [Hitch] = []
        for (position, frame) in held.enumerated() {
            let hold = frame.hold
            guard hold >= motionPeriod + period / 2 else { continue }
            if multiple > 1 {
                // A slip of the recorder's phase: this frame a period long, a neighbour a period short.
                let neighbours = [position - 1, position + 1].filter { held.indices.contains($0) }
                let slip = neighbours.contains {
                    abs(held[$0].hold + frame.hold - 2 * motionPeriod) < period / 2
                }
                if slip && hold < motionPeriod + 1.5 * period { continue }
            }
            list.append(
                Hitch(
                    start: frames[shown[frame.index]].time, framesHeld: Int((hold / period).rounded()),
                    time: hold - motionPeriod))
        }
        self.list = list
    }

    /// The frames presented: the first, and each whose step passes the noise floor and
    /// ``Thresholds/still`` — unless, shifts measured, nothing moved along it and it is smaller
    /// than ``Thresholds/stillShare`` of the step into the last frame presented (a lossy codec
    /// refining a held picture).
    static func presented(_ frames: [FilmFrame], floor: Double, thresholds: Thresholds) -> [Int] {
        let changed = frames.indices.filter { index in
            index == 0 || (frames[index].rmse > floor && frames[index].rmse >= thresholds.still)
        }
        var shown: [Int] = []
        for (position, index) in changed.enumerated() {
            if let last = shown.last, last > 0, let shift = frames[index].shift, !moved(shift, thresholds),
                frames[index].rmse < thresholds.stillShare * frames[last].rmse
                    || (stands(shift, thresholds)
                        && touchUp(frames, after: changed[(position + 1)...], last: last, thresholds: thresholds))
            {
                continue
            }
            shown.append(index)
        }
        return shown
    }

    /// Whether a step that stands (`stands`), after the frame `last` presented, touches up a
    /// held picture inside a pan: the next step that moves (within ``Thresholds/longestHold``
    /// of `last`) goes on the way the step into `last` went (``sameShift(_:_:thresholds:)``). A
    /// pan's every new frame moves; a lossy codec refining the held picture (H.264 at CRF 20
    /// and 32, HEVC, VP9: up to 11 % of the step that brought it on the tuning films) moves
    /// nothing, whatever its size, and must not end the hold.
    static func touchUp(
        _ frames: [FilmFrame], after later: ArraySlice<Int>, last: Int, thresholds: Thresholds
    ) -> Bool {
        guard frames[last].shift.map({ moved($0, thresholds) }) == true else { return false }
        for index in later {
            guard frames[index].time - frames[last].time <= thresholds.longestHold else { return false }
            guard let shift = frames[index].shift else { return false }
            if moved(shift, thresholds) { return sameShift(frames[last].shift, shift, thresholds: thresholds) }
        }
        return false
    }

    /// Whether the step into `shown[j + 1]` continues the motion of the step into `shown[j]`
    /// (for each `j`; false at both ends): the frame between held at most
    /// ``Thresholds/longestHold``, and the two changes pointing the same way, or the hinge moving.
    static func continuing(
        _ frames: [FilmFrame], shown: [Int], hinge: HingeRestTimeline?, thresholds: Thresholds
    ) -> [Bool] {
        var continues = [Bool](repeating: false, count: max(0, shown.count - 1))
        for j in shown.indices.dropFirst().dropLast() {
            let time = frames[shown[j]].time
            guard frames[shown[j + 1]].time - time <= thresholds.longestHold else { continue }
            let moving = hinge.map { $0.movingSince(time) != nil && $0.restingSince(time) == nil } ?? false
            let cosine = Self.cosine(frames[shown[j - 1]], frames[shown[j]], frames[shown[j + 1]])
            let shifted = Self.sameShift(frames[shown[j]].shift, frames[shown[j + 1]].shift, thresholds: thresholds)
            // A lossy codec refining a still picture (HEVC over its first 250 ms on the tuning
            // film drop-holds) moves nothing and can point its tile means the same way twice.
            let refining = [frames[shown[j]], frames[shown[j + 1]]].allSatisfy { frame in
                frame.rmse < thresholds.touchUpLevel && frame.shift.map { stands($0, thresholds) } == true
            }
            continues[j] = moving || (cosine >= thresholds.direction && !refining) || shifted
        }
        return continues
    }

    /// How far a frame's stored time may lie from the display's grid and still be on it (ms):
    /// a time stored in whole ms (a container's timebase of 1/1000, as Matroska and WebM keep)
    /// or rounded to them (``FilmFrame/time``) is off by up to 0.5 ms, and so is the first
    /// frame's the grid starts from.
    static let gridSlack = 1.0

    /// The frames' times (ms) with the display period known exactly: when every frame lies a
    /// whole number of display periods after the first, to within ``gridSlack`` — a
    /// constant-rate recording at the display's rate or a divisor of it, or a variable-rate
    /// copy of one (each frame a whole number of periods after the last, as `mpdecimate`
    /// leaves them) —, the first frame's time plus that count of periods; otherwise the times
    /// as stored. Whole-ms times make a hold of 4 periods at 60 Hz read 66 or 67 ms instead of
    /// 66.7: on a motion of 400 ms, 1.7 ms/s of error from one hold.
    static func clock(_ frames: [FilmFrame], period: Double) -> [Double] {
        let stored = frames.map { Double($0.time) }
        guard let origin = stored.first, period >= 4 * gridSlack else { return stored }
        let counts = stored.map { (($0 - origin) / period).rounded() }
        for (time, count) in zip(stored, counts) where abs(time - origin - count * period) > gridSlack {
            return stored
        }
        return counts.map { origin + $0 * period }
    }

    /// The motion's period in display periods: the commonest whole number of periods a motion
    /// frame is held when it is 2 or more and ``Thresholds/cadenceShare`` of the holds, else 1.
    static func cadence(_ holds: [Double], period: Double, thresholds: Thresholds) -> Int {
        var counts: [Int: Int] = [:]
        for hold in holds { counts[max(1, Int((hold / period).rounded())), default: 0] += 1 }
        let common = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
        guard let common, common.key >= 2, Double(common.value) >= thresholds.cadenceShare * Double(holds.count)
        else { return 1 }
        return common.key
    }

    /// Whether two shifts point the same way: along some axis both moved the same way
    /// (``Thresholds/shiftExplained``, ``Thresholds/shiftChange``), and along none the opposite
    /// way. A pan keeps its sign across a hold (it jumps further the same way); a page that
    /// turns back, a cut or a fade (no axis moved) does not.
    static func sameShift(_ a: FrameShift?, _ b: FrameShift?, thresholds: Thresholds) -> Bool {
        guard let a, let b else { return false }
        let pairs = [
            (sign(a.x, thresholds), sign(b.x, thresholds)), (sign(a.y, thresholds), sign(b.y, thresholds)),
        ]
        return pairs.contains { $0.0 != 0 && $0.0 == $0.1 } && !pairs.contains { $0.0 * $0.1 < 0 }
    }

    /// Which way an axis moved: −1, +1, or 0 when its offset is 0 or explains too little of a
    /// change too small (``Thresholds/shiftExplained``, ``Thresholds/shiftChange``).
    static func sign(_ axis: FrameShift.Axis, _ thresholds: Thresholds) -> Int {
        guard axis.offset != 0, Double(axis.change) >= thresholds.shiftChange,
            axis.explained >= thresholds.shiftExplained
        else { return 0 }
        return axis.offset > 0 ? 1 : -1
    }

    /// Whether `shift` lines up best where the picture stood on both axes: no offset explains
    /// ``Thresholds/shiftExplained`` of the change, however small (a step of 1 px on a nearly
    /// flat profile, below ``Thresholds/shiftChange``, still lines up at its offset).
    static func stands(_ shift: FrameShift, _ thresholds: Thresholds) -> Bool {
        [shift.x, shift.y].allSatisfy { $0.offset == 0 || $0.explained < thresholds.shiftExplained }
    }

    /// Whether anything moved along either axis of `shift`.
    static func moved(_ shift: FrameShift, _ thresholds: Thresholds) -> Bool {
        sign(shift.x, thresholds) != 0 || sign(shift.y, thresholds) != 0
    }

    /// The cosine of the tile-mean change from `a` to `b` and that from `b` to `c` (0 when one
    /// of them is no change at all).
    static func cosine(_ a: FilmFrame, _ b: FilmFrame, _ c: FilmFrame) -> Double {
        let x = a.summary.tileMeans
        let y = b.summary.tileMeans
        let z = c.summary.tileMeans
        guard x.count == y.count, y.count == z.count else { return 0 }
        var dot = 0.0
        var first = 0.0
        var second = 0.0
        for index in x.indices {
            let u = Double(y[index] - x[index])
            let v = Double(z[index] - y[index])
            dot += u * v
            first += u * u
            second += v * v
        }
        guard first > 0, second > 0 else { return 0 }
        return dot / (first * second).squareRoot()
    }
}
