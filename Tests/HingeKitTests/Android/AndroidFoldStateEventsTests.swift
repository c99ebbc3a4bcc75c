import HingeKit
import Testing

/// AOSP's `DeviceFoldStateProviderTest` cases
/// (`frameworks/base/packages/SystemUI/tests/src/com/android/systemui/unfold/updates/DeviceFoldStateProviderTest.kt`), each after the same
/// set-up as there (`setInitialHingeAngle`): unfolded, the first angle, the timeout run out.
/// Angles follow each other 10 ms apart, well inside the 300 ms timeout AOSP's tests use.
@Suite("Android's fold-state events (DeviceFoldStateProvider)")
struct AndroidFoldStateEventsTests {
    static let testConfiguration = AndroidFoldStateEvents.Configuration(halfFoldedTimeout: 0.3)

    /// The updates sent for `angles` after starting at `start`.
    func updates(
        from start: Double, _ angles: [Double],
        configuration: AndroidFoldStateEvents.Configuration = testConfiguration
    ) -> [AndroidFoldUpdate.Kind] {
        var events = AndroidFoldStateEvents.starting(angle: start, at: 0, configuration: configuration)
        var sent: [AndroidFoldUpdate.Kind] = []
        for (index, angle) in angles.enumerated() {
            events.hingeAngle(angle, at: 0.01 * Double(index + 1)) { sent.append($0.kind) }
        }
        return sent
    }

    @Test("180 → 90 → 80 sends only START_CLOSING")
    func closingFromFlat() { #expect(updates(from: 180, [90, 80]) == [.startClosing]) }

    @Test("120 → 110 → 111 → 100 sends a single START_CLOSING")
    func smallReversalIsIgnored() { #expect(updates(from: 120, [110, 111, 100]) == [.startClosing]) }

    @Test("120 → 130 → 120 sends START_OPENING, then START_CLOSING")
    func reversal() { #expect(updates(from: 120, [130, 120]) == [.startOpening, .startClosing]) }

    @Test("From 120 a drop of 6.5° sends nothing, of 8.5° START_CLOSING")
    func threshold() {
        #expect(updates(from: 120, [113.5]).isEmpty)
        #expect(updates(from: 120, [111.5]) == [.startClosing])
    }

    @Test("180 → 166 sends nothing (fully open); then 164 sends START_CLOSING")
    func fullyOpenRange() {
        #expect(updates(from: 180, [166]).isEmpty)
        #expect(updates(from: 180, [166, 164]) == [.startClosing])
    }

    @Test("Over an app, a move to 61° sends nothing; below 60° it closes")
    func overApps() {
        let configuration = AndroidFoldStateEvents.Configuration(halfFoldedTimeout: 0.3, overApps: true)
        #expect(updates(from: 180, [61], configuration: configuration).isEmpty)
        #expect(updates(from: 180, [61, 59], configuration: configuration) == [.startClosing])
        #expect(updates(from: 180, [61]) == [.startClosing])
    }

    @Test("Every start from 9° to 165° closes on a drop of 8°", arguments: 9...165)
    func everyStartCloses(start: Int) {
        #expect(updates(from: Double(start), [Double(start - 8)]) == [.startClosing])
    }

    @Test("A rotation mid-transition sends FINISH_HALF_OPEN")
    func rotation() {
        var events = AndroidFoldStateEvents.starting(angle: 180, at: 0, configuration: Self.testConfiguration)
        var sent: [AndroidFoldUpdate.Kind] = []
        events.hingeAngle(90, at: 0.01) { sent.append($0.kind) }
        events.rotationChanged(at: 0.02) { sent.append($0.kind) }
        #expect(sent == [.startClosing, .finishHalfOpen])
        events.rotationChanged(at: 0.03) { sent.append($0.kind) }
        #expect(sent.count == 2)
    }

    @Test("On the small screen no closing event is sent")
    func smallScreen() {
        var events = AndroidFoldStateEvents.starting(angle: 120, at: 0, configuration: Self.testConfiguration)
        events.setLargeScreen(false)
        var sent: [AndroidFoldUpdate.Kind] = []
        events.hingeAngle(100, at: 0.01) { sent.append($0.kind) }
        events.hingeAngle(60, at: 0.02) { sent.append($0.kind) }
        #expect(sent.isEmpty)
    }

    @Test("The half-folded timeout runs 300 ms from the last angle and sends FINISH_HALF_OPEN at that time")
    func timeout() {
        var events = AndroidFoldStateEvents.starting(angle: 180, at: 0, configuration: Self.testConfiguration)
        var sent: [AndroidFoldUpdate] = []
        events.hingeAngle(100, at: 0.1) { sent.append($0) }
        events.hingeAngle(95, at: 0.2) { sent.append($0) }
        events.advance(to: 0.49) { sent.append($0) }
        #expect(sent.map(\.kind) == [.startClosing])
        events.advance(to: 0.6) { sent.append($0) }
        #expect(sent.map(\.kind) == [.startClosing, .finishHalfOpen])
        #expect(abs(sent[1].time - 0.5) < 1e-12)
        #expect(sent[1].angle == 95)
    }

    @Test("Opening to within 15° of flat during a transition sends FINISH_FULL_OPEN with that angle")
    func finishFullOpen() {
        #expect(updates(from: 100, [110, 140, 170]) == [.startOpening, .finishFullOpen])
    }

    @Test("Fold-state changes: unfolded sends START_OPENING from 0°, folded FINISH_CLOSED")
    func foldState() {
        var events = AndroidFoldStateEvents(configuration: Self.testConfiguration)
        var sent: [AndroidFoldUpdate] = []
        events.foldStateChanged(folded: false, at: 0) { sent.append($0) }
        #expect(sent.last == AndroidFoldUpdate(kind: .startOpening, time: 0, angle: 0))
        #expect(events.lastAngle == 0)
        events.foldStateChanged(folded: true, at: 0.1) { sent.append($0) }
        #expect(sent.last?.kind == .finishClosed)
    }
}
