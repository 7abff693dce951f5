#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus: the samples, the inputs of the case files, and a few
deep and long inputs.

    Fuzz/seeds.py OUTPUT_FOLDER

makes a folder OUTPUT_FOLDER/TARGET for each fuzz target, Fuzz/TARGET.swift, one file per
input: a sample in Samples/TARGET/, or a case read with `-f TARGET` or in
Tests/Cases/TARGET.txt without `-f`, seeds TARGET;
Markdown and JSON, whose samples lie in Samples/ itself, are told by the sample's
extension or the case's first byte. A names seed is the format FuzzHarness.names reads: a line of NAMEs to expand, a
line of NAMEs to collapse, then one line per heading, its level first (`2Pacific`).
"""

import hashlib
import pathlib
import re
import shlex
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FENCE = "`" * 32


def cases():
    """(file, arguments, input) of every case in Tests/Cases: its file's name without
    `.txt`, which for a format's own file (junit.txt, yaml.txt) names the format."""
    for path in sorted((ROOT / "Tests" / "Cases").glob("*.txt")):
        lines = path.read_bytes().split(b"\n")
        index = 0
        while index < len(lines):
            line = lines[index].decode("utf-8", "replace")
            index += 1
            if not line.startswith(FENCE + " case"):
                continue
            arguments = shlex.split(line[len(FENCE) + 5:])
            body = []
            while index < len(lines) and lines[index] != FENCE.encode():
                if lines[index] == b".":
                    break
                body.append(with_bytes(lines[index].replace("→".encode(), b"\t")))
                index += 1
            while index < len(lines) and lines[index] != FENCE.encode():
                index += 1
            yield path.stem, arguments, b"\n".join(body) + (b"\n" if body else b"")


def with_bytes(line):
    """A case's input line with each ⟨C0 80⟩ replaced by the bytes it lists in hexadecimal."""

    def replaced(match):
        try:
            return bytes.fromhex(match.group(1).decode())
        except ValueError:
            return match.group(0)

    return re.sub("⟨([^⟩]*)⟩".encode(), replaced, line)


def option(arguments, *names):
    """The values given to any of the options `names`, comma-joined."""
    values = []
    for position, argument in enumerate(arguments):
        for name in names:
            if argument == name and position + 1 < len(arguments):
                values.append(arguments[position + 1])
            elif argument.startswith(name + "="):
                values.append(argument.split("=", 1)[1])
    return ",".join(values)


def names_seed(document, expand, collapse):
    """A names seed from a Markdown document's headings and the NAMEs of a command."""
    lines = [expand.encode(), collapse.encode()]
    for line in document.split(b"\n"):
        heading = re.match(rb"^(#{1,6})[ \t]+(.*)$", line)
        if heading:
            lines.append(str(len(heading.group(1))).encode() + heading.group(2)[:16])
        elif line.strip():
            lines.append(b"0" + line[:16])
    return b"\n".join(lines)


def main():
    output = pathlib.Path(sys.argv[1])
    targets = sorted(path.stem for path in (ROOT / "Fuzz").glob("*.swift") if path.stem != "FuzzInput")
    seeds = {target: [] for target in targets}
    for path in sorted((ROOT / "Samples").iterdir()):
        if path.suffix == ".md":
            seeds["markdown"].append(path.read_bytes())
            seeds["names"].append(names_seed(path.read_bytes(), "Coral", ""))
        elif path.suffix == ".json":
            seeds["json"].append(path.read_bytes())
        elif path.is_dir() and path.name in seeds:
            seeds[path.name] += [sample.read_bytes() for sample in sorted(path.iterdir())]
    for file, arguments, document in cases():
        # A case of a format's own file reads as that format, by `-f` or by its content.
        given = option(arguments, "-f", "--from") or (file if file in seeds else "")
        if given in seeds and given not in ("markdown", "json"):
            seeds[given].append(document)
            continue
        is_json = option(arguments, "-f", "--from") == "json" or document.lstrip()[:1] in (b"{", b"[")
        seeds["json" if is_json else "markdown"].append(document)
        expand = option(arguments, "-e", "--expand")
        collapse = option(arguments, "-c", "--collapse")
        if not is_json and (expand or collapse):
            seeds["names"].append(names_seed(document, expand, collapse))
    # A few deep and long inputs that no sample has.
    seeds["json"] += [b"[" * 60 + b"]" * 60, b'{"a":' * 60 + b"1" + b"}" * 60]
    seeds["markdown"] += [b">" * 60 + b" deep\n", b"- " * 30 + b"# item\n", b"# " + b"long " * 200]
    seeds["yaml"] += [b"- " * 60 + b"x\n", b"a: &a [x]\n" + b"b: [*a, *a]\n" * 20, b"k:\n" + b"  " * 30 + b"v: 1\n"]
    seeds["names"] += [b"/e/\n\n" + b"\n".join(str(1 + n % 6).encode() + b"e" for n in range(60))]
    for target, inputs in seeds.items():
        folder = output / target
        folder.mkdir(parents=True, exist_ok=True)
        for data in inputs:
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
        print(f"{folder}: {len(set(inputs))} seeds")


if __name__ == "__main__":
    main()
