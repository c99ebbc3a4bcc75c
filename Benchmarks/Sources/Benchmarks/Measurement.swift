import CAllocationCounter

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One line of the benchmark table and one entry of `Benchmarks/results.json`.
struct Figure {
    /// A stable key for the figure (`reader.ingest`, `film.time`): what the generated tables
    /// in README.md and docs/performance.md look figures up by (scripts/figures.sh).
    var id: String
    var name: String
    var unit: String
    /// The median, min and max over the timed runs (warm-up excluded).
    var median: Double
    var min: Double
    var max: Double
    var runs: Int
    /// How many times faster than the peer, measured in the same process run.
    var peerRatio: Double?
    /// Heap allocations per call in the timed runs, where they were counted.
    var allocationsPerCall: Double?
    /// The target, in `unit`, and whether it is an upper bound (time, memory) or a lower one.
    var target: Double?
    var targetIsUpperBound = true
    /// Anything the table should say beside the numbers.
    var note = ""

    init(id: String, name: String, unit: String, samples: [Double]) {
        precondition(!samples.isEmpty)
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        self.id = id
        self.name = name
        self.unit = unit
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted.first!
        max = sorted.last!
        runs = samples.count
    }

    /// Whether the figure meets its target (`true` without one).
    var meetsTarget: Bool {
        guard let target else { return true }
        return targetIsUpperBound ? median <= target : median >= target
    }
}

/// Seconds of CPU time this thread has used.
///
/// The per-call figures are CPU time, not wall time: on a machine shared with other builds a
/// loop of a million calls is descheduled again and again, and its wall time measures the
/// machine's load (a run at a load average of 21 on 2 cores read the reader at 578 ns a
/// sample, 4.5× its CPU time). The code under test is single-threaded and does no I/O, so on
/// an idle machine the two agree.
func cpuNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Seconds on the monotonic clock.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Heap allocations so far in this process, or `nil` where they cannot be counted.
func allocationCount() -> UInt? {
    hk_allocations_are_counted() != 0 ? UInt(hk_allocation_count()) : nil
}

/// Times `runs` runs of `calls` calls of `body` after one warm-up run (CPU time, ``cpuNow()``),
/// and counts the heap allocations made by the timed runs.
///
/// `body` gets the index of the call (continuing across runs, so a stateful case never sees
/// the same input twice) and returns a number that is summed into a checksum, so the
/// optimiser cannot drop the work.
func measurePerCall(
    _ id: String, _ name: String, calls: Int, runs: Int, target: Double?, _ body: (Int) -> Double
) -> (figure: Figure, checksum: Double) {
    var checksum = 0.0
    var index = 0
    func run() -> Double {
        let start = cpuNow()
        for _ in 0..<calls {
            checksum += body(index)
            index += 1
        }
        return (cpuNow() - start) / Double(calls) * 1e9
    }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    _ = run()
    let before = allocationCount()
    for _ in 0..<runs { samples.append(run()) }
    let after = allocationCount()
    var figure = Figure(id: id, name: name, unit: "ns/call", samples: samples)
    figure.target = target
    if let before, let after {
        // The samples array was reserved before counting began, so appending allocates nothing.
        figure.allocationsPerCall = Double(after - before) / Double(calls * runs)
    }
    return (figure, checksum)
}

/// When and where a run took its figures: `results.json` keeps it beside them, and the tables
/// scripts/figures.sh writes say it (a shared machine's load moves every figure).
struct RunRecord {
    var commit: String
    var started = RunRecord.utcNow()
    var finished = ""
    var cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    /// The 1-minute load averages when the run started and ended.
    var loadAtStart = RunRecord.loadAverage()
    var loadAtEnd: Double?

    /// The record with the end of the run filled in.
    func ended() -> RunRecord {
        var record = self
        record.finished = RunRecord.utcNow()
        record.loadAtEnd = RunRecord.loadAverage()
        return record
    }

    /// `2026-12-01T16:40Z`.
    static func utcNow() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%MZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func loadAverage() -> Double? {
        var loads = [Double](repeating: 0, count: 1)
        return getloadavg(&loads, 1) == 1 ? loads[0] : nil
    }
}
