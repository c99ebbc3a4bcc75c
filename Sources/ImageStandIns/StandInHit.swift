/// What ``StandInCache/lookup(source:pixelWidth:pixelHeight:scale:)`` found for a request.
///
/// ```swift
/// switch cache.lookup(source: url, pixelWidth: 600, pixelHeight: 900, scale: 3) {
/// case .exact(let image)?: show(image)                // final: no load needed
/// case .standIn(let image, _, _)?: show(image); load() // draw it now, replace it when loaded
/// case nil: showPlaceholder(); load()
/// }
/// ```
public enum StandInHit<Image> {
    /// The entry for the exact request: the same source decoded at the same pixel size and
    /// scale, which is the final image.
    case exact(Image)

    /// A decode of the same source at another size or scale, at least half the requested size
    /// on each side, to draw until the view's own decode lands.
    ///
    /// `pixelWidth` and `pixelHeight` are the stand-in's own decoded size: draw it scaled to
    /// the frame the request was for, and read its pixels in its own size (see
    /// <doc:ImageStandIns#Reading-pixels-from-a-stand-in>).
    case standIn(Image, pixelWidth: Int, pixelHeight: Int)
}

extension StandInHit: Equatable where Image: Equatable {}

extension StandInHit: Sendable where Image: Sendable {}
