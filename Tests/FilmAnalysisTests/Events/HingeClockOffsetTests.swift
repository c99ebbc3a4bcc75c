import FilmAnalysis
import Testing

/// The offset of a hinge trace on a film's clock from the hinge's starts and the film's bursts
/// of change: the figures below are worked out by hand from the rule (a start at `s` is followed
/// at offset `o` when a change starts within 500 ms after `s + o`).
@Suite("Hinge clock offset: starts of motion lined up with starts of change")
struct HingeClockOffsetTests {
    @Test("three starts pin the offset to the range where all three are followed")
    func threeStarts() throws {
        // Start 1000 followed by 1200 for o in −300…200, 4000 by 4150 for −350…150, 7000 by 7300
        // for −200…300: all three for −200…150, whose middle is −25 and half-width 175.
        let estimate = try #require(
            HingeClockOffset(
                changes: [1200, 4150, 7300, 9000], hingeStarts: [1000, 4000, 7000], traceStart: 0, film: 0...10_000))
        #expect(estimate.offset == -25)
        #expect(estimate.uncertainty == 175)
        #expect(estimate.followedStarts == 3 && estimate.startsInFilm == 3)
        #expect(!estimate.isAmbiguous && !estimate.isPartial)
    }

    @Test("one start and two bursts fit twice: the one starting the trace nearest the film is taken")
    func ambiguous() throws {
        // One fold at 550 ms (trace clock), a slide at 1117 ms and the late one at 2867 ms (film
        // clock): 67…567 and 1817…2317 follow the start equally well.
        let near = try #require(
            HingeClockOffset(changes: [1117, 2867], hingeStarts: [550], traceStart: 0, film: 0...5000))
        #expect(near.offset == 317 && near.uncertainty == 250)
        #expect(near.alternatives == [2067] && near.isAmbiguous)
        // A trace whose first sample is 2 s before its start on its own clock: 2067 ms puts that
        // sample at 67 ms of the film, nearer its first frame than 317 ms does (−1683 ms).
        let far = try #require(
            HingeClockOffset(changes: [1117, 2867], hingeStarts: [550], traceStart: -2000, film: 0...5000))
        #expect(far.offset == 2067 && far.alternatives == [317])
    }

    @Test("a start followed by no change is reported")
    func partial() throws {
        // 500 is followed by 700 for −300…200; 3000 by nothing there. Middle −50: both starts lie
        // in the film (450, 2950 ms), one is followed.
        let estimate = try #require(
            HingeClockOffset(changes: [700], hingeStarts: [500, 3000], traceStart: 0, film: 0...5000))
        #expect(estimate.offset == -50)
        #expect(estimate.followedStarts == 1 && estimate.startsInFilm == 2 && estimate.isPartial)
    }

    @Test("no start or no change: no estimate")
    func nothing() {
        #expect(HingeClockOffset(changes: [], hingeStarts: [100], traceStart: 0, film: 0...1000) == nil)
        #expect(HingeClockOffset(changes: [100], hingeStarts: [], traceStart: 0, film: 0...1000) == nil)
    }
}
