/// The most recent samples, newest last, in storage allocated once.
///
/// Appending overwrites the oldest sample when full, so ingesting a sample never allocates.
/// The newest sample is also kept in a field of its own: the reader asks for it several times
/// for every sample (the duplicate check, the change since the previous angle, every reading),
/// and a field is read without the arrays' index arithmetic and bounds checks.
///
/// A history of two (what the Kalman reader needs: the newest sample, and the one before it
/// for a duplicate's change) keeps both in fields and no arrays: writing two arrays cost every
/// sample two uniqueness checks and two bounds checks for values nothing read (issue 31).
struct SampleHistory: Sendable {
    private var times: [Double]
    private var angles: [Double]
    private var start = 0
    private(set) var count = 0
    let capacity: Int
    /// Whether the samples live in the arrays (a capacity above 2) rather than in the two fields.
    private let usesArrays: Bool
    /// A copy of the newest sample; meaningless while `count` is 0.
    private var newestSample = (time: 0.0, angle: 0.0)
    /// The sample before the newest when there are no arrays; meaningless while `count` < 2.
    private var previousSample = (time: 0.0, angle: 0.0)

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        usesArrays = capacity > 2
        times = usesArrays ? Array(repeating: 0, count: capacity) : []
        angles = usesArrays ? Array(repeating: 0, count: capacity) : []
    }

    @inline(__always)
    mutating func append(time: Double, angle: Double) {
        if usesArrays {
            var slot = start + count
            if slot >= capacity { slot -= capacity }
            times[slot] = time
            angles[slot] = angle
        } else {
            previousSample = newestSample
        }
        newestSample = (time, angle)
        if count < capacity {
            count += 1
        } else {
            start = start + 1 == capacity ? 0 : start + 1
        }
    }

    mutating func replaceNewest(time: Double, angle: Double) {
        precondition(count > 0)
        if usesArrays {
            var slot = start + count - 1
            if slot >= capacity { slot -= capacity }
            times[slot] = time
            angles[slot] = angle
        }
        newestSample = (time, angle)
    }

    mutating func removeAll() {
        start = 0
        count = 0
    }

    /// The sample `age` places back from the newest (0 is the newest), 0 ≤ age < count.
    @inline(__always)
    func sample(back age: Int) -> (time: Double, angle: Double) {
        guard usesArrays else {
            precondition(age < count, "no such sample")
            return age == 0 ? newestSample : previousSample
        }
        // start ≤ start + count − 1 − age < 2·capacity: one subtraction wraps it, where a
        // remainder would cost an integer division on every sample of every velocity fit.
        var slot = start + count - 1 - age
        if slot >= capacity { slot -= capacity }
        return (times[slot], angles[slot])
    }

    var newest: (time: Double, angle: Double)? {
        @inline(__always) get { count > 0 ? newestSample : nil }
    }
}
