// fuzz-target: argument_parser
// fuzz-sources: Sources/hingetool/CommandLine/ArgumentParser.swift
// fuzz-sources: Sources/hingetool/CommandLine/CommandSpec.swift
// fuzz-sources: Sources/hingetool/CommandLine/ParsedArguments.swift
// fuzz-sources: Sources/hingetool/CommandLine/UsageError.swift
// fuzz-sources: Sources/hingetool/CommandLine/HelpFormatter.swift
// fuzz-sources: Sources/hingetool/CommandLine/ValueKind.swift
// fuzz-sources: Sources/hingetool/CommandLine/ShellWord.swift

@testable import HingeKit

/// libFuzzer target: hingetool's argument parser and help formatter fed arbitrary command
/// lines against a spec with every kind of option (flags, values, a closed list of values,
/// `-o`), a required, an optional and a repeating argument. Parsing must never crash; a parse
/// that succeeds holds only declared keys, flags without values, values for options that take
/// one, and (unless it asks for help or the version) a permitted number of positionals; an error message is bounded by the input (no
/// echo grows beyond what was typed plus a fixed text).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArgumentParser(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let repeating = input.byte() & 1 == 0
    let spec = CommandSpec(
        name: "fuzz", abstract: "A command with every kind of option.",
        arguments: [
            CommandSpec.Argument("first", help: "Required."),
            CommandSpec.Argument("second", help: "Optional.", optional: true, repeating: repeating),
        ],
        options: [
            CommandSpec.Option(["--rate"], value: "hz", help: "A number.", default: "60"),
            CommandSpec.Option(["--flag"], help: "A flag."),
            CommandSpec.Option(["--mode"], value: "mode", help: "One of a list.", allowed: ["one", "two"]),
            CommandSpec.Option(["-o", "--output"], value: "file", help: "A file."),
        ])
    // Arguments: the bytes split at 0x00, each decoded as UTF-8 (invalid bytes become U+FFFD,
    // as CommandLine.arguments does on Linux).
    var arguments: [String] = []
    var current: [UInt8] = []
    while !input.isEmpty {
        let byte = input.byte()
        if byte == 0 {
            arguments.append(String(decoding: current, as: UTF8.self))
            current = []
        } else {
            current.append(byte)
        }
    }
    arguments.append(String(decoding: current, as: UTF8.self))
    trace("parse(\(arguments))")
    let typed = arguments.reduce(0) { $0 + $1.utf8.count }
    do {
        let parsed = try ArgumentParser.parse(arguments, for: spec)
        let keys = Set(spec.options.map(\.key))
        for (key, _) in parsed.values {
            check(keys.contains(key), "undeclared key \(key)")
            check(spec.options.first { $0.key == key }?.valueName != nil, "a value for the flag \(key)")
        }
        for key in parsed.flags { check(key == "flag", "a flag for the option \(key)") }
        if let mode = parsed.value("mode") { check(mode == "one" || mode == "two", "mode \(mode) accepted") }
        // --help and --version answer whatever else is on the line, as swift-argument-parser's do.
        if !parsed.wantsHelp, !parsed.wantsVersion {
            check(!parsed.positionals.isEmpty, "the required argument is missing")
            check(repeating || parsed.positionals.count <= 2, "\(parsed.positionals.count) positionals")
        }
    } catch {
        check(!error.message.isEmpty, "an empty message")
        check(error.message.utf8.count <= 2 * typed + 400, "a message of \(error.message.utf8.count) bytes")
    }
    let help = HelpFormatter.help(for: spec, path: ["hingetool", "fuzz"])
    check(help.contains("USAGE:"), "help without usage")
    return 0
}
