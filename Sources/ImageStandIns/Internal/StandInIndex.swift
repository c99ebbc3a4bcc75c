/// The exact-key index of a ``StandInStorage``: an open-addressing table of slot indices,
/// probed linearly from a key's hash.
///
/// Why not a `Dictionary<StandInKey, Int>`: a lookup through one builds a key (retaining its
/// source), feeds the source and the three size fields through the hasher, and compares whole
/// keys. Here the source alone goes through the hasher (`hashValue`, seeded per process as
/// every Swift hash is); the size is folded into that value by ``hash(sourceHash:size:)``, a
/// few multiplications; a probe compares the stored full hash and the size before it compares
/// sources; and nothing is retained. The table holds indices only: each slot keeps its own
/// hash, so growing rehashes nothing.
///
/// Deletion shifts the following run of the cluster back (no tombstones), so a probe ends at
/// the first empty bucket and the table never fills with dead entries. The table stays at most
/// half full.
@usableFromInline
struct StandInIndex {
    /// A slot index per bucket, or `empty`; the count is a power of two (or zero before the
    /// first insertion).
    @usableFromInline var buckets: [Int] = []
    /// The number of indices held.
    @usableFromInline var count = 0

    @inlinable
    static var empty: Int { -1 }

    @inlinable
    init() {}

    /// The hash of a key from its source's `hashValue` and its size: each of the size's fields
    /// is mixed in by a multiplication by an odd 64-bit constant and an xor-shift (constants of
    /// SplitMix64 and xxHash64), so that sizes differing in one field land far apart.
    ///
    /// Equal keys give equal hashes: sizes compare their fields with `==`, and the scale is
    /// finite and positive (the cache checks), so its bit pattern is unique to its value.
    @inlinable
    static func hash(sourceHash: Int, size: StandInSize) -> Int {
        var h = UInt64(truncatingIfNeeded: sourceHash)
        h ^= UInt64(truncatingIfNeeded: size.pixelWidth) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h ^= UInt64(truncatingIfNeeded: size.pixelHeight) &* 0xC2B2_AE3D_27D4_EB4F
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= size.scale.bitPattern &* 0x1656_67B1_9E37_79F9
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The first bucket a hash probes.
    @inlinable
    func home(_ hash: Int) -> Int { hash & (buckets.count - 1) }

    /// The slot whose entry `matches`, probing from `hash`'s bucket; `nil` when a probe meets an
    /// empty bucket first.
    @inlinable
    func find(hash: Int, matches: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = hash & mask
        while true {
            let slot = buckets[bucket]
            if slot == Self.empty { return nil }
            if matches(slot) { return slot }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds `slot` under `hash` (not present yet), growing first if the table would be more
    /// than half full. `hashOf` gives each held slot's hash, for the growth.
    @inlinable
    mutating func insert(slot: Int, hash: Int, hashOf: (Int) -> Int) {
        if 2 * (count + 1) > buckets.count { grow(hashOf: hashOf) }
        place(slot, hash: hash)
        count += 1
    }

    @inlinable
    mutating func place(_ slot: Int, hash: Int) {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
        buckets[bucket] = slot
    }

    @inlinable
    mutating func grow(hashOf: (Int) -> Int) {
        let old = buckets
        buckets = Array(repeating: Self.empty, count: Swift.max(16, 2 * old.count))
        for slot in old where slot != Self.empty { place(slot, hash: hashOf(slot)) }
    }

    /// Removes `slot`, held under `hash`, and moves back each later index of its cluster that
    /// may now be probed for sooner.
    @inlinable
    mutating func remove(slot: Int, hash: Int, hashOf: (Int) -> Int) {
        let mask = buckets.count - 1
        var hole = hash & mask
        while buckets[hole] != slot { hole = (hole + 1) & mask }
        var next = hole
        while true {
            next = (next + 1) & mask
            let moving = buckets[next]
            if moving == Self.empty { break }
            // The index at `next` may fill the hole unless its home lies cyclically in
            // (hole, next]: then a probe for it never passes the hole.
            let home = hashOf(moving) & mask
            let homeAfterHole = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !homeAfterHole {
                buckets[hole] = moving
                hole = next
            }
        }
        buckets[hole] = Self.empty
        count -= 1
    }
}
