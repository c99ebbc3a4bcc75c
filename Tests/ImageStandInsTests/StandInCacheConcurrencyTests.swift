import Foundation
import ImageStandIns
import Testing

/// An immutable decoded picture that knows its own key, so any thread can check a hit.
final class KeyedPicture: Sendable {
    let source: Int
    let width: Int
    let height: Int
    let scale: Double

    init(source: Int, width: Int, height: Int, scale: Double) {
        (self.source, self.width, self.height, self.scale) = (source, width, height, scale)
    }
}

/// Failures seen on the worker threads, reported by the test once they have all finished.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []

    // NSLocking.withLock needs macOS 14; the package supports macOS 13.
    func record(_ failure: String) {
        lock.lock()
        failures.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }
}

/// `make test` also runs this target under ThreadSanitizer (`--sanitize=thread`), which
/// reports any access to the cache's state that the lock does not order.
@Suite("StandInCache shared between threads")
struct StandInCacheConcurrencyTests {
    @Test("Eight threads inserting, looking up and removing at once keep every invariant")
    func manyThreads() {
        let threads = 8
        let operations = 4000
        let costLimit = 60
        let cache = StandInCache<Int, KeyedPicture>(costLimit: costLimit)
        let log = FailureLog()
        let group = DispatchGroup()
        for worker in 0..<threads {
            group.enter()
            let thread = Thread {
                Self.work(on: cache, worker: worker, operations: operations, costLimit: costLimit, log: log)
                group.leave()
            }
            thread.start()
        }
        group.wait()
        #expect(log.all.isEmpty, "\(log.all.prefix(10))")
        #expect(cache.brokenInvariant() == nil)
        let entries = cache.entriesByRecency
        #expect(cache.totalCost == entries.reduce(0) { $0 + $1.cost })
        #expect(cache.totalCost <= costLimit)
        let keys = Set(entries.map { "\($0.source) \($0.pixelWidth)×\($0.pixelHeight)@\($0.scale)" })
        #expect(keys.count == entries.count)
    }

    /// One thread's share: a seeded mix of operations on eight sources shared by every thread,
    /// checking each answer against what any interleaving allows.
    static func work(
        on cache: StandInCache<Int, KeyedPicture>, worker: Int, operations: Int, costLimit: Int, log: FailureLog
    ) {
        var random = SplitMix64(seed: UInt64(worker) &* 7919 &+ 1)
        for operation in 0..<operations {
            let source = Int.random(in: 0..<8, using: &random)
            let width = Int.random(in: 1...16, using: &random)
            let height = Int.random(in: 1...16, using: &random)
            let scale = Double(Int.random(in: 1...3, using: &random))
            let place = "thread \(worker), operation \(operation)"
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<45:
                let picture = KeyedPicture(source: source, width: width, height: height, scale: scale)
                let cost = Int.random(in: 0...(costLimit / 4), using: &random)
                cache.insert(picture, source: source, pixelWidth: width, pixelHeight: height, scale: scale, cost: cost)
            case 45..<93:
                switch cache.lookup(source: source, pixelWidth: width, pixelHeight: height, scale: scale) {
                case .exact(let picture)?:
                    if (picture.source, picture.width, picture.height, picture.scale) != (source, width, height, scale)
                    {
                        log.record("\(place): exact hit for another key")
                    }
                case .standIn(let picture, let pixelWidth, let pixelHeight)?:
                    let isExact = picture.width == width && picture.height == height && picture.scale == scale
                    if picture.source != source || picture.width != pixelWidth || picture.height != pixelHeight
                        || 2 * pixelWidth < width || 2 * pixelHeight < height || isExact
                    {
                        log.record("\(place): stand-in \(pixelWidth)×\(pixelHeight) breaks the rules")
                    }
                case nil:
                    break
                }
            case 93..<98:
                cache.remove(source: source)
            case 98:
                cache.removeAll()
            default:
                if let broken = cache.brokenInvariant() { log.record("\(place): \(broken)") }
            }
            let total = cache.totalCost
            if total < 0 || total > costLimit { log.record("\(place): total cost \(total)") }
        }
    }
}
