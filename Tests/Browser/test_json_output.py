"""`-t json` as other programs read it: checked against docs/outline.schema.json with the
jsonschema package, and by using what it says. Each section's lines, cut out of the
source and read again, give the same section; each `path`, passed back to `-e` and to
`--only`, selects that section alone; JSON values keep their types and their text.
"""

import importlib.util
import json
import subprocess
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "outline.schema.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA)

# The case files' inputs, read as the fuzzers' seeds read them.
_spec = importlib.util.spec_from_file_location("seeds", ROOT / "Fuzz" / "seeds.py")
seeds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(seeds)

SAMPLES = sorted(p for p in (ROOT / "Samples").iterdir() if p.is_file())
DOCUMENTS = sorted(p for p in (ROOT / "Tests" / "Documents").iterdir() if p.is_file())

# Markdown whose lines are worth cutting: setext headings, a heading's closing #s, a
# fenced block with a # line, CRLF and a lone CR, front matter, a byte order mark,
# invalid UTF-8 and NUL (each byte of which the text holds as three).
AWKWARD_MARKDOWN = (
    b"\xef\xbb\xbf---\ntitle: x\n---\nPreamble \xff\xfe text\n\n"
    b"Setext one\n==========\n\nbody \x00 with NUL\n\n"
    b"## Two ##\r\n\r\n```\n# not a heading\n```\r\n"
    b"### Three\rlone CR line\r\n"
    b"Setext two\nover two lines\n--------------\ntail \xc3\n"
    b"# Last\n[ref]: /url\n"
)


def run(collapse, arguments, data=None, check=True):
    result = subprocess.run(
        [str(collapse), *arguments], input=data or b"", capture_output=True, cwd=ROOT,
        timeout=120)
    if check:
        assert result.returncode == 0, result.stderr.decode()
    return result


def outline(collapse, arguments, data=None):
    """The parsed `-t json` output, after checking it against the schema."""
    output = run(collapse, ["-t", "json", *arguments], data).stdout
    document = json.loads(output)
    VALIDATOR.validate(document)
    return document


def walk(sections, ancestors=()):
    """Every section with its ancestors, in document order."""
    for section in sections:
        yield section, ancestors
        yield from walk(section["children"], (*ancestors, section))


def shape(section):
    """What reading a section again must give back: titles, keys, content and subsections,
    without what depends on the rest of the document (ids, paths, places)."""
    return {
        "title": section["title"],
        "kind": section["kind"],
        "content": section["content"],
        "children": [shape(child) for child in section["children"]],
    }


def test_the_schema_is_a_schema_and_rejects_what_it_should():
    Draft202012Validator.check_schema(SCHEMA)
    good = {"version": 1, "content": ["x"], "children": [{
        "title": "A", "id": "a", "path": "A", "kind": "heading", "level": 1,
        "lines": [1, 2], "bytes": [0, 9], "expanded": True,
        "content": [{"key": "n", "value": 1.5}, {"key": 0, "value": {}}], "children": []}]}
    VALIDATOR.validate(good)
    section = good["children"][0]
    broken = [
        {**good, "version": 2},
        {**good, "children": [{k: v for k, v in section.items() if k != "path"}]},
        {**good, "children": [{**section, "lines": [0, 2]}]},
        {**good, "children": [{**section, "bytes": [0, 9, 10]}]},
        {**good, "children": [{**section, "kind": "table"}]},
        {**good, "children": [{**section, "content": [{"key": "n", "value": {"a": 1}}]}]},
        {**good, "children": [{**section, "content": [{"key": "n"}]}]},
        {**good, "extra": True},
    ]
    for document in broken:
        with pytest.raises(ValidationError):
            VALIDATOR.validate(document)


def test_every_sample_validates(collapse):
    validated = 0
    for path in SAMPLES + DOCUMENTS:
        result = run(collapse, ["-t", "json", str(path)], check=False)
        if path.name == "broken.json":
            # A document that cannot be read gives an error and no output at all.
            assert result.returncode == 1 and result.stdout == b"", path
            continue
        assert result.returncode == 0, (path, result.stderr)
        VALIDATOR.validate(json.loads(result.stdout))
        validated += 1
    # All of them at once: each file a section of kind "file".
    files = [str(p) for p in SAMPLES + DOCUMENTS if p.name != "broken.json"]
    together = outline(collapse, files)
    assert [s["kind"] for s in together["children"]] == ["file"] * len(files)
    for section, path in zip(together["children"], files):
        size = Path(ROOT / path).stat().st_size
        assert section["bytes"] == [0, size]
    assert validated >= 10


def test_matches_are_counted_in_the_schema(collapse):
    """With --expand-matching, every section has its `matches`, which add up from its
    subsections; the outline still validates."""
    matched = outline(collapse, ["--expand-matching", "/^\\s*error:/", "Samples/ci-summary.md"])
    VALIDATOR.validate(matched)
    sections = {section["title"]: section for section, _ in walk(matched["children"])}
    assert all("matches" in section for section in sections.values())
    assert sections["Build and test"]["matches"] == 2
    assert sections["test (ubuntu-latest)"]["matches"] == 2
    assert sections["integration: checkout"]["matches"] == 1
    assert sections["integration: search"]["matches"] == 0
    plain = outline(collapse, ["Samples/ci-summary.md"])
    assert all("matches" not in section for section, _ in walk(plain["children"]))


def test_every_case_input_validates(collapse):
    validated = failed = 0
    for _, arguments, data in seeds.cases():
        options = []
        # A case of a usage error may give a format that is not one.
        for option in () if arguments[:1] == ["exit=2"] else ("-f", "--from", "--title-key"):
            value = seeds.option(arguments, option)
            if value:
                options += [option, value.split(",")[0]]
        result = run(collapse, ["-t", "json", *options], data, check=False)
        if result.returncode == 0:
            VALIDATOR.validate(json.loads(result.stdout))
            validated += 1
        else:
            # Only input that cannot be read fails. It writes nothing, unless a stream of
            # YAML documents stops at a bad one: the documents before it validate too.
            assert result.returncode == 1, (arguments, data)
            if result.stdout:
                VALIDATOR.validate(json.loads(result.stdout))
            failed += 1
    print(f"{validated} case inputs validated, {failed} unreadable")
    assert validated >= 100 and failed >= 5


def markdown_documents():
    return [p for p in SAMPLES + DOCUMENTS if p.suffix == ".md"]


def json_documents():
    return [p for p in SAMPLES + DOCUMENTS if p.suffix == ".json" and p.name != "broken.json"]


# A byte order mark before a heading on the first line, which that line holds.
MARKED_MARKDOWN = b"\xef\xbb\xbf# A\ntext\n## B\n"


@pytest.mark.parametrize("name", [p.name for p in markdown_documents()] + ["awkward.md", "marked.md"])
def test_markdown_sections_cut_at_their_lines_read_the_same(collapse, name, tmp_path):
    if name in ("awkward.md", "marked.md"):
        source = AWKWARD_MARKDOWN if name == "awkward.md" else MARKED_MARKDOWN
        path = tmp_path / name
        path.write_bytes(source)
    else:
        path = next(p for p in markdown_documents() if p.name == name)
        source = path.read_bytes()
    # Said to be Markdown, as the NUL in awkward.md would make it a binary file.
    document = outline(collapse, ["-f", "markdown", str(path)])
    # cmark's line ends, a lone CR among them, are those of bytes.splitlines: \r, \n, \r\n.
    lines = source.splitlines(keepends=True)
    sections = list(walk(document["children"]))
    assert sections, name
    for section, _ in sections:
        first, last = section["lines"]
        start, end = section["bytes"]
        assert 1 <= first <= last <= len(lines), section["path"]
        cut = b"".join(lines[first - 1:last])
        # The bytes are the bytes of those lines, in the file as it is.
        assert source[start:end] == cut, section["path"]
        # Headings that are reference links need their definitions, which a changelog
        # keeps in a run at its end: put before the cut, they are the document's content.
        before = definitions(lines)
        again = outline(collapse, ["-f", "markdown"], before + b"\n" + cut if before else cut)
        assert len(again["children"]) >= 1, section["path"]
        assert shape(again["children"][0]) == shape(section), section["path"]
    # Sections that follow one another leave no byte out and take none twice.
    tops = document["children"]
    for before, after in zip(tops, tops[1:]):
        assert before["bytes"][1] == after["bytes"][0]
    if tops:
        assert tops[-1]["bytes"][1] == len(source)


def definitions(lines):
    """The run of link reference definitions that ends a document, as a changelog has."""
    run = []
    for line in reversed(lines):
        if not line.startswith(b"[") or b"]: " not in line:
            break
        run.insert(0, line)
    return b"".join(run)


@pytest.mark.parametrize("name", [p.name for p in json_documents()])
def test_json_sections_cut_at_their_bytes_read_the_same(collapse, name):
    path = next(p for p in json_documents() if p.name == name)
    source = path.read_bytes()
    document = outline(collapse, [str(path)])
    line_starts = [0] + [i + 1 for i, byte in enumerate(source) if byte == 0x0A]
    sections = list(walk(document["children"]))
    whole_lines = 0
    assert len(sections) >= 5, name
    for section, ancestors in sections:
        start, end = section["bytes"]
        text = source[start:end]
        assert text.endswith(b"}" if section["kind"] == "object" else b"]")
        # The lines are the lines its bytes stand on.
        first, last = section["lines"]
        assert line_starts[first - 1] <= start < (line_starts + [len(source) + 1])[first]
        assert line_starts[last - 1] < end <= (line_starts + [len(source) + 1])[last]
        if isinstance(section.get("key"), str):
            # A member: its key, a colon and its value, which read as a one-member object.
            assert text.startswith(b'"')
            wrapped = b"{" + text + b"}"
        else:
            assert text[:1] in (b"{", b"[")
            wrapped = b"[" + text + b"]"
        again = outline(collapse, ["-f", "json"], wrapped)
        assert len(again["children"]) == 1, section["path"]
        assert shape(again["children"][0]) == shape(section), section["path"]
        # Where a section has its lines to itself, as in pretty-printed JSON, its whole
        # lines, a comma after it taken away, are the bytes just read again.
        cut = b"".join(source.splitlines(keepends=True)[first - 1:last]).strip()
        cut = cut[:-1] if cut.endswith(b",") else cut
        whole_lines += cut == text
    if name not in ("petstore.json", "jest.json"):
        # Every section of these has its lines to itself; the spec puts several on a line,
        # and jest writes its report on one.
        assert whole_lines == len(sections), name


@pytest.mark.parametrize("name", [p.name for p in SAMPLES + DOCUMENTS if p.name != "broken.json"])
def test_each_path_selects_its_section_alone(collapse, name):
    path = next(p for p in SAMPLES + DOCUMENTS if p.name == name)
    document = outline(collapse, [str(path)])
    sections = list(walk(document["children"]))
    for section, ancestors in sections:
        expanded = outline(collapse, ["--collapse-all", "-e", section["path"], str(path)])
        opened = {s["id"] for s, _ in walk(expanded["children"]) if s["expanded"]}
        wanted = {section["id"]} | {a["id"] for a in ancestors}
        assert opened == wanted, section["path"]
        only = outline(collapse, ["--only", section["path"], str(path)])
        assert len(only["children"]) == 1, section["path"]
        assert only["children"][0]["bytes"] == section["bytes"], section["path"]
        assert shape(only["children"][0]) == shape(section), section["path"]


def test_each_path_names_one_section_when_titles_repeat_or_hold_slashes_and_commas(collapse):
    # Titles repeated under different parents, a title that reads as a path, a key with
    # slashes and a comma, array elements titled alike: each path still names one section.
    markdown = (b"# A\n## Notes\n# B\n## Notes\n# A/Notes\n# B\n## Other\n"
                b"# **\n# #a\n# x, y\n")
    data = (b'{"paths": {"/a/b": {"get": {"x": 1}}, "/a, b": {"get": {"x": 2}}},'
            b' "items": [{"name": "n", "v": [1]}, {"name": "n", "v": [2]}, {"name": "m", "v": [3]}],'
            b' "n": {"v": [4]}}')
    for source, format in ((markdown, "markdown"), (data, "json")):
        document = outline(collapse, ["-f", format], source)
        for section, ancestors in walk(document["children"]):
            only = outline(collapse, ["-f", format, "--only", section["path"]], source)
            assert len(only["children"]) == 1, section["path"]
            assert only["children"][0]["bytes"] == section["bytes"], section["path"]
    paths = [s["path"] for s, _ in walk(outline(collapse, ["-f", "json"], data)["children"])]
    assert 'paths/"/a/b"/get' in paths and 'paths/"/a, b"' in paths
    # Two elements titled "n" go by their index; "m" by its title.
    assert "items/0" in paths and "items/1" in paths and "items/m" in paths


def test_json_values_keep_their_types_and_text(collapse):
    data = (b'{"n": 1.50, "n": 12345678901234567890, "n": -0, "n": 1E+3, "t": true,'
            b' "f": false, "z": null, "s": "caf\\u00e9 \\"q\\"", "e": {}, "a": [],'
            b' "list": [1.0, "x", null]}')
    output = run(collapse, ["-t", "json", "-f", "json"], data).stdout
    # Numbers are written exactly as they stood.
    for written in (b'{"key": "n", "value": 1.50}', b'{"key": "n", "value": 12345678901234567890}',
                    b'{"key": "n", "value": -0}', b'{"key": "n", "value": 1E+3}',
                    b'{"key": 0, "value": 1.0}'):
        assert written in output
    document = json.loads(output, parse_float=str, parse_int=str)
    VALIDATOR.validate(json.loads(output))
    content = document["content"]
    # Duplicate keys are all kept, in order.
    assert [m["key"] for m in content] == ["n", "n", "n", "n", "t", "f", "z", "s", "e", "a"]
    assert [m["value"] for m in content[:4]] == ["1.50", "12345678901234567890", "-0", "1E+3"]
    assert content[4]["value"] is True and content[5]["value"] is False
    assert content[6]["value"] is None
    assert content[7]["value"] == 'café "q"'
    assert content[8]["value"] == {} and content[9]["value"] == []
    (items,) = document["children"]
    assert items["key"] == "list" and items["kind"] == "array"
    assert items["content"] == [{"key": "0", "value": "1.0"}, {"key": "1", "value": "x"},
                                {"key": "2", "value": None}]
    # A lone value has no key.
    lone = outline(collapse, ["-f", "json"], b'"just this"')
    assert lone["content"] == [{"value": "just this"}]


def test_output_is_stable_and_valid_whatever_the_input(collapse, tmp_path):
    hostile = (b"# Bell \x07 and \x1b[31mred\x1b[0m \xff\n"
               b"line with \x00 NUL, \xc3\x28 bad UTF-8 and \xe2\x80\xa8 a line separator\n"
               b"## \x7f\n")
    path = tmp_path / "hostile.md"
    path.write_bytes(hostile)
    # Its NUL makes a binary file, unless it is said to be Markdown.
    assert run(collapse, ["-t", "json", str(path)], check=False).returncode == 1
    first = run(collapse, ["-t", "json", "-f", "markdown", str(path)]).stdout
    second = run(collapse, ["-t", "json", "-f", "markdown", str(path)]).stdout
    assert first == second
    # The same from a pipe, which arrives in other chunks.
    assert run(collapse, ["-t", "json", "-f", "markdown"], hostile).stdout == first
    text = first.decode("utf-8")  # valid UTF-8, or this raises
    assert all(ord(c) >= 0x20 or c == "\n" for c in text)
    document = json.loads(text)
    VALIDATOR.validate(document)
    (bell,) = document["children"]
    assert bell["title"] == "Bell \x07 and \x1b[31mred\x1b[0m \ufffd"
    assert "line with \ufffd NUL, \ufffd( bad UTF-8 and \u2028 a line separator" in bell["content"]
    # The bytes are offsets in the file as it was, before the repair.
    (sub,) = bell["children"]
    assert hostile[sub["bytes"][0]:sub["bytes"][1]] == b"## \x7f\n"
    assert bell["bytes"] == [0, len(hostile)]
