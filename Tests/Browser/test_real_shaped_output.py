"""The output of collapse on real-shaped documents, kept as checksums.

bench/generate.py writes documents shaped like real release notes, a README with its API
guides, and docs with raw HTML in a quarter of their blocks (the shapes `make bench`
measures, at 300 KB here). Work on speed must not change a byte of what collapse writes
for them: each output's SHA-256 is compared with real-shaped.sha256, written by the build
before that work. After a deliberate change of output, RECORD=1 writes the list anew and
fails, saying so; read what changed before accepting it.
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHECKSUMS = HERE / "real-shaped.sha256"
KINDS = ("release-notes", "guide", "markdown-html")
OUTPUTS = {
    "html": ["-t", "html", "--expand-all"],
    "html-unsafe": ["-t", "html", "--expand-all", "--unsafe"],
    "page": ["-s", "--lazy=never", "--depth", "1"],
    "markdown": ["-t", "markdown", "--depth", "2"],
    "json": ["-t", "json"],
    "text": ["--expand-all", "--width", "100"],
}


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    folder = tmp_path_factory.mktemp("real-shaped")
    paths = {}
    for kind in KINDS:
        path = folder / f"{kind}.md"
        subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), kind, "0.3", str(path)],
                       check=True)
        paths[kind] = path
    return paths


def digests(collapse, documents):
    found = {}
    for kind, path in documents.items():
        for name, flags in OUTPUTS.items():
            result = subprocess.run([str(collapse), *flags, str(path)], capture_output=True, check=True)
            found[f"{kind} {name}"] = hashlib.sha256(result.stdout).hexdigest()
    return found


def test_outputs_of_real_shaped_documents_are_unchanged(collapse, documents):
    found = digests(collapse, documents)
    assert len(found) == len(KINDS) * len(OUTPUTS)
    if os.environ.get("RECORD"):
        CHECKSUMS.write_text("".join(f"{digest}  {name}\n" for name, digest in sorted(found.items())))
        pytest.fail(f"RECORD: wrote {CHECKSUMS.name} anew; read `git diff` before accepting it")
    kept = dict(reversed(line.split("  ", 1)) for line in CHECKSUMS.read_text().splitlines())
    assert sorted(kept) == sorted(found), "the list names other outputs than the test makes"
    changed = [name for name in sorted(found) if found[name] != kept[name]]
    assert not changed, f"outputs changed: {', '.join(changed)}"


def test_the_documents_are_shaped_as_their_profiles_say(documents):
    """The inputs hold what makes real documents slow: many sections, raw anchors, inline
    code with `<` and `&`, links; a checksum of too plain an input would prove little."""
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
