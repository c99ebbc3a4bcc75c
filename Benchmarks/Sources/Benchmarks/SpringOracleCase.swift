import HingeAnalysis
import HingeKit

/// The closed-form spring against the GSL rk8pd oracle on the same times: how much faster the
/// closed form is, and how far apart the two are.
enum SpringOracleCase {
    static func run(runs: Int) throws -> [Figure] {
        let spring = DampedSpring.bouncy
        let times = (0..<1000).map { Double($0) * 0.002 }  // 2 s, 1000 points
        let oracle = try SpringODE(spring: spring, target: 1)
        var closedForm: [Double] = []
        var integrated: [Double] = []
        var checksum = 0.0
        var error = 0.0
        for run in 0...runs {
            var start = cpuNow()
            var values: [Double] = []
            values.reserveCapacity(times.count)
            for time in times { values.append(spring.value(from: 0, to: 1, time: time)) }
            let closedTime = (cpuNow() - start) / Double(times.count) * 1e9
            start = cpuNow()
            let samples = try oracle.solve(value: 0, velocity: 0, at: times)
            let integratedTime = (cpuNow() - start) / Double(times.count) * 1e9
            error = zip(values, samples).map { abs($0 - $1.value) }.max()!
            checksum += values.reduce(0, +)
            if run > 0 {  // run 0 warms up
                closedForm.append(closedTime)
                integrated.append(integratedTime)
            }
        }
        var closed = Figure(
            id: "spring.closed-form", name: "DampedSpring closed form, value at a time", unit: "ns/point",
            samples: closedForm)
        let ode = Figure(
            id: "spring.rk8pd", name: "GSL rk8pd oracle (1e-13), same times", unit: "ns/point", samples: integrated)
        closed.peerRatio = ode.median / closed.median
        closed.note = "max |closed form − rk8pd| = \(error) on 0…1 (bouncy, 1000 points over 2 s)"
        if checksum.isNaN { print("checksum \(checksum)") }
        return [closed, ode]
    }
}
