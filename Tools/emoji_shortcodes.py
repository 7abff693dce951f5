"""Writes Sources/OutlineKit/Emoji/EmojiShortcodes+Table.swift: GitHub's emoji
shortcodes and the emoji each stands for.

The list is gemoji's, GitHub's own, as pymdown-extensions carries it (pymdownx.gemoji_db,
generated from gemoji's source); its version is pinned in Tests/Browser/requirements.txt.
`make emoji` runs this in the tests' virtual environment; a test fails when the Swift
file is not what this writes.

usage: emoji_shortcodes.py [OUTPUT]   (OUTPUT defaults to the Swift file; - for stdout)
"""
import os
import re
import sys

from pymdownx import gemoji_db

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUTPUT = os.path.join(ROOT, "Sources", "OutlineKit", "Emoji", "EmojiShortcodes+Table.swift")
NAME = re.compile(r":([a-z0-9_+-]+):")
CODE_POINTS = re.compile(r"[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*")


def entries():
    """Each shortcode's name and its emoji's code points in hexadecimal, joined by `-`,
    sorted by name: the fully qualified form (with U+FE0F) where gemoji gives one."""
    found = {}
    for code, data in gemoji_db.emoji.items():
        points = data.get("unicode_alt", data["unicode"])
        found[code] = points
    for alias, code in gemoji_db.aliases.items():
        found[alias] = found[code]
    table = []
    for code, points in sorted(found.items()):
        name = NAME.fullmatch(code)
        if not name or not CODE_POINTS.fullmatch(points):
            sys.exit(f"emoji_shortcodes.py: unexpected entry {code!r}: {points!r}")
        table.append((name.group(1), points))
    return table


def swift(table):
    lines = "\n".join(f"    {name} {points}" for name, points in table)
    return f"""// Written by Tools/emoji_shortcodes.py from gemoji {gemoji_db.version}; do not edit.

extension EmojiShortcodes {{
  /// GitHub's shortcodes, sorted, each with its emoji's code points in hexadecimal.
  static let table = \"\"\"
{lines}
    \"\"\"
}}
"""


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else OUTPUT
    text = swift(entries())
    if output == "-":
        sys.stdout.write(text)
    else:
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)


if __name__ == "__main__":
    main()
