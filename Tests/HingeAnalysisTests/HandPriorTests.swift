import HingeKit
import Testing

@testable import HingeAnalysis

@Suite("The particle filter's hand prior: a share of moves that end at rest")
struct HandPriorTests {
    @Test("With no rest share a target is the uniform draw, the same numbers as before the option")
    func noRestShare() {
        var (a, b) = (SplitMix64(seed: 7), SplitMix64(seed: 7))
        let prior = HandParticleFilter.Prior()
        for _ in 0..<1000 { #expect(prior.target(&a) == b.next(in: 0...180)) }
    }

    @Test("Prior.fold8 ends 60 % of moves at rest, split evenly between closed and open (±3 % of 20,000)")
    func fold8Share() {
        var random = SplitMix64(seed: 3)
        let prior = HandParticleFilter.Prior.fold8
        let targets = (0..<20_000).map { _ in prior.target(&random) }
        // The uniform part lands in a rest range with its width's share: 19° of 180°.
        let uniformInRest = 0.4 * 19 / 180
        let closed = Double(targets.filter { $0 <= 8 }.count) / 20_000
        let open = Double(targets.filter { $0 >= 169 && $0 <= 179 }.count) / 20_000
        #expect(abs(closed - (0.3 + 0.4 * 8 / 180)) < 0.03, "\(closed)")
        #expect(abs(open - (0.3 + 0.4 * 10 / 180)) < 0.03, "\(open)")
        #expect(abs(closed + open - (0.6 + uniformInRest)) < 0.03)
        #expect(targets.allSatisfy { (0...180).contains($0) })
    }
}
