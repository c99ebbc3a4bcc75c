/// One entry of a cache as the tests see it: its key and its cost, without the image.
package struct StandInEntry<Source: Hashable>: Hashable {
    package var source: Source
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var scale: Double
    package var cost: Int

    package init(source: Source, pixelWidth: Int, pixelHeight: Int, scale: Double, cost: Int) {
        self.source = source
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.cost = cost
    }
}

extension StandInEntry: Sendable where Source: Sendable {}
