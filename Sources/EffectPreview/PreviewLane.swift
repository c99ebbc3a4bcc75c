import HingeKit

/// One way of driving an effect from the hinge, shown side by side in a preview.
package enum PreviewLane: String, CaseIterable, Hashable, Sendable {
    /// The effect of the newest reported angle, as it arrives: the steps of the sensor.
    case raw
    /// SwiftUI's `.smooth` (0.5 s, no bounce) retargeted on every report, keeping its
    /// velocity: `withAnimation(.smooth)` in an `onChange` of the angle.
    case smooth
    /// Android's unfold spring (stiffness 600, ζ 1) retargeted on every report.
    case android
    /// HingeKit's ``UnfoldDriver`` (for the other effects: the driver's smoothed angle,
    /// through the effect).
    case hingekit

    /// The panel's label.
    package var label: String {
        switch self {
        case .raw: "raw angle"
        case .smooth: ".smooth on every report"
        case .android: "Android spring (k 600)"
        case .hingekit: "HingeKit"
        }
    }

    /// The lanes `hingetool preview` shows without `--compare`.
    package static let defaults: [PreviewLane] = [.raw, .smooth, .android, .hingekit]
}

/// The newest reading's effect, with no smoothing.
struct RawLane<Effect: HingeEffect>: HingeDisplay {
    let effect: Effect
    let reduceMotion: Bool
    var angle: Double?
    var status: HingeStatus?
    var hasSample = false
    /// Checks each sample as the other lanes' drivers do (their reader), so that every lane
    /// refuses the same samples.
    private var checks = HingeReader()

    init(effect: Effect, reduceMotion: Bool) {
        self.effect = effect
        self.reduceMotion = reduceMotion
    }

    mutating func ingest(_ sample: HingeSample) throws(DriverEventError) {
        try checks.ingestAsDisplay(sample)
        show(sample)
    }

    /// Takes a sample another display has checked.
    mutating func show(_ sample: HingeSample) {
        angle = sample.angle
        if sample.status != nil || sample.angle == nil { status = sample.status }
        hasSample = true
    }

    func value(at time: Double) -> Double {
        if effect.holdsNeutral(reduceMotion: reduceMotion) { return effect.neutralValue }
        return effect.value(angle: hasSample ? angle : nil, status: status)
    }
}

/// HingeKit's driver: the unfold progress itself, or its smoothed angle through an effect.
struct HingeKitLane<Effect: HingeEffect>: HingeDisplay {
    let effect: Effect
    /// Whether the effect is the unfold progress (the driver's own quantity).
    let isUnfold: Bool
    var driver: UnfoldDriver
    var raw: RawLane<Effect>

    init(effect: Effect, isUnfold: Bool, reduceMotion: Bool, parameters: LaneParameters) {
        self.effect = effect
        self.isUnfold = isUnfold
        driver = UnfoldDriver(
            configuration: isUnfold ? parameters.unfoldDriver : parameters.angleDriver, reduceMotion: false)
        raw = RawLane(effect: effect, reduceMotion: reduceMotion)
    }

    mutating func ingest(_ sample: HingeSample) throws(DriverEventError) {
        try driver.ingest(sample)
        raw.show(sample)
    }

    func value(at time: Double) -> Double {
        // Under Reduce Motion HingeKit shows what the effect asks for: the hinge as it is, or
        // the neutral value.
        if raw.reduceMotion { return raw.value(at: time) }
        let progress = driver.value(at: time)
        if isUnfold { return progress }
        return effect.value(angle: raw.hasSample && raw.angle != nil ? progress * 180 : nil, status: nil)
    }
}

/// The checked parameters a preview's lanes are built with: the HingeKit lane's driver at the
/// preview's responsiveness (for the unfold progress, and with its progress reaching 1 at 180°
/// for the other effects, which read it back as an angle) and the glass's ramp.
struct LaneParameters: Sendable {
    var unfoldDriver: UnfoldDriver.Configuration
    var angleDriver: UnfoldDriver.Configuration
    /// The glass's tilt as a ramp: 0 flat (180°) or without a hinge, 1 closed (0°); drawn as
    /// ``PreviewEffect/glassTilt`` × the ramp, so the laptop pose (90°) tilts the glass 30°.
    var glassRamp: RampEffect

    /// The parameters at `responsiveness`.
    ///
    /// - Throws: ``EffectParameterError`` when `responsiveness` is outside 0…1.
    init(responsiveness: Double = UnfoldDriver.Configuration.defaultResponsiveness) throws(EffectParameterError) {
        unfoldDriver = try UnfoldDriver.Configuration(responsiveness: responsiveness)
        angleDriver = try UnfoldDriver.Configuration(responsiveness: responsiveness, unfoldedAngle: 180)
        glassRamp = try RampEffect(lower: 180, upper: 0, noHingeValue: 0)
    }
}

extension PreviewEffect {
    /// The display of `lane` for this effect.
    func display(_ lane: PreviewLane, reduceMotion: Bool, parameters: LaneParameters) -> any HingeDisplay {
        switch self {
        case .bloom: Self.display(BloomEffect(), lane: lane, reduceMotion, parameters, isUnfold: false)
        case .lean: Self.display(LeanEffect(), lane: lane, reduceMotion, parameters, isUnfold: false)
        case .unfold: Self.display(UnfoldProgressEffect(), lane: lane, reduceMotion, parameters, isUnfold: true)
        case .glass: Self.display(parameters.glassRamp, lane: lane, reduceMotion, parameters, isUnfold: false)
        }
    }

    /// The glass's largest tilt, degrees (the ramp's 1).
    static let glassTilt = 60.0

    private static func display<Effect: HingeEffect>(
        _ effect: Effect, lane: PreviewLane, _ reduceMotion: Bool, _ parameters: LaneParameters, isUnfold: Bool
    ) -> any HingeDisplay {
        switch lane {
        case .raw: RawLane(effect: effect, reduceMotion: reduceMotion)
        case .smooth:
            EffectDriver(effect: effect, spring: .smooth, reduceMotion: reduceMotion)
        case .android:
            EffectDriver(effect: effect, spring: .androidUnfold, reduceMotion: reduceMotion)
        case .hingekit:
            HingeKitLane(effect: effect, isUnfold: isUnfold, reduceMotion: reduceMotion, parameters: parameters)
        }
    }
}
