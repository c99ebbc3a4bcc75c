/// The checks Android's CTS Verifier makes on a hinge-angle sensor, run over a trace.
///
/// ```swift
/// var checks = SensorConformance(maximumRange: 180, resolution: 1)
/// checks.add(HingeSample(time: 0, angle: 90.5, status: nil))
/// checks.warnings()   // ["1 of 1 values are not multiples of the resolution 1°: …"]
/// ```
///
/// CTS (`SensorTest`, Android's sensor verifier for `TYPE_HINGE_ANGLE`) requires of `TYPE_HINGE_ANGLE`: no two
/// back-to-back events with the same value (it is an on-change sensor), every value within
/// 0…maximum range, and every value a multiple of the sensor's resolution. A trace does not
/// carry the sensor's declared range and resolution, so they are given (the range 180° by
/// default, as on book-style phones; a Surface Duo declares 360°) or, for the resolution,
/// taken from the step all values are multiples of (``TraceStatistics/quantisation``).
/// Streaming: fixed-size state.
public struct SensorConformance: Hashable, Sendable {
    /// The declared maximum range, degrees.
    public var maximumRange: Double
    /// The declared resolution, degrees, if known.
    public var resolution: Double?
    /// Angles seen.
    public private(set) var values = 0
    /// Values equal to the value just before them, except a last one: a recorder writes a
    /// closing row at the end of a recording that repeats the last reading (``closingRepeat``),
    /// which is no sensor event.
    public var backToBackDuplicates: Int { duplicates - (closingRepeat ? 1 : 0) }
    /// Whether the newest value repeats the one before it: the recorder's closing row, if no
    /// value follows.
    public private(set) var closingRepeat = false
    private var duplicates = 0
    /// Values above ``maximumRange``.
    public private(set) var aboveRange = 0
    /// Values below 0.
    public private(set) var belowZero = 0
    /// Values that are not a whole multiple of ``resolution`` (within 10⁻⁶°).
    public private(set) var nonMultiples = 0
    /// The first duplicate's time, the first value out of range and the first non-multiple,
    /// for messages.
    public private(set) var firstDuplicateTime: Double?
    /// The first value out of range.
    public private(set) var firstOutOfRange: Double?
    /// The first value that is not a multiple of the resolution.
    public private(set) var firstNonMultiple: Double?
    /// How far (degrees) a value may be from a multiple of the resolution and still count as
    /// one (``TraceStatistics/angleTolerance(for:)``).
    public var angleTolerance: Double
    private var previous: Double?
    private var previousTime = 0.0

    /// Checks against a declared range and, if known, resolution.
    /// - Parameters:
    ///   - maximumRange: the sensor's declared maximum range (degrees).
    ///   - resolution: the sensor's declared resolution (degrees), when known.
    ///   - angleTolerance: how far (degrees) a value may be from a multiple of the resolution:
    ///     10⁻⁶° for degrees, ``TraceStatistics/angleTolerance(for:)`` for radians, so that
    ///     radians rounded by the recorder still read as the whole degrees they were.
    /// - Precondition: `maximumRange` positive; `resolution`, if given, positive and finite.
    public init(maximumRange: Double = 180, resolution: Double? = nil, angleTolerance: Double = 1e-6) {
        precondition(maximumRange > 0, "maximumRange must be positive")
        precondition(resolution.map { $0 > 0 && $0.isFinite } ?? true, "resolution must be positive")
        self.maximumRange = maximumRange
        self.resolution = resolution
        self.angleTolerance = max(0, angleTolerance)
    }

    /// Takes the next sample; samples without an angle are passed over (and break a run of
    /// duplicates).
    public mutating func add(_ sample: HingeSample) {
        guard let angle = sample.angle else {
            if closingRepeat, firstDuplicateTime == nil { firstDuplicateTime = previousTime }
            previous = nil
            closingRepeat = false
            return
        }
        values += 1
        // A repeat is counted once the next value shows it was not the closing row.
        if closingRepeat, firstDuplicateTime == nil { firstDuplicateTime = previousTime }
        closingRepeat = angle == previous
        if closingRepeat { duplicates += 1 }
        previous = angle
        previousTime = sample.time
        if angle > maximumRange + angleTolerance {
            aboveRange += 1
            if firstOutOfRange == nil { firstOutOfRange = angle }
        }
        if angle < 0 {
            belowZero += 1
            if firstOutOfRange == nil { firstOutOfRange = angle }
        }
        if let resolution, !Self.isMultiple(angle, of: resolution, tolerance: max(angleTolerance, 1e-6)) {
            nonMultiples += 1
            if firstNonMultiple == nil { firstNonMultiple = angle }
        }
    }

    static func isMultiple(_ angle: Double, of step: Double, tolerance: Double) -> Bool {
        let ratio = angle / step
        return abs(ratio - ratio.rounded()) * step <= tolerance
    }

    /// The three checks CTS makes, in the order their warnings are listed.
    package enum Check: CaseIterable, Sendable {
        /// No value repeats the one just before it.
        case onChange
        /// Every value lies within 0…maximum range.
        case range
        /// Every value is a multiple of the resolution.
        case resolution
    }

    /// One sentence per failed check, without a location.
    public func warnings() -> [String] { Check.allCases.compactMap(warning(for:)) }

    /// The sentence that says how `check` failed, or `nil` when it passed; a tool adds how its
    /// user declares the range or the resolution.
    package func warning(for check: Check) -> String? {
        switch check {
        case .onChange:
            guard backToBackDuplicates > 0, let time = firstDuplicateTime else { return nil }
            return "\(backToBackDuplicates) of \(values) values repeat the value just before them (first at "
                + "\(DecimalNumber.shortest(time)) s): an on-change sensor reports changes only (CTS)"
        case .range:
            guard aboveRange + belowZero > 0, let first = firstOutOfRange else { return nil }
            let range = DecimalNumber.shortest(maximumRange)
            let sides = [
                aboveRange > 0 ? "\(aboveRange) above the sensor's range" : nil,
                belowZero > 0 ? "\(belowZero) below 0°" : nil,
            ].compactMap { $0 }
            return "\(aboveRange + belowZero) of \(values) values lie outside 0…\(range)° "
                + "(first \(DecimalNumber.shortest(first))°): \(sides.joined(separator: ", ")) (CTS)"
        case .resolution:
            guard nonMultiples > 0, let resolution, let first = firstNonMultiple else { return nil }
            return "\(nonMultiples) of \(values) values are not multiples of the resolution "
                + "\(DecimalNumber.shortest(resolution))° (first \(DecimalNumber.shortest(first))°) (CTS)"
        }
    }
}
