import FilmAnalysis
import Frames
import Testing

/// `FilmHitches` on films built here frame by frame, where the truth is the plan that built
/// them: a textured square moving a whole number of pixels per frame, with frames held at
/// chosen places, as a constant-rate recording (the repeats kept) and a variable-rate one (no
/// repeats, later times). The recorded films (Datasets/films/hitches) are held by
/// `HitchFilmTests` in hingetoolTests.
@Suite("Hitches from the frames alone")
struct HitchTests {
    static let width = 400
    static let height = 128

    /// A frame with a 96 × 64 px textured block at `x` on a light background: wider than two
    /// tiles (the direction test reads tile means; docs/film.md, the limits).
    static func picture(_ x: Int) -> Frame {
        var rgb = [UInt8](repeating: 230, count: width * height * 3)
        for y in 32..<96 {
            for column in max(0, x)..<max(max(0, x), min(width, x + 96)) {
                let u = column - x
                let v = y - 32
                let base = (y * width + column) * 3
                rgb[base] = UInt8((u * 8) & 0xFF)
                rgb[base + 1] = UInt8((v * 4) & 0xFF)
                rgb[base + 2] = UInt8(64 + v * 2)
            }
        }
        return Frame(width: width, height: height, rgb: rgb)
    }

    /// The film of `positions` (one a display period at `rate` Hz); `dropRepeats` keeps only
    /// the frames that differ from the one before (a variable-rate file).
    static func film(_ positions: [Int], rate: Double = 60, dropRepeats: Bool = false) -> [FilmFrame] {
        var frames: [FilmFrame] = []
        var previous: Frame?
        var previousPosition: Int?
        for (index, x) in positions.enumerated() {
            if dropRepeats, previousPosition == x { continue }
            let frame = picture(x)
            let time = Int((Double(index) * 1000 / rate).rounded())
            frames.append(
                FilmFrame(
                    file: "\(index)", time: time, summary: FrameSummary(frame),
                    difference: previous.map { FrameDifference($0, frame) }))
            previous = frame
            previousPosition = x
        }
        return frames
    }

    /// Positions: still for `lead` frames, then moving `speed` px a frame for `frames` frames,
    /// with `holds` (frame index → periods shown) keeping the content's clock (a time-based
    /// animation jumps ahead after a hold), then still for `tail` frames.
    static func plan(
        lead: Int = 20, frames: Int = 120, speed: Int = 1, holds: [Int: Int] = [:], tail: Int = 20
    )
        -> [Int]
    {
        var positions = [Int](repeating: 10, count: lead)
        var step = 1
        while step <= frames {
            let x = 10 + speed * step
            let periods = holds[positions.count] ?? 1
            positions += [Int](repeating: x, count: periods)
            step += periods
        }
        positions += [Int](repeating: positions.last ?? 10, count: tail)
        return positions
    }

    @Test("held frames in a motion are hitches: start within a frame, time within a period, the ratio within 1 ms/s")
    func constructed() {
        let holds = [40: 2, 70: 3, 100: 5]
        let positions = Self.plan(holds: holds)
        let period = 1000.0 / 60
        // The truth from the plan: each hold's first frame, its periods, and the motion's time.
        let truth = holds.sorted { $0.key < $1.key }.map { (time: Double($0.key) * period, periods: $0.value) }
        let moved = positions.indices.dropFirst().filter { positions[$0] != positions[$0 - 1] }
        let motion = Double(moved.last! - moved.first! + 1) * period
        let truthRatio = truth.reduce(0) { $0 + Double($1.periods - 1) * period } / motion * 1000
        for dropRepeats in [false, true] {
            let hitches = FilmHitches(Self.film(positions, dropRepeats: dropRepeats), displayRate: 60)
            #expect(hitches.list.count == truth.count, "variable rate: \(dropRepeats): \(hitches.list)")
            for (found, expected) in zip(hitches.list, truth) {
                #expect(abs(Double(found.start) - expected.time) <= period)
                #expect(found.framesHeld == expected.periods)
                #expect(abs(found.time - Double(expected.periods - 1) * period) <= period)
            }
            #expect(abs(hitches.ratio - truthRatio) <= 1, "\(hitches.ratio) vs \(truthRatio)")
            #expect(hitches.cadence == nil)
            #expect(hitches.band == .critical)
        }
    }

    @Test(
        "a short motion's ratio from whole-ms times: holds and motion counted in display periods, within 0.05 ms/s")
    func shortMotion() throws {
        // 400 ms of motion (24 frames, 2 px a frame) with a hold of 4 periods at frame 31: its
        // whole-ms times, 517 and 583 ms, make it 66 ms long instead of 66.7 — 1.7 ms/s off
        // the plan's ratio on so short a motion when the stored times are used as they are.
        let positions = Self.plan(lead: 20, frames: 24, speed: 2, holds: [31: 4])
        let period = 1000.0 / 60
        let moved = positions.indices.dropFirst().filter { positions[$0] != positions[$0 - 1] }
        let motion = Double(moved.last! - moved.first! + 1) * period
        let truth = 3 * period / motion * 1000
        for dropRepeats in [false, true] {
            let frames = Self.film(positions, dropRepeats: dropRepeats)
            let hitches = FilmHitches(frames, displayRate: 60)
            let hitch = try #require(hitches.list.first, "variable rate: \(dropRepeats)")
            #expect(hitches.list.count == 1 && hitch.start == 517 && hitch.framesHeld == 4)
            // The display's clock is exact: the plan's figures to a rounding of doubles.
            #expect(abs(hitch.time - 3 * period) < 1e-9, "\(hitch.time)")
            #expect(abs(hitches.motionTime - motion) < 1e-9, "\(hitches.motionTime) vs \(motion)")
            #expect(abs(hitches.ratio - truth) <= 0.05, "variable rate: \(dropRepeats): \(hitches.ratio) vs \(truth)")
        }
        // A recorder whose times are off the 60 Hz grid (every other frame 3 ms late) keeps
        // its stored times: the same hold reads its stored 69 ms.
        let late = Self.film(positions).enumerated().map { index, frame in
            FilmFrame(
                file: frame.file, time: frame.time + (index % 2) * 3, summary: frame.summary,
                difference: frame.difference)
        }
        let stored = try #require(FilmHitches(late, displayRate: 60).list.first)
        #expect(stored.time == Double(late[35].time - late[31].time) - period, "\(stored)")
    }

    @Test("a steady 30 fps motion on a 60 Hz recording is a cadence, not hitches; a hold within it is one")
    func cadence() {
        // Every position shown twice: the content draws at 30 fps.
        let steady = Self.plan(speed: 2).flatMap { [$0, $0] }
        let hitches = FilmHitches(Self.film(steady), displayRate: 60)
        #expect(hitches.list.isEmpty, "\(hitches.list)")
        #expect(hitches.cadence == 30)
        #expect(hitches.motionTime > 3000)
        // One drawn frame shown for four periods instead of two: a hitch of two periods.
        var held = Self.plan(speed: 2).flatMap { [$0, $0] }
        held.insert(contentsOf: [held[100], held[100]], at: 100)
        held.removeSubrange(104..<106)
        let once = FilmHitches(Self.film(held), displayRate: 60)
        #expect(once.cadence == 30)
        #expect(once.list.count == 1, "\(once.list)")
        #expect(abs((once.list.first?.time ?? 0) - 2000.0 / 60) <= 1000.0 / 60)
    }

    @Test("no hitch on a static screen, at a layout that stopped, or at a stop between two motions")
    func notHitches() {
        let still = [Int](repeating: 10, count: 120)
        #expect(FilmHitches(Self.film(still), displayRate: 60).list.isEmpty)
        #expect(FilmHitches(Self.film(still), displayRate: 60).motionTime == 0)
        // Two motions the same way with a 700 ms stop between them.
        let first = Self.plan(lead: 10, frames: 40, speed: 2, tail: 42)
        let second = Self.plan(lead: 0, frames: 40, speed: 2, tail: 10).map { $0 + (first.last ?? 0) - 10 }
        let two = FilmHitches(Self.film(first + second), displayRate: 60)
        #expect(two.list.isEmpty, "\(two.list)")
        #expect(two.motions.count == 2)
        // Right, a 250 ms stop, then back left: the direction changes, so the stop is no hitch.
        let right = Self.plan(lead: 10, frames: 40, speed: 3, tail: 15)
        let back = (1...40).map { (right.last ?? 0) - 3 * $0 } + [Int](repeating: (right.last ?? 0) - 120, count: 10)
        let turn = FilmHitches(Self.film(right + back), displayRate: 60)
        #expect(turn.list.isEmpty, "\(turn.list)")
    }

    @Test("the recording's rate: constant-rate times give it, variable-rate times give none")
    func recordingRate() {
        let positions = Self.plan()
        #expect(FilmHitches.recordingRate(of: Self.film(positions)) == 60)
        #expect(FilmHitches.recordingRate(of: Self.film(positions, rate: 30)) == 30)
        #expect(FilmHitches.recordingRate(of: Self.film(Self.plan(holds: [50: 4]), dropRepeats: true)) == nil)
        #expect(FilmHitches.recordingRate(of: []) == nil)
    }

    @Test("Apple's WWDC20 bands: good ≤ 5, warning 5–10, critical ≥ 10 ms/s")
    func bands() {
        #expect(FilmHitches.Band(ratio: 0) == .good)
        #expect(FilmHitches.Band(ratio: 5) == .good)
        #expect(FilmHitches.Band(ratio: 5.01) == .warning)
        #expect(FilmHitches.Band(ratio: 9.99) == .warning)
        #expect(FilmHitches.Band(ratio: 10) == .critical)
    }
}

/// `FrameShift` and the hitches it finds on fine textures, where the tile means of
/// ``FrameSummary`` average the grains away: the truth is the plan that panned the texture.
@Suite("Hitches on fine textures: the shift read from column and row profiles")
struct ShiftHitchTests {
    static let width = 240
    static let height = 96

    /// A random texture of 2 px grains (a fixed generator: the same texture every run), wide
    /// enough to pan 600 px.
    static let texture: [UInt8] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var grains = [UInt8](repeating: 0, count: 420 * 24)
        for index in grains.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            grains[index] = (state >> 33) & 1 == 0 ? 40 : 215
        }
        return grains
    }()

    /// The frame showing the texture from column `x` and row `y` (in pixels).
    static func picture(x: Int, y: Int = 0) -> Frame {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for column in 0..<width {
                let value = texture[((row + y) / 2 % 24) * 420 + (column + x) / 2 % 420]
                let base = (row * width + column) * 3
                rgb[base] = value
                rgb[base + 1] = value / 2 + 60
                rgb[base + 2] = 255 - value
            }
        }
        return Frame(width: width, height: height, rgb: rgb)
    }

    /// `frame` touched up as a lossy codec refines a held picture: every channel of every pixel
    /// moved by ±`amount` (a fixed pattern of signs, the same every call), which no shift explains.
    static func touchedUp(_ frame: Frame, by amount: Int) -> Frame {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let rgb = frame.bytes.map { value in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(clamping: Int(value) + ((state >> 40) & 1 == 0 ? amount : -amount))
        }
        return Frame(width: frame.width, height: frame.height, rgb: rgb)
    }

    /// The film of the texture at `positions` (one a period at 60 Hz), each frame with its
    /// difference and shift from the one before; `touches[i]` touches frame i up by that amount.
    static func film(_ positions: [Int], touches: [Int: Int] = [:]) -> [FilmFrame] {
        var frames: [FilmFrame] = []
        var previous: (frame: Frame, profile: FrameProfile)?
        for (index, x) in positions.enumerated() {
            let frame = touches[index].map { touchedUp(picture(x: x), by: $0) } ?? picture(x: x)
            let profile = FrameProfile(frame)
            frames.append(
                FilmFrame(
                    file: "\(index)", time: Int((Double(index) * 1000 / 60).rounded()), summary: FrameSummary(frame),
                    difference: previous.map { FrameDifference($0.frame, frame) },
                    shift: previous.map { FrameShift(from: $0.profile, to: profile) }))
            previous = (frame, profile)
        }
        return frames
    }

    @Test("the profiles are the column and row means of red, green and blue (the C pass against sums here)")
    func profiles() {
        // 300 rows: past one 257-row band of the C pass's 16-bit lanes.
        var state: UInt32 = 12_345
        let width = 37
        let height = 300
        let rgb = (0..<(width * height * 3)).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        let profile = FrameProfile(Frame(width: width, height: height, rgb: rgb))
        for x in [0, 17, 36] {
            var total = 0
            for y in 0..<height { for c in 0..<3 { total += Int(rgb[(y * width + x) * 3 + c]) } }
            #expect(abs(Double(profile.columns[x]) - Double(total) / Double(765 * height)) < 1e-6)
        }
        for y in [0, 256, 257, 299] {
            let total = rgb[(y * width * 3)..<((y + 1) * width * 3)].reduce(0) { $0 + Int($1) }
            #expect(abs(Double(profile.rows[y]) - Double(total) / Double(765 * width)) < 1e-6)
        }
        #expect(profile.columns.count == width && profile.rows.count == height)
    }

    @Test("the offset that lines two profiles up is the pan's, in both directions and on both axes")
    func offsets() {
        let start = FrameProfile(Self.picture(x: 100, y: 10))
        for (dx, dy) in [(4, 0), (-6, 0), (0, 3), (0, -5), (8, 2), (-40, 0)] {
            // The picture moved right by dx when the texture is read from dx columns further left.
            let shift = FrameShift(from: start, to: FrameProfile(Self.picture(x: 100 - dx, y: 10 - dy)))
            #expect(shift.x.offset == dx && shift.y.offset == dy, "\(dx), \(dy): \(shift)")
            if dx != 0 { #expect(shift.x.explained > 0.99) }
        }
        // A flat frame after the texture: no offset explains the change.
        let gray = [UInt8](repeating: 128, count: Self.width * Self.height * 3)
        let flat = FrameProfile(Frame(width: Self.width, height: Self.height, rgb: gray))
        let cut = FrameShift(from: start, to: flat)
        #expect(cut.x.explained < 0.5 && cut.y.explained < 0.5, "\(cut)")
        #expect(FrameShift.searchLimit(240) == 60 && FrameShift.searchLimit(4000) == 160)
    }

    @Test("a fine texture panned with holds: every hold found from the shifts, none at a turn")
    func pannedTexture() {
        // 4 px a frame to the left, holding frames 40 (2 periods) and 70 (3), keeping its clock.
        var positions = [Int](repeating: 0, count: 10)
        var step = 1
        let holds = [40: 2, 70: 3]
        while step <= 90 {
            let periods = holds[positions.count] ?? 1
            positions += [Int](repeating: 4 * step, count: periods)
            step += periods
        }
        positions += [Int](repeating: positions.last ?? 0, count: 10)
        let hitches = FilmHitches(Self.film(positions), displayRate: 60)
        let period = 1000.0 / 60
        #expect(hitches.list.map(\.framesHeld) == [2, 3], "\(hitches.list)")
        for (found, frame) in zip(hitches.list, [40, 70]) {
            #expect(abs(Double(found.start) - Double(frame) * period) <= period)
        }
        // Right 4 px a frame, a 100 ms stop, then back left: the shifts turn, so no hitch.
        let right = (0...40).map { 200 - 4 * $0 }
        let back = [Int](repeating: right.last ?? 0, count: 6) + (1...40).map { (right.last ?? 0) + 4 * $0 }
        #expect(FilmHitches(Self.film(right + back), displayRate: 60).list.isEmpty)
    }

    @Test("a held picture touched up by the codec keeps its hold; touch-ups of a still picture are no motion")
    func touchUps() throws {
        // Left 4 px a frame, keeping its clock; frame 29 held 3 periods, its last two touched up
        // by ±8 of 255 (an RMSE of 0.031, above `still` and `stillShare`), as H.264, HEVC and VP9
        // did on the tuning films.
        let positions =
            [Int](repeating: 0, count: 10) + (1...20).map { 4 * $0 } + [80, 80]
            + (23...50).map { 4 * $0 }
        let touches = [30: 8, 31: 8]
        let frames = Self.film(positions, touches: touches)
        #expect(abs(frames[30].rmse - 8.0 / 255) < 0.002)
        let hitches = FilmHitches(frames, displayRate: 60)
        let hitch = try #require(hitches.list.first, "\(hitches.list)")
        #expect(hitches.list.count == 1 && hitch.framesHeld == 3 && hitch.start == frames[29].time)
        #expect(abs(hitch.time - 2000.0 / 60) <= 1)
        // The same touch-up where the pan turns back after the hold: a stop, not a held frame.
        let back = Array(positions[0..<32]) + (1...20).map { 80 - 4 * $0 }
        #expect(FilmHitches(Self.film(back, touches: touches), displayRate: 60).list.isEmpty)
        // A still picture refined twice the same way (±4, then ±8) before a pan starts: the
        // tile means point the same way, but nothing moved and both steps are small.
        let still = [Int](repeating: 0, count: 14) + (1...20).map { 4 * $0 }
        var refined: [Int: Int] = [1: 4, 2: 4]
        for index in 3..<14 { refined[index] = 8 }
        #expect(FilmHitches(Self.film(still, touches: refined), displayRate: 60).list.isEmpty)
    }
}
