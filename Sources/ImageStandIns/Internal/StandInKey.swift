/// A decode's pixel size and the scale it was made for: the part of a key a stand-in is
/// chosen by.
@usableFromInline
struct StandInSize: Hashable {
    @usableFromInline var pixelWidth: Int
    @usableFromInline var pixelHeight: Int
    @usableFromInline var scale: Double

    @inlinable
    init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// Whether a decode of this size may stand in for `request`: both sides at least half the
    /// request's (exactly half qualifies).
    ///
    /// `request.pixelWidth - pixelWidth <= pixelWidth` is `2·pixelWidth >= request.pixelWidth`
    /// without the overflow of the doubling (both are positive, so the difference cannot
    /// overflow).
    @inlinable
    func canStandIn(for request: StandInSize) -> Bool {
        request.pixelWidth - pixelWidth <= pixelWidth && request.pixelHeight - pixelHeight <= pixelHeight
    }

    /// Whether this decode is a better stand-in than `other` (of the same source) for a
    /// request at `requestScale`: the larger pixel area, then the larger width, then the scale
    /// closer to the request's, then the larger scale.
    ///
    /// Two entries of one source with the same size and scale would have the same key, so the
    /// order is total: the choice never depends on the order of the entries or their use.
    @inlinable
    func isBetterStandIn(than other: StandInSize, forScale requestScale: Double) -> Bool {
        // The area in 128 bits: exact for any pair of positive `Int`s.
        let area = pixelWidth.multipliedFullWidth(by: pixelHeight)
        let otherArea = other.pixelWidth.multipliedFullWidth(by: other.pixelHeight)
        if area != otherArea { return area > otherArea }
        if pixelWidth != other.pixelWidth { return pixelWidth > other.pixelWidth }
        let distance = abs(scale - requestScale)
        let otherDistance = abs(other.scale - requestScale)
        if distance != otherDistance { return distance < otherDistance }
        return scale > other.scale
    }

    // Written out (not synthesised) so that they are inlinable too.
    @inlinable
    static func == (a: StandInSize, b: StandInSize) -> Bool {
        a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight && a.scale == b.scale
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
        hasher.combine(scale)
    }
}

/// What an exact request names: the source, the decoded pixel size and the scale.
///
/// The same source decoded at the same pixel size and scale gives the same pixels, so an
/// entry with this key can be drawn as the final image.
@usableFromInline
struct StandInKey<Source: Hashable>: Hashable {
    @usableFromInline var source: Source
    @usableFromInline var size: StandInSize

    @inlinable
    init(source: Source, size: StandInSize) {
        self.source = source
        self.size = size
    }

    @inlinable
    static func == (a: StandInKey, b: StandInKey) -> Bool {
        a.size == b.size && a.source == b.source
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        size.hash(into: &hasher)
    }
}
