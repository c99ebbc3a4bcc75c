import HingeKit
internal import HingeSupport

/// The options that bound a command's memory and work, and the checks that apply them before
/// the work starts (docs/performance.md, "Resource policy").
#if canImport(Glibc)
    private let addressSpaceResource = __rlimit_resource_t(RLIMIT_AS.rawValue)
#else
    private let addressSpaceResource = RLIMIT_AS
#endif

extension HingeTool {
    /// Inputs a command reads whole (`poses`, `fold-render --image`) stop here.
    static let defaultMaxBytes = 67_108_864

    static var maxBytesOption: CommandSpec.Option { Keys.maxBytes.option }

    /// `--max-bytes`, checked: a whole number from 1 to 2⁴⁰ that the machine can honour — the
    /// bytes of an input read whole are held at most twice while they arrive (an array grows by
    /// doubling), so twice the limit must fit in the memory the process may use
    /// (``memoryBudget()``). A larger limit is a usage error (64) before anything is read,
    /// instead of an abort part way through a large input.
    static func inputLimit(_ arguments: ParsedArguments) throws(ToolError) -> Int {
        let limit = try arguments[Keys.maxBytes]
        let budget = memoryBudget()
        guard limit <= budget / inputMemoryMultiple else {
            throw .usage(
                "The value '\(limit)' is invalid for '--max-bytes': reading that much needs up to "
                    + "\(inputMemoryMultiple) × \(limit) bytes of memory, more than this process may use "
                    + "(\(budget) bytes); the most it can honour is \(budget / inputMemoryMultiple)")
        }
        return limit
    }

    /// How many times an input's size ``ToolContext/readAll(_:limit:)`` may hold while reading it.
    static let inputMemoryMultiple = 2

    /// The memory this process may use: the machine's physical memory, or less when an address
    /// space limit (`ulimit -v`) is set.
    static func memoryBudget() -> Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        var budget = pages > 0 && pageSize > 0 ? pages.multipliedReportingOverflow(by: pageSize).partialValue : Int.max
        var limit = rlimit()
        if getrlimit(addressSpaceResource, &limit) == 0, limit.rlim_cur != rlim_t.max {
            budget = min(budget, Int(clamping: limit.rlim_cur))
        }
        return budget
    }

    /// The most grid points (rows of output, samples of a filter) one command computes.
    static let defaultMaxPoints = 10_000_000

    static var maxPointsOption: CommandSpec.Option { Keys.maxPoints.option }

    /// `--max-points`, checked: a whole number from 1 to 2⁴⁰.
    static func pointLimit(_ arguments: ParsedArguments) throws(ToolError) -> Int {
        try arguments[Keys.maxPoints]
    }

    /// Refuses a grid over `duration` seconds at `rate` per second that would hold more than
    /// `limit` points, before any of it is computed: exit 65, naming the data and the limit.
    static func checkGrid(
        duration: Double, rate: Double, limit: Int, file: String, what: String = "the grid",
        remedy: String = "raise it with '--max-points', or lower '--rate'"
    ) throws(ToolError) {
        let points = (duration * rate).rounded(.down) + 1
        guard points.isFinite, points <= Double(limit) else {
            throw .data(
                "\(file): \(what) over \(DecimalNumber.shortest(duration)) s at \(DecimalNumber.shortest(rate)) Hz "
                    + "would hold \(points.isFinite ? DecimalNumber.shortest(points) : "too many") points, more than "
                    + "the limit of \(limit) (\(remedy))")
        }
    }
}

extension HingeTool {
    /// Samples a command that holds the whole trace keeps, at most (`score`, `demo`,
    /// `resample`, `smooth`): about 32 bytes each, so 128 MB at the default.
    static let defaultMaxRows = 4_000_000

    static var maxRowsOption: CommandSpec.Option { Keys.maxRows.option }

    /// `--max-rows`, checked: a whole number from 1 to 2⁴⁰ that the machine can honour — rows
    /// are held as samples in arrays that grow by doubling (and are copied once more by the
    /// commands that trim or convert them), so ``rowMemoryMultiple`` samples a row must fit in
    /// ``memoryBudget()``. A larger limit is a usage error (64) before anything is read, instead
    /// of an abort when an endless input (`--hinge -`) outgrows memory (issue 32).
    static func rowLimit(_ arguments: ParsedArguments) throws(ToolError) -> Int {
        let limit = try arguments[Keys.maxRows]
        let perRow = rowMemoryMultiple * MemoryLayout<HingeSample>.stride
        let budget = memoryBudget()
        // The default (96 MB of samples held once) is what every command is built and tested
        // under; a value the user gives is held to the machine.
        guard !arguments.isGiven(Keys.maxRows) || limit <= budget / perRow else {
            throw .usage(
                "The value '\(limit)' is invalid for '--max-rows': holding that many rows needs up to "
                    + "\(perRow) bytes each, more than this process may use (\(budget) bytes); the most it can "
                    + "honour is \(budget / perRow)")
        }
        return limit
    }

    /// How many samples' memory one row held may need at once: the array's spare capacity and
    /// the copy made when it grows (3), and one more copy a command makes (a trim, the truth's
    /// columns), with room to spare.
    static let rowMemoryMultiple = 6

    /// Refuses the row that would pass `limit`, as it arrives: exit 65, naming the limit.
    static func checkRowCount(_ count: Int, limit: Int, file: String) throws(ToolError) {
        guard count <= limit else {
            throw .data(
                "\(file): more than \(limit) rows, the most this command holds in memory "
                    + "(raise it with '--max-rows')")
        }
    }
}

extension HingeTool {
    /// For commands that write a set of files into a folder (``OutputSet``).
    static var forceOption: CommandSpec.Option { Keys.force.option }
}

extension HingeTool.Keys {
    static let maxBytes = OptionKey(
        ["--max-bytes"], value: "n", help: "Refuse an input longer than this (it is read whole into memory).",
        whole: 1...(1 << 40), default: UInt64(HingeTool.defaultMaxBytes))
    static let maxPoints = OptionKey(
        ["--max-points"], value: "n", help: "Refuse a grid of more points than this (duration × rate).",
        whole: 1...(1 << 40), default: UInt64(HingeTool.defaultMaxPoints))
    static let maxRows = OptionKey(
        ["--max-rows"], value: "n", help: "Refuse a trace of more rows than this (it is held in memory).",
        whole: 1...(1 << 40), default: UInt64(HingeTool.defaultMaxRows))
}
