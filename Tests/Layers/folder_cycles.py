"""Fails when two folders of Sources/OutlineKit use each other.

A folder uses another when a file in it names a type, or calls a free function, declared
at the top level of a file in the other: `name(…)`, or `name { … }` with a trailing closure. Comments and string literals are left out. The
folders must form layers: follow the uses from any folder and you never come back to it.

usage: folder_cycles.py [ROOT]   (ROOT defaults to the repository this file is in)
       folder_cycles.py --self-test   (checks what counts as a use, on small examples,
                                       as every run does first)
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
LIBRARY = os.path.join(ROOT, "Sources", "OutlineKit")
DECLARATION = re.compile(
    r"^(?:public |internal |final |indirect )*(?:struct|class|enum|protocol|typealias|actor)"
    r"\s+(\w+)|^(?:public |internal )*func (\w+)", re.M)
COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"', re.S)


def call_pattern(name):
    """A call of the free function `name`: its arguments in parentheses, or a trailing
    closure alone (`name { … }`), but not its declaration, nor a property of that name
    before a block (`if text.isBlank {`)."""
    name = re.escape(name)
    return r"(?<!func )\b%s\(|(?<![\w.])%s\s*\{" % (name, name)


def self_test():
    calls = ["x = f(1)", "f { 1 }", "let s = f{ 2 }", "  f\n{", "return f {"]
    others = ["g { }", "ff { }", "xf(1)", "func f() {", "var f = 1", "f.x { }", "if a.f {"]
    pattern = re.compile(call_pattern("f"))
    wrong = [text for text in calls if not pattern.search(text)]
    wrong += [text for text in others if pattern.search(text)]
    if wrong:
        sys.exit("folder_cycles.py miscounts uses in: " + ", ".join(map(repr, wrong)))
    return f"folder_cycles.py: {len(calls)} calls and {len(others)} non-calls told apart"


def sources():
    for folder in sorted(os.listdir(LIBRARY)):
        path = os.path.join(LIBRARY, folder)
        if not os.path.isdir(path):
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(".swift"):
                with open(os.path.join(path, name), encoding="utf-8") as file:
                    yield folder, name, file.read()


def main():
    self_test()
    files = list(sources())
    declared = {}
    for folder, _, text in files:
        for match in DECLARATION.finditer(COMMENT_OR_STRING.sub("", text)):
            if match.group(1):
                declared.setdefault(match.group(1), (folder, r"\b%s\b" % match.group(1)))
            else:
                declared.setdefault(match.group(2) + "(", (folder, call_pattern(match.group(2))))
    uses = {}
    for folder, name, text in files:
        code = COMMENT_OR_STRING.sub("", text)
        for symbol, (home, pattern) in declared.items():
            if home != folder and re.search(pattern, code):
                uses.setdefault(folder, {}).setdefault(home, []).append(f"{name} uses {symbol.rstrip('(')}")
    # A cycle is a path of uses that comes back to where it started.
    state = {}
    path = []

    def visit(folder):
        state[folder] = "open"
        path.append(folder)
        for used in sorted(uses.get(folder, {})):
            if state.get(used) == "open":
                cycle = path[path.index(used):] + [used]
                steps = [f"  {a} -> {b}: {uses[a][b][0]}" for a, b in zip(cycle, cycle[1:])]
                sys.exit("folders of Sources/OutlineKit use each other:\n" + "\n".join(steps))
            if used not in state:
                visit(used)
        path.pop()
        state[folder] = "done"

    for folder in sorted({folder for folder, _, _ in files}):
        if folder not in state:
            visit(folder)


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        print(self_test())
    else:
        main()
