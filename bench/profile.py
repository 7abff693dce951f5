#!/usr/bin/env python3
"""Measures what real Markdown documents are made of, as cmark-gfm parses them.

usage: profile.py FILE...

Each file is parsed by the cmark-gfm command with GitHub's extensions (`--to xml`), and
the nodes of its tree are counted: headings and the bytes between them, paragraphs, list
items and how deep lists nest, links (bare URLs apart), images (badges apart: an image
that is a link's text), inline code (and how much of it holds `<` or `&`), raw HTML
inline and in blocks (anchors, `<details>`, `<img>`, `<p align>` apart, by the tag each
opens), tables and their rows, footnotes, fenced code and its lines, block quotes and
alerts. It prints each count per KB of source, for each file and for all of them
together, the figures bench/generate.py's profiles are taken from.
"""
import html.parser
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

EXTENSIONS = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist",
              "-e", "footnotes"]
NS = "{http://commonmark.org/xml/1.0}"
ALERTS = ("[!NOTE]", "[!TIP]", "[!IMPORTANT]", "[!WARNING]", "[!CAUTION]")


class FirstTag(html.parser.HTMLParser):
    """The start tags a piece of raw HTML opens, with their attributes' names."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {name for name, _ in attrs}))


def tree(path):
    """cmark-gfm's XML of the file. Footnotes are written as `<<unknown>`, which no XML
    reader takes: they are named `footnote` first."""
    xml = subprocess.run(["cmark-gfm", *EXTENSIONS, "--sourcepos", "--to", "xml", path],
                         check=True, capture_output=True).stdout.decode("utf-8", "replace")
    xml = xml.replace("</<unknown>>", "</footnote>").replace("<<unknown>", "<footnote")
    return ElementTree.fromstring(xml)


def text_of(node):
    return "".join(node.itertext())


def count(path):
    counts = {key: 0 for key in (
        "headings", "h1", "h2", "h3", "h4+", "paragraphs", "list items", "task items",
        "links", "bare URLs", "images", "badges", "inline code", "inline code with < or &",
        "raw HTML inline", "raw HTML blocks", "raw anchors", "details blocks", "raw img",
        "aligned blocks", "tables", "table rows", "footnote references",
        "footnote definitions", "code blocks", "code block lines", "block quotes", "alerts")}
    deepest = 0
    root = tree(path)
    parents = {child: parent for parent in root.iter() for child in parent}

    def depth_of_list(node):
        depth = 0
        while node is not None:
            if node.tag == NS + "list":
                depth += 1
            node = parents.get(node)
        return depth

    for node in root.iter():
        tag = node.tag[len(NS):] if node.tag.startswith(NS) else node.tag
        if tag == "heading":
            counts["headings"] += 1
            level = int(node.get("level"))
            counts["h4+" if level >= 4 else f"h{level}"] += 1
        elif tag == "paragraph":
            counts["paragraphs"] += 1
        elif tag in ("item", "tasklist"):
            counts["list items"] += 1
            counts["task items"] += tag == "tasklist"
        elif tag == "list":
            deepest = max(deepest, depth_of_list(node))
        elif tag == "link":
            counts["links"] += 1
            # An extended autolink has no source position of its own, and its text is
            # its address.
            counts["bare URLs"] += node.get("sourcepos") is None
        elif tag == "image":
            counts["images"] += 1
            counts["badges"] += parents.get(node) is not None and parents[node].tag == NS + "link"
        elif tag == "code":
            counts["inline code"] += 1
            counts["inline code with < or &"] += any(c in (node.text or "") for c in "<&")
        elif tag in ("html_inline", "html_block"):
            counts["raw HTML inline" if tag == "html_inline" else "raw HTML blocks"] += 1
            parser = FirstTag()
            parser.feed(node.text or "")
            for name, attributes in parser.tags:
                counts["raw anchors"] += name == "a" and bool({"id", "name"} & attributes)
                counts["details blocks"] += name == "details"
                counts["raw img"] += name == "img"
                counts["aligned blocks"] += name in ("p", "div", "h1") and "align" in attributes
        elif tag == "table":
            counts["tables"] += 1
        elif tag == "table_row":
            counts["table rows"] += 1
        elif tag == "footnote":
            counts["footnote definitions" if len(node) else "footnote references"] += 1
        elif tag == "code_block":
            counts["code blocks"] += 1
            counts["code block lines"] += (node.text or "").count("\n")
        elif tag == "block_quote":
            counts["block quotes"] += 1
            counts["alerts"] += text_of(node).lstrip().startswith(ALERTS)
    with open(path, "rb") as source:
        size = len(source.read())
    return size, counts, deepest


def report(name, size, counts, deepest):
    kilobytes = size / 1024
    print(f"{name}: {kilobytes:,.0f} KB, {counts['headings']:,} headings, "
          f"{size / max(1, counts['headings']):,.0f} bytes a section, lists nest {deepest} deep")
    print("  per KB: " + ", ".join(f"{key} {value / kilobytes:.2f}" for key, value in counts.items()))


def main():
    total_size, totals, deepest_all = 0, {}, 0
    for path in sys.argv[1:]:
        size, counts, deepest = count(path)
        report(path, size, counts, deepest)
        total_size += size
        deepest_all = max(deepest_all, deepest)
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    if len(sys.argv) > 2:
        report("all", total_size, totals, deepest_all)


if __name__ == "__main__":
    main()
