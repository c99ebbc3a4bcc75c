// fuzz-target: android_fold_events

@testable import HingeKit

/// libFuzzer target: Android's fold-state events and the unfold pipeline on arbitrary hinge
/// streams in time order (angles anywhere in −360…720 or any bit pattern, fold-state changes,
/// rotations, the large screen switched, silences that let the half-folded timeout run out).
/// Updates must come in time order, never later than the event that sent them; a finish must
/// follow a start; the last update and `isTransitionInProgress` must agree; and the pipeline's
/// progress must be finite and in 0…1. The pipeline takes the samples a device might send
/// (any time, backwards, NaN or huge, any angle) on a clock of its own: it must pass over and
/// count exactly those out of order or not finite, and its progress must stay in 0…1 at any frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroidFoldEvents(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let configuration = AndroidFoldStateEvents.Configuration(
        halfFoldedTimeout: 0.05 + input.unit() * 2, overApps: input.byte() & 1 == 1)
    var time = input.number(in: -10...10)
    guard time.isFinite, abs(time) < 1e12 else { return 0 }
    var events =
        input.byte() & 1 == 0
        ? AndroidFoldStateEvents(configuration: configuration)
        : AndroidFoldStateEvents.starting(angle: input.unit() * 180, at: time, configuration: configuration)
    var pipeline = AndroidUnfoldPipeline(configuration: configuration)
    var lastSent = -Double.infinity
    var pipelineTime = -Double.infinity
    var ignored = 0
    var inTransition = events.isTransitionInProgress
    func sent(_ update: AndroidFoldUpdate) {
        trace("sent \(update.kind.rawValue) at \(update.time), angle \(update.angle)")
        check(update.time >= lastSent && update.time <= time, "update at \(update.time) after \(lastSent), now \(time)")
        check(update.time.isFinite, "update time \(update.time)")
        lastSent = update.time
        switch update.kind {
        case .startOpening, .startClosing: inTransition = true
        case .finishHalfOpen, .finishFullOpen:
            check(inTransition, "\(update.kind.rawValue) without a transition in progress")
            inTransition = false
        case .finishClosed: inTransition = false
        }
    }
    while let choice = input.nextChoice(limit: 1000) {
        time += choice & 0x80 == 0 ? input.unit() * 0.05 : input.unit() * 3
        let angle = choice & 0x40 == 0 ? input.unit() * 180 : input.number(in: -360...720)
        switch choice & 7 {
        case 0, 1, 2, 3:
            trace("hingeAngle(\(angle), at: \(time))")
            events.hingeAngle(angle, at: time, emit: sent)
        case 4:
            trace("foldStateChanged(folded: \(choice & 8 != 0), at: \(time))")
            events.foldStateChanged(folded: choice & 8 != 0, at: time, emit: sent)
        case 5:
            trace("rotationChanged(at: \(time))")
            events.rotationChanged(at: time, emit: sent)
        case 6:
            events.setLargeScreen(choice & 8 != 0)
            events.advance(to: time, emit: sent)
        default:
            events.advance(to: time, emit: sent)
        }
        check(events.isTransitionInProgress == inTransition, "transition \(events.isTransitionInProgress)")
        check(events.lastAngle.isFinite, "last angle \(events.lastAngle)")
        // The same angles through the whole pipeline (a sample without an angle now and then),
        // at times that now and then go anywhere, NaN and backwards included.
        let sampleTime = choice & 0x20 == 0 ? time : input.rawDouble()
        let sample = HingeSample(time: sampleTime, angle: choice & 7 == 7 ? nil : angle)
        let refused = !sampleTime.isFinite || sampleTime < pipelineTime || !(sample.angle?.isFinite ?? true)
        if refused { ignored += 1 } else { pipelineTime = sampleTime }
        trace("pipeline.ingest(HingeSample(time: \(sampleTime), angle: \(sample.angle.map { "\($0)" } ?? "nil")))")
        pipeline.ingest(sample) { _ in }
        check(pipeline.ignoredSamples == ignored, "ignored \(pipeline.ignoredSamples), expected \(ignored)")
        let frame = choice & 0x10 == 0 ? pipelineTime : input.rawDouble()
        pipeline.advance(to: frame) { _ in }
        if frame.isFinite, frame > pipelineTime { pipelineTime = frame }
        let progress = pipeline.value(at: frame)
        check(progress.isFinite && (0...1).contains(progress), "progress \(progress) at \(frame)")
    }
    return 0
}
