internal import HingeSupport

/// ffmpeg's failure as one line a user can act on (issue 32): ffmpeg's messages mix the
/// stream listing, progress lines (`frame=  149 fps=…`) and its own advice ("Conversion
/// failed!", "Consider increasing the value for the 'analyzeduration'") with the one line
/// that says what went wrong; only that line reaches the user.
enum FFmpegMessage {
    /// The line that says what went wrong: the last line naming a failure, with ffmpeg's
    /// `[component @ 0x…] ` prefix removed and its `file:` prefix (``ChildProgram/Argument``)
    /// taken off the name; the last informative line when none names one; `nil` when ffmpeg
    /// printed nothing but listings and progress. Echo-escaped and at most `limit` characters.
    static func summary(_ lines: [String], limit: Int = 300) -> String? {
        let kept = lines.map(stripped).filter { !$0.isEmpty && !isNoise($0) }
        guard let chosen = kept.last(where: namesFailure) ?? kept.last else { return nil }
        return Echo.quoted(chosen, limit: limit)
    }

    /// ``summary(_:limit:)`` of bytes ffmpeg wrote (split at line ends and carriage returns).
    static func summary(bytes: [UInt8], limit: Int = 300) -> String? {
        let lines = bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).map {
            String(decoding: $0, as: UTF8.self)
        }
        return summary(lines, limit: limit)
    }

    /// The message of one line: `[h264 @ 0x55…] ` and `file:` taken off, blanks trimmed.
    static func stripped(_ line: String) -> String {
        var text = Substring(line)
        while text.first == "[", let close = text.firstIndex(of: "]"), text[..<close].contains(" @ ") {
            text = text[text.index(after: close)...].drop { $0 == " " }
        }
        if text.hasPrefix("file:") { text = text.dropFirst(5) }
        return text.trimmingCharacters(" \t")
    }

    /// Lines that never explain a failure: listings (indented), progress, banners and the
    /// generic advice ffmpeg prints after the real message.
    static func isNoise(_ text: String) -> Bool {
        let prefixes = [
            "frame=", "size=", "video:", "Input #", "Output #", "Stream mapping", "Stream #", "Press [q]",
            "Duration:", "Metadata:", "Conversion failed", "Exiting normally", "Consider increasing",
            "Error opening output files", "Error opening input files", "Error opening output file",
            "Error initializing output stream", "Side data:", "encoder ", "handler_name", "vendor_id",
            "major_brand", "minor_version", "compatible_brands", "creation_time", "Parsed_showinfo",
        ]
        return prefixes.contains { text.hasPrefix($0) } || text.contains("Parsed_showinfo")
    }

    static func namesFailure(_ text: String) -> Bool {
        let words = [
            "rror", "nvalid", "not found", "No such", "denied", "failed", "Unsupported", "unsupported", "corrupt",
            "Could not", "could not", "Cannot", "cannot", "missing", "Unknown", "unknown", "No space",
        ]
        return words.contains { text.contains($0) }
    }
}
