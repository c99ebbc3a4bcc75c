import HingeKit

/// Options several commands share, declared once: their type, range and help come from here,
/// and a command only says what its default is when it has one.
extension HingeTool {
    /// `--rate`: rows (or grid points) per second. `read` and `unfold` print one row per sample
    /// without it; `animate`, `spring` and `plot reading` default to a 120 Hz display;
    /// `resample` and `smooth` require it.
    static let rateOption = CommandSpec.Option(
        ["--rate"], value: "hz", help: "Rows per second instead of one per sample.", in: 0.001...1_000_000)

    /// The display rate `animate`, `spring` and `plot reading` assume: a 120 Hz screen.
    static let displayRate = 120.0
}

extension HingeTool {
    /// `--out-dir`: the folder of a command that writes several files (`plot`, `demo`,
    /// `synth-film`). `--out`, its old spelling, is accepted with a deprecation note until the
    /// next minor release.
    static let outDirOption = CommandSpec.Option(
        ["--out-dir"], value: "dir", kind: .directory, help: "The folder to write into (created if missing)."
    ).replacing("--out")
}
