"""`-t markdown` as GitHub reads it: rendered by cmark-gfm with GitHub's extensions and
raw HTML kept, then parsed by an HTML5 parser as a browser parses it. Every section and
every file must keep its place: a block left open at the end of one section must not
swallow the `</details>` after it, the sections that follow, or the next file.
"""

import json
import shutil
import subprocess

import html5lib
import pytest

from conftest import ROOT, require

# GitHub's extensions, tagfilter among them, as GitHub renders a comment or a summary.
GITHUB = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter",
          "-e", "tasklist", "-e", "footnotes", "--unsafe"]

# What a section may end with: blocks a blank line does not end (fences, raw HTML of the
# kinds CommonMark ends only by a marker), some left open and some closed, in every way
# the parser tells them apart, and blocks inside containers.
ENDINGS = {
    "fence closed by a line indented 4 spaces, which does not close it":
        "```\nmake: ok\n    ```",
    "fence closed by a line indented 3 spaces": "```\nmake: ok\n   ```",
    "fence closed by a tab-indented line, which does not close it": "```\nx\n\t```",
    "fence left open": "```sh\nmake",
    "tilde fence closed by a shorter one, which does not close it": "~~~~\ncode\n~~~",
    "backtick fence closed by tildes, which does not close it": "```\ncode\n~~~",
    "long fence with a shorter run inside": "`````\n```\n````",
    "fence with trailing text after the closer, which does not close it":
        "```\ncode\n``` not a closer",
    "indented fence, closed": "  ~~~\ncode\n  ~~~",
    "backticks in the info string: not a fence": "``` a ` b\ncode",
    "pre left open": "<pre>\nx\n\ny",
    "pre with </textarea>, which ends it in cmark 0.30 but not on GitHub":
        "<pre>\nx\n</textarea>\n\nmore",
    "script left open": "<script>\nvar x = 1;",
    "style left open": "<style>\np {}",
    "comment left open": "<!-- note\n\nstill a comment",
    "processing instruction left open": "<?php\necho 1;",
    "declaration left open": "<!DOCTYPE html\nx",
    "CDATA left open": "<![CDATA[\nx",
    "pre closed on its line": "<pre>x</pre>",
    "div, which a blank line ends": "<div>\nx",
    "textarea, which a blank line ends on GitHub": "<textarea>\nx",
    "fence in a block quote": "> ```\n> code",
    "fence in a list item": "- ```\n  code",
    "fence in a footnote": "See[^1].\n\n[^1]: note\n\n    ```\n    code",
    "table": "| a | b |\n|---|---|\n| 1 | 2",
    "task list": "- [x] done\n- [ ] todo",
    "no line end at the end": "```\ncode",
}


def run(command, cwd_override=None, **kwargs):
    result = subprocess.run(command, capture_output=True, cwd=cwd_override or ROOT, check=False,
                            **kwargs)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def tree(element, depth=0, found=None):
    """The `<details>` elements under `element`: (depth, summary text) in document order."""
    found = [] if found is None else found
    for child in element:
        if not isinstance(child.tag, str):
            continue
        name = child.tag.split("}")[-1]
        if name == "details":
            summary = next((c for c in child if isinstance(c.tag, str)
                            and c.tag.split("}")[-1] == "summary"), None)
            text = "".join(summary.itertext()).strip() if summary is not None else ""
            found.append((depth, text))
            tree(child, depth + 1, found)
        else:
            tree(child, depth, found)
    return found


def outline(node, depth=0, found=None):
    """The sections of collapse's JSON outline: (depth, title) in document order."""
    found = [] if found is None else found
    for child in node["children"]:
        found.append((depth, child["title"]))
        outline(child, depth + 1, found)
    return found


def owner_of(document, text):
    """The summary of the innermost `<details>` whose own text holds `text`, and whether
    the text stands in code (where a swallowed document would end up)."""
    for element in document.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag.split("}")[-1] not in ("p", "li", "strong"):
            continue
        if text in "".join(element.itertext()):
            return element
    return None


@pytest.fixture(scope="module")
def cmark_gfm():
    require(shutil.which("cmark-gfm"), "cmark-gfm (Debian package cmark-gfm)")
    return shutil.which("cmark-gfm")


@pytest.mark.parametrize("name", sorted(ENDINGS))
@pytest.mark.parametrize("arguments", [[], ["--collapse-all", "--toc"]],
                         ids=["expanded", "collapsed"])
def test_sections_and_files_keep_their_place(collapse, cmark_gfm, tmp_path, name, arguments):
    first = tmp_path / "a.md"
    second = tmp_path / "b.md"
    first.write_text("# Build log\n\nstarted\n\n## Step\n\n" + ENDINGS[name] +
                     ("" if name == "no line end at the end" else "\n"))
    second.write_text("# Test results\n\n**3 failures**\n\n## Failing\n\n- one\n")
    files = [str(first), str(second)]
    markdown = run([str(collapse), "-t", "markdown", *arguments, *files])
    html = run([cmark_gfm, *GITHUB], input=markdown).decode()
    document = html5lib.parse(html, namespaceHTMLElements=False)

    wanted = outline(json.loads(run([str(collapse), "-t", "json", *files])))
    shown = tree(document)
    if "--toc" in arguments:
        # The table of contents is a details block of its own, first.
        assert shown[0] == (0, "Contents"), html
        shown = shown[1:]
    assert [depth for depth, _ in shown] == [depth for depth, _ in wanted], html
    # A summary holds its title and, when closed, what the section hides.
    for (_, summary), (_, title) in zip(shown, wanted):
        assert summary.startswith(title), html

    # The second file's text is where it belongs: in its own section, not in code.
    failures = owner_of(document, "3 failures")
    assert failures is not None, html
    ancestors = []
    parents = {child: parent for parent in document.iter() for child in parent}
    cursor = failures
    while cursor is not None:
        ancestors.append(cursor.tag)
        cursor = parents.get(cursor)
    assert "pre" not in ancestors and "code" not in ancestors, html
    assert ancestors.count("details") == 2, html


def test_the_check_notices_a_swallowed_file(cmark_gfm):
    """The same markdown with the closing line taken out puts the second file in code."""
    broken = ("<details open>\n<summary>a.md</summary>\n\n```\nx\n    ```\n\n</details>\n\n"
              "<details open>\n<summary>b.md</summary>\n\n**3 failures**\n\n</details>\n")
    html = run([cmark_gfm, *GITHUB], input=broken.encode()).decode()
    document = html5lib.parse(html, namespaceHTMLElements=False)
    assert tree(document) == [(0, "a.md")]
    assert owner_of(document, "3 failures") is None


def test_a_file_name_cannot_break_the_footer(collapse, cmark_gfm, tmp_path):
    """A file name with a blank line and `<!--` in it, quoted in the `--max-bytes` footer,
    must not end its code span and open a comment that hides what a CI job appends."""
    name = "notes\n\n<!--.md"
    body = "# Build\n\nline one\n\n" + "".join(
        f"## Detail {i}\n\n" + "lots of words here to fill it up and more\n" * 5 + "\n"
        for i in range(20))
    (tmp_path / name).write_text(body)
    other = tmp_path / "b <!--.md"
    other.write_text("# Other\n\ntext\n")
    markdown = run([str(collapse), "-t", "markdown", "--max-bytes", "1500", name, other.name],
                   cwd_override=tmp_path)
    summary = markdown + b"\n\nappended by CI\n"
    html = run([cmark_gfm, *GITHUB], input=summary).decode()
    document = html5lib.parse(html, namespaceHTMLElements=False)
    paragraphs = ["".join(p.itertext()) for p in document.iter("p")]
    assert "appended by CI" in paragraphs, html
    # The footer's command, on one line, reads back as the file's name in bash.
    code = [c for c in document.iter("code") if "collapse" in "".join(c.itertext())]
    assert code, html
    command = "".join(code[-1].itertext())
    assert "$'notes\\n\\n<!--.md'" in command, command
    # Each file is a section of its own, its name shown as text.
    assert [summary for _, summary in tree(document)][:1] == ["notes  <!--.md"], html


def test_a_centred_opening_stays_centred_on_github(collapse, cmark_gfm):
    """The Markdown for GitHub of a README whose `<div align="center">` holds its top
    heading opens the division again in that section, so that GitHub centres the tagline
    and badges as it does the document's; the sections after its end are not centred and
    one in a right-aligned division is aligned right."""
    source = ROOT / "Tests" / "Documents" / "centred-readme.md"
    markdown = run([str(collapse), "-t", "markdown", str(source)])
    document = html5lib.parse(run([cmark_gfm, *GITHUB], input=markdown).decode(),
                              namespaceHTMLElements=False)
    parents = {child: parent for parent in document.iter() for child in parent}

    def alignment(text):
        element = owner_of(document, text)
        assert element is not None, text
        while element is not None and element.get("align") is None:
            element = parents.get(element)
        return None if element is None else element.get("align")

    assert alignment("A fast, friendly task runner") == "center"
    assert alignment("Made possible by the people") == "right"
    assert alignment("Runs each package's tasks") is None
    assert alignment("MIT © tern contributors") is None
    titles = [title for _, title in tree(document)]
    assert titles[:2] == ["tern", "Features"], titles


def test_a_linked_title_toggles_on_github_and_keeps_its_link(collapse, cmark_gfm, browser,
                                                             tmp_path):
    """A changelog's `## [1.8.2] - 2026-06-04`, written for GitHub and rendered as GitHub
    renders it: a click on the title opens its section instead of following the link,
    which stays beside the title."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    source = ("# Changelog\n\n## [1.8.2] - 2026-06-04\n\n- Fixed a thing.\n\n"
              "[1.8.2]: https://example.org/compare/v1.8.1...v1.8.2\n")
    markdown = run([str(collapse), "-t", "markdown", "--depth", "1", "-"],
                   input=source.encode())
    page = tmp_path / "summary.html"
    page.write_bytes(b"<!DOCTYPE html><meta charset=utf-8><title>x</title>"
                     + run([cmark_gfm, *GITHUB], input=markdown))
    browser.get(page.as_uri())
    title = browser.find_element(By.XPATH, "//summary[contains(., '2026-06-04')]")
    assert title.text.startswith("1.8.2 - 2026-06-04")
    ActionChains(browser).move_to_element_with_offset(
        title, -title.size["width"] // 2 + 30, 0).click().perform()
    assert browser.current_url == page.as_uri()
    assert browser.find_element(By.XPATH, "//li[contains(., 'Fixed a thing')]").is_displayed()
    links = title.find_elements(By.CSS_SELECTOR, "a[href]")
    assert [link.get_attribute("href") for link in links] == [
        "https://example.org/compare/v1.8.1...v1.8.2"]
