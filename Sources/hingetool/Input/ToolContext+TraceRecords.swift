import HingeKit

extension ToolContext {
    /// Reads every record of `reader` into `body`: the one loop through which every command
    /// that reads a trace takes its rows, so that each handles errors, limits and warnings the
    /// same way.
    ///
    /// - A malformed row stops the reading with the reader's located error (``ToolError/trace(_:)``,
    ///   `file:line:column: message`); an error `body` throws passes unchanged.
    /// - With `rowLimit`, the rows are counted as they arrive and the one past the limit is
    ///   refused before `body` sees it (``HingeTool/checkRowCount(_:limit:file:)``), so a
    ///   command that keeps its rows stops at `--max-rows` instead of filling memory.
    /// - Once the trace is read: the rows `--skip-bad-rows` left out (unless `listsSkippedRows`
    ///   is false, for a command whose own report lists them), then the plausibility warnings
    ///   (``warn(_:reader:)``; none under `--quiet`), on standard error.
    ///
    /// - A file is parsed on a second thread a few batches ahead (``RecordPrefetch``); standard
    ///   input, which may be a live stream, row by row on this one. Either way `body` sees the
    ///   same records in the same order, and the same error after the last good row.
    ///
    /// - Complexity: O(rows); at most a few batches of rows are held (``RecordPrefetch``).
    func readRecords(
        of reader: TraceReader, rowLimit: Int? = nil, listsSkippedRows: Bool = true,
        _ body: (TraceRecord) throws(ToolError) -> Void
    ) throws(ToolError) {
        var plausibility = TracePlausibility()
        var rows = 0
        func take(_ record: TraceRecord) throws(ToolError) {
            rows += 1
            if let rowLimit {
                try HingeTool.checkRowCount(rows, limit: rowLimit, file: reader.fileName ?? "<stdin>")
            }
            plausibility.add(record.sample)
            try body(record)
        }
        if reader.fileName == nil || reader.fileName == Self.displayName("-") {
            // A stream: each row as soon as it arrives.
            while true {
                let next: TraceRecord?
                do {
                    next = try reader.next()
                } catch {
                    throw .trace(error)
                }
                guard let record = next else { break }
                try take(record)
            }
        } else {
            // A file: parsed on a second thread while this one uses the rows (RecordPrefetch).
            let prefetch = RecordPrefetch(reader)
            while true {
                let batch = prefetch.next()
                do {
                    for record in batch.records { try take(record) }
                } catch {
                    prefetch.stop()
                    throw error
                }
                if case .failed(let error) = batch.end { throw .trace(error) }
                if batch.end != nil { break }
            }
        }
        if listsSkippedRows { reportSkipped(reader) }
        warn(plausibility, reader: reader)
    }
}
