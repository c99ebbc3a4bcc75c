import FilmAnalysis
import HingeKit
internal import HingeSupport

/// `film --fail-on KINDS` and `film --thresholds NAME=VALUE,…`: the CI gate and the
/// detector's thresholds from the command line.
enum FilmGate {
    /// The kinds `--fail-on` accepts: every event kind, `blink` (a crossfade with a dip) and
    /// `hitch` (a frame held too long in motion, ``FilmHitchOutput``).
    static let kinds = FilmEvent.Kind.allCases.map(\.rawValue) + ["blink", "hitch"]

    /// What each of ``kinds`` is, for the completions.
    static let kindHelp: [String: String] = {
        var help = [
            "blink": "a crossfade that dips through the background", "hitch": "a frame held too long in motion",
        ]
        for kind in FilmEvent.Kind.allCases {
            help[kind.rawValue] =
                switch kind {
                case .leadIn: "the frames without detail a recording opens with"
                case .cut: "one large step between steady frames"
                case .crossfade: "frames that blend the frames before and after"
                case .blankFrame: "frames with almost no detail between two that have it"
                case .placeholderFlash: "a region flat-filled for a few frames"
                case .settle: "a burst of change and the moment it stops"
                case .lateMotion: "change that starts after the hinge has rested"
                }
        }
        return help
    }()

    /// The kinds named by `--fail-on` (the parser has checked each against ``kinds``).
    static func kinds(_ text: String?) -> Set<String> {
        Set((text ?? "").split(separator: ",").map(String.init))
    }

    /// Exit 1 (after the output is written) when an event of `kinds` was found.
    static func check(_ events: [FilmEvent], failOn kinds: Set<String>) throws(ToolError) {
        let found = events.filter { kinds.contains($0.kind.rawValue) || (kinds.contains("blink") && $0.isBlink) }
        guard !found.isEmpty else { return }
        let list = found.prefix(10).map { "\($0.isBlink ? "blink (crossfade)" : $0.kind.rawValue) at \($0.start) ms" }
        throw .gate(
            "found \(found.count) event\(found.count == 1 ? "" : "s") named by --fail-on: "
                + list.joined(separator: ", ") + (found.count > 10 ? ", …" : ""))
    }

    /// The regions of `--ignore X,Y,W,H` (each given once per region): four whole numbers, the
    /// place at least 0 and the size at least 1, at most 1,000,000 each.
    static func mask(_ texts: [String]) throws(ToolError) -> FrameMask {
        var regions: [FrameMask.Region] = []
        for text in texts {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
                let height = numbers[3], [x, y, width, height].allSatisfy({ (0...1_000_000).contains($0) }),
                width >= 1, height >= 1
            else {
                throw .usage(
                    "The value '\(Echo.quoted(text))' is invalid for '--ignore': expected X,Y,W,H in pixels "
                        + "(whole numbers, W and H at least 1), e.g. 0,0,1080,96")
            }
            regions.append(FrameMask.Region(x: x, y: y, width: width, height: height))
        }
        return FrameMask(regions)
    }

    /// Refuses a `--report` folder inside the folder of frames `frames` (or that folder
    /// itself): the film reader takes every entry of its folder, so the report (a folder named
    /// `009999.png`, say) would break the next run. Links are resolved; a report folder not
    /// made yet is resolved through its nearest existing parent.
    static func checkReport(_ report: String, frames: String) throws(ToolError) {
        guard let folder = resolved(frames), isFolder(folder), let target = resolvedAllowingMissing(report),
            target == folder || target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        else { return }
        throw .usage(
            "'--report \(Echo.quoted(report, limit: 200))' lies inside the folder of frames "
                + "'\(Echo.quoted(frames, limit: 200))', whose every entry film reads as a frame; "
                + "choose a folder outside it")
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(FileName.native(path), nil) else { return nil }
        defer { free(pointer) }
        return FileName.decode(cString: pointer)
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(FileName.native(path), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `path` with its nearest existing ancestor resolved and the rest appended (`.` and `..`
    /// in the rest applied by name).
    private static func resolvedAllowingMissing(_ path: String) -> String? {
        var rest: [Substring] = []
        var head = path.isEmpty ? "." : path
        while true {
            if let base = resolved(head) {
                var parts = base.split(separator: "/", omittingEmptySubsequences: true)
                for part in rest.reversed() {
                    if part == "." || part.isEmpty { continue }
                    if part == ".." { _ = parts.popLast() } else { parts.append(part) }
                }
                return "/" + parts.joined(separator: "/")
            }
            guard let slash = head.lastIndex(of: "/") else {
                // The working folder itself cannot be resolved (removed): nothing to compare.
                if head == "." { return nil }
                rest.append(Substring(head))
                head = "."
                continue
            }
            rest.append(head[head.index(after: slash)...])
            head = slash == head.startIndex ? "/" : String(head[..<slash])
        }
    }

    /// The settable thresholds: name, range, and where each goes.
    static let settable:
        [(name: String, range: ClosedRange<Double>, set: @Sendable (inout FilmEventThresholds, Double) -> Void)] = [
            ("quiet", 0...1, { $0.quiet = $1 }), ("cut", 0...1, { $0.cut = $1 }),
            ("detail", 0...1, { $0.detail = $1 }), ("blank-detail", 0...1, { $0.blankDetail = $1 }),
            ("flat-tile", 0...1, { $0.flatTile = $1 }), ("blink", 0...1, { $0.blink = $1 }),
            ("blend-residual", 0...1, { $0.blendResidual = $1 }),
            ("mixture", 0...10, { $0.mixture = $1 }),
            ("smallest-blend", 0...1, { $0.smallestBlend = $1 }), ("blend-trim", 0...0.5, { $0.blendTrim = $1 }),
            ("gradual-frames", 2...1000, { $0.gradualFrames = Int($1) }),
            ("gradual-floor", 0...10, { $0.gradualFloor = $1 }),
            ("longest-blank", 1...1000, { $0.longestBlank = Int($1) }),
            ("chrome-band", 0...0.5, { $0.chromeBand = $1 }), ("bare-region", 0...1, { $0.bareRegion = $1 }),
            ("bare-change", 0...1, { $0.bareChange = $1 }),
            ("bare-colour", 0...1, { $0.bareColour = $1 }), ("bare-dark", 0...0.5, { $0.bareDark = $1 }),
            ("run-gap", 0...60_000, { $0.runGap = Int($1) }), ("fade-gap", 0...60_000, { $0.fadeGap = Int($1) }),
            ("stall-gap", 0...60_000, { $0.stallGap = Int($1) }),
            ("longest-flash", 0...60_000, { $0.longestFlash = Int($1) }),
            ("settle-gap", 0...60_000, { $0.settleGap = Int($1) }),
            ("late-motion", 0...86_400_000, { $0.lateMotion = Int($1) }),
            ("late-motion-step", 0...1, { $0.lateMotionStep = $1 }),
        ]

    /// The thresholds with `--thresholds NAME=VALUE,…` applied to the defaults.
    static func thresholds(_ text: String?) throws(ToolError) -> FilmEventThresholds {
        var thresholds = FilmEventThresholds()
        guard let text else { return thresholds }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let entry = settable.first(where: { $0.name == parts[0] }) else {
                throw .usage(
                    "The value '\(item)' is invalid for '--thresholds': expected NAME=VALUE with NAME one of "
                        + settable.map(\.name).joined(separator: ", "))
            }
            guard DecimalNumber.isPlainDecimal(parts[1].utf8), let value = Double(parts[1]), entry.range.contains(value)
            else {
                throw .usage(
                    "The value '\(parts[1])' is invalid for '\(entry.name)' in '--thresholds': expected a number in "
                        + "\(DecimalNumber.shortest(entry.range.lowerBound))…\(DecimalNumber.shortest(entry.range.upperBound))"
                )
            }
            entry.set(&thresholds, value)
        }
        return thresholds
    }
}
