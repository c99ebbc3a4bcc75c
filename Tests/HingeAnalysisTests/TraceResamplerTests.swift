import HingeAnalysis
import HingeKit
import Testing

@Suite("TraceResampler (gsl_interp onto a grid)")
struct TraceResamplerTests {
    /// An on-change 1° sensor: irregular times, a plateau while the hinge rests, then a move.
    let onChange: [HingeSample] = [
        HingeSample(time: 0, angle: 180), HingeSample(time: 0.2, angle: 180), HingeSample(time: 0.23, angle: 179),
        HingeSample(time: 0.251, angle: 178), HingeSample(time: 0.27, angle: 177),
        HingeSample(time: 0.31, angle: 176), HingeSample(time: 0.5, angle: 176),
    ]

    @Test("Samples at one time are merged, the later one winning")
    func duplicatesMerged() throws {
        let samples = [
            HingeSample(time: 0, angle: 10), HingeSample(time: 1, angle: 20), HingeSample(time: 1, angle: 22),
            HingeSample(time: 1, angle: 21), HingeSample(time: 2, angle: 30),
        ]
        let knots = try TraceResampler.knots(of: samples)
        #expect(knots.times == [0, 1, 2])
        #expect(knots.angles == [10, 21, 30])
        #expect(knots.mergedDuplicateCount == 2)
        let resampler = try TraceResampler(samples, method: .linear)
        #expect(resampler.mergedDuplicateCount == 2)
        #expect(try resampler.angle(at: 1) == 21)
    }

    @Test("Samples without an angle are skipped, counted, and bridged")
    func samplesWithoutAngle() throws {
        let samples = [
            HingeSample(time: 0, angle: nil), HingeSample(time: 1, angle: 10), HingeSample(time: 2, angle: nil),
            HingeSample(time: 2, angle: nil, status: .closed), HingeSample(time: 3, angle: 30),
            HingeSample(time: 3, angle: nil),
        ]
        let resampler = try TraceResampler(samples, method: .linear)
        #expect(resampler.samplesWithoutAngle == 4)
        #expect(resampler.mergedDuplicateCount == 0)
        #expect(try resampler.angle(at: 2) == 20)
    }

    @Test("Outside the angles the first and last angle are held")
    func holdsOutside() throws {
        let resampler = try TraceResampler(onChange)
        #expect(try resampler.angle(at: -5) == 180)
        #expect(try resampler.angle(at: 9) == 176)
        #expect(throws: Interpolator.InputError.outsideRange(x: .infinity, range: 0...0.5)) {
            try resampler.angle(at: .infinity)
        }
    }

    @Test("Every precondition is an error naming the sample")
    func preconditions() {
        #expect(throws: Interpolator.InputError.notIncreasing(index: 2, previous: 1, value: 0.5)) {
            try TraceResampler([
                HingeSample(time: 0, angle: 1), HingeSample(time: 1, angle: nil), HingeSample(time: 0.5, angle: 2),
            ])
        }
        #expect(throws: Interpolator.InputError.notFinite(index: 1)) {
            try TraceResampler([HingeSample(time: 0, angle: 1), HingeSample(time: .nan, angle: 2)])
        }
        #expect(throws: Interpolator.InputError.notFinite(index: 0)) {
            try TraceResampler([HingeSample(time: 0, angle: .infinity)])
        }
        // Three samples, but only two distinct times once merged.
        #expect(throws: Interpolator.InputError.tooFewPoints(method: .steffen, count: 2)) {
            try TraceResampler([
                HingeSample(time: 0, angle: 1), HingeSample(time: 1, angle: 2), HingeSample(time: 1, angle: 3),
            ])
        }
        #expect(throws: Interpolator.InputError.tooFewPoints(method: .akima, count: 4)) {
            try TraceResampler(Array(onChange.prefix(4)), method: .akima)
        }
        #expect(throws: Interpolator.InputError.tooFewPoints(method: .linear, count: 1)) {
            try TraceResampler([HingeSample(time: 0, angle: 1), HingeSample(time: 1, angle: nil)], method: .linear)
        }
        #expect(throws: Interpolator.InputError.invalidStep(-1)) { try TraceResampler(onChange).grid(rate: -1) }
    }

    @Test("The fewest angles each method accepts are enough", arguments: Interpolator.Method.allCases)
    func minimumPoints(method: Interpolator.Method) throws {
        let samples = Array(onChange.prefix(method.minimumPointCount))
        let grid = try TraceResampler(samples, method: method).grid(rate: 1000)
        #expect(grid.angles.allSatisfy { $0.isFinite })
    }

    @Test("The 1 kHz grid is the scorer's grid, and the knots are kept")
    func scorerGrid() throws {
        let grid = try TraceResampler(onChange).grid(rate: 1000)
        #expect(grid.times == ReadingScorer.grid(for: onChange))
        #expect(grid.angles[0] == 180)
        #expect(abs(grid.angles[230] - 179) <= 1e-12)
        #expect(grid.angles[240] < 179 && grid.angles[240] > 178)
        #expect(grid.angles[500] == 176)
        #expect(grid.angles[200] == 180)
    }

    @Test("Steffen never leaves the range of the reports either side; cspline does")
    func steffenStaysInSteps() throws {
        let steffen = try TraceResampler(onChange).grid(rate: 2000)
        for (time, angle) in zip(steffen.times, steffen.angles) {
            let before = onChange.last { $0.time <= time }!.angle!
            let after = (onChange.first { $0.time >= time } ?? onChange[onChange.count - 1]).angle!
            #expect(angle >= min(before, after) - 1e-12 && angle <= max(before, after) + 1e-12)
        }
        // The 0…0.2 s plateau at 180° rises above 180 under a natural cubic spline.
        let cspline = try TraceResampler(onChange, method: .cspline).grid(rate: 2000)
        #expect(cspline.angles.contains { $0 > 180.01 })
    }
}
