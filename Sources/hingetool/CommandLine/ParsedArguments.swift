import HingeKit

/// A command line after parsing: option values by key, flags, and positional arguments.
struct ParsedArguments: Sendable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    func value(_ key: String) -> String? { values[key] }
    func has(_ key: String) -> Bool { flags.contains(key) || values[key] != nil }
}
