/// Finds the lead-in, cuts, crossfades (and their blinks), blank frames, placeholder flashes,
/// settles and late motion in the summaries of a film.
///
/// ```swift
/// let frames = try FilmReader().read(FrameFile.frames(inFolder: "frames"))
/// for event in FilmEventDetector().events(in: frames) {
///     print(event.kind, event.start, event.end, event.peak)
/// }
/// ```
///
/// The film's steps are read through ``FilmSteps``: frames under the film's own noise floor
/// repeat the one before and never start, split or end an event, nor count in one. Events claim
/// steps in this order, so that a step is explained once:
///
/// 1. **Lead-in**: the frames without detail the film opens with, up to its first frame with
///    detail (``FilmEventThresholds/detail``).
/// 2. **Blank frame**: 1 to ``FilmEventThresholds/longestBlank`` distinct frames that are
///    bare, between two frames with detail, whatever those two show. A frame is bare when its
///    detail is below ``FilmEventThresholds/blankDetail`` or, read by areas, when its content
///    area (inside the chrome's bands, ``FilmEventThresholds/chromeBand``) is flat in the
///    colour of the page's background (``FilmEventThresholds/bareColour``) apart from small
///    regions (the pointer, a spinner: ``FilmEventThresholds/bareRegion``), and few of its
///    tiles changed into it flat in another colour (``FilmEventThresholds/bareChange``). When
///    the frame before shows no page colour (none flat, or only one no theme has: a map's
///    water), or a theme's on the same side (white groups on a light page's grey), the bare
///    frame's own colour is read, if it is a page's (not a black darker than the status bar
///    under the app's controls: a placeholder over a map).
/// 3. **Placeholder flash**: after a change, tiles that are flat
///    (``FilmEventThresholds/flatTile``; when none is, tiles that lost most of their detail
///    under a mark such as the pointer, in a step that changed little else,
///    `FilmMarkedPlaceholder.swift`) and are filled with detail within
///    ``FilmEventThresholds/longestFlash`` (over a still frame, with no active step before the
///    fill, within 600 ms, `FilmPlaceholderStay.swift`), by a step that changes little else than their
///    region (the changed tiles joined to them in their colour) and the tiles around it. The
///    flat tiles replace content: they had detail in the frame before (a page's flat rows
///    turning another flat colour in a fade are no placeholder) (``FilmEventThresholds/fillOutside``), whether or not the rest of the frame changed
///    with them, in a colour of their own: tiles turning the colour of the page behind the
///    content are the page showing through where content moved away. Flat tiles that a blank
///    page follows before any fill are the page clearing on its way to it: their step is the
///    blank page's. Flat tiles filled inside a run of changes that began before them and reads
///    as frames of neither page are a push's torn frame, no placeholder (`FilmPushFlash.swift`).
/// 4. **Gradual crossfades**: stretches of small steps (over ``FilmEventThresholds/gradualFloor``
///    of the noise floor) that no active step is near, fitted as below frame by frame: a page
///    fading into one alike changes each frame by less than a change. One repeated frame
///    between two that move does not split a stretch.
///    Then **runs** of active steps less than ``FilmEventThresholds/fadeGap`` apart, then, if that
///    is no crossfade, less than ``FilmEventThresholds/runGap`` apart (repeated and quiet
///    frames between them do not split a run): each frame from just before the run to
///    just after it is fitted as `a·A + b·B + c·background` (``FilmBlendFit``); when every frame
///    fits and some lie between, the run is a **crossfade** from where the blend passes 5 % to
///    where it passes 95 % (its ends widened over a quiet head and tail up to ``FilmEventThresholds/stallGap``,
///    and read again from the frame before the 5 % edge unless the fade moves on from it, so
///    that a change the run took in before the fade moves no share), with `b` per frame and its **dip** (the
///    largest `c`); when none lies
///    between and a step reaches ``FilmEventThresholds/cut`` over at least
///    ``FilmEventThresholds/cutArea`` of the frame, a **cut**. A run whose frames between the
///    ends have, taken together, the detail of a mixture of the two rather than a blend
///    (``FilmBlendFit/Share/mixture`` above ``FilmEventThresholds/mixture``) is content moving:
///    neither, left to the settle. A run (within ``FilmEventThresholds/fadeGap``) with two or
///    more frames between its ends that are no blend of them names no cut (a page pushed in at
///    a variable rate). A blend is fitted without the tiles it fits worst
///    (``FilmEventThresholds/blendTrim``: bars that follow a theme on their own curve), and,
///    when that reads no crossfade, on the content area alone (inside the chrome's bands,
///    ``FilmEventThresholds/chromeBand``), every tile of it: two layers dipping towards the
///    window while the bars keep their colours; and, when neither reads a crossfade, both
///    again without the background term (a dark page fading into its light theme is nearly a
///    shade of it). On the content area, one frame alone off the fade's course (the only one
///    refused as a blend, or the one going back) is left out (`FilmStrayFrame.swift`).
///    A crossfade claims every frame it fitted.
///    A crossfade whose page came by a cut after a stall, its frames and the cut's page reading
///    as one crossfade, ends at the cut (`FilmStalledFadeEnd.swift`).
///    An event the frames could also explain as another kind carries
///    ``FilmEvent/confidence`` and ``FilmEvent/alternatives``.
/// 5. **Settle**: every burst of active steps less than ``FilmEventThresholds/settleGap``
///    apart; its end is when the film stopped changing.
/// 6. With a hinge timeline, a burst that starts more than ``FilmEventThresholds/lateMotion``
///    after the hinge stopped, with a step reaching ``FilmEventThresholds/lateMotionStep``, is
///    also **late motion**, and every event gets its time from the hinge's last stop and start.
public struct FilmEventDetector: Sendable {
    /// The thresholds in use.
    public var thresholds: FilmEventThresholds

    /// A detector with `thresholds` (the documented defaults unless given).
    public init(thresholds: FilmEventThresholds = .init()) { self.thresholds = thresholds }

    /// The events of `frames` (in film order), sorted by start time.
    ///
    /// - Parameters:
    ///   - frames: the film's frames, as ``FilmReader`` read them.
    ///   - hinge: the hinge's rest timeline on the film's clock, for late motion and the times
    ///     from the hinge's stop and start.
    /// - Complexity: O(frames × tiles).
    public func events(in frames: [FilmFrame], hinge: HingeRestTimeline? = nil) -> [FilmEvent] {
        guard frames.count > 1 else { return [] }
        var search = EventSearch(frames: frames, thresholds: thresholds)
        search.findLeadIn()
        search.findBlankFrames()
        search.findFlashes()
        search.findGradualCrossfades()
        search.findCutsAndCrossfades()
        search.joinHeldFades()
        search.joinStalledFadeEnds()
        search.findSettles(hinge: hinge)
        var events = search.events
        if let hinge {
            for position in events.indices {
                let start = events[position].start
                events[position].sinceHingeStop = hinge.restingSince(start).map { start - $0 }
                events[position].sinceHingeStart = hinge.movingSince(start).map { start - $0 }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: FilmEvent.Kind.allCases.enumerated().map { ($1, $0) })
        return events.sorted { ($0.start, order[$0.kind] ?? 0) < ($1.start, order[$1.kind] ?? 0) }
    }
}

/// One pass of the detector over a film: the steps, which of them an event has claimed, and
/// the events found so far.
struct EventSearch {
    let frames: [FilmFrame]
    let t: FilmEventThresholds
    let steps: FilmSteps
    var claimed: [Bool]
    var events: [FilmEvent] = []
    /// Each frame's dominant flat colour once known (``flatColour(_:)``).
    let flatColours: FlatColours
    /// Whether the frames arrive at no constant period (``FilmHitches/recordingRate(of:)`` is
    /// `nil`): a variable-rate recording, whose fade edges are read on the content area.
    let variableRate: Bool
    /// The frames each crossfade found so far was fitted between (its A and B, once its edges
    /// were read), by its start and end: a fade held part-way is two of them (``joinHeldFades()``,
    /// which drops the two halves' entries when it joins them).
    var fadeBlends: [FadeBlend] = []

    init(frames: [FilmFrame], thresholds: FilmEventThresholds) {
        self.frames = frames
        self.t = thresholds
        self.steps = FilmSteps(frames, thresholds: thresholds)
        self.claimed = Array(repeating: false, count: frames.count)
        self.flatColours = FlatColours(count: frames.count)
        self.variableRate = FilmHitches.recordingRate(of: frames) == nil
    }

    func peak(_ range: ClosedRange<Int>) -> Double { range.map { frames[$0].rmse }.max() ?? 0 }

    func hasDetail(_ index: Int) -> Bool { frames[index].summary.detail >= t.detail }

    /// Whether frame `index` is bare: without detail, or, read by areas, its content area (all
    /// but the chrome's bands along the frame's edges, ``FilmEventThresholds/chromeBand``) flat
    /// in the colour of the page behind the content (``backgroundColour(_:before:)``,
    /// `background` the frame before) apart from small regions (a pointer, a spinner, a
    /// clock: each at most ``FilmEventThresholds/bareRegion`` of the frame), with few of the
    /// tiles that changed into it flat in another colour (``FilmEventThresholds/bareChange``: a
    /// placeholder turns flat in its own colour).
    func isBare(_ index: Int, background: Int?) -> Bool {
        if frames[index].summary.detail < t.blankDetail { return true }
        guard let colour = backgroundColour(index, before: background) else { return false }
        return isBare(index, in: colour)
    }

    /// Whether frame `index`'s content area is flat in `colour` apart from small regions, with
    /// few of the tiles that changed into it flat in another colour (``isBare(_:background:)``).
    func isBare(_ index: Int, in colour: [Double]) -> Bool {
        let summary = frames[index].summary
        let grid = summary.grid
        let total = Double(grid.width * grid.height)
        let difference = frames[index].difference.flatMap { $0.grid == grid ? $0 : nil }
        var other = [Bool](repeating: false, count: grid.count)
        var changedOther = 0
        for tile in grid.indices where !grid.isChrome(tile, band: t.chromeBand) {
            let pixels = grid.pixelCount(ofTile: tile)
            let flat = Double(summary.tileDetail[tile]) < t.blankDetail
            // A tile of the background's colour may hold a thin line (a window's edge) or the pointer.
            let near = (0..<3).allSatisfy { abs(Double(summary.tileMeans[3 * tile + $0]) - colour[$0]) <= t.bareColour }
            other[tile] = !(flat && near)
            // What turned flat in another colour is a placeholder's.
            if let difference, Double(difference.tiles[tile]) >= t.quiet, !near, flat { changedOther += pixels }
        }
        guard Double(changedOther) <= t.bareChange * total else { return false }
        return grid.regions(of: other).allSatisfy { region in
            Double(region.map { grid.pixelCount(ofTile: $0) }.reduce(0, +)) <= t.bareRegion * total
        }
    }

    /// The colour of the page behind frame `index`: the dominant flat colour of frame `before`
    /// (or of `index` itself when nil); when that frame shows no flat background (a photo wall,
    /// a map), the dominant flat colour of `index` if it is a page's: a mean below
    /// ``FilmEventThresholds/bareDark`` or above 1 − that (a light or dark theme's background,
    /// not a grey placeholder), on the same side of the middle as the chrome's bars, read on
    /// the frame's first and last rows (a light theme's bars over black is a black placeholder
    /// over the content, not a dark page), and within ``FilmEventThresholds/bareColour`` of the
    /// status bar's tone (the first row's): a phone draws its status bar in the page's colour or
    /// near it, and a black placeholder over a whole dark map is darker than a dark theme's bar.
    func backgroundColour(_ index: Int, before: Int?) -> [Double]? {
        if let colour = flatColour(before ?? index) { return colour }
        return ownPageColour(index)
    }

    /// The dominant flat colour of frame `index` when it is a page's by itself
    /// (``ownBackground(_:)``) and within ``FilmEventThresholds/bareColour`` of the status bar's
    /// tone (the first row's): what a bare frame shows when the frame before gives no page
    /// colour (``backgroundColour(_:before:)``, ``pageColour(_:after:)``). A colour darker than
    /// that tone by more than ``FilmEventThresholds/flatTile`` in a frame that keeps two or
    /// more regions of detail inside its outer tile rows and columns (``innerDetailRegions(_:)``)
    /// is no page's: a black placeholder over a dark map, under the map's own controls (round
    /// 13). Neither alone tells: a dark page may be drawn darker than its bars when nothing
    /// else is left over it, and a blank page keeps the pointer and a navigation bar's buttons.
    func ownPageColour(_ index: Int) -> [Double]? {
        guard let own = ownBackground(index) else { return nil }
        let tone = rowTone(frames[index].summary, row: 0)
        guard abs(own.mean - tone) <= t.bareColour else { return nil }
        // A black placeholder over a dark map (round 13): darker than the bar, under the app's
        // own controls, which a blank page takes away with the page.
        if own.mean < tone - t.flatTile, innerDetailRegions(index) >= 2 { return nil }
        return own.colour
    }

    /// The regions (4-connected) of tiles with detail (``FilmEventThresholds/detail``) inside
    /// frame `index`'s outer tile rows and columns: on a bare page, the pointer or a spinner,
    /// or a navigation bar's buttons where the bar reaches the second row from the bottom; on
    /// a placeholder over a map, the app's controls that stay over it.
    func innerDetailRegions(_ index: Int) -> Int {
        let summary = frames[index].summary
        let grid = summary.grid
        let inner = grid.indices.map { tile in
            let (row, column) = (tile / grid.columns, tile % grid.columns)
            return row > 0 && row < grid.rows - 1 && column > 0 && column < grid.columns - 1
                && Double(summary.tileDetail[tile]) >= t.detail
        }
        return grid.regions(of: inner).count
    }

    /// The colour of a bare frame `index` after a frame (`before`) whose dominant flat colour
    /// is no page's — neither a dark theme's nor a light one's (a mean between
    /// ``FilmEventThresholds/bareDark`` and 1 − that): a map's water, a picture's sky. That
    /// colour says nothing of the page behind the content, so the bare frame's own page colour
    /// is read, as when the frame before shows no flat colour at all (``ownPageColour(_:)``).
    /// Round 10: a dark page drawn for one frame over a dark map whose water (0.17) was the
    /// frame's largest flat area was read as a placeholder in the water's stead.
    func pageColour(_ index: Int, after before: Int) -> [Double]? {
        guard let shown = flatColour(before) else { return nil }
        let mean = shown.reduce(0, +) / 3
        guard mean > t.bareDark, mean < 1 - t.bareDark else { return nil }
        return ownPageColour(index)
    }

    /// The tone of row `row` of a frame's tiles: the mean of its median tile (a bar and a strip
    /// of the content share those tiles; the median leaves out a clock, an icon).
    func rowTone(_ summary: FrameSummary, row: Int) -> Double {
        let grid = summary.grid
        let means = (0..<grid.columns).map { column in
            let tile = row * grid.columns + column
            return (0..<3).map { Double(summary.tileMeans[3 * tile + $0]) }.reduce(0, +) / 3
        }
        return means.sorted()[means.count / 2]
    }

    /// The dominant flat colour of frame `index` when it is a page's background: a theme's
    /// dark or light colour, on the same side of the middle as the chrome's bars
    /// (``backgroundColour(_:before:)``).
    func ownBackgroundColour(_ index: Int) -> [Double]? { ownBackground(index)?.colour }

    /// ``ownBackgroundColour(_:)`` with its mean (worked out once: the callers compare it too).
    func ownBackground(_ index: Int) -> (colour: [Double], mean: Double)? {
        let summary = frames[index].summary
        guard let colour = flatColour(index) else { return nil }
        let mean = colour.reduce(0, +) / 3
        guard mean <= t.bareDark || mean >= 1 - t.bareDark else { return nil }
        // The bars' tone: the median tile of the frame's first and of its last row.
        let tones = [0, summary.grid.rows - 1].map { rowTone(summary, row: $0) }
        let agrees = mean < 0.5 ? tones.allSatisfy { $0 < 0.5 } : tones.allSatisfy { $0 >= 0.5 }
        return agrees ? (colour, mean) : nil
    }

    /// The colour of a bare frame `index` whose content area is not the dominant flat colour of
    /// the frame before it (`before`): its own dominant flat colour, when that is a page's
    /// (``ownBackgroundColour(_:)``) and the frame before already showed it, flat over at least
    /// 2 % of the frame, as the page behind its content (a settings list of white groups on a
    /// grey page goes bare in the grey, which the groups outweighed). A placeholder's colour is
    /// not on the page before it.
    func shownBackgroundColour(_ index: Int, before: Int) -> [Double]? {
        guard flatColour(before) != nil, let colour = ownBackgroundColour(index) else { return nil }
        let summary = frames[before].summary
        let grid = summary.grid
        var area = 0
        for tile in grid.indices where Double(summary.tileDetail[tile]) < t.flatTile {
            if (0..<3).allSatisfy({ abs(Double(summary.tileMeans[3 * tile + $0]) - colour[$0]) <= t.bareColour }) {
                area += grid.pixelCount(ofTile: tile)
            }
        }
        return Double(area) >= 0.02 * Double(grid.width * grid.height) ? colour : nil
    }

    /// ``dominantFlatColour(_:flat:tolerance:)`` of frame `index` with the thresholds'
    /// ``FilmEventThresholds/flatTile`` and ``FilmEventThresholds/bareColour``, worked out once
    /// per frame: the bare-page rules ask for the same frame's up to five times.
    func flatColour(_ index: Int) -> [Double]? {
        if let known = flatColours.known[index] { return known }
        let colour = Self.dominantFlatColour(frames[index].summary, flat: t.flatTile, tolerance: t.bareColour)
        flatColours.known[index] = .some(colour)
        return colour
    }

    /// The frames' dominant flat colours as far as asked for (``flatColour(_:)``): a class, so
    /// that the search's non-mutating questions can fill it.
    final class FlatColours {
        var known: [[Double]??]
        init(count: Int) { known = Array(repeating: nil, count: count) }
    }

    /// The mean colour of the largest group of flat tiles (detail below `flat`) within
    /// `tolerance` of one tile's colour in each channel, when that group covers 2 % of the
    /// frame or more: the page behind the content. Of groups of the same area, the one around
    /// the first tile (row-major) counts.
    ///
    /// Each flat tile is a centre; its group's area is a sum of whole pixel counts (the same in
    /// any order), so the groups are found through the tiles sorted by red: `red − centre's
    /// red` (as rounded) never decreases along them, so the tiles within the tolerance in red
    /// are one run of that order, found by bisection, and only they are compared in green and
    /// blue, with the very comparison of every channel the plain pairwise loop makes. The
    /// mean is then summed for the winning group alone, tile by tile in row-major order, as
    /// that loop summed it: the same doubles to the bit, in O(F log F) plus the runs' lengths
    /// for F flat tiles instead of O(F²) with three products a pair.
    static func dominantFlatColour(_ summary: FrameSummary, flat: Double, tolerance: Double) -> [Double]? {
        let grid = summary.grid
        let tiles = grid.indices.filter { Double(summary.tileDetail[$0]) < flat }
        guard !tiles.isEmpty else { return nil }
        // Flat tiles' colours, three a tile, and pixel counts, in row-major order.
        var colours = [Double](repeating: 0, count: 3 * tiles.count)
        var pixels = [Int](repeating: 0, count: tiles.count)
        for (position, tile) in tiles.enumerated() {
            for channel in 0..<3 { colours[3 * position + channel] = Double(summary.tileMeans[3 * tile + channel]) }
            pixels[position] = grid.pixelCount(ofTile: tile)
        }
        // Positions sorted by red (ties in any order: an area is a sum of whole numbers).
        let byRed = (0..<tiles.count).sorted { (x: Int, y: Int) -> Bool in colours[3 * x] < colours[3 * y] }
        let reds = byRed.map { colours[3 * $0] }
        func near(_ position: Int, _ centre: Int) -> Bool {
            abs(colours[3 * position] - colours[3 * centre]) <= tolerance
                && abs(colours[3 * position + 1] - colours[3 * centre + 1]) <= tolerance
                && abs(colours[3 * position + 2] - colours[3 * centre + 2]) <= tolerance
        }
        var best = (area: 0, centre: -1)
        for centre in 0..<tiles.count {
            let red = colours[3 * centre]
            // The first tile in red order with red − centre's red ≥ −tolerance.
            var low = 0
            var high = reds.count
            while low < high {
                let middle = (low + high) / 2
                if reds[middle] - red >= -tolerance { high = middle } else { low = middle + 1 }
            }
            var area = 0
            var index = low
            while index < reds.count, reds[index] - red <= tolerance {
                let position = byRed[index]
                if near(position, centre) { area += pixels[position] }
                index += 1
            }
            if area > best.area { best = (area, centre) }
        }
        let total = Double(grid.width * grid.height)
        guard best.area > 0, Double(best.area) >= 0.02 * total else { return nil }
        var sum = [0.0, 0.0, 0.0]
        for position in 0..<tiles.count where near(position, best.centre) {
            for channel in 0..<3 { sum[channel] += Double(pixels[position]) * colours[3 * position + channel] }
        }
        return sum.map { $0 / Double(best.area) }
    }

    /// ``dominantFlatColour(_:flat:tolerance:)`` as first written, every pair of flat tiles
    /// compared: the oracle its tests hold it to.
    static func dominantFlatColourPairwise(_ summary: FrameSummary, flat: Double, tolerance: Double) -> [Double]? {
        let tiles = summary.grid.indices.filter { Double(summary.tileDetail[$0]) < flat }
        let colours = tiles.map { tile in (0..<3).map { Double(summary.tileMeans[3 * tile + $0]) } }
        var best: (area: Int, sum: [Double]) = (0, [0, 0, 0])
        for centre in colours {
            var area = 0
            var sum = [0.0, 0.0, 0.0]
            for (tile, colour) in zip(tiles, colours)
            where zip(colour, centre).allSatisfy({ abs($0 - $1) <= tolerance }) {
                let pixels = summary.grid.pixelCount(ofTile: tile)
                area += pixels
                for channel in 0..<3 { sum[channel] += Double(pixels) * colour[channel] }
            }
            if area > best.area { best = (area, sum) }
        }
        let total = Double(summary.grid.width * summary.grid.height)
        guard best.area > 0, Double(best.area) >= 0.02 * total else { return nil }
        return best.sum.map { $0 / Double(best.area) }
    }

    mutating func claim(_ range: ClosedRange<Int>) { for step in range { claimed[step] = true } }

    /// 1. The frames without detail before the first frame with detail.
    mutating func findLeadIn() {
        guard isBare(0, background: nil),
            let first = frames.indices.first(where: { hasDetail($0) && !isBare($0, background: nil) }), first > 0
        else { return }
        events.append(
            FilmEvent(
                kind: .leadIn, start: frames[0].time, end: frames[first].time,
                frames: steps.distinct(0..<first), peak: peak(1...first)))
        claim(1...first)
    }

    /// 2. Short runs of blank frames between frames with detail.
    mutating func findBlankFrames() {
        var index = 1
        while index < frames.count {
            defer { index += 1 }
            // A blank page starts with a change (not a repeat of a bare frame), after content.
            guard !claimed[index], !steps.repeats[index], hasDetail(index - 1), !isBare(index - 1, background: nil)
            else { continue }
            // Bare in the colour of the page before, or else in a page colour it showed less of,
            // or, when the flat colour it showed is no page's, in its own page colour.
            var shown: [Double]? = nil
            if !isBare(index, background: index - 1) {
                guard
                    let colour = shownBackgroundColour(index, before: index - 1)
                        ?? pageColour(index, after: index - 1) ?? themePageColour(index, after: index - 1),
                    isBare(index, in: colour)
                else { continue }
                shown = colour
            }
            func bare(_ frame: Int) -> Bool {
                guard let shown else { return isBare(frame, background: index - 1) }
                return frames[frame].summary.detail < t.blankDetail || isBare(frame, in: shown)
            }
            var next = index + 1
            while next < frames.count, !hasDetail(next) || bare(next) { next += 1 }
            let count = steps.distinct(index..<next)
            guard next < frames.count, count <= t.longestBlank else {
                index = next
                continue
            }
            var event = FilmEvent(
                kind: .blankFrame, start: frames[index].time, end: frames[next].time, frames: count,
                peak: peak(index...next))
            // Without a page background in the frame before (a photo wall, a map), the bare
            // colour is only the bare frame's own: a placeholder over the whole content looks
            // the same.
            if flatColour(index - 1) == nil || shown != nil {
                event.confidence = t.ownColourConfidence
                event.alternatives = [.placeholderFlash]
            }
            events.append(event)
            claim(index...next)
            index = next
        }
    }

    /// 3. Flat tiles after a change, filled soon after.
    mutating func findFlashes() {
        var index = 1
        while index < frames.count {
            defer { index += 1 }
            guard !claimed[index], steps.active[index], hasDetail(index - 1), let reading = flash(at: index)
            else { continue }
            guard case .filled(let fill, let tiles) = reading else {
                // The page clearing on its way to a blank page: its step is the blank page's.
                if case .clearing(let blank) = reading {
                    claim(index...(blank - 1))
                    index = blank - 1
                }
                continue
            }
            // The held middle of a fade is left to the crossfades (round 14).
            if isHeldFade(index, fill: fill, flatTiles: tiles.count) { continue }
            // A push's torn frame is no placeholder (round 17, `FilmPushFlash.swift`).
            if isTornFrame(index, fill: fill) { continue }
            var event = FilmEvent(
                kind: .placeholderFlash, start: frames[index].time, end: frames[fill].time,
                frames: steps.distinct(index..<fill), peak: peak(index...fill))
            event.tiles = tiles
            events.append(event)
            claim(index...fill)
            index = fill
        }
    }

    /// What became of tiles that turned flat at `index` (``flash(at:)``).
    enum FlatTiles {
        /// Filled in frame `fill`: a placeholder flash over `tiles`.
        case filled(fill: Int, tiles: [Int])
        /// A blank page came first, from frame `blank`: the page was clearing.
        case clearing(blank: Int)
    }

    /// What became of tiles that turned flat at `index`: the frame in which they are filled and
    /// those tiles, or the blank page they led to.
    func flash(at index: Int) -> FlatTiles? {
        let now = frames[index].summary
        guard let change = frames[index].difference, change.grid == now.grid else { return nil }
        // Tiles of content (detail in the frame before) that changed in this step and are now
        // a flat fill: a placeholder replaces content. A fill in the colour of the page behind
        // the content (the frame before's dominant flat colour) is the page showing through where
        // content moved away (a list scrolled or pushed past its last row), no placeholder: a
        // placeholder is drawn in its own colour (round 10). Such tiles alone are still the page
        // clearing when a blank page follows before they are filled.
        let before = frames[index - 1].summary
        guard before.grid == now.grid else { return nil }
        var cleared = now.grid.indices.filter {
            Double(change.tiles[$0]) >= t.quiet && Double(now.tileDetail[$0]) < t.flatTile
                && Double(before.tileDetail[$0]) >= t.detail
        }
        let page = flatColour(index - 1)
        // No tile flat: a placeholder's whole tiles may all hold the pointer (round 17).
        if cleared.isEmpty { cleared = placeholderUnderMark(now, before: before, change: change, page: page) }
        guard !cleared.isEmpty else { return nil }
        let placeholder = cleared.filter { !isPage(now, tile: $0, colour: page) }
        let flat = placeholder.isEmpty ? cleared : placeholder
        // The placeholder is the region the flat tiles belong to: the changed tiles joined to
        // them in their colour (its edge tiles, half placeholder and half page, and anything
        // drawn on it keep some detail).
        let region = now.grid.grown(
            from: flat,
            where: { tile in
                Double(change.tiles[tile]) >= t.quiet
                    && flat.contains { core in
                        (0..<3).allSatisfy {
                            abs(now.tileMeans[3 * tile + $0] - now.tileMeans[3 * core + $0]) <= Float(t.bareColour)
                        }
                    }
            })
        var next = index + 1
        // Past the longest flash, only a placeholder over a still frame may stay (round 16).
        var still = true
        while next < frames.count, frames[next].time - frames[index].time <= Self.longestStay {
            defer { next += 1 }
            let late = frames[next].time - frames[index].time > t.longestFlash
            guard !late || still else { return nil }
            // A blank page (claimed before flashes are sought) before the fill: what turned flat
            // was the page clearing on its way to the bare frame, not a placeholder.
            if claimed[next] { return late ? nil : .clearing(blank: next) }
            if steps.active[next] { still = false }
            guard steps.active[next] || !steps.repeats[next] else { continue }
            let summary = frames[next].summary
            let filled = flat.filter { Double(summary.tileDetail[$0]) >= t.detail }
            // The encoder refining the new layout, a caret or a spinner may change the frame
            // meanwhile; the flat tiles must stay flat until they are filled.
            if !filled.isEmpty {
                guard !placeholder.isEmpty, steps.active[next], let difference = frames[next].difference,
                    difference.share(outside: now.grid.neighbourhood(of: region)) <= t.fillOutside
                else { return nil }
                return .filled(fill: next, tiles: filled)
            }
        }
        return nil
    }

    /// Whether `tile` of `summary` is within ``FilmEventThresholds/bareColour`` of `colour` in
    /// every channel (false without a colour).
    func isPage(_ summary: FrameSummary, tile: Int, colour: [Double]?) -> Bool {
        guard let colour else { return false }
        return (0..<3).allSatisfy { abs(Double(summary.tileMeans[3 * tile + $0]) - colour[$0]) <= t.bareColour }
    }

    /// 4a. Crossfades drawn in steps too small to be changes: a page fading into one alike in
    /// layout and colour (a settings list into another, a map into another map) moves each
    /// frame by about as much as the codec's noise, but in one direction, and its steps raise
    /// the film's noise floor. Every stretch of at least ``FilmEventThresholds/gradualFrames``
    /// steps over ``FilmEventThresholds/gradualFloor`` of the noise floor, less than
    /// ``FilmEventThresholds/runGap`` apart, with no active step outside it within
    /// ``FilmEventThresholds/fadeGap`` (a fade a loaded compositor drew in a few large steps
    /// is one run of active steps, not a gradual stretch), is tried as one crossfade, every frame
    /// of it fitted (repeats too); what is not one is left to the runs of active steps.
    mutating func findGradualCrossfades() {
        let level = t.gradualFloor * steps.noiseFloor
        func moves(_ index: Int) -> Bool { frames[index].rmse > level }
        var index = 1
        while index < frames.count {
            guard !claimed[index], moves(index) else {
                index += 1
                continue
            }
            var last = index
            var count = 1
            var next = index + 1
            // One repeated frame between two that move does not split the stretch: at 30 fps it
            // leaves a hole of 67 ms, more than the run gap (round 10).
            while next < frames.count, !claimed[next],
                frames[next].time - frames[last].time <= t.runGap
                    || (next == last + 2 && steps.repeats[last + 1] && moves(next))
            {
                if moves(next) {
                    last = next
                    count += 1
                }
                next += 1
            }
            if count >= t.gradualFrames, isolated(index...last) {
                classifyRun(index...last, crossfadeOnly: true, everyFrame: true)
            }
            index = last + 1
        }
    }

    /// Whether no active step lies within ``FilmEventThresholds/fadeGap`` before or after `run`
    /// (frames are in time order: only those within the gap are read).
    func isolated(_ run: ClosedRange<Int>) -> Bool {
        var before = run.lowerBound - 1
        while before > 0, frames[run.lowerBound].time - frames[before].time <= t.fadeGap {
            if steps.active[before] { return false }
            before -= 1
        }
        var after = run.upperBound + 1
        while after < frames.count, frames[after].time - frames[run.upperBound].time <= t.fadeGap {
            if steps.active[after] { return false }
            after += 1
        }
        return true
    }

    /// 4b. Runs of active steps: cuts and crossfades. A run bridging gaps of up to
    /// ``FilmEventThresholds/fadeGap`` is tried as one crossfade first (a compositor under load
    /// draws a fade in a few frames); otherwise its parts of steps closer than
    /// ``FilmEventThresholds/runGap`` are named one by one.
    mutating func findCutsAndCrossfades() {
        var index = 1
        var moving = 0
        while index < frames.count {
            guard steps.active[index], !claimed[index] else {
                index += 1
                continue
            }
            let long = runEnd(from: index, gap: t.fadeGap)
            // A fade stalled under load: its run bridges a longer hole (a blend held, or no frame).
            let stalled = runEnd(from: index, gap: t.stallGap)
            if stalled > long, classifyRun(index...stalled, crossfadeOnly: true) == .named {
                index = stalled + 1
                continue
            }
            if long > index {
                let kind = classifyRun(index...long, crossfadeOnly: true)
                if kind == .named || kind == .motion {
                    // A crossfade, or motion: neither is also a cut.
                    index = long + 1
                    continue
                }
                if kind == .strays { moving = max(moving, long) }
            }
            let last = runEnd(from: index, gap: t.runGap)
            classifyRun(index...last, crossfadeOnly: index <= moving)
            index = last + 1
        }
    }

    /// The last active step of the run starting at `first`, whose active steps are at most
    /// `gap` ms apart.
    func runEnd(from first: Int, gap: Int) -> Int {
        var last = first
        var next = first + 1
        while next < frames.count, !claimed[next], frames[next].time - frames[last].time <= gap {
            if steps.active[next] { last = next }
            next += 1
        }
        return last
    }

    /// What ``classifyRun(_:crossfadeOnly:)`` made of a run.
    enum RunKind: Equatable {
        /// A cut or a crossfade, recorded.
        case named
        /// Content moving (a frame between the two ends is a mixture of them, not a blend):
        /// left to the settle.
        case motion
        /// No crossfade, and not motion by its frames' detail, but two or more frames between
        /// its ends are no blend of them: content moved through frames of neither page.
        case strays
        /// Neither.
        case unnamed
    }

    /// Names the run `run` (its first and last active step): a cut, a crossfade, or neither (a
    /// motion, left to the settle); with `crossfadeOnly`, only a crossfade. Repeated frames
    /// are not fitted unless `everyFrame`.
    @discardableResult
    mutating func classifyRun(_ run: ClosedRange<Int>, crossfadeOnly: Bool, everyFrame: Bool = false) -> RunKind {
        let (before, after) = blendEnds(of: run, within: t.runGap)
        let reading = readBlend(before: before, after: after, everyFrame: everyFrame)
        if reading.motion { return .motion }
        // Two frames or more between the ends that are no blend of them, though their detail
        // does not read as a mixture: a page pushed in at a variable rate, kept in a few frames
        // 67–183 ms apart whose detail read 0.3–0.7 of the way to a mixture's (round 13). No
        // step inside it is a cut.
        if crossfadeOnly, !reading.isCrossfade, reading.strays >= 2 { return .strays }
        let settledCut = isSettledCut(reading)
        if reading.isCrossfade, !settledCut {
            // A fade whose first frame is already past half-way began before its run: a blend
            // held through a stall under load, reached by a quiet step. Read it from the quiet
            // frames up to ``FilmEventThresholds/stallGap`` around the run, if they fit too.
            // Under load the fade's first blend may itself come by a change, before the hole
            // that splits the run: the stalled reading passes changes too (the fit decides).
            let stalled = blendEnds(of: run, within: t.stallGap, acrossChanges: true)
            if (reading.shares.first { $0.share.new >= 0.05 }?.share.new ?? 0) >= 0.5, stalled != (before, after) {
                let earlier = readBlend(before: stalled.0, after: stalled.1, everyFrame: everyFrame)
                if !earlier.motion, earlier.isCrossfade {
                    crossfade(earlier.shares, before: stalled.0, after: stalled.1, mixture: earlier.mixture)
                    return .named
                }
            }
            crossfade(reading.shares, before: before, after: after, mixture: reading.mixture)
            return .named
        }
        let activeSteps = run.filter { steps.active[$0] }
        guard !crossfadeOnly,
            activeSteps.count == 1 || (reading.fitted && (reading.between.isEmpty || settledCut))
        else { return .unnamed }
        let (fitted, shares) = (reading.fitted, reading.shares)
        let cut = fitted ? (shares.first { $0.share.new >= 0.5 }?.index ?? after) : activeSteps[0]
        guard frames[cut].rmse >= t.cut || peak(run) >= t.cut, changedArea(cut) >= t.cutArea else { return .unnamed }
        events.append(FilmEvent(kind: .cut, start: frames[cut].time, end: frames[cut].time, frames: 1, peak: peak(run)))
        return .named
    }

    /// How the frames between two ends read as a blend of them (``readBlend(before:after:everyFrame:)``).
    struct BlendReading {
        /// Each fitted frame's shares, when every one passed as a blend (else empty).
        var shares: [(index: Int, share: FilmBlendFit.Share)] = []
        /// Where the frames between lie, taken together, between a blend and a mixture.
        var mixture = 0.0
        /// Whether that passes ``FilmEventThresholds/mixture``: content moved.
        var motion = false
        /// Whether every frame fitted, the blend never going back.
        var fitted = false
        /// The frames between the two ends (a fitted share within 0.05…0.95) that are no blend
        /// of them (``FilmBlendFit/accepted(_:)`` refuses their fit).
        var strays = 0
        /// The fitted frames strictly between the two ends (a share within 0.05…0.95).
        var between: [(index: Int, share: FilmBlendFit.Share)] {
            shares.filter { $0.share.new > 0.05 && $0.share.new < 0.95 }
        }
        /// A crossfade: every frame fitted, and some lie between.
        var isCrossfade: Bool { fitted && !between.isEmpty }
    }

    /// The frames from `before` to `after` fitted as blends of those two (repeats only if
    /// `everyFrame`): over the whole frame, and, when that reads no crossfade, over its content
    /// area alone (``contentArea(of:)``). Two layers fading over the window behind dip towards
    /// the window's colour while the status and navigation bars, in neither layer, keep theirs
    /// (or take a new theme's on their own curve): no one background share fits both, and on a
    /// landscape recording the bars' rows are more tiles than the trim may leave out. When
    /// neither reads a crossfade, both are read again without the fit's background term
    /// (`FilmBlendFit`'s `background`): a theme fade.
    func readBlend(before: Int, after: Int, everyFrame: Bool) -> BlendReading {
        let whole = readBlend(before: before, after: after, everyFrame: everyFrame, area: nil)
        if whole.isCrossfade { return whole }
        let area = contentArea(of: frames[before].summary.grid)
        if let area {
            let content = readBlend(before: before, after: after, everyFrame: everyFrame, area: area)
            if content.isCrossfade { return content }
        }
        // Then without the background term (round 11): a dark page fading into its light theme
        // (or back) is nearly a shade of it, and the term trades the old page's share against
        // its own; fitted as `a·A + b·B` alone, every frame of the run reads its share.
        for tiles in [nil] + (area.map { [$0] } ?? []) {
            let plain = readBlend(before: before, after: after, everyFrame: everyFrame, area: tiles, background: false)
            if plain.isCrossfade { return plain }
        }
        if let dip = readDip(before: before, after: after, everyFrame: everyFrame) { return dip }
        return whole
    }

    /// The tiles of `grid` outside the chrome's bands (``FilmEventThresholds/chromeBand``), or
    /// `nil` when that is every tile or fewer than 4.
    func contentArea(of grid: TileGrid) -> [Bool]? {
        let area = grid.indices.map { !grid.isChrome($0, band: t.chromeBand) }
        let count = area.filter { $0 }.count
        return count >= 4 && count < grid.count ? area : nil
    }

    /// The frames from `before` to `after` fitted as blends of those two over `area` (every
    /// tile when nil). Over the content area no tile is trimmed: the trim is for the bars, and
    /// there it would leave out the few tiles content moving in (a sheet sliding up over a
    /// dimming page) has reached, and read the rest as a blend; there one frame alone off the
    /// fade's course is left out (``sharesWithoutOneStray(_:fit:)``). With `detailWeight` above
    /// 0, the tiles are weighed by their detail (``FilmBlendFit/weighByDetail(_:)``).
    func readBlend(
        before: Int, after: Int, everyFrame: Bool, area: [Bool]?, background: Bool = true, detailWeight: Double = 0
    ) -> BlendReading {
        var reading = BlendReading()
        var thresholds = t
        if area != nil { thresholds.blendTrim = 0 }
        guard
            var fit = FilmBlendFit(
                from: frames[before].summary, to: frames[after].summary, thresholds: thresholds, area: area)
        else {
            return reading
        }
        fit.background = background
        // A two-layer fade's dip is read on the content area (round 17).
        fit.scalesByDip = area != nil
        if detailWeight > 0 { fit.weighByDetail(detailWeight) }
        let fits = ((before + 1)..<after).filter { everyFrame || !steps.repeats[$0] }.map {
            ($0, fit.fit(frames[$0].summary))
        }
        // Frames between the two ends whose detail is, taken together, a mixture of theirs
        // rather than a blend: content moved.
        let between = fits.compactMap(\.1).filter { $0.new > 0.05 && $0.new < 0.95 }
        reading.strays = between.filter { fit.accepted($0) == nil }.count
        let span = between.map(\.span).reduce(0, +)
        reading.mixture = span > 0 ? between.map(\.excess).reduce(0, +) / span : 0
        if reading.mixture > t.mixture {
            reading.motion = true
            return reading
        }
        // Each frame fitted once: its share is the fit above, if it passes as a blend.
        for (index, fitted) in fits {
            guard let share = fit.accepted(fitted) else {
                reading.shares = []
                break
            }
            reading.shares.append((index, share))
        }
        reading.fitted =
            reading.shares.count == (everyFrame ? after - before - 1 : steps.distinct((before + 1)..<after))
            && monotonic(reading.shares.map(\.share.new))
        // On the content area, one frame off the fade's course is no reason to name nothing (round 15).
        if !reading.fitted, area != nil, let kept = sharesWithoutOneStray(fits, fit: fit) {
            reading.shares = kept
            reading.fitted = true
        }
        return reading
    }

    /// The frames a run blends between: the last frame before it and the first after it once
    /// the quiet frames around it (an ease's slow start and end, repeats) are included, within
    /// `gap` (``FilmEventThresholds/runGap``, or ``FilmEventThresholds/stallGap``) and not into
    /// another event; with `acrossChanges`, the frames before it within `gap` whatever their
    /// steps (a stalled fade's first blend came by a change).
    func blendEnds(of run: ClosedRange<Int>, within gap: Milliseconds, acrossChanges: Bool = false) -> (Int, Int) {
        var before = run.lowerBound - 1
        while before > 0, !claimed[before], acrossChanges || !steps.active[before],
            frames[run.lowerBound].time - frames[before - 1].time <= gap
        {
            before -= 1
        }
        var after = run.upperBound
        while after + 1 < frames.count, !claimed[after + 1], !steps.active[after + 1],
            frames[after + 1].time - frames[run.upperBound].time <= gap
        {
            after += 1
        }
        return (before, after)
    }

    /// The share of the frame's tiles that changed (tile RMSE ≥ ``FilmEventThresholds/quiet``)
    /// in the step into frame `index`.
    func changedArea(_ index: Int) -> Double {
        guard let difference = frames[index].difference, difference.grid.count > 0 else { return 0 }
        let changed = difference.tiles.filter { Double($0) >= t.quiet }.count
        return Double(changed) / Double(difference.grid.count)
    }

    /// Whether the blend never goes back by more than 0.05.
    func monotonic(_ values: [Double]) -> Bool {
        var highest = -Double.infinity
        for value in values {
            if value < highest - 0.05 { return false }
            highest = max(highest, value)
        }
        return true
    }

    /// Records a crossfade from the shares of its frames; `mixture`, where its frames' detail
    /// lies between a blend's and moving content's (``FilmBlendFit/Share/mixture``), sets its
    /// confidence: 1 up to half ``FilmEventThresholds/mixture``, falling to 0.5 at it, with
    /// `settle` (content moving) as the alternative.
    mutating func crossfade(
        _ shares: [(index: Int, share: FilmBlendFit.Share)], before: Int, after: Int, mixture: Double
    ) {
        let (shares, before, after) = fadeEdges(shares, before: before, after: after)
        let start = shares.first { $0.share.new >= 0.05 }?.index ?? after
        let end = shares.first { $0.share.new >= 0.95 }?.index ?? after
        let inside = shares.filter { $0.index >= start && $0.index <= end }
        var event = FilmEvent(
            kind: .crossfade, start: frames[start].time, end: frames[end].time,
            frames: steps.distinct(start...end), peak: peak(start...max(start, end)))
        event.alphas = inside.map { min(1, max(0, $0.share.new)) }
        if end == after { event.alphas.append(1) }
        event.dip = max(0, shares.map(\.share.background).max() ?? 0)
        event.isBlink = event.dip >= t.blink
        if mixture > t.mixture / 2 {
            event.confidence = max(0.5, 1 - (mixture - t.mixture / 2) / t.mixture)
            event.alternatives = [.settle]
        }
        events.append(event)
        fadeBlends.append(FadeBlend(start: event.start, end: event.end, before: before, after: after))
        // Every fitted frame is the fade's, its eased head (under 5 %) and tail (past 95 %) too:
        // their small steps are no event of their own.
        claim((before + 1)...max(before + 1, after))
    }

    /// The shares a crossfade's edges are read on: `shares` fitted again from the last frame
    /// before the first past 5 %, when that is not `before` and the frames from it still read
    /// as a crossfade (round 10). A change the run took in before the fade (a tile of the map
    /// redrawn, the eased head's first steps) moves every share of a fit from `before`, and the
    /// 5 % edge came a frame or two early; read from the frame just before the fade shows, the
    /// shares are those of the fade alone.
    func edgeShares(
        _ shares: [(index: Int, share: FilmBlendFit.Share)], before: Int, after: Int
    ) -> [(index: Int, share: FilmBlendFit.Share)] {
        guard let first = shares.first(where: { $0.share.new >= 0.05 })?.index,
            let head = shares.last(where: { $0.index < first })?.index, head > before
        else { return shares }
        let again = readBlend(before: head, after: after, everyFrame: true)
        return !again.motion && again.isCrossfade ? again.shares : shares
    }

    /// 5 and 6. Bursts of change, and late motion.
    mutating func findSettles(hinge: HingeRestTimeline?) {
        // The step into the first layout (the lead-in's) is the app appearing, not a change.
        var index =
            (events.first { $0.kind == .leadIn }).flatMap { lead in frames.firstIndex { $0.time == lead.end } }
            .map { $0 + 1 } ?? 1
        while index < frames.count {
            guard steps.active[index] else {
                index += 1
                continue
            }
            var last = index
            var count = 1
            var next = index + 1
            while next < frames.count, frames[next].time - frames[last].time <= t.settleGap {
                if steps.active[next] {
                    last = next
                    count += 1
                }
                next += 1
            }
            let settle = FilmEvent(
                kind: .settle, start: frames[index].time, end: frames[last].time, frames: count,
                peak: peak(index...last))
            events.append(settle)
            if let hinge, let stop = hinge.restingSince(settle.start), settle.start - stop > t.lateMotion,
                settle.peak >= t.lateMotionStep
            {
                var late = settle
                late.kind = .lateMotion
                events.append(late)
            }
            index = last + 1
        }
    }
}

extension TileGrid {
    /// The tile indices, row-major.
    var indices: Range<Int> { 0..<count }

    /// Whether `tile`'s centre lies within `band` of the frame's size from any edge: the
    /// chrome's bands (a status bar and a navigation bar at the top and bottom, a bar or a
    /// window's edge at the sides).
    func isChrome(_ tile: Int, band: Double) -> Bool {
        let (row, column) = (tile / columns, tile % columns)
        let y = Double(row * tileSize) + Double(min(tileSize, height - row * tileSize)) / 2
        let x = Double(column * tileSize) + Double(min(tileSize, width - column * tileSize)) / 2
        return min(y, Double(height) - y) <= band * Double(height) || min(x, Double(width) - x) <= band * Double(width)
    }

    /// The regions (4-connected) of the tiles marked in `marked`.
    func regions(of marked: [Bool]) -> [[Int]] {
        var seen = [Bool](repeating: false, count: count)
        var result: [[Int]] = []
        for start in indices where marked[start] && !seen[start] {
            seen[start] = true
            var region = [start]
            var next = 0
            while next < region.count {
                for neighbour in sides(of: region[next]) where marked[neighbour] && !seen[neighbour] {
                    seen[neighbour] = true
                    region.append(neighbour)
                }
                next += 1
            }
            result.append(region)
        }
        return result
    }

    /// `tiles` and every tile joined to them (4-connected) through tiles for which `joins` holds.
    func grown(from tiles: [Int], where joins: (Int) -> Bool) -> [Int] {
        var inside = Set(tiles)
        var queue = tiles
        var next = 0
        while next < queue.count {
            for neighbour in sides(of: queue[next]) where !inside.contains(neighbour) && joins(neighbour) {
                inside.insert(neighbour)
                queue.append(neighbour)
            }
            next += 1
        }
        return queue
    }

    /// The tiles sharing a side with `tile`.
    func sides(of tile: Int) -> [Int] {
        let (row, column) = (tile / columns, tile % columns)
        var result: [Int] = []
        if row > 0 { result.append(tile - columns) }
        if row + 1 < rows { result.append(tile + columns) }
        if column > 0 { result.append(tile - 1) }
        if column + 1 < columns { result.append(tile + 1) }
        return result
    }

    /// `tiles` and the tiles touching them (a placeholder's edge tiles hold part of it).
    func neighbourhood(of tiles: [Int]) -> Set<Int> {
        var result = Set<Int>()
        for tile in tiles {
            let (row, column) = (tile / columns, tile % columns)
            for r in max(0, row - 1)...min(rows - 1, row + 1) {
                for c in max(0, column - 1)...min(columns - 1, column + 1) { result.insert(r * columns + c) }
            }
        }
        return result
    }
}

extension FrameDifference {
    /// The share of this difference (sum of squared tile differences, weighed by tile size)
    /// that lies outside `tiles`.
    func share(outside tiles: Set<Int>) -> Double {
        var inside = 0.0
        var total = 0.0
        for tile in grid.indices {
            let value = Double(self.tiles[tile]) * Double(self.tiles[tile]) * Double(grid.pixelCount(ofTile: tile))
            total += value
            if tiles.contains(tile) { inside += value }
        }
        return total > 0 ? (total - inside) / total : 0
    }
}
