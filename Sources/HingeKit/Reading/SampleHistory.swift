/// The most recent samples, newest last, in storage allocated once.
///
/// Appending overwrites the oldest sample when full, so ingesting a sample never allocates.
struct SampleHistory: Hashable, Sendable {
    private var times: [Double]
    private var angles: [Double]
    private var start = 0
    private(set) var count = 0
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        times = Array(repeating: 0, count: capacity)
        angles = Array(repeating: 0, count: capacity)
    }

    mutating func append(time: Double, angle: Double) {
        var slot = start + count
        if slot >= capacity { slot -= capacity }
        times[slot] = time
        angles[slot] = angle
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

    var newest: (time: Double, angle: Double)? { count > 0 ? sample(back: 0) : nil }
}
