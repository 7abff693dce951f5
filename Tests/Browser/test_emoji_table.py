"""The emoji shortcodes in the source are what Tools/emoji_shortcodes.py writes from
gemoji's list, as the pinned pymdown-extensions carries it: never edited by hand, never
behind the list."""

import subprocess
import sys

from conftest import ROOT

TABLE = ROOT / "Sources" / "OutlineKit" / "Emoji" / "EmojiShortcodes+Table.swift"


def test_the_emoji_table_is_what_the_script_writes():
    written = subprocess.run([sys.executable, str(ROOT / "Tools" / "emoji_shortcodes.py"), "-"],
                             capture_output=True, check=True, text=True).stdout
    assert written.count("\n") > 1800
    assert written == TABLE.read_text(encoding="utf-8"), "run `make emoji` and read the diff"


def test_the_table_has_githubs_names_for_what_people_write():
    from pymdownx import gemoji_db

    lines = dict(line.split() for line in TABLE.read_text(encoding="utf-8").splitlines()
                 if line.startswith("    ") and len(line.split()) == 2)
    for name in ["tada", "white_check_mark", "+1", "thumbsup", "rocket", "warning", "bug"]:
        assert f":{name}:" in gemoji_db.emoji or f":{name}:" in gemoji_db.aliases
        assert name in lines
    assert lines["tada"] == "1f389" and lines["thumbsup"] == lines["+1"] == "1f44d"
