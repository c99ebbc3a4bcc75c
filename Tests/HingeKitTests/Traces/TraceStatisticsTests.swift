import HingeKit
import Testing

@Suite("TraceStatistics")
struct TraceStatisticsTests {
    static func statistics(times: [Double], angles: [Double?]) -> TraceStatistics {
        var statistics = TraceStatistics()
        for (time, angle) in zip(times, angles) {
            statistics.add(HingeSample(time: time, angle: angle, status: angle.map(SensorModel.status(for:))))
        }
        return statistics
    }

    @Test("Interval percentiles are within 0.01 % of the exact ones; the gap is exact")
    func intervals() throws {
        // 96 intervals of 4 ms, 3 of 12 ms and one of 250 ms.
        var times = [0.0]
        for index in 0..<100 {
            let interval = index == 50 ? 0.25 : (index % 30 == 29 ? 0.012 : 0.004)
            times.append(times.last! + interval)
        }
        let statistics = Self.statistics(times: times, angles: times.map { _ in 90 })
        let median = try #require(statistics.medianInterval)
        let p95 = try #require(statistics.percentile95Interval)
        #expect(abs(median - 0.004) <= 0.004 * 1e-4)
        #expect(abs(p95 - 0.004) <= 0.004 * 1e-4)
        #expect(abs(try #require(statistics.intervalQuantile(0.99)) - 0.012) <= 0.012 * 1e-4)
        #expect(abs(try #require(statistics.intervalQuantile(1)) - 0.25) <= 0.25 * 1e-4)
        #expect(statistics.largestGap?.length == times[51] - times[50])
        #expect(statistics.largestGap?.endingAt == times[51])
        #expect(statistics.sampleCount == 101)
        #expect(statistics.duration == times.last!)
    }

    @Test(
        "Quantisation is inferred from the distinct angles",
        arguments: [
            ([0, 90, 180, 90, 0], TraceStatistics.Quantisation.levels([0, 90, 180])),
            (Array(stride(from: 100.0, through: 180, by: 1)), .step(1)),
            (Array(stride(from: 110.0, through: 180, by: 5)), .step(5)),
            (Array(stride(from: 100.0, through: 110, by: 0.5)), .step(0.5)),
            // Six values: five would be read as a ladder of levels.
            ([100, 100.25, 100.6, 101, 102.3, 103.1], .continuous(smallestChange: 0.25)),
            ([0, 70, 90, 110, 180, 110, 70], .levels([0, 70, 90, 110, 180])),
            ([], .none),
        ])
    func quantisation(angles: [Double], expected: TraceStatistics.Quantisation) {
        let times = angles.indices.map { Double($0) * 0.01 }
        let statistics = Self.statistics(times: times, angles: angles)
        switch (statistics.quantisation, expected) {
        case (.continuous(let found), .continuous(let wanted)): #expect(abs(found - wanted) < 1e-12)
        default: #expect(statistics.quantisation == expected)
        }
    }

    @Test("More distinct angles than the limit make a continuous trace, in bounded memory")
    func manyAngles() {
        var random = SplitMix64(seed: 3)
        var statistics = TraceStatistics()
        for index in 0..<20_000 {
            statistics.add(HingeSample(time: Double(index), angle: random.next(in: 0...180)))
        }
        guard case .continuous = statistics.quantisation else {
            Issue.record("expected continuous, got \(statistics.quantisation)")
            return
        }
    }

    @Test("No-hinge samples and statuses are counted")
    func counts() {
        let statistics = Self.statistics(times: [0, 1, 2, 3], angles: [nil, 0, 100, 180])
        #expect(statistics.noHingeCount == 1)
        #expect(statistics.closedCount == 1)
        #expect(statistics.partiallyOpenCount == 1)
        #expect(statistics.fullyOpenCount == 1)
        #expect(statistics.noStatusCount == 1)
        #expect(statistics.minimumAngle == 0)
        #expect(statistics.maximumAngle == 180)
    }
}

@Suite("TraceStatistics on radian recordings")
struct TraceStatisticsRadianTests {
    @Test("Whole degrees recorded in radians (6 decimals) read as 1° steps, levels as whole degrees")
    func radianSteps() {
        let tolerance = TraceStatistics.angleTolerance(for: .radians)
        var statistics = TraceStatistics(angleTolerance: tolerance)
        var plain = TraceStatistics()
        // Every whole degree from 20° to 180°, written as radians with 6 decimals (truncated,
        // as the iOS recipe writes them) and read back as degrees.
        for degree in 20...180 {
            let radians = (Double(degree) * Double.pi / 180 * 1e6).rounded(.down) / 1e6
            let sample = HingeSample(time: Double(degree), angle: radians * 180 / Double.pi)
            statistics.add(sample)
            plain.add(sample)
        }
        #expect(statistics.quantisation == .step(1))
        if case .continuous = plain.quantisation {} else { Issue.record("10⁻⁶° should see no common step") }
        var levels = TraceStatistics(angleTolerance: tolerance)
        for (index, radians) in [0.0, 1.570796, 3.141592].enumerated() {
            levels.add(HingeSample(time: Double(index), angle: radians * 180 / Double.pi))
        }
        #expect(levels.quantisation == .levels([0, 90, 180]))
    }
}
