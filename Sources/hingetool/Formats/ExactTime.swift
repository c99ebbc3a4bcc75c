/// Times as exact decimal text.
enum ExactTime {
    /// `nanoseconds` as seconds in plain decimal without trailing zeros: 3 → `0.000000003`,
    /// 268003965013815 → `268003.965013815`, 2000000000 → `2`.
    static func seconds(nanoseconds: Int64) -> String {
        let negative = nanoseconds < 0
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        var fraction = String(magnitude % 1_000_000_000)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
