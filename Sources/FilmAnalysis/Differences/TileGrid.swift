/// The coarse grid of square tiles a frame is summarised on: at most 12 tiles across and 48
/// down, so a summary stays small (≤ 576 tiles) whatever the resolution. Tiles on the right and
/// bottom edges may be smaller.
public struct TileGrid: Hashable, Sendable {
    /// Tiles across.
    public let columns: Int
    /// Tiles down.
    public let rows: Int
    /// The edge of a full tile, in pixels.
    public let tileSize: Int
    /// The frame's width in pixels.
    public let width: Int
    /// The frame's height in pixels.
    public let height: Int

    /// The grid for a frame of `width × height` pixels.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0)
        let size = max((width + 11) / 12, (height + 47) / 48, 1)
        self.tileSize = size
        self.columns = (width + size - 1) / size
        self.rows = (height + size - 1) / size
        self.width = width
        self.height = height
    }

    /// The number of tiles.
    public var count: Int { columns * rows }

    /// Pixels in the tile at `index` (row-major).
    public func pixelCount(ofTile index: Int) -> Int {
        let column = index % columns
        let row = index / columns
        let w = min(tileSize, width - column * tileSize)
        let h = min(tileSize, height - row * tileSize)
        return w * h
    }
}
