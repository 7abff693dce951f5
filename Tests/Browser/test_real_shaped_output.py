"""The output of collapse on real-shaped documents, kept as files to read.

bench/generate.py writes documents shaped like real release notes, a README with its API
guides, and docs with raw HTML in a quarter of their blocks (the shapes `make bench`
measures). Tests/RealShaped holds an excerpt of each, a few of its sections chosen so that
every kind of block the generator writes is there, and beside it, in a folder of the same
name, what collapse writes for it in every output format, the drawn view included. Work
on speed must not change a byte of what collapse writes: each output is compared byte for
byte with its file, and a difference is shown as a diff. After a deliberate change of
output, RECORD=1 writes the files anew and fails, saying so; read `git diff` before
accepting them.

A page carries its style sheet and scripts as they are in Sources/OutlineKit/Page, and
the parts of highlight.js, as Debian ships it, that its code needs. The kept page names
each of those in a comment instead, so that it stays small enough to read; the comment
stands for that text only when the page holds it byte for byte.
"""

import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
KEPT = ROOT / "Tests" / "RealShaped"
PAGE = ROOT / "Sources" / "OutlineKit" / "Page"
HIGHLIGHTING = ROOT / "Sources" / "OutlineKit" / "Highlighting"
HIGHLIGHT = Path("/usr/share/javascript/highlight.js/highlight.min.js")
KINDS = ("release-notes", "guide", "markdown-html")
# Each output's file name, and the flags that make it.
OUTPUTS = {
    "html.html": ["-t", "html", "--expand-all"],
    "html-unsafe.html": ["-t", "html", "--expand-all", "--unsafe"],
    "page.html": ["-s", "--lazy=never", "--depth", "1"],
    "markdown.md": ["-t", "markdown", "--depth", "2"],
    "json.json": ["-t", "json"],
    "text.txt": ["--expand-all", "--width", "100"],
    "drawn.txt": ["--expand-all", "--width", "100", "--render=always"],
    "drawn-colour.txt": ["--expand-all", "--width", "100", "--render=always", "--color=always"],
}
# The same terminal for every run: colours are chosen by what it says it shows.
ENVIRONMENT = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
               "TERM": "xterm-256color"}
LANGUAGES_MARKER = "/* highlight.js and the page's languages */\n"


def folded(page):
    """The page with its style sheet, its scripts and the parts of highlight.js each
    replaced by a comment that names it, where the page holds that text byte for byte."""
    text = page.decode("utf-8")
    colouring = (HIGHLIGHTING / "colouring.js").read_text(encoding="utf-8")
    cut = colouring.index(LANGUAGES_MARKER) + len(LANGUAGES_MARKER)
    for name, part in [("page.css", (PAGE / "page.css").read_text(encoding="utf-8")),
                       ("page.js", (PAGE / "page.js").read_text(encoding="utf-8")),
                       ("colouring.js, to where the languages go", colouring[:cut]),
                       ("colouring.js, after the languages", colouring[cut:])]:
        text = text.replace(part, f"/* {name} */\n", 1)
    bundle = HIGHLIGHT.read_text(encoding="utf-8") if HIGHLIGHT.is_file() else ""
    lines = []
    for line in text.split("\n"):
        if line.startswith("var hljs=") and line in bundle:
            line = f"/* {HIGHLIGHT.name}: the core */"
        elif line.startswith('hljs.registerLanguage("') and line in bundle:
            line = f"/* {HIGHLIGHT.name}: {line.split(',', 1)[0]}, …) */"
        lines.append(line)
    return "\n".join(lines).encode("utf-8")


def output(collapse, kind, name):
    result = subprocess.run([str(collapse), *OUTPUTS[name], str(KEPT / f"{kind}.md")],
                            capture_output=True, check=True, cwd=ROOT, env=ENVIRONMENT)
    return folded(result.stdout) if name == "page.html" else result.stdout


@pytest.mark.parametrize("name", OUTPUTS)
@pytest.mark.parametrize("kind", KINDS)
def test_outputs_of_real_shaped_documents_are_unchanged(collapse, kind, name):
    found = output(collapse, kind, name)
    path = KEPT / kind / name
    if os.environ.get("RECORD"):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(found)
        pytest.fail(f"RECORD: wrote {path.relative_to(ROOT)} anew; read `git diff` before "
                    "accepting it")
    kept = path.read_bytes()
    if found != kept:
        diff = difflib.unified_diff(
            kept.decode("utf-8", "backslashreplace").splitlines(keepends=True),
            found.decode("utf-8", "backslashreplace").splitlines(keepends=True),
            str(path.relative_to(ROOT)), "what collapse writes now")
        pytest.fail("".join(diff) or "the bytes differ, not the lines", pytrace=False)


def test_every_kept_output_is_tested():
    kept = sorted(str(path.relative_to(KEPT)) for path in KEPT.glob("*/*"))
    assert kept == sorted(f"{kind}/{name}" for kind in KINDS for name in OUTPUTS)


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """The generator's documents whole, at 300 KB, as `make bench` measures them."""
    folder = tmp_path_factory.mktemp("real-shaped")
    paths = {}
    for kind in ("release-notes", "guide"):
        path = folder / f"{kind}.md"
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), kind, "0.3", str(path)],
                       check=True)
        paths[kind] = path
    return paths


def test_the_documents_are_shaped_as_their_profiles_say(documents):
    """The inputs hold what makes real documents slow: many sections, raw anchors, inline
    code with `<` and `&`, links; a test of too plain an input would prove little."""
    profile = subprocess.run([sys.executable, str(ROOT / "bench" / "profile.py"),
                              str(documents["release-notes"]), str(documents["guide"])],
                             capture_output=True, text=True, check=True).stdout
    lines = profile.splitlines()
    per_kb = {}
    for name, counts in zip(lines[0::2], lines[1::2]):
        fields = dict(part.rsplit(" ", 1) for part in counts.split(": ", 1)[1].split(", "))
        per_kb[Path(name.split(":")[0]).stem] = {key: float(value) for key, value in fields.items()}
    notes, guide = per_kb["release-notes"], per_kb["guide"]
    assert notes["headings"] > 0.9 and notes["raw anchors"] > 0.2 and notes["links"] > 6
    assert notes["inline code with < or &"] > 0.4
    assert guide["code blocks"] > 0.3 and guide["tables"] > 0.05 and guide["alerts"] > 0.05
    assert guide["raw HTML blocks"] > 0.3 and guide["raw anchors"] > 0.2
