"""Conformance, measured against the library itself: every example of the GFM spec that
Debian's cmark-gfm package ships, three ways.

- `collapse -t html --expand-all` against `cmark-gfm` with the same extensions;
- `collapse -f commonmark` against `cmark-gfm` with no extension;
- `collapse -t markdown`, rendered by `cmark-gfm`, against `cmark-gfm` on the original.

Both sides are parsed by an HTML5 parser, and collapse's section wrappers are taken away:
each `<details>` becomes the heading it stands for (its summary without what a collapsed
section hides), and each top-level `<h1>`…`<h6>` of cmark-gfm's HTML becomes the same.
The trees must then be equal. Each example that still differs is listed, with its
reason, in conformance-differences.txt; the run prints its counts as cmark's
spec_tests.py does.
"""

import gzip
import re
import shutil
import subprocess
from pathlib import Path

import html5lib
import pytest

from conftest import ROOT, require

SPEC = Path("/usr/share/doc/cmark-gfm/spec.txt.gz")
DIFFERENCES = Path(__file__).with_name("conformance-differences.txt")
FENCE = "`" * 32
EXTENSIONS = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist",
              "-e", "footnotes"]
# collapse writes a table's alignment as text-align: so does cmark-gfm, asked to.
RENDERING = ["--unsafe", "--table-prefer-style-attributes"]
WAYS = ("gfm", "commonmark", "markdown")


def examples():
    """The spec's examples: (number, section, markdown), numbered as the spec numbers them."""
    found = []
    section = ""
    lines = gzip.open(SPEC, "rt", encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        if line.startswith(FENCE + " example"):
            markdown = []
            index += 1
            while lines[index] != ".":
                markdown.append(lines[index])
                index += 1
            while lines[index] != FENCE:
                index += 1
            text = "\n".join(markdown) + ("\n" if markdown else "")
            found.append((len(found) + 1, section, text.replace("→", "\t")))
        index += 1
    return found


def listed_differences():
    """The differences the data file lists: {(way, number): reason}."""
    listed = {}
    for line in DIFFERENCES.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        way, number, reason = line.split(None, 2)
        listed[(way, int(number))] = reason
    return listed


def run(command, text):
    result = subprocess.run(command, input=text.encode(), capture_output=True, cwd=ROOT,
                            check=False, timeout=60)
    assert result.returncode == 0, (command, result.stderr.decode())
    return result.stdout.decode()


def local(name):
    return name.split("}")[-1]


def unwrap(element, top):
    """collapse's tree without its wrappers, and cmark-gfm's with its top-level headings
    as the same marker: a `heading` element holding the heading's content."""
    index = 0
    while index < len(element):
        child = element[index]
        name = local(child.tag) if isinstance(child.tag, str) else ""
        if name == "details":
            element.remove(child)
            summary = next((c for c in child if isinstance(c.tag, str)
                            and local(c.tag) == "summary"), None)
            marker = child.makeelement("heading", {})
            if summary is not None:
                marker.text = summary.text
                for part in list(summary):
                    part_name = local(part.tag) if isinstance(part.tag, str) else ""
                    if part_name == "span" and part.get("class") == "hidden":
                        continue
                    if part_name == "a" and part.get("name") is not None and not len(part):
                        # -t markdown's empty anchor, for its table of contents.
                        marker.text = (marker.text or "") + (part.tail or "")
                        continue
                    marker.append(part)
            # What the section held takes its place, to be unwrapped in turn.
            for offset, item in enumerate([marker] + [c for c in child if c is not summary]):
                element.insert(index + offset, item)
            index += 1
        elif name == "h2" and child.get("class") == "sr-only":
            # collapse gives the footnotes' section GitHub's hidden heading.
            element.remove(child)
        else:
            if top and name in ("h1", "h2", "h3", "h4", "h5", "h6"):
                child.tag = "heading"
            elif name:
                unwrap(child, top=False)
            index += 1
    return element


# The classes GitHub gives task lists, which collapse gives them too and cmark-gfm does not.
TASK_LIST_CLASSES = {"contains-task-list", "task-list-item", "task-list-item-checkbox"}


def without_task_list_classes(fragment):
    for element in fragment.iter():
        classes = (element.get("class") or "").split() if isinstance(element.tag, str) else []
        if classes and set(classes) <= TASK_LIST_CLASSES:
            del element.attrib["class"]


def without_highlight_runs(fragment):
    """The fragment with the runs collapse marks code with (`<span class="pl-k">`) taken
    out, their text left where they were: cmark-gfm writes the code as one text."""
    for code in fragment.iter("code"):
        for run in list(code):
            if run.tag != "span" or not (run.get("class") or "").startswith("pl-") or len(run):
                continue
            text = (run.text or "") + (run.tail or "")
            index = list(code).index(run)
            if index == 0:
                code.text = (code.text or "") + text
            else:
                before = code[index - 1]
                before.tail = (before.tail or "") + text
            code.remove(run)


def normal(html):
    """The HTML as a tree without wrappers, written back out with its white space as a
    browser shows it outside `<pre>`, which a heading's title folds."""
    fragment = html5lib.parseFragment(html, namespaceHTMLElements=False, treebuilder="etree")
    without_task_list_classes(fragment)
    without_highlight_runs(fragment)
    unwrap(fragment, top=True)
    for marker in fragment.iter("heading"):
        for node in marker.iter():
            if node.text:
                node.text = " ".join(node.text.split()) or None
            if node.tail and node is not marker:
                node.tail = " ".join(node.tail.split()) or None
        if marker.text:
            marker.text = marker.text.strip() or None
    walker = html5lib.getTreeWalker("etree")
    serializer = html5lib.serializer.HTMLSerializer(
        quote_attr_values="always", omit_optional_tags=False, minimize_boolean_attributes=False,
        use_trailing_solidus=False)
    text = serializer.render(walker(fragment))
    # Not the white space between blocks, which the wrappers' line ends add or take away.
    return re.sub(r">\s+<", "><", text).strip()


def compare(collapse, cmark_gfm, way, markdown):
    if way == "gfm":
        ours = run([str(collapse), "-f", "markdown", "-t", "html", "--expand-all", "--unsafe"],
                   markdown)
        theirs = run([cmark_gfm, *EXTENSIONS, *RENDERING], markdown)
    elif way == "commonmark":
        ours = run([str(collapse), "-f", "commonmark", "-t", "html", "--expand-all",
                    "--unsafe"], markdown)
        theirs = run([cmark_gfm, *RENDERING], markdown)
    else:
        again = run([str(collapse), "-f", "markdown", "-t", "markdown", "--expand-all",
                     "--unsafe"], markdown)
        ours = run([cmark_gfm, *EXTENSIONS, *RENDERING], again)
        theirs = run([cmark_gfm, *EXTENSIONS, *RENDERING], markdown)
    return normal(ours) == normal(theirs), ours, theirs


@pytest.fixture(scope="module")
def cmark_gfm():
    require(shutil.which("cmark-gfm"), "cmark-gfm (Debian package cmark-gfm)")
    require(SPEC.exists(), f"{SPEC} (Debian package cmark-gfm)")
    return shutil.which("cmark-gfm")


def test_every_spec_example_renders_as_cmark_gfm_does_in_each_way_unless_listed(collapse, cmark_gfm, capsys):
    cases = examples()
    assert len(cases) > 600, "the spec lost its examples"
    listed = listed_differences()
    differing = {}
    marked = 0
    for way in WAYS:
        passed = failed = 0
        for number, section, markdown in cases:
            same, ours, theirs = compare(collapse, cmark_gfm, way, markdown)
            marked += 'class="pl-' in ours
            if same:
                passed += 1
            else:
                failed += 1
                differing[(way, number)] = (section, markdown, ours, theirs)
        with capsys.disabled():
            print(f"\n{way}: {passed} passed, {failed} failed, 0 errored, 0 skipped "
                  f"({len(cases)} examples)")
    unexplained = {key: value for key, value in differing.items() if key not in listed}
    explained_but_same = [key for key in listed if key not in differing]
    details = "\n".join(
        f"{way} {number} ({section}):\n{markdown!r}\ncollapse:  {ours!r}\ncmark-gfm: {theirs!r}"
        for (way, number), (section, markdown, ours, theirs) in sorted(unexplained.items()))
    assert not unexplained, "differences not listed in conformance-differences.txt:\n" + details
    # The spec's code in a language (`ruby`) is compared with its runs marked.
    assert marked >= 2, "no example's code was marked with GitHub's classes"
    assert not explained_but_same, (
        f"listed in conformance-differences.txt but now the same: {explained_but_same}")


def test_the_comparison_notices_a_difference(cmark_gfm):
    """The unwrapping keeps what differs: another word, another nesting."""
    assert normal("<h1>A</h1>\n<p>x</p>") == normal(
        '<details id="a" open><summary>A <span class="hidden">(1 line)</span></summary>\n'
        "<p>x</p>\n</details>")
    assert normal("<h1>A</h1>\n<p>x</p>") != normal(
        '<details id="a" open><summary>A</summary>\n<p>y</p>\n</details>')
    assert normal("<h1>A</h1>\n<p>x</p>") != normal(
        '<details id="a" open><summary>B</summary>\n<p>x</p>\n</details>')
    assert normal("<blockquote><h1>A</h1></blockquote>") != normal(
        '<blockquote><details id="a"><summary>A</summary></details></blockquote>')
    # GitHub's task list classes are the only attributes left out.
    assert normal('<ul class="contains-task-list"><li class="task-list-item">'
                  '<input type="checkbox" class="task-list-item-checkbox"> x</li></ul>') == normal(
        '<ul><li><input type="checkbox"> x</li></ul>')
    assert normal('<ul class="other"><li>x</li></ul>') != normal("<ul><li>x</li></ul>")
    # Highlighted code's runs are taken out with nothing of their text lost or moved.
    plain = '<pre><code class="language-rust">fn main() {} // x</code></pre>'
    assert normal('<pre><code class="language-rust"><span class="pl-k">fn</span> '
                  '<span class="pl-en">main</span>() {} <span class="pl-c">// x</span>'
                  '</code></pre>') == normal(plain)
    assert normal('<pre><code class="language-rust"><span class="pl-k">fn</span> '
                  '<span class="pl-en">mane</span>() {} // x</code></pre>') != normal(plain)
    assert normal('<pre><code class="language-rust"><span class="pl-k">main</span> '
                  'fn() {} // x</code></pre>') != normal(plain)


# Raw HTML whose tags GitHub's tag filter writes as text, beyond the spec's one example:
# each of the nine tags as a block, inline, in a heading and holding Markdown.
FILTERED_TAGS = ("title", "textarea", "style", "xmp", "iframe", "noembed", "noframes",
                 "script", "plaintext")
FILTERED_SNIPPETS = [
    "<textarea>\n\n*foo*\n\n_bar_\n\n</textarea>\n",
    *(f"<{tag}>\n\n*kept* words\n\n</{tag}>\n\nafter\n" for tag in FILTERED_TAGS),
    *(f"# Title <{tag.upper()} a=b>x</{tag}>\n\ntext <{tag}/> more\n" for tag in FILTERED_TAGS),
    "<div><script>alert(1)</script>\n\n# Next\n\nwords</div>\n",
]


def shown_words(html):
    """The words a browser shows of `html`: the text of the parsed body, without comments,
    without what a collapsed section's summary hides, and without the arrow that stands
    for a link of a title."""
    document = html5lib.parse(html, namespaceHTMLElements=False, treebuilder="etree")
    body = document.find("body")
    words = []

    def walk(element, parent=None):
        if isinstance(element.tag, str) and not element.tag.startswith("<!"):
            hidden = element.tag == "span" and element.get("class") == "hidden"
            # A title's link stands beside it as an arrow, its words the link's title.
            hidden = hidden or (parent is not None and parent.tag == "summary"
                                and element.tag == "a" and element.text == "\u2197")
            if element.text and not hidden:
                words.append(element.text)
            for child in element:
                if not hidden:
                    walk(child, element)
        if element.tail and element is not body:
            words.append(element.tail)

    walk(body)
    return " ".join("".join(words).split())


def test_every_example_shows_the_words_github_shows(collapse, cmark_gfm):
    """Sanitised, each spec example shows the words cmark-gfm shows with GitHub's tag
    filter, `<textarea>` and the others as text: nothing that filter keeps is lost."""
    cases = [(number, markdown) for number, _, markdown in examples()]
    cases += [(f"snippet {index}", text) for index, text in enumerate(FILTERED_SNIPPETS)]
    differing = []
    for number, markdown in cases:
        ours = run([str(collapse), "-f", "markdown", "-t", "html", "--expand-all"], markdown)
        theirs = run([cmark_gfm, *EXTENSIONS, "-e", "tagfilter", "--unsafe"], markdown)
        if shown_words(ours) != shown_words(theirs):
            differing.append((number, markdown, shown_words(ours), shown_words(theirs)))
    assert not differing, "\n".join(
        f"{number}: {markdown!r}\ncollapse:  {ours!r}\ncmark-gfm: {theirs!r}"
        for number, markdown, ours, theirs in differing)
    # The words are there as text: the tags ran nothing, and their content is no element.
    page = run([str(collapse), "-f", "markdown", "-t", "html"], FILTERED_SNIPPETS[0])
    assert "<textarea>" in shown_words(page) and "foo" in shown_words(page)
    assert html5lib.parse(page, namespaceHTMLElements=False,
                          treebuilder="etree").find(".//textarea") is None


def test_the_shown_words_notice_a_lost_word():
    assert shown_words("<p>a <!-- b --> c</p>") == "a c"
    assert shown_words('<details><summary>a <a href="/u" title="a">\u2197</a></summary>'
                       "</details>") == "a"
    assert shown_words('<p>a <a href="/u">\u2197</a></p>') == "a \u2197"
    assert shown_words("<p>a c</p>") != shown_words("<p>a <textarea>b</textarea> c</p>")
    # A table's stray text is shown before it, where a browser puts it.
    assert shown_words("<table><tr>x</tr></table>") == "x"
