"""`-t markdown` of sections whose raw HTML is left open inside a tag, an attribute value,
a comment or foreign content (`<svg>`, `<math>`), as GitHub shows it: rendered by
cmark-gfm with GitHub's extensions and raw HTML kept, then parsed by an HTML5 parser as
a page. Every section's `<details>` must stand in its parent section's, and its title
must be text that shows, not part of an attribute, a comment or an `<svg>`.

The snippets are each form of HTML left open crossed with the places a section's HTML
stands in: a paragraph before a subsection, a list, a block quote, a table cell, and the
very end of a section before its subsection's heading; then foreign content followed by
each form. Each is read by html5lib and by Chromium, whose parser runs with scripts on.
"""

import json
import shutil
import subprocess

import html5lib
import pytest

from conftest import ROOT, require

# As GitHub renders a README, a comment or a job summary.
GITHUB = ["--unsafe", "-e", "tagfilter", "-e", "table", "-e", "autolink", "-e",
          "strikethrough"]

# Tokens left unfinished: a start tag in each of the tokenizer's tag states, a comment, a
# bogus comment, a doctype, a CDATA section. A tag without its `>` is raw HTML only as
# the start of an HTML block; a comment is open only inside one.
UNFINISHED = {
    "double-quoted value": '<div title="',
    "double-quoted value with text": '<div class="note" title="Needs Node 18',
    "single-quoted value": "<div title='",
    "single-quoted value holding a double quote": "<div title='say \"hi",
    "unquoted value": "<div a=b",
    "unquoted value starting with a backtick": "<div title=`",
    "before a value": "<div a=",
    "attribute name": "<div hidden",
    "tag name": "<div",
    "after a quoted value": '<div a="x"',
    "self-closing slash": "<div /",
    "table start tag": "<table class='wide",
    "details start tag": '<details open title="',
    "comment in a block": "<div>\n<!-- note",
    "comment ending in --!": "<div>\n<!-- note --!",
    "bogus comment": "<div>\n<? processing",
    "end tag without a name": "<div>\n</ x",
    "doctype": "<div>\n<!DOCTYPE html PUBLIC \"x",
    "CDATA in svg": "<div><svg>\n<![CDATA[ data",
}

# Foreign content left open, where the parser stands elsewhere than the elements say.
FOREIGN = {
    "mglyph after a table in mtext": "<math><mtext><table><mglyph>",
    "noscript in mtext": "<math><mtext><noscript>",
    "table after a title in svg": "<svg><title><table>",
    "details in foreignObject": "<div><svg><foreignObject><details>",
    "div in svg desc": "<svg><desc><div>",
    "div in annotation-xml": '<math><annotation-xml encoding="text/html"><div>',
    "list in foreignObject": "<div><svg><g><foreignObject><ul><li>",
    "cell in mi": "<math><mi><table><tr><td>",
    "svg left open": "<svg><g><circle r=1>",
}

SNIPPETS = {**{f"unfinished {k}": v for k, v in UNFINISHED.items()},
            **{f"foreign {k}": v for k, v in FOREIGN.items()}}

# Foreign content left open, then any of them: where the parser stands after the first
# decides what closes the second.
PAIRS = {f"{first} then {second}": FOREIGN[first] + "\n" + SNIPPETS[second]
         for first in FOREIGN for second in SNIPPETS}


def indented(snippet, prefix):
    return "\n".join(prefix + line for line in snippet.split("\n"))


# Where a snippet stands: the document around it, `{}` its place.
CONTEXTS = {
    "paragraph before a subsection":
        lambda s: f"{s}\n\nsome text\n\n## Child\n\nchild words\n",
    "list": lambda s: f"- first\n\n{indented(s, '  ')}\n\n  more\n- second\n\n## Child\n\nwords\n",
    "block quote": lambda s: f"{indented(s, '> ')}\n>\n> quoted\n\n## Child\n\nwords\n",
    "table cell": lambda s: ("| a | b |\n|---|---|\n| " + s.replace("\n", " ") +
                             " | x |\n\n## Child\n\nwords\n"),
    "section end before a child heading": lambda s: f"{s}\n\n## Child\n\nwords\n",
}

DOCUMENTS = ["html-left-open-readme.md", "html-left-open-changelog.md"]


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, cwd=ROOT, check=False, **kwargs)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def local(tag):
    return tag if isinstance(tag, str) else ""


def outline(node, parent=None, found=None):
    """The sections of collapse's JSON outline: (title, index of the parent) in order."""
    found = [] if found is None else found
    for child in node["children"]:
        found.append((child["title"], parent))
        outline(child, len(found) - 1, found)
    return found


# Where a summary's text is not shown as text: raw text, inert or hidden content.
HIDING = {"template", "noscript", "script", "style", "textarea", "title", "xmp", "iframe",
          "noembed", "noframes"}


def sections(document):
    """collapse's wrappers, known by the anchor their summary starts with, as (summary
    text, index of the wrapper they stand in, whether the summary's text shows)."""
    found = []

    def walk(element, parent, hidden):
        for child in element:
            tag = local(child.tag)
            # Foreign elements are named {namespace}name: an HTML element's name is bare.
            inner, hiding = parent, hidden or tag in HIDING or "}" in tag
            if tag == "details":
                summary = next((c for c in child if local(c.tag) == "summary"), None)
                anchor = next((c for c in summary if local(c.tag) == "a"), None) \
                    if summary is not None else None
                if anchor is not None and anchor.get("name") is not None:
                    found.append(("".join(summary.itertext()).strip(), parent, not hiding))
                    inner = len(found) - 1
            walk(child, inner, hiding)

    walk(document, None, False)
    return found


@pytest.fixture(scope="module")
def cmark_gfm():
    require(shutil.which("cmark-gfm"), "cmark-gfm (Debian package cmark-gfm)")
    return shutil.which("cmark-gfm")


# The same in a browser, whose parser runs with scripting on (a `<noscript>` holds raw
# text) and which says what it shows: the HTML is set as the body of an empty page.
IN_BROWSER = """
const html = arguments[0];
document.body.innerHTML = html;
const found = [];
const index = new Map();
for (const details of document.body.querySelectorAll("details")) {
  const summary = details.querySelector(":scope > summary");
  const anchor = summary && summary.querySelector(":scope > a[name]");
  if (!anchor || details.namespaceURI !== "http://www.w3.org/1999/xhtml") continue;
  let parent = details.parentElement ? details.parentElement.closest("details") : null;
  while (parent && !index.has(parent)) {
    parent = parent.parentElement ? parent.parentElement.closest("details") : null;
  }
  index.set(details, found.length);
  found.push([summary.textContent.trim(), parent ? index.get(parent) : null,
              summary.checkVisibility()]);
}
return found;
"""


@pytest.fixture(scope="module")
def page(chromium, tmp_path_factory):
    """The shared browser on an empty page, read in no-quirks mode as GitHub's is."""
    blank = tmp_path_factory.mktemp("left-open") / "blank.html"
    blank.write_text("<!DOCTYPE html><html lang=en><title>blank</title><body></body></html>")
    chromium.get(blank.as_uri())
    return chromium


def check(collapse, cmark_gfm, path, browser=None):
    """Every section of `path` stands where the outline puts it, its title shown: as
    html5lib parses the page, or as `browser` shows it."""
    markdown = run([str(collapse), "-t", "markdown", "--expand-all", str(path)])
    html = run([cmark_gfm, *GITHUB], input=markdown).decode()
    wanted = outline(json.loads(run([str(collapse), "-t", "json", str(path)])))
    if browser is None:
        # A page, as GitHub's is: without a doctype, a parser would read it in quirks mode.
        document = html5lib.parse("<!DOCTYPE html>" + html, namespaceHTMLElements=False)
        shown = sections(document)
    else:
        shown = [tuple(found) for found in browser.execute_script(IN_BROWSER, html)]
    assert [parent for _, parent, _ in shown] == [parent for _, parent in wanted], html
    for (summary, _, visible), (title, _) in zip(shown, wanted):
        assert summary.startswith(title), html
        assert visible, (title, html)
    return wanted


@pytest.mark.parametrize("context", sorted(CONTEXTS))
@pytest.mark.parametrize("snippet", sorted(SNIPPETS))
def test_sections_keep_their_place(collapse, cmark_gfm, tmp_path, snippet, context):
    path = tmp_path / "notes.md"
    path.write_text("# Build\n\nstarted\n\n## Step\n\n" + CONTEXTS[context](SNIPPETS[snippet]) +
                    "\n# Results\n\n**3 failures**\n\n## Failing\n\n- one\n")
    wanted = check(collapse, cmark_gfm, path)
    # The snippet hides no heading: the sections are those written.
    assert [title for title, _ in wanted] == ["Build", "Step", "Child", "Results", "Failing"]


@pytest.mark.parametrize("context", sorted(CONTEXTS))
@pytest.mark.parametrize("snippet", sorted(SNIPPETS))
def test_sections_keep_their_place_in_chromium(collapse, cmark_gfm, page, tmp_path, snippet,
                                               context):
    path = tmp_path / "notes.md"
    path.write_text("# Build\n\nstarted\n\n## Step\n\n" + CONTEXTS[context](SNIPPETS[snippet]) +
                    "\n# Results\n\n**3 failures**\n\n## Failing\n\n- one\n")
    check(collapse, cmark_gfm, path, page)


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_pairs_keep_their_place(collapse, cmark_gfm, request, tmp_path, pair):
    path = tmp_path / "notes.md"
    path.write_text("# Build\n\n## Step\n\n" + PAIRS[pair] +
                    "\n\ntext\n\n## Child\n\nwords\n\n# Results\n\n- one\n")
    check(collapse, cmark_gfm, path, request.getfixturevalue("page"))
    # html5lib parses as with scripts off, where a noscript holds markup: what is open
    # in it is closed for a browser with scripts on.
    if "noscript" not in PAIRS[pair]:
        check(collapse, cmark_gfm, path)


@pytest.mark.parametrize("way", ["html5lib", "chromium"])
@pytest.mark.parametrize("name", DOCUMENTS)
def test_whole_documents_keep_their_sections(collapse, cmark_gfm, request, name, way):
    browser = request.getfixturevalue("page") if way == "chromium" else None
    wanted = check(collapse, cmark_gfm, ROOT / "Tests" / "Documents" / name, browser)
    assert len(wanted) >= 9


def test_the_check_notices_a_section_in_an_attribute(cmark_gfm):
    """Without a closer, the next section's wrapper is part of the attribute value."""
    broken = ('<details open>\n<summary><a name="a"></a>A</summary>\n\n<div title="\n\n'
              '</details>\n\n<details open>\n<summary><a name="b"></a>B</summary>\n\nb\n\n'
              '</details>\n')
    html = run([cmark_gfm, *GITHUB], input=broken.encode()).decode()
    document = html5lib.parse("<!DOCTYPE html>" + html, namespaceHTMLElements=False)
    assert [title for title, _, _ in sections(document)] == ["A"]
