public import HingeKit

/// The best reading of a whole trace that hindsight allows: the non-causal reference that the
/// online `HingeReader` is compared with.
///
/// ```swift
/// let reference = try OfflineReading.series(samples)
/// let score = ReadingScorer.score(reference, truth: truth)
/// ```
///
/// The reader on a phone must answer now, from the samples so far; this reading sees the
/// whole trace, past and future, so it has no lag. Its steps:
///
/// 1. the angles are resampled with Steffen's method onto the 1 kHz grid of
///    ``ReadingScorer/grid(for:)`` (``TraceResampler``: samples without an angle skipped,
///    equal times merged with the later sample winning, the first and last angle held
///    beyond the first and last report);
/// 2. the position is that curve smoothed by a Gaussian of standard deviation `sigma`;
/// 3. the velocity is the Gaussian derivative of the same curve, per second.
///
/// Both filters pad with the end values (``GridFilter/Edges/padValue``): the hinge rests
/// before the first report and after the last, so the velocity falls to 0 at the ends.
public enum OfflineReading {
    /// Why the offline reading could not be made.
    public enum ReadingError: Error, Equatable, CustomStringConvertible {
        /// The trace could not be resampled.
        case resampling(Interpolator.InputError)
        /// The grid could not be filtered.
        case filtering(GridFilter.InputError)

        public var description: String {
            switch self {
            case .resampling(let failure): failure.description
            case .filtering(let failure): failure.description
            }
        }
    }

    /// The default standard deviation of the Gaussian, in seconds: wide enough to smooth 1°
    /// steps reported every few tens of milliseconds, narrow enough to keep a 0.2 s opening.
    public static let defaultSigma = 0.02

    /// The offline reading of `samples` on the grid ``ReadingScorer/grid(for:)``, without a
    /// snap.
    ///
    /// - Parameters:
    ///   - samples: the trace in time order; at least 3 samples with an angle at distinct
    ///     times (Steffen's minimum).
    ///   - sigma: the Gaussian's standard deviation in seconds; at least 1 ms (one grid step).
    /// - Returns: positions (°) and velocities (°/s) per grid frame, all finite, `snaps: nil`.
    /// - Throws: ``ReadingError`` wrapping the resampler's or the filter's reason.
    /// - Complexity: O(n + m·K) for n samples, m grid frames and a kernel of K = 8σ·1000 + 1.
    public static func series(
        _ samples: [HingeSample], sigma: Double = defaultSigma
    ) throws(ReadingError) -> ReadingScorer.Series {
        let times = ReadingScorer.grid(for: samples)
        let angles: [Double]
        do {
            angles = try TraceResampler(samples, method: .steffen).angles(at: times)
        } catch {
            throw .resampling(error)
        }
        let step = 1 / ReadingScorer.gridRate
        do {
            let positions = try GridFilter.gaussian(angles, step: step, sigma: sigma)
            let velocities = try GridFilter.gaussianDerivative(angles, step: step, sigma: sigma)
            return ReadingScorer.Series(times: times, positions: positions, velocities: velocities, snaps: nil)
        } catch {
            throw .filtering(error)
        }
    }
}
