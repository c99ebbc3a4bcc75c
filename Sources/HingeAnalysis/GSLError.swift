internal import CGSL

/// A failure reported by the GNU Scientific Library, turned into a Swift error.
///
/// HingeAnalysis switches GSL's default abort-on-error handler off the first time any of its
/// types touches GSL (see ``GSL/configure()``), so a bad input never kills the process: every
/// GSL status that is not `GSL_SUCCESS` reaches the caller as one of these.
public struct GSLError: Error, Equatable, CustomStringConvertible {
    /// The GSL status code, e.g. `GSL_EDOM` (1) or `GSL_EINVAL` (4).
    public var status: Int32
    /// What HingeAnalysis was doing when GSL failed, e.g. `"gsl_interp_init"`.
    public var operation: String
    /// GSL's own text for the status (`gsl_strerror`).
    public var reason: String {
        guard let text = gsl_strerror(status) else { return "unknown GSL status \(status)" }
        return String(cString: text)
    }

    /// An error for GSL `status` returned by `operation`.
    public init(status: Int32, operation: String) {
        self.status = status
        self.operation = operation
    }

    public var description: String { "\(operation) failed: \(reason) (GSL status \(status))" }
}

/// The process-wide GSL set-up that HingeAnalysis performs once.
public enum GSL {
    /// Switches GSL's abort-on-error handler off, once per process.
    ///
    /// Every HingeAnalysis entry point calls this before it calls GSL; it is public so that a
    /// program mixing its own GSL calls with HingeAnalysis can make the choice explicit.
    public static func configure() { _ = handlerIsOff }

    private static let handlerIsOff: Bool = {
        gsl_set_error_handler_off()
        return true
    }()

    /// Throws ``GSLError`` unless `status` is `GSL_SUCCESS`.
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(GSLError) {
        if status != Int32(GSL_SUCCESS) { throw GSLError(status: status, operation: operation()) }
    }
}
