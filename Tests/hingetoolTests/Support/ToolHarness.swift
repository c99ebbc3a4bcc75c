import Foundation
import HingeKit
import HingeTestSupport

@testable import hingetool

/// What one in-process run of hingetool printed and returned.
struct ToolRun {
    var status: Int32
    var output: String
    var error: String
}

/// Runs hingetool in process, with `input` as standard input.
func runTool(_ arguments: [String], input: String = "") -> ToolRun {
    final class Sink: @unchecked Sendable {
        var error = ""
    }
    let sink = Sink()
    // Bytes gathered whole and decoded once at the end, as a terminal or a file sees them.
    let output = ByteCollector()
    let context = ToolContext(
        output: output.sink, writeError: { sink.error += $0 },
        openStandardInput: { () throws(FileByteSource.FileError) in InMemoryByteSource(Array(input.utf8)) })
    let status = HingeTool.run(arguments, context: context)
    return ToolRun(status: status, output: output.text, error: sink.error)
}
