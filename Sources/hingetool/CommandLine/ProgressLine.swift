/// A progress line for long work: written on standard error through the context's `progress`
/// (which the standard context shows only when standard error is a terminal), redrawn in
/// place, and erased when the work is done, so the shell's prompt never lands on it.
final class ProgressLine {
    private let context: ToolContext
    private var shown = false

    init(_ context: ToolContext) { self.context = context }

    /// Replaces the line with `text` (carriage return, the text, erase to the end of the line).
    func update(_ text: String) {
        context.progress("\r" + text + "\u{1B}[K")
        shown = true
    }

    /// Erases the line, if anything was shown.
    func finish() {
        guard shown else { return }
        context.progress("\r\u{1B}[K")
        shown = false
    }
}
