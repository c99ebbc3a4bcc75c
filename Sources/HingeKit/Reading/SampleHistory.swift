/// The most recent samples, newest last, in storage allocated once.
///
/// Appending overwrites the oldest sample when full, so ingesting a sample never allocates.
/// The newest sample is also kept in a field of its own: the reader asks for it several times
/// for every sample (the duplicate check, the change since the previous angle, every reading),
/// and a field is read without the arrays' index arithmetic and bounds checks.
struct SampleHistory: Sendable {
    private var times: [Double]
    private var angles: [Double]
    private var start = 0
    private(set) var count = 0
    let capacity: Int
    /// A copy of the newest sample; meaningless while `count` is 0.
    private var newestSample = (time: 0.0, angle: 0.0)

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        times = Array(repeating: 0, count: capacity)
        angles = Array(repeating: 0, count: capacity)
    }

    @inline(__always)
    mutating func append(time: Double, angle: Double) {
        var slot = start + count
        if slot >= capacity { slot -= capacity }
        times[slot] = time
        angles[slot] = angle
        newestSample = (time, angle)
        if count < capacity {
            count += 1
        } else {
            start = start + 1 == capacity ? 0 : start + 1
        }
    }

    mutating func replaceNewest(time: Double, angle: Double) {
        precondition(count > 0)
        var slot = start + count - 1
        if slot >= capacity { slot -= capacity }
        times[slot] = time
        angles[slot] = angle
        newestSample = (time, angle)
    }

    mutating func removeAll() {
        start = 0
        count = 0
    }

    /// The sample `age` places back from the newest (0 is the newest), 0 ≤ age < count.
    @inline(__always)
    func sample(back age: Int) -> (time: Double, angle: Double) {
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
