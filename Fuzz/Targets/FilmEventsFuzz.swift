// fuzz-target: film_events

@testable import FilmAnalysis
@testable import Frames
@testable import HingeKit

/// libFuzzer target: the film event detector on arbitrary films — small frames (1 to 24 pixels
/// a side, every sample from the input) at increasing times, summarised and compared as
/// `FilmReader` does, with or without a hinge rest timeline, and arbitrary thresholds. Every
/// event must lie within the film, start no later than it ends, span at least one frame, carry
/// a finite peak and finite crossfade alphas, and the events must come sorted by start.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilmEvents(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let width = 1 + Int(input.byte()) % 24
    let height = 1 + Int(input.byte()) % 24
    var thresholds = FilmEventThresholds()
    if input.byte() & 1 == 1 {
        thresholds.quiet = input.number(in: 0...0.2)
        guard thresholds.quiet.isFinite else { return 0 }
    }
    var frames: [FilmFrame] = []
    var previous: Frame?
    var time = Int(input.byte())
    while !input.isEmpty, frames.count < 64 {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        // A base colour, and a few pixels of the input's own.
        let base = (input.byte(), input.byte(), input.byte())
        for pixel in 0..<(width * height) {
            bytes[3 * pixel] = base.0
            bytes[3 * pixel + 1] = base.1
            bytes[3 * pixel + 2] = base.2
        }
        for _ in 0..<Int(input.byte() % 8) {
            let pixel = Int(input.byte()) * (width * height) / 256
            bytes[3 * pixel] = input.byte()
        }
        let frame = Frame(width: width, height: height, rgb: bytes)
        frames.append(
            FilmFrame(
                file: "\(time).png", time: time, summary: FrameSummary(frame),
                difference: previous.map { FrameDifference($0, frame) }))
        previous = frame
        time += 1 + Int(input.byte())
    }
    guard let first = frames.first?.time, let last = frames.last?.time else { return 0 }
    var hinge: HingeRestTimeline?
    if count % 2 == 1 {
        let samples = (0..<8).map { index in
            HingeSample(time: Double(first + 40 * index) / 1000, angle: 180 - 10 * Double(index % 4))
        }
        hinge = try? HingeRestTimeline(samples: samples)
    }
    let events = FilmEventDetector(thresholds: thresholds).events(in: frames, hinge: hinge)
    var lastStart = Int.min
    for event in events {
        trace("\(event.kind.rawValue) \(event.start)…\(event.end), \(event.frames) frames, peak \(event.peak)")
        check(event.start <= event.end, "\(event.kind) starts at \(event.start) after its end \(event.end)")
        check(event.start >= first && event.end <= last, "\(event.kind) \(event.start)…\(event.end) outside the film")
        check(event.frames >= 1 && event.frames <= frames.count, "\(event.kind) spans \(event.frames) frames")
        check(event.peak.isFinite, "\(event.kind) peak \(event.peak)")
        check(event.alphas.allSatisfy(\.isFinite), "\(event.kind) alphas \(event.alphas)")
        check(event.start >= lastStart, "events out of order")
        lastStart = event.start
    }
    return 0
}
