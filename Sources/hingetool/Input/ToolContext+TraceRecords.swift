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
    /// - Complexity: O(rows); no row is kept here.
    func readRecords(
        of reader: TraceReader, rowLimit: Int? = nil, listsSkippedRows: Bool = true,
        _ body: (TraceRecord) throws(ToolError) -> Void
    ) throws(ToolError) {
        var plausibility = TracePlausibility()
        var rows = 0
        while true {
            let next: TraceRecord?
            do {
                next = try reader.next()
            } catch {
                throw .trace(error)
            }
            guard let record = next else { break }
            rows += 1
            if let rowLimit {
                try HingeTool.checkRowCount(rows, limit: rowLimit, file: reader.fileName ?? "<stdin>")
            }
            plausibility.add(record.sample)
            try body(record)
        }
        if listsSkippedRows { reportSkipped(reader) }
        warn(plausibility, reader: reader)
    }
}
