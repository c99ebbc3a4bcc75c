// Fails when a public symbol of a module has no documentation comment.
//
// Usage: swift scripts/DocCoverage.swift Module.symbols.json
// Members that satisfy a standard protocol requirement (hash(into:), description, …) and
// compiler-synthesised members inherit their documentation and are not counted.

import Foundation

let inherited: Set<String> = [
    "hash(into:)", "hashValue", "==(_:_:)", "!=(_:_:)", "init(from:)", "encode(to:)", "init(rawValue:)",
    "rawValue", "description", "next()", "read(into:)", "allCases", "makeIterator()", "testDescription",
]
let path = CommandLine.arguments[1]
let data = try Data(contentsOf: URL(fileURLWithPath: path))
let graph = try JSONSerialization.jsonObject(with: data) as! [String: Any]
let symbols = graph["symbols"] as! [[String: Any]]
var missing: [String] = []
for symbol in symbols where symbol["accessLevel"] as? String == "public" {
    let components = symbol["pathComponents"] as? [String] ?? []
    guard let name = components.last, !inherited.contains(name) else { continue }
    if symbol["docComment"] == nil { missing.append(components.joined(separator: ".")) }
}
if missing.isEmpty {
    print("docs: every public symbol of \(path.split(separator: "/").last ?? "") is documented (\(symbols.count) symbols)")
} else {
    print("docs: \(missing.count) public symbols have no documentation comment:")
    for name in missing.sorted() { print("  \(name)") }
    exit(1)
}
