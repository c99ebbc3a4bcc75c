import HingeKit
import Testing

@Suite("SensorConformance: Android's CTS checks over a trace")
struct SensorConformanceTests {
    private func checks(_ angles: [Double?], resolution: Double? = nil, tolerance: Double = 1e-6) -> SensorConformance {
        var checks = SensorConformance(resolution: resolution, angleTolerance: tolerance)
        for (index, angle) in angles.enumerated() { checks.add(HingeSample(time: Double(index) / 10, angle: angle)) }
        return checks
    }

    @Test("A last row repeating the one before is the recorder's closing row, not a duplicate")
    func closingRow() {
        let closing = checks([10, 11, 12, 12])
        #expect(closing.backToBackDuplicates == 0)
        #expect(closing.closingRepeat)
        #expect(closing.warnings().isEmpty)
        // The same repeat followed by another value is a duplicate, at its own time.
        let inside = checks([10, 11, 12, 12, 13])
        #expect(inside.backToBackDuplicates == 1)
        #expect(inside.firstDuplicateTime == 0.3)
        #expect(inside.warnings().count == 1)
        // A repeat before a sample without an angle is a duplicate too.
        let beforeGap = checks([10, 10, nil, 10])
        #expect(beforeGap.backToBackDuplicates == 1)
        #expect(beforeGap.firstDuplicateTime == 0.1)
    }

    @Test("The range warning says which side each value left the range by")
    func rangeSides() {
        // Main called every value outside the range "above the sensor's range", -5° too.
        #expect(checks([10, -5, 20]).warnings() == ["1 of 3 values lie outside 0…180° (first -5°): 1 below 0° (CTS)"])
        #expect(
            checks([190, -5, 200]).warnings() == [
                "3 of 3 values lie outside 0…180° (first 190°): 2 above the sensor's range, 1 below 0° (CTS)"
            ])
    }

    @Test("Radians rounded by the recorder are whole degrees within the radian tolerance, not within 10⁻⁶°")
    func radianTolerance() {
        // 178° and 174° written with 6 decimals of radians, then converted.
        let angles = [3.106686, 3.036873].map { $0 * 180 / Double.pi }
        let tolerance = TraceStatistics.angleTolerance(for: .radians)
        #expect(checks(angles, resolution: 1, tolerance: tolerance).nonMultiples == 0)
        #expect(checks(angles, resolution: 1).nonMultiples == 2)
        // A real half degree stays a non-multiple.
        #expect(checks([0.5 + 1e-5], resolution: 1, tolerance: tolerance).nonMultiples == 1)
    }
}
