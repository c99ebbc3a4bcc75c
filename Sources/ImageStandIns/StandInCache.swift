// Public: the lock is taken inside this type's @inlinable methods, which need its declaration.
public import HingeSupport

/// The bitmaps an app's image views drew last, to draw at once when a new view asks for the
/// same picture, exactly or at a size close enough to stand in.
///
/// ```swift
/// let cache = StandInCache<String, CGImage>(costLimit: 64 << 20)  // bytes of pixels
/// cache.insert(decoded, source: "poster-42", pixelWidth: 600, pixelHeight: 900, scale: 3,
///              cost: decoded.bytesPerRow * decoded.height)
/// cache.lookup(source: "poster-42", pixelWidth: 600, pixelHeight: 900, scale: 3)  // .exact(decoded)
/// cache.lookup(source: "poster-42", pixelWidth: 800, pixelHeight: 1200, scale: 3)
/// // .standIn(decoded, pixelWidth: 600, pixelHeight: 900): 600 ≥ 800/2 and 900 ≥ 1200/2
/// ```
///
/// An entry is a decoded image with its key: the source it was decoded from, its pixel width
/// and height, and the scale it was decoded for.
///
/// - **Exact first.** A lookup returns the entry with exactly the requested key if there is
///   one: the same source at the same pixel size and scale decodes to the same pixels.
/// - **Then a stand-in.** Otherwise it returns the entry of the same source with the largest
///   pixel area whose width and height are both at least half the requested ones (exactly
///   half qualifies; larger decodes qualify too). Ties go to the larger width, then the scale
///   closer to the requested one, then the larger scale; since no two entries share a key, the
///   choice never depends on the order of insertion or use.
/// - **Least recently used out.** Each entry costs what the caller says (its bytes, say);
///   after an insertion, the entries least recently inserted or returned by a lookup are
///   removed until ``totalCost`` is at most the cost limit.
///
/// ## Thread safety
///
/// Every method takes one lock (`os_unfair_lock` on Apple platforms, a pthread mutex
/// elsewhere), allocated once with the cache, so the cache may be shared between threads and
/// tasks. It is `@unchecked Sendable` because `Image` need not be `Sendable`, so that image
/// types not marked `Sendable` can be used: the cache never reads or changes an image, it only
/// keeps a reference to it and hands it out, so an image inserted on one thread may be
/// returned on another. That is safe for an immutable image type such as `CGImage` or
/// `UIImage`; do not use it for an image whose contents someone mutates. Images the cache
/// drops (evicted, replaced, removed) are released after it unlocks, so freeing a large bitmap
/// never holds up another thread's lookup, and an image's `deinit` may even use the cache.
///
/// The methods are `@inlinable`, so that they are specialised for the app's `Source` and
/// `Image`: unspecialised, through generic witness tables, a lookup took ten times as long.
///
/// ## Costs
///
/// An exact lookup is one hash lookup; a stand-in lookup walks the entries of the requested
/// source; an insertion is amortised O(1) plus its evictions. A lookup that finds an entry
/// does not allocate.
public final class StandInCache<Source: Hashable & Sendable, Image>: @unchecked Sendable {
    @usableFromInline let storage: LockedBuffer<StandInStorage<Source, Image>>

    /// Makes an empty cache whose entries may cost `costLimit` in total.
    ///
    /// - Parameter costLimit: The most the entries' costs may add up to, in the unit the
    ///   insertions' costs use. With 0, only entries of cost 0 are kept.
    /// - Precondition: `costLimit` is not negative.
    public init(costLimit: Int) {
        precondition(costLimit >= 0, "costLimit must not be negative, got \(costLimit)")
        storage = .make(StandInStorage(costLimit: costLimit))
    }

    /// Keeps `image` as the decode of `source` at `pixelWidth` × `pixelHeight` pixels for
    /// `scale`, as the most recently used entry, then evicts the least recently used entries
    /// until the total cost is within the limit.
    ///
    /// An entry with the same key is replaced (its cost with it). An image that costs more
    /// than the limit is not kept, and an entry with its key is removed, so after an insertion
    /// the key never names an older image.
    ///
    /// - Parameters:
    ///   - image: The decoded image; the cache keeps a reference and never reads or changes it.
    ///   - source: What the image was decoded from (a URL, an asset name).
    ///   - pixelWidth: The decoded width in pixels.
    ///   - pixelHeight: The decoded height in pixels.
    ///   - scale: The display scale the image was decoded for.
    ///   - cost: What keeping the image costs, in the unit of the cost limit (its bytes, say).
    ///     An entry of cost 0 adds nothing to the total, but it is still evicted in its turn
    ///     when the entries before it in recency have to go.
    /// - Precondition: `pixelWidth` and `pixelHeight` are positive, `scale` is finite and
    ///   positive, `cost` is not negative.
    /// - Complexity: Amortised O(1), plus O(1) per evicted entry.
    @inlinable
    public func insert(
        _ image: Image, source: Source, pixelWidth: Int, pixelHeight: Int, scale: Double = 1, cost: Int
    ) {
        Self.checkSize(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        precondition(cost >= 0, "cost must not be negative, got \(cost)")
        let key = StandInKey(
            source: source, size: StandInSize(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale))
        // The images the insertion drops are released here, after unlocking.
        _ = storage.withLock { $0.insert(image, key: key, cost: cost) }
    }

    /// The image to draw for `source` at `pixelWidth` × `pixelHeight` pixels for `scale`: the
    /// exact entry, or else the best stand-in, or `nil`.
    ///
    /// A stand-in is the entry of the same source with the largest pixel area whose width and
    /// height are both at least half the requested ones; ties go to the larger width, then the
    /// scale closer to `scale`, then the larger scale. The entry returned becomes the most
    /// recently used.
    ///
    /// - Parameters:
    ///   - source: What the image is decoded from.
    ///   - pixelWidth: The width in pixels the view will decode.
    ///   - pixelHeight: The height in pixels the view will decode.
    ///   - scale: The display scale the view will decode for.
    /// - Returns: ``StandInHit/exact(_:)`` for the exact key, ``StandInHit/standIn(_:pixelWidth:pixelHeight:)``
    ///   with the stand-in's own size, or `nil` when no entry qualifies.
    /// - Precondition: `pixelWidth` and `pixelHeight` are positive, `scale` is finite and
    ///   positive.
    /// - Complexity: O(1) for an exact hit; otherwise O(n) for the n entries of `source`.
    ///   Never allocates.
    @inlinable
    public func lookup(source: Source, pixelWidth: Int, pixelHeight: Int, scale: Double = 1) -> StandInHit<Image>? {
        Self.checkSize(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        let size = StandInSize(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        return storage.withLock { $0.lookup(source: source, size: size) }
    }

    /// Removes every entry of `source`, at every size and scale (when the picture behind it
    /// changed, say).
    ///
    /// - Parameter source: The source whose decodes to forget.
    /// - Complexity: O(n) for the n entries of `source`.
    @inlinable
    public func remove(source: Source) {
        // The images are released here, after unlocking.
        _ = storage.withLock { $0.remove(source: source) }
    }

    /// Removes every entry and releases the cache's memory (on a memory warning, say).
    ///
    /// - Complexity: O(n) for the n entries.
    @inlinable
    public func removeAll() {
        // The old storage, and with it the images, is released here, after unlocking.
        _ = storage.withLock { state in
            let old = state
            state = StandInStorage(costLimit: state.costLimit)
            return old
        }
    }

    /// The sum of the entries' costs, at most the cost limit.
    @inlinable
    public var totalCost: Int {
        storage.withLock { $0.totalCost }
    }

    /// Traps, naming the argument, unless the sizes are positive and the scale finite and
    /// positive.
    @inlinable
    static func checkSize(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        precondition(pixelWidth > 0, "pixelWidth must be positive, got \(pixelWidth)")
        precondition(pixelHeight > 0, "pixelHeight must be positive, got \(pixelHeight)")
        precondition(scale.isFinite && scale > 0, "scale must be finite and positive, got \(scale)")
    }
}

// MARK: Inspection, for the tests

extension StandInCache {
    /// The entries from the most recently used to the least, without their images.
    package var entriesByRecency: [StandInEntry<Source>] {
        storage.withLock { $0.entriesByRecency }
    }

    /// The first broken invariant of the storage, described, or `nil` when all of them hold.
    package func brokenInvariant() -> String? {
        storage.withLock { $0.brokenInvariant() }
    }

    /// Whether some thread (the caller included) holds the cache's lock.
    package var isLocked: Bool { storage.isLocked }
}
