import HingeKit
import Testing

/// A book-style foldable's stages, in points: the inner display (900 × 1000, status bar 24, home
/// indicator 20) flat and bent, turned, split, and the cover display (380 × 860).
enum FoldableStages {
    static let insets = FoldStage.Insets(top: 24, bottom: 20)
    static let flat = FoldStage(contentSize: .init(width: 900, height: 1000), insets: insets)
    static let laptop = FoldStage(
        contentSize: .init(width: 900, height: 1000), insets: insets,
        division: .init(x: 0, y: 490, width: 900, height: 20))
    /// Turned a quarter: the insets turn with the content, so the window is 956 × 900.
    static let turnedBent = FoldStage(
        contentSize: .init(width: 1000, height: 900), insets: .init(left: 24, right: 20),
        division: .init(x: 490, y: 0, width: 20, height: 900))
    static let cover = FoldStage(contentSize: .init(width: 380, height: 860), insets: insets)
    static let split = FoldStage(contentSize: .init(width: 450, height: 1000), insets: insets)
    /// A layout pass that rounds the window by 0.3 pt while the crease turns active.
    static let laptopRounded = FoldStage(
        contentSize: .init(width: 900.3, height: 999.7), insets: insets,
        division: .init(x: 0, y: 490, width: 900, height: 20))
    static let laptopOff = FoldStage(
        contentSize: .init(width: 900.7, height: 1000), insets: insets,
        division: .init(x: 0, y: 490, width: 900, height: 20))
    static let laptopMoved = FoldStage(
        contentSize: .init(width: 900, height: 1000), insets: insets,
        division: .init(x: 0, y: 470, width: 900, height: 20))
}

@Suite("Poses: fold stages, changes and the animation decision")
struct PoseTests {
    @Test("The window is the content less the insets")
    func windowSize() {
        #expect(FoldableStages.flat.windowSize == .init(width: 900, height: 956))
        #expect(FoldableStages.turnedBent.windowSize == .init(width: 956, height: 900))
    }

    @Test(
        "Every transition rule, with the expected decision",
        arguments: [
            (nil, FoldableStages.flat, FoldChange.firstReading, false, "first layout pass"),
            (nil, FoldableStages.laptop, .firstReading, false, "first layout pass, already bent"),
            (FoldableStages.flat, FoldableStages.flat, .unchanged, false, "open flat, nothing moves"),
            (FoldableStages.flat, FoldableStages.laptop, .bend, true, "bend to laptop"),
            (FoldableStages.laptop, FoldableStages.flat, .bend, true, "and back to flat"),
            (FoldableStages.flat, FoldableStages.laptopRounded, .bend, true, "bend with 0.3 pt of rounding"),
            (FoldableStages.flat, FoldableStages.laptopOff, .resizing, false, "0.7 pt is a real resize"),
            (FoldableStages.laptop, FoldableStages.laptopMoved, .unchanged, false, "the crease moves, still active"),
            (FoldableStages.laptop, FoldableStages.turnedBent, .turning, false, "turn while bent"),
            (FoldableStages.turnedBent, FoldableStages.laptop, .turning, false, "turn back while bent"),
            (FoldableStages.flat, FoldableStages.cover, .shutting, false, "display switch to the cover"),
            (FoldableStages.cover, FoldableStages.flat, .opening, false, "display switch to the inner display"),
            (FoldableStages.flat, FoldableStages.split, .resizing, false, "split view"),
            (FoldableStages.split, FoldableStages.flat, .resizing, false, "split view ends"),
        ] as [(FoldStage?, FoldStage, FoldChange, Bool, String)])
    func transitions(previous: FoldStage?, next: FoldStage, change: FoldChange, animates: Bool, name: String) {
        let classified = FoldChange(from: previous, to: next)
        #expect(classified == change, "\(name)")
        #expect((classified.spring(reduceMotion: false) != nil) == animates, "\(name)")
        #expect(classified.spring(reduceMotion: true) == nil, "never under Reduce Motion: \(name)")
    }

    @Test("A bend animates with the bend spring: mass 0.9, stiffness 280, damping 24")
    func bendSpring() throws {
        let spring = try #require(FoldChange.bend.spring(reduceMotion: false))
        #expect(spring.mass == 0.9 && spring.stiffness == 280 && spring.damping == 24)
    }
}

@Suite("Poses: posture with hysteresis")
struct PostureTests {
    @Test("The first angle is classified by the thresholds alone (closed ≤ 5°, flat ≥ 165°)")
    func firstAngle() {
        for (angle, posture) in [
            (0.0, HingePosture.closed), (5, .closed), (5.1, .halfOpen), (164.9, .halfOpen),
            (165, .flat), (180, .flat),
        ] as [(Double, HingePosture)] {
            var tracker = PostureTracker()
            #expect(tracker.update(angle: angle, status: nil) == posture, "\(angle)")
        }
    }

    @Test("Noise of ±3.75° around a threshold does not flicker; a clear crossing changes the posture")
    func hysteresis() {
        var tracker = PostureTracker()
        tracker.update(angle: 0, status: nil)
        for angle in [8.75, 3, 8, 1.5, 8.7] {
            #expect(tracker.update(angle: angle, status: nil) == .closed, "\(angle)")
        }
        #expect(tracker.update(angle: 8.8, status: nil) == .halfOpen)
        for angle in [4, 1.25, 6] { #expect(tracker.update(angle: angle, status: nil) == .halfOpen, "\(angle)") }
        #expect(tracker.update(angle: 1.2, status: nil) == .closed)
        tracker.update(angle: 100, status: nil)
        for angle in [166, 168.75, 162] { #expect(tracker.update(angle: angle, status: nil) == .halfOpen) }
        #expect(tracker.update(angle: 168.8, status: nil) == .flat)
        for angle in [161.25, 170, 163] { #expect(tracker.update(angle: angle, status: nil) == .flat) }
        #expect(tracker.update(angle: 161.2, status: nil) == .halfOpen)
    }

    @Test("A 0/90/180° sensor jumping 0 → 180 goes straight from closed to flat")
    func coarseSensor() {
        var tracker = PostureTracker()
        tracker.update(angle: 0, status: .closed)
        #expect(tracker.update(angle: 180, status: .fullyOpen) == .flat)
        #expect(tracker.update(angle: 0, status: .closed) == .closed)
    }

    @Test("Without an angle the status decides; with neither the phone is flat")
    func statusOnly() {
        var tracker = PostureTracker()
        #expect(tracker.update(angle: nil, status: .partiallyOpen) == .halfOpen)
        #expect(tracker.update(angle: nil, status: .closed) == .closed)
        #expect(tracker.update(angle: nil, status: nil) == .flat)
    }

    @Test("Thresholds are configurable")
    func custom() {
        var tracker = PostureTracker(thresholds: .init(closed: 30, flat: 150, margin: 0))
        #expect(tracker.update(angle: 30, status: nil) == .closed)
        #expect(tracker.update(angle: 30.5, status: nil) == .halfOpen)
        #expect(tracker.update(angle: 150, status: nil) == .halfOpen, "equal to the threshold is not past it")
        #expect(tracker.update(angle: 151, status: nil) == .flat)
    }

    @Test("A player's controls stay on screen only while the phone is half-open")
    func controls() {
        #expect(HingePosture.halfOpen.keepsControlsVisible)
        #expect(!HingePosture.flat.keepsControlsVisible && !HingePosture.closed.keepsControlsVisible)
    }
}
