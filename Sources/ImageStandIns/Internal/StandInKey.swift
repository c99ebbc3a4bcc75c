/// What an exact request names: the source, the decoded pixel size and the scale.
///
/// The same source decoded at the same pixel size and scale gives the same pixels, so an
/// entry with this key can be drawn as the final image.
struct StandInKey<Source: Hashable>: Hashable {
    var source: Source
    var pixelWidth: Int
    var pixelHeight: Int
    var scale: Double

    /// Whether an entry of this size may stand in for a request of `width` × `height` pixels:
    /// both sides at least half the request's (exactly half qualifies).
    ///
    /// `width - pixelWidth <= pixelWidth` is `2·pixelWidth >= width` without the overflow of
    /// the doubling (both sides are positive, so the difference cannot overflow).
    func canStandIn(forWidth width: Int, height: Int) -> Bool {
        width - pixelWidth <= pixelWidth && height - pixelHeight <= pixelHeight
    }

    /// Whether this entry is a better stand-in than `other` (of the same source) for a request
    /// at `scale`: the larger pixel area, then the larger width, then the scale closer to the
    /// request's, then the larger scale.
    ///
    /// Two entries of one source with the same size and scale would have the same key, so the
    /// order is total: the choice never depends on the order of the entries or their use.
    func isBetterStandIn(than other: StandInKey, forScale requestScale: Double) -> Bool {
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
}
