/// The entries of a ``StandInCache`` and the order of their use, in slots of one array.
///
/// Each entry lives in a slot and is threaded on three lists by slot index, so moving,
/// adding or removing one never allocates once the arrays have grown:
/// - the recency list, from `newest` to `oldest` through `older` (and back through `newer`);
/// - its source's list, from `firstOfSource[source]` through `nextOfSource` (and back through
///   `previousOfSource`), which a stand-in lookup walks;
/// - or, for an empty slot (no source, no image), the free list from `firstFree` through
///   `older`.
///
/// A slot keeps its key as the source and the size apart, so that a stand-in lookup compares
/// sizes without copying (and retaining) a source per entry.
///
/// The methods that drop images return them instead of releasing them, so that the cache
/// releases them after unlocking: freeing a large bitmap (or whatever an image's `deinit`
/// does) never holds up a lookup on another thread, and cannot call back into the cache
/// under its lock.
///
/// Invariants, after every mutating method (``brokenInvariant()`` checks them all):
/// `exact` holds each live slot once, under its key's hash (kept in the slot), and nothing else; every live slot
/// is on the recency list once and on its source's list once; `firstOfSource` has an entry
/// exactly for the sources with a live slot; every other slot is on the free list;
/// `totalCost` is the sum of the live slots' costs and at most `costLimit`.
@usableFromInline
struct StandInStorage<Source: Hashable, Image> {
    @usableFromInline typealias Key = StandInKey<Source>

    /// A cache entry's place. A live slot (in ``exact``, on the recency list and on its source's
    /// list) holds its source and image; a free slot (on the free list) holds `nil` in both, so
    /// the `!` on a live slot's `source` and `image` cannot fail (``brokenInvariant()`` checks).
    @usableFromInline
    struct Slot {
        @usableFromInline var source: Source?
        @usableFromInline var size = StandInSize(pixelWidth: 0, pixelHeight: 0, scale: 0)
        /// The key's hash under which ``StandInStorage/exact`` holds a live slot.
        @usableFromInline var hash = 0
        @usableFromInline var image: Image?
        @usableFromInline var cost = 0
        @usableFromInline var newer = none
        @usableFromInline var older = none
        @usableFromInline var previousOfSource = none
        @usableFromInline var nextOfSource = none

        /// An empty slot, linked to the free slot `older`.
        @inlinable
        init(older: Int = none) {
            self.older = older
        }
    }

    /// The index that links to nothing.
    @inlinable
    static var none: Int { -1 }

    @usableFromInline let costLimit: Int
    @usableFromInline var totalCost = 0
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var exact = StandInIndex()
    @usableFromInline var firstOfSource: [Source: Int] = [:]
    @usableFromInline var newest = none
    @usableFromInline var oldest = none
    @usableFromInline var firstFree = none

    @inlinable
    init(costLimit: Int) {
        self.costLimit = costLimit
    }

    // MARK: The cache's operations

    /// Inserts or replaces the entry for `key`, then evicts; returns the images dropped.
    @inlinable
    mutating func insert(_ image: Image, key: Key, cost: Int) -> [Image] {
        var dropped: [Image] = []
        let hash = StandInIndex.hash(sourceHash: key.source.hashValue, size: key.size)
        if let index = find(source: key.source, size: key.size, hash: hash) {
            guard cost <= costLimit else {
                // The key now names this image, which cannot be kept: the old one goes too.
                return [removeSlot(index)]
            }
            totalCost += cost - slots[index].cost
            // swift-format-ignore: NeverForceUnwrap
            dropped.append(slots[index].image!)
            slots[index].image = image
            slots[index].cost = cost
            unlinkFromRecency(index)
            linkAsNewest(index)
        } else {
            guard cost <= costLimit else { return [] }
            let index = takeFreeSlot()
            slots[index].source = key.source
            slots[index].size = key.size
            slots[index].hash = hash
            slots[index].image = image
            slots[index].cost = cost
            totalCost += cost
            exact.insert(slot: index, hash: hash) { slots[$0].hash }
            linkAsNewest(index)
            linkIntoSource(index)
        }
        // The new entry alone fits, so eviction stops before reaching it (it is the newest).
        while totalCost > costLimit { dropped.append(removeSlot(oldest)) }
        return dropped
    }

    /// The live slot holding the key (`source`, `size`), whose hash is `hash`.
    @inlinable
    func find(source: Source, size: StandInSize, hash: Int) -> Int? {
        exact.find(hash: hash) { index in
            slots[index].hash == hash && slots[index].size == size && slots[index].source == source
        }
    }

    @inlinable
    mutating func lookup(source: Source, size request: StandInSize) -> StandInHit<Image>? {
        let hash = StandInIndex.hash(sourceHash: source.hashValue, size: request)
        if let index = find(source: source, size: request, hash: hash) {
            use(index)
            // swift-format-ignore: NeverForceUnwrap
            return .exact(slots[index].image!)
        }
        guard var index = firstOfSource[source] else { return nil }
        var best = Self.none
        var bestSize = request
        while index != Self.none {
            let size = slots[index].size
            if size.canStandIn(for: request),
                best == Self.none || size.isBetterStandIn(than: bestSize, forScale: request.scale)
            {
                best = index
                bestSize = size
            }
            index = slots[index].nextOfSource
        }
        guard best != Self.none else { return nil }
        use(best)
        // swift-format-ignore: NeverForceUnwrap
        return .standIn(slots[best].image!, pixelWidth: bestSize.pixelWidth, pixelHeight: bestSize.pixelHeight)
    }

    /// Removes every entry of `source`; returns their images.
    @inlinable
    mutating func remove(source: Source) -> [Image] {
        guard var index = firstOfSource[source] else { return [] }
        var dropped: [Image] = []
        while index != Self.none {
            let next = slots[index].nextOfSource
            dropped.append(removeSlot(index))
            index = next
        }
        return dropped
    }

    // MARK: The lists

    /// Marks the entry in `index` as the most recently used.
    @inlinable
    mutating func use(_ index: Int) {
        guard index != newest else { return }
        unlinkFromRecency(index)
        linkAsNewest(index)
    }

    @inlinable
    mutating func linkAsNewest(_ index: Int) {
        slots[index].newer = Self.none
        slots[index].older = newest
        if newest != Self.none { slots[newest].newer = index } else { oldest = index }
        newest = index
    }

    @inlinable
    mutating func unlinkFromRecency(_ index: Int) {
        let newer = slots[index].newer
        let older = slots[index].older
        if newer != Self.none { slots[newer].older = older } else { newest = older }
        if older != Self.none { slots[older].newer = newer } else { oldest = newer }
    }

    @inlinable
    mutating func linkIntoSource(_ index: Int) {
        // swift-format-ignore: NeverForceUnwrap
        let source = slots[index].source!
        let first = firstOfSource[source] ?? Self.none
        slots[index].previousOfSource = Self.none
        slots[index].nextOfSource = first
        if first != Self.none { slots[first].previousOfSource = index }
        firstOfSource[source] = index
    }

    @inlinable
    mutating func unlinkFromSource(_ index: Int) {
        let previous = slots[index].previousOfSource
        let next = slots[index].nextOfSource
        if next != Self.none { slots[next].previousOfSource = previous }
        if previous != Self.none {
            slots[previous].nextOfSource = next
        } else if next != Self.none {
            // swift-format-ignore: NeverForceUnwrap
            firstOfSource[slots[index].source!] = next
        } else {
            // swift-format-ignore: NeverForceUnwrap
            firstOfSource[slots[index].source!] = nil
        }
    }

    @inlinable
    mutating func takeFreeSlot() -> Int {
        guard firstFree != Self.none else {
            slots.append(Slot())
            return slots.count - 1
        }
        let index = firstFree
        firstFree = slots[index].older
        return index
    }

    /// Removes the entry in `index` from every list and the map, puts the slot on the free
    /// list and returns the entry's image.
    @inlinable
    mutating func removeSlot(_ index: Int) -> Image {
        unlinkFromRecency(index)
        unlinkFromSource(index)
        exact.remove(slot: index, hash: slots[index].hash) { slots[$0].hash }
        totalCost -= slots[index].cost
        // swift-format-ignore: NeverForceUnwrap
        let image = slots[index].image!
        slots[index] = Slot(older: firstFree)
        firstFree = index
        return image
    }
}

// MARK: Inspection, for the tests

extension StandInStorage {
    /// The entries from the most recently used to the least.
    var entriesByRecency: [StandInEntry<Source>] {
        var entries: [StandInEntry<Source>] = []
        var index = newest
        while index != Self.none, entries.count <= slots.count {
            let size = slots[index].size
            // swift-format-ignore: NeverForceUnwrap
            entries.append(
                StandInEntry(
                    source: slots[index].source!, pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight,
                    scale: size.scale, cost: slots[index].cost))
            index = slots[index].older
        }
        return entries
    }

    /// The first invariant of the type's documentation that does not hold, or `nil`.
    func brokenInvariant() -> String? {
        var seen = Array(repeating: false, count: slots.count)
        var cost = 0
        var count = 0
        var index = newest
        var newer = Self.none
        while index != Self.none {
            guard index >= 0, index < slots.count, !seen[index] else { return "recency list revisits \(index)" }
            seen[index] = true
            guard let source = slots[index].source, slots[index].image != nil else {
                return "free slot \(index) is listed"
            }
            let (size, hash) = (slots[index].size, slots[index].hash)
            guard hash == StandInIndex.hash(sourceHash: source.hashValue, size: size),
                find(source: source, size: size, hash: hash) == index
            else { return "slot \(index) is not in the index under its key" }
            guard slots[index].newer == newer else { return "slot \(index) links back to the wrong entry" }
            guard slots[index].cost >= 0 else { return "slot \(index) has a negative cost" }
            cost += slots[index].cost
            count += 1
            newer = index
            index = slots[index].older
        }
        guard oldest == newer else { return "the oldest entry is \(oldest), the list ends at \(newer)" }
        guard count == exact.count else { return "\(count) entries listed, \(exact.count) in the index" }
        let indexed = exact.buckets.filter { $0 != StandInIndex.empty }
        guard indexed.count == count, indexed.allSatisfy({ $0 >= 0 && $0 < seen.count && seen[$0] })
        else { return "the index holds \(indexed.count) slots, not the \(count) live ones" }
        guard exact.buckets.isEmpty || 2 * count <= exact.buckets.count else { return "the index is over half full" }
        guard cost == totalCost else { return "total cost \(totalCost), entries sum to \(cost)" }
        guard totalCost <= costLimit else { return "total cost \(totalCost) over the limit \(costLimit)" }
        var onSourceLists = 0
        for (source, first) in firstOfSource {
            var index = first
            var previous = Self.none
            while index != Self.none {
                guard index >= 0, index < slots.count, seen[index], slots[index].source == source
                else { return "a source list holds slot \(index), not a live entry of its source" }
                guard slots[index].previousOfSource == previous else { return "slot \(index) links back wrongly" }
                onSourceLists += 1
                guard onSourceLists <= count else { return "the source lists loop" }
                previous = index
                index = slots[index].nextOfSource
            }
            guard previous != Self.none else { return "a source with no entries is listed" }
        }
        guard onSourceLists == count else { return "\(onSourceLists) entries on source lists, \(count) live" }
        var free = 0
        index = firstFree
        while index != Self.none {
            guard index >= 0, index < slots.count, !seen[index], slots[index].source == nil, slots[index].image == nil
            else { return "the free list holds slot \(index), which is live, empty-looking or seen" }
            seen[index] = true
            free += 1
            index = slots[index].older
        }
        guard count + free == slots.count else { return "\(slots.count - count - free) slots are lost" }
        return nil
    }
}
