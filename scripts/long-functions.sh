#!/usr/bin/env bash
# Lists the functions in Sources longer than LIMIT lines (default 60) that have no reason
# written beside them: a comment line starting `// Long:` or `/// Long:` in the doc comment or
# the lines just above the declaration. Exits 1 when one is found.
#   scripts/long-functions.sh [LIMIT]
set -euo pipefail
python3 - "${1:-60}" <<'PY'
import pathlib, re, sys
limit = int(sys.argv[1])
declaration = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|static|class|mutating|nonmutating|override|final|convenience|required|nonisolated)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b')
found = []
for path in sorted(pathlib.Path("Sources").rglob("*.swift")):
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        match = declaration.match(line)
        if not match:
            continue
        # The body: from the first '{' to its matching '}', strings and comments skipped roughly.
        depth, started, end = 0, False, None
        for index in range(number, len(lines)):
            text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[index].split("//")[0])
            for character in text:
                if character == "{":
                    depth += 1
                    started = True
                elif character == "}":
                    depth -= 1
            if started and depth <= 0:
                end = index
                break
            if not started and index > number + 12:
                break
        if end is None:
            continue
        length = end - number + 1
        if length <= limit:
            continue
        above = number - 1
        reason = False
        while above >= 0 and (lines[above].strip().startswith("//") or lines[above].strip().startswith("@")):
            if re.match(r'\s*///?\s*Long:', lines[above]):
                reason = True
            above -= 1
        if not reason:
            found.append(f"{path}:{number + 1}: {match.group(1)} is {length} lines (limit {limit}; write '// Long: why' above it)")
for line in found:
    print(line)
sys.exit(1 if found else 0)
PY
