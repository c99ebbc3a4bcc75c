import HingeKit
import HingeTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A day of hinge updates at 120 Hz is about 10 million samples: too many for a debug test
/// run, and not needed. The argument has two halves, each tested here.
///
/// - **Memory.** The reader's and the animator's state is fixed in size once the first
///   samples are in (32 samples of history, at most 8 springs inline). A child process feeds
///   an hour at 120 Hz and its resident memory does not grow after the first minutes.
/// - **Precision.** Times are stored as absolute `Double` seconds, but every computation
///   uses differences of times (elapsed since a spring's release, age from the newest sample,
///   interval between samples). Near t = 86,400 s one unit in the last place is 2⁻³⁶ s ≈
///   1.5e-11 s, so a difference of two times is exact to 1.5e-11 s: a relative error of 2e-9
///   on an 8.3 ms frame. The same motion read near t = 0 and near the end of a day therefore
///   agrees to far below anything visible, which the tests check, sample by sample and frame
///   by frame, after a day, a month and a year. (Trace times are capped at 2³² s, where a
///   `Double` still resolves a microsecond.)
@Suite("Long runs: bounded memory and no drift")
struct LongRunTests {
    /// A hand opening and closing the hinge, sampled at 120 Hz with 1° steps, starting at `origin`.
    static func stream(origin: Double, seconds: Double = 6) throws -> [HingeSample] {
        let motion = try HandMotion(
            start: 180, [.hold(0.5), .move(to: 95, over: 0.7), .hold(1.5), .move(to: 180, over: 0.5), .hold(2.8)])
        return (0..<Int(seconds * 120)).map { index in
            let local = Double(index) / 120
            let angle = motion.state(at: local.truncatingRemainder(dividingBy: motion.duration)).angle.rounded()
            return HingeSample(time: origin + local, angle: angle, status: SensorModel.status(for: angle))
        }
    }

    @Test(
        "The same motion reads the same after a day, a month and a year",
        arguments: [86_400.0, 30 * 86_400.0, 365 * 86_400.0])
    func readerHasNoDrift(origin: Double) throws {
        var early = HingeReader()
        var late = HingeReader()
        let day = try Self.stream(origin: origin)
        // Tolerances: time differences carry ulp(origin) of error, relative ulp(origin)/dt on
        // an 8.3 ms step; scaled by the largest angle and speed (180°, ~300 °/s) and a margin of
        // 100 for the rounding of the sums in the filter and the fit.
        let relative = 100 * origin.ulp / (1.0 / 120)
        var largestDifference = (position: 0.0, velocity: 0.0)
        for (first, later) in zip(try Self.stream(origin: 0), day) {
            try early.ingest(first)
            try late.ingest(later)
            for offset in [0, 0.004, 0.0081] {
                let a = try #require(early.reading(at: first.time + offset))
                let b = try #require(late.reading(at: later.time + offset))
                largestDifference.position = max(largestDifference.position, abs(a.position - b.position))
                largestDifference.velocity = max(largestDifference.velocity, abs(a.velocity - b.velocity))
                #expect(a.snap == b.snap && a.isResting == b.isResting)
            }
        }
        #expect(largestDifference.position <= 180 * relative, "\(largestDifference)")
        #expect(largestDifference.velocity <= 300 * relative, "\(largestDifference)")
    }

    @Test(
        "The animator follows the same motion the same way after a day, a month and a year",
        arguments: [86_400.0, 30 * 86_400.0, 365 * 86_400.0])
    func animatorHasNoDrift(origin: Double) throws {
        for mode in SpringAnimator.Mode.allCases {
            var early = SpringAnimator(value: 180, time: 0, spring: .bend, mode: mode)
            var late = SpringAnimator(value: 180, time: origin, spring: .bend, mode: mode)
            var largest = 0.0
            for (index, (first, later)) in zip(try Self.stream(origin: 0), try Self.stream(origin: origin)).enumerated()
            {
                // Springs change now and then, so additive mode keeps several in flight.
                let spring: DampedSpring = [.bend, .bouncy, .snappy][index / 90 % 3]
                try early.retarget(to: first.angle!, at: first.time, spring: spring)
                try late.retarget(to: later.angle!, at: later.time, spring: spring)
                for offset in [0.002, 0.006] {
                    largest = max(
                        largest, abs(early.value(at: first.time + offset) - late.value(at: later.time + offset)))
                }
            }
            #expect(largest <= 180 * 100 * origin.ulp / (1.0 / 120), "\(mode): \(largest)")
        }
    }

    #if os(Linux)
        @Test(
            "An hour at 120 Hz: the reader's and the animator's memory stops growing after the first minute",
            .slow)
        func boundedMemory() async {
            // In a child process, so that no other test's allocations move the figure.
            await #expect(processExitsWith: .success) {
                func residentBytes() -> Int {
                    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
                    defer { fclose(file) }
                    var size = 0
                    var resident = 0
                    withUnsafeMutablePointer(to: &size) { size in
                        withUnsafeMutablePointer(to: &resident) { resident in
                            _ = withVaList([size, resident]) { vfscanf(file, "%ld %ld", $0) }
                        }
                    }
                    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
                }
                var reader = HingeReader()
                var animator = SpringAnimator(value: 180, spring: .bend, mode: .additive)
                let minute = try LongRunTests.stream(origin: 0, seconds: 60)
                var afterFirstMinute = 0
                for minuteIndex in 0..<60 {
                    let shift = Double(minuteIndex) * 60
                    for sample in minute {
                        let time = sample.time + shift
                        try? reader.ingest(HingeSample(time: time, angle: sample.angle, status: sample.status))
                        let position = reader.reading(at: time)!.position
                        try? animator.retarget(
                            to: position, at: time, spring: [.bend, .bouncy, .snappy][Int(time) % 3])
                        _ = animator.value(at: time + 0.004)
                    }
                    if minuteIndex == 0 { afterFirstMinute = residentBytes() }
                }
                // 256 KiB of slack for the C library's own bookkeeping; the state itself is
                // a few hundred bytes and does not grow at all.
                let growth = residentBytes() - afterFirstMinute
                exit(afterFirstMinute > 0 && growth <= 262_144 ? 0 : 1)
            }
        }
    #endif
}
