public import Frames
public import HingeKit

/// Synthetic films with ground truth: the glitches docs/film.md is about, drawn at any size,
/// with frames only where the picture changes, at irregular times (as ffmpeg's passthrough
/// timing writes them).
///
/// ```swift
/// let film = SyntheticFilm(scene: .crossfade, seed: 1)
/// for shot in film.shots { let frame = film.render(shot) /* write frame.pngData() */ }
/// print(film.truth)   // the events a detector must find
/// ```
///
/// Every scene shows one of two layouts — a light one (header bar, a checkered poster, lines
/// of text) and a dark one (three striped cards) — and a status dot that blinks now and then
/// (a change well below ``FilmEventThresholds/quiet``, which must not count). The same scene,
/// seed and size give the same frames on every platform.
public struct SyntheticFilm: Sendable {
    /// The scenes.
    public enum Scene: String, Sendable, CaseIterable {
        /// A hard cut from the light layout to the dark one.
        case cut
        /// A 120 ms linear crossfade from the light layout to the dark one.
        case crossfade
        /// A 40 ms blank page between the light layout and the dark one.
        case blank
        /// The poster drawn as a flat grey placeholder for 60–100 ms, then drawn again.
        case flash
        /// The layout slides with a 180° → 90° bend, and slides again about 900 ms after the
        /// hinge stopped (a hinge trace is part of the film).
        case lateMotion = "late-motion"

        /// One line on what the scene shows.
        public var summary: String {
            switch self {
            case .cut: "a hard cut between two layouts"
            case .crossfade: "a 120 ms crossfade between two layouts"
            case .blank: "a 40 ms blank frame between two layouts"
            case .flash: "a poster drawn as a flat grey placeholder for 60-100 ms"
            case .lateMotion: "the layout moves with a bend, then again ~900 ms after the hinge stopped"
            }
        }
    }

    /// What one frame shows.
    public struct Shot: Hashable, Sendable {
        /// When it appears, in milliseconds.
        public var time: Milliseconds
        /// The dark layout's share: 0 is the light layout, 1 the dark one, between a blend.
        public var blend: Double = 0
        /// How far the light layout's content is slid to the left, in 180-wide units.
        public var slide: Double = 0
        /// A blank page.
        public var blank = false
        /// The poster drawn as a flat placeholder.
        public var placeholder = false
        /// The status dot lit.
        public var dot = false
    }

    /// The scene.
    public let scene: Scene
    /// The seed of the random times.
    public let seed: UInt64
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The frames, in time order.
    public private(set) var shots: [Shot] = []
    /// The events a detector must find, without a hinge trace.
    public private(set) var truth: [FilmEvent] = []
    /// Late motion, which needs the hinge trace.
    public private(set) var hingeTruth: [FilmEvent] = []
    /// The hinge trace filmed with the scene (only ``Scene/lateMotion``), on the film's clock.
    public private(set) var hinge: [HingeSample] = []

    /// Builds the scene's script; frames are drawn on demand by ``render(_:)``.
    ///
    /// - Parameters:
    ///   - scene: what happens.
    ///   - seed: the random times (frame jitter, when things happen, the flash's length).
    ///   - width: pixels across (default 180); the layouts scale with it.
    ///   - height: pixels down (default 390).
    public init(scene: Scene, seed: UInt64, width: Int = 180, height: Int = 390) {
        precondition(width >= 36 && height >= 78, "at least 36 × 78 pixels")
        self.scene = scene
        self.seed = seed
        self.width = width
        self.height = height
        // A scene's position in `allCases` varies the seed, so two scenes with one seed differ.
        let sceneNumber = UInt64(Scene.allCases.firstIndex(of: scene) ?? Scene.allCases.count)
        var script = Script(random: SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ sceneNumber))
        let change = 600 + script.jitter(0...200)
        script.blinks(from: 0, to: change)
        switch scene {
        case .cut: script.cut(at: change)
        case .crossfade: script.crossfade(at: change)
        case .blank: script.blank(at: change)
        case .flash: script.flash(at: change)
        case .lateMotion: script.lateMotion(at: change)
        }
        let last = script.state.time
        script.blinks(from: last, to: last + 700)
        shots = script.shots
        truth = script.truth
        hingeTruth = script.hingeTruth
        hinge = script.hinge
    }

    /// Draws one frame (8-bit RGB).
    ///
    /// - Complexity: O(pixels).
    public func render(_ shot: Shot) -> Frame {
        var light = [UInt8](repeating: 0, count: width * height * 3)
        var canvas = Canvas(width: width, height: height, pixels: light)
        if shot.blank {
            canvas.fill(0, 0, 180, 390, (244, 244, 246))
        } else {
            if shot.blend < 1 {
                drawLight(&canvas, slide: shot.slide, placeholder: shot.placeholder)
            }
            light = canvas.pixels
            if shot.blend > 0 {
                var dark = Canvas(width: width, height: height, pixels: [UInt8](repeating: 0, count: light.count))
                drawDark(&dark)
                if shot.blend >= 1 {
                    canvas.pixels = dark.pixels
                } else {
                    for index in light.indices {
                        let a = Double(light[index])
                        let b = Double(dark.pixels[index])
                        canvas.pixels[index] = UInt8((a + shot.blend * (b - a)).rounded())
                    }
                }
            }
        }
        let grey: UInt8 = shot.dot ? 150 : 110
        canvas.fill(170, 4, 173, 7, (grey, grey, grey))
        return Frame(width: width, height: height, rgb: canvas.pixels)
    }

    private func drawLight(_ canvas: inout Canvas, slide: Double, placeholder: Bool) {
        canvas.fill(0, 0, 180, 390, (242, 242, 246))
        let dx = -slide * 180
        canvas.fill(0, 12, 180, 44, (40, 90, 200))
        if placeholder {
            canvas.fill(20 + dx, 60, 160 + dx, 180, (128, 128, 128))
        } else {
            canvas.checker(20 + dx, 60, 160 + dx, 180, cell: 10, (200, 120, 60), (90, 60, 40))
        }
        var y = 200.0
        var line = 0
        while y < 370 {
            let length = 80 + Double((line * 37) % 60)
            canvas.fill(20 + dx, y, 20 + dx + length, y + 6, (60, 60, 64))
            y += 14
            line += 1
        }
    }

    private func drawDark(_ canvas: inout Canvas) {
        canvas.fill(0, 0, 180, 390, (28, 28, 34))
        canvas.stripes(12, 30, 168, 130, period: 8, (60, 170, 90), (30, 110, 60))
        canvas.stripes(12, 145, 168, 245, period: 12, (150, 80, 200), (90, 40, 130))
        canvas.stripes(12, 260, 168, 370, period: 6, (230, 200, 60), (160, 130, 30))
    }
}

/// An RGB canvas addressed in a 180 × 390 design space scaled to the frame's size.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    private func span(_ from: Double, _ to: Double, along size: Int, design: Double) -> Range<Int> {
        let lower = max(0, min(size, Int((from * Double(size) / design).rounded())))
        let upper = max(lower, min(size, Int((to * Double(size) / design).rounded())))
        return lower..<upper
    }

    mutating func paint(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) {
        let xs = span(x0, x1, along: width, design: 180)
        let ys = span(y0, y1, along: height, design: 390)
        for y in ys {
            for x in xs {
                let (r, g, b) = colour(x - xs.lowerBound, y - ys.lowerBound)
                let index = (y * width + x) * 3
                pixels[index] = r
                pixels[index + 1] = g
                pixels[index + 2] = b
            }
        }
    }

    mutating func fill(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ colour: (UInt8, UInt8, UInt8)) {
        paint(x0, y0, x1, y1) { _, _ in colour }
    }

    mutating func checker(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, cell: Double, _ a: (UInt8, UInt8, UInt8),
        _ b: (UInt8, UInt8, UInt8)
    ) {
        let size = max(1, Int((cell * Double(width) / 180).rounded()))
        // The pattern is anchored to the poster's left edge as designed, so it slides with it.
        let anchor = Int((x0 * Double(width) / 180).rounded())
        let start = max(0, anchor)
        paint(x0, y0, x1, y1) { x, y in ((x + start - anchor) / size + y / size) % 2 == 0 ? a : b }
    }

    mutating func stripes(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, period: Double, _ a: (UInt8, UInt8, UInt8),
        _ b: (UInt8, UInt8, UInt8)
    ) {
        let size = max(1, Int((period * Double(height) / 390).rounded()))
        paint(x0, y0, x1, y1) { _, y in (y / size) % 2 == 0 ? a : b }
    }
}

extension SyntheticFilm {
    /// A scene's script as it is written: the random times, the frames so far (the newest is
    /// ``state``), and the events they make.
    private struct Script {
        var random: SplitMix64
        var shots: [Shot] = [Shot(time: 0)]
        var state = Shot(time: 0)
        var truth: [FilmEvent] = []
        var hingeTruth: [FilmEvent] = []
        var hinge: [HingeSample] = []

        init(random: SplitMix64) { self.random = random }

        /// A random whole number of milliseconds in `range`.
        mutating func jitter(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(random.next() % UInt64(range.count))
        }

        /// The next frame of a change that ends at `end`: 14–20 ms later, and never less than
        /// 8 ms before the end (a frame that close would show almost no change).
        mutating func next(after time: Int, end: Int) -> Int {
            let next = time + jitter(14...20)
            return next > end - 8 ? end : next
        }

        /// Shows ``state`` from `time` on: a new frame.
        mutating func show(at time: Int) {
            state.time = time
            shots.append(state)
        }

        /// The status dot blinks a few times in the steady stretches, never near an event.
        mutating func blinks(from start: Int, to end: Int) {
            var time = start + jitter(90...200)
            while time < end - 80 {
                state.dot.toggle()
                show(at: time)
                time += jitter(150...300)
            }
        }

        static func event(_ kind: FilmEvent.Kind, _ start: Int, _ end: Int, frames: Int) -> FilmEvent {
            FilmEvent(kind: kind, start: start, end: end, frames: frames, peak: 0)
        }

        mutating func cut(at change: Int) {
            state.blend = 1
            show(at: change)
            truth = [Self.event(.cut, change, change, frames: 1), Self.event(.settle, change, change, frames: 1)]
        }

        mutating func crossfade(at change: Int) {
            var time = change
            var alphas: [Double] = []
            repeat {
                time = next(after: time, end: change + 120)
                state.blend = Double(time - change) / 120
                alphas.append(state.blend)
                show(at: time)
            } while time < change + 120
            var fade = Self.event(.crossfade, change + Int((alphas[0] * 120).rounded()), time, frames: alphas.count)
            fade.alphas = alphas
            truth = [fade, Self.event(.settle, fade.start, time, frames: alphas.count)]
        }

        mutating func blank(at change: Int) {
            state.blank = true
            show(at: change)
            state.blank = false
            state.blend = 1
            show(at: change + 40)
            truth = [
                Self.event(.blankFrame, change, change + 40, frames: 1),
                Self.event(.settle, change, change + 40, frames: 2),
            ]
        }

        mutating func flash(at change: Int) {
            let length = jitter(60...100)
            state.placeholder = true
            show(at: change)
            state.placeholder = false
            show(at: change + length)
            truth = [
                Self.event(.placeholderFlash, change, change + length, frames: 1),
                Self.event(.settle, change, change + length, frames: 2),
            ]
        }

        /// The layout slides with a bend that starts at `change`, then again long after the
        /// hinge stopped.
        mutating func lateMotion(at change: Int) {
            let stop = bend(from: change)
            // The layout follows the bend at a steady speed (every frame moves it visibly), one
            // frame every 14–20 ms, 20 ms behind the hinge.
            let follow = slide(from: change + 20, lasting: 400) { 0.5 * $0 }
            truth = [Self.event(.settle, follow.first, follow.end, frames: follow.count)]
            // Then, long after the hinge stopped, the layout slides back part of the way.
            let late = stop + 850 + jitter(0...100)
            blinks(from: follow.end, to: late)
            let back = slide(from: late, lasting: 150) { 0.5 - 0.3 * $0 }
            truth.append(Self.event(.settle, back.first, back.end, frames: back.count))
            hingeTruth = [Self.event(.lateMotion, back.first, back.end, frames: back.count)]
        }

        /// The hinge bends from 180° to 90° in 400 ms from `start`, reported on change at about
        /// 100 Hz (into ``hinge``); returns when it stopped.
        mutating func bend(from start: Int) -> Int {
            var samples = [HingeSample(time: 0, angle: 180, status: .fullyOpen)]
            var clock = start
            var lastAngle = 180.0
            while clock < start + 400 {
                clock += jitter(8...12)
                let progress = min(1, Double(clock - start) / 400)
                let eased = progress * progress * (3 - 2 * progress)
                let angle = (180 - 90 * eased).rounded()
                if angle != lastAngle {
                    samples.append(HingeSample(time: Double(clock) / 1000, angle: angle, status: .partiallyOpen))
                    lastAngle = angle
                }
            }
            hinge = samples
            return clock
        }

        /// Frames from `start` for `duration` ms, the slide at each `slide(progress)`; returns
        /// the first frame's time, the last's and their count.
        mutating func slide(
            from start: Int, lasting duration: Int, _ slide: (Double) -> Double
        ) -> (first: Int, end: Int, count: Int) {
            var time = start
            var count = 0
            repeat {
                time = next(after: time, end: start + duration)
                state.slide = slide(Double(time - start) / Double(duration))
                show(at: time)
                count += 1
            } while time < start + duration
            return (shots[shots.count - count].time, time, count)
        }
    }
}
