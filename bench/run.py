#!/usr/bin/env python3
"""Measures collapse beside the tools people would use instead, in the same run.

usage: run.py COLLAPSE [--runs N] [--quick] [--tricks-only] [--trick CONDITION] [--xml-only]
                      [--raw-html-only] [--pages-only] [--real-only] [--before BINARY]

Each comparison runs collapse and its peer with hyperfine in rounds that each run every
command once (the order turns every round, so drift in a shared machine's load falls on
all alike), takes the median wall time of every run, and measures peak memory with
/usr/bin/time -v.
Prints a table and writes it to bench/results.md. It asserts nothing: the targets
are shown beside the figures for a person to read.

It also builds collapse without each of its performance tricks (a compilation condition
each: PLAIN_EXIT and so on) and times the trick's target with and without it, in
bench/tricks.md; `--tricks-only` does only that, and `--trick PLAIN_…` only that trick, in
place of its row. And it builds collapse without its look
for raw HTML (NO_RAW_HTML_CHECK), to show what that look costs a document without any;
`--raw-html-only` does only that. Last it measures the pages of the largest inputs in
headless Chromium (bench/pages.py); `--pages-only` does only that, and puts the figures
in place of the last ones in bench/results.md. `--real-only` measures only the documents
shaped like real ones, start-up and where the time goes, in place of the last figures;
`--before BINARY` says where an earlier build spent its time too. `--xml-only` measures only
the reading of XML (a JUnit report of 200 MB, XML of 50 MB as elements), in place of its
rows.
"""
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile

import pages
import pathological

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")
# cmark-gfm with the extensions collapse reads GitHub Flavored Markdown with.
# The lines of README.md between which the latest results are quoted.
README_START = "<!-- make bench writes the figures from here on -->"
README_END = "<!-- to here -->"
CMARK_GFM = ("cmark-gfm -e table -e strikethrough -e autolink -e tasklist -e footnotes "
             "--to html")


def built_peer(name, libraries):
    """The path of the C program bench/NAME.c, built against `libraries` once it changes."""
    build = os.path.join(HERE, "..", ".build", "bench")
    os.makedirs(build, exist_ok=True)
    binary = os.path.join(build, name)
    source = os.path.join(HERE, f"{name}.c")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        compiler = os.environ.get("CC", "cc")
        subprocess.run([compiler, "-O2", "-o", binary, source, *libraries], check=True)
    return binary


def library_peer():
    """bench/cmark-library.c, built: cmark-gfm the library with malloc."""
    return built_peer("cmark-library", ["-lcmark-gfm-extensions", "-lcmark-gfm"])


def yaml_peer():
    """bench/yaml-parse.c, built: libyaml's parser alone over a file."""
    return built_peer("yaml-parse", ["-lyaml"])


def instructions(command):
    """The instructions `command` runs, counted by callgrind: the same on every run,
    whatever else the machine does."""
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command.split()],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    for line in result.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    raise RuntimeError(f"callgrind counted nothing for {command}")


def stripped(binary, name):
    """A copy of `binary` without its debug information, in the inputs' folder, for
    callgrind: Valgrind 3.19 gives up on the debug information of a binary linked with the
    Swift runtime in it, and the copy runs the same instructions."""
    os.makedirs(INPUTS, exist_ok=True)
    path = os.path.join(INPUTS, f"{name}-stripped")
    subprocess.run(["strip", "--strip-debug", "-o", path, binary], check=True)
    return path


def written(name, make):
    """The path of a generated input, written the first time it is asked for."""
    path = os.path.join(INPUTS, name)
    if not os.path.exists(path):
        os.makedirs(INPUTS, exist_ok=True)
        with open(path, "w") as out:
            out.write(make())
    return path


def inputs(kind, size):
    name = {"markdown": f"doc-{size}.md", "markdown-html": f"html-doc-{size}.md",
            "release-notes": f"release-notes-{size}.md", "guide": f"guide-{size}.md",
            "manifests": f"manifests-{size}.yaml", "openapi": f"openapi-{size}.yaml",
            "xml": f"reports-{size}.xml"}.get(
        kind, f"api-{size}.json")
    path = os.path.join(INPUTS, name)
    generator = os.path.join(HERE, "generate.py")
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(generator):
        os.makedirs(INPUTS, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), kind, str(size), path], check=True)
    return path


def hyperfine(commands, runs, rounds):
    """The median run time of each command over `runs * rounds` rounds, after one round
    to warm up. Each round runs every command once, in an order that turns from round to
    round, so that a shared machine's changing load falls on all of them alike: runs of
    one command after another would each meet a different machine."""
    times = {command: [] for command in commands}
    for round_number in range(runs * rounds + 1):
        turn = round_number % len(commands)
        order = commands[turn:] + commands[:turn]
        with tempfile.NamedTemporaryFile(suffix=".json") as export:
            subprocess.run(
                ["hyperfine", "--style", "none", "--runs", "1", "--export-json", export.name]
                + order,
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if round_number == 0:
                continue
            for result in json.load(open(export.name))["results"]:
                times[result["command"]].extend(result["times"])
    return {command: statistics.median(values) for command, values in times.items()}


def peak_memory(command, runs=3):
    """The median peak resident memory of `command`, in kB."""
    peaks = []
    for _ in range(runs):
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M", "sh", "-c", command + " > /dev/null"],
            check=True, capture_output=True, text=True)
        peaks.append(int(result.stderr.strip().splitlines()[-1]))
    return statistics.median(peaks)


# Each trick collapse plays for speed: the condition that builds collapse without it, what
# it is, and the command (COLLAPSE for the binary, INPUT for the input) it speeds up.
TRICKS = [
    ("PLAIN_EXIT", "leaving what was read to the exit instead of freeing it (`main.swift`)",
     "COLLAPSE -t html --expand-all INPUT", "markdown-50"),
    ("PLAIN_SLUG_TABLE", "the slugger's own table of slugs, in place of `[String: Int]` (`Slugger`)",
     "COLLAPSE -t html --expand-all INPUT", "titles"),
    ("PLAIN_SLUG_TEXT", "slugs made from bytes, through a table for ASCII and a cache for other scalars, "
     "in place of each scalar's Unicode properties (`SlugText`)",
     "COLLAPSE -t html --expand-all INPUT", "titles"),
    ("PLAIN_SUMMARY", "hidden summaries made on the stack, in place of Strings (`writeHiddenSummary`)",
     "COLLAPSE -t html --expand-all INPUT", "titles"),
    ("PLAIN_FOLDED_STORAGE", "titles folded into storage of their own, reused, in place of a String "
     "(`FoldedText`)", "COLLAPSE --outline INPUT", "titles"),
    ("PLAIN_FOLDED_SCALARS", "white space in titles found on the bytes, in place of each scalar's "
     "Unicode properties (`FoldedText`)", "COLLAPSE --outline INPUT", "titles"),
    ("PLAIN_VALID", "cmark-gfm's HTML looked at as bytes and copied as it is, in place of mending "
     "every render through Strings (`HTML.writeValid`)",
     "COLLAPSE -t html --expand-all INPUT", "markdown-50"),
    ("PLAIN_PARTS", "each part of an output measured once for `--max-bytes`, in place of rendering "
     "it again at every count (`CountingStream.writePart`)",
     "COLLAPSE -t html --expand-all --max-bytes 1M INPUT", "markdown-10"),
    ("PLAIN_SEARCH", "the fewest cuts that fit found by a guided search, in place of bisection "
     "(`SizeLimitable`)", "COLLAPSE -t html --expand-all --max-bytes 1M INPUT", "markdown-10"),
    ("PLAIN_OUTPUT", "standard output buffered in memory of its own, in place of an array "
     "(`FileOutput`)", "COLLAPSE --expand-all INPUT", "json-50"),
    ("PLAIN_ASCII", "printable ASCII counted and lines cut by its bytes, in place of forming "
     "graphemes (`DisplayWidth`, `TerminalLine.rendered`)", "COLLAPSE --expand-all -w 80 INPUT",
     "markdown-50"),
    ("PLAIN_LINESTARTS", "line starts found by memchr, in place of a loop over the bytes "
     "(`SourceMap`)", "COLLAPSE --outline INPUT", "markdown-10"),
    ("PLAIN_BYTESCAN", "runs of printable ASCII skipped eight bytes at a time, in place of one "
     "by one (`ByteScan`)", "COLLAPSE -t html --expand-all INPUT", "markdown-10"),
    ("PLAIN_HEADINGS", "headings of plain text written as their escaped titles, in place of "
     "rendering every heading through cmark-gfm (`HTMLWriter.writeHead`)",
     "COLLAPSE -t html --expand-all INPUT", "titles"),
    ("PLAIN_RENDERCOPY", "cmark-gfm's HTML written from its own buffer, in place of copying it "
     "into a String first (`MarkdownDocument.render`)",
     "COLLAPSE -t html --expand-all INPUT", "markdown-10"),
    ("PLAIN_RUNS", "a run of bad bytes recorded once, in place of one record for each U+FFFD "
     "(`UTF8Repair`)", "COLLAPSE -f markdown INPUT", "nul-40"),
    ("PLAIN_WHOLESANITIZE", "a section's raw HTML sanitised block by block, only the blocks that "
     "hold some or that the sanitiser would change, in place of parsing the whole section "
     "(`HTMLSanitizer.sanitized(blocks:)`)", "COLLAPSE -t html --expand-all INPUT", "guide-10"),
    ("PLAIN_YAMLTHREAD", "libyaml parsing on a thread of its own while the outline is built, "
     "in place of a batch of events parsed as each is taken (`YAMLEventStream`)",
     "COLLAPSE --outline INPUT", "manifests-10"),
    ("PLAIN_EXCLUSIVITY", "the readers' hot properties kept without run-time exclusivity checks "
     "(`@exclusivity(unchecked)`), on YAML", "COLLAPSE --outline INPUT", "manifests-10"),
    ("PLAIN_EXCLUSIVITY", "the readers' hot properties kept without run-time exclusivity checks "
     "(`@exclusivity(unchecked)`), on JSON", "COLLAPSE --outline INPUT", "json-50"),
    ("PLAIN_DRAWASCII", "drawn text of printable ASCII measured and cut by its bytes, in place "
     "of Strings and graphemes (`StyledText`, `MarkdownDrawing.drawCode`)",
     "COLLAPSE --render always --expand-all -w 80 INPUT", "markdown-10"),
    ("PLAIN_SPACES", "indents written from one array of spaces, in place of a String made "
     "space by space for each line (`TextWriter.spaces`)", "COLLAPSE --expand-all INPUT",
     "manifests-10"),
]


def titles(count):
    """`count` sections whose titles mix ASCII, accents, CJK and punctuation, as a
    changelog's or an API reference's do, each with a line of text."""
    words = ["Café", "naïve", "日本語", "Über", "señor", "Release", "API", "fix", "v1.2.3",
             "(draft)", "x/y", "`code`"]
    return "".join(f"## {words[i % 12]} {words[i * 7 % 11]} {words[i * 5 % 12]} {i % 97}\n\n"
                   f"text\n\n" for i in range(count))


def variant(condition):
    """The path of collapse built without one trick, in a build folder of its own."""
    root = os.path.join(HERE, "..")
    scratch = os.path.join(root, ".build", "bench-" + condition.lower())
    build = ["swift", "build", "-c", "release", "--static-swift-stdlib",
             "-Xswiftc", "-D" + condition, "--scratch-path", scratch]
    # libstdc++ linked in, as `make` links the command the variant is timed against.
    archive = subprocess.run(["clang", "-print-file-name=libstdc++.a"], capture_output=True,
                             text=True).stdout.strip()
    if os.path.isfile(archive):
        folder = subprocess.run(build + ["--show-bin-path"], cwd=root, check=True,
                                capture_output=True, text=True).stdout.strip()
        os.makedirs(folder, exist_ok=True)
        if not os.path.islink(os.path.join(folder, "libstdc++.a")):
            os.symlink(archive, os.path.join(folder, "libstdc++.a"))
    subprocess.run(build, cwd=root, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(scratch, "release", "collapse")


def raw_html(collapse, runs):
    """What sanitising raw HTML costs: nothing on a document without any, measured against
    collapse built without the look for it (`-D NO_RAW_HTML_CHECK`); and, on a document
    with raw HTML in a quarter of its blocks, collapse against cmark-gfm keeping it
    unsanitised. Returns the lines of results.md's section."""
    plain = variant("NO_RAW_HTML_CHECK")
    without, with_html = inputs("markdown", 10), inputs("markdown-html", 10)
    rows = []
    for label, commands in (
        ("Markdown 10 MB without raw HTML, `-t html --expand-all`: collapse against collapse "
         "built without the look for raw HTML",
         [f"{collapse} -t html --expand-all {without}", f"{plain} -t html --expand-all {without}"]),
        ("Markdown 10 MB with raw HTML in a quarter of its blocks, `-t html --expand-all`: "
         "collapse (sanitising) against `cmark-gfm --unsafe` (keeping it as written)",
         [f"{collapse} -t html --expand-all {with_html}", f"{CMARK_GFM} --unsafe {with_html}"]),
    ):
        medians = hyperfine(commands, runs, 4)
        ratio = medians[commands[0]] / medians[commands[1]]
        rows.append(f"| {label} | {medians[commands[0]]:.3f} s | {medians[commands[1]]:.3f} s | "
                    f"{ratio:.2f}× |")
        print(rows[-1], flush=True)
    return ["", "Raw HTML: what sanitising costs. Without raw HTML a section is rendered as "
            "before, after a walk of its nodes for raw HTML; the first row's ratio is that "
            "look's whole cost.", "",
            "| input and command | collapse | peer | ratio |", "|---|---:|---:|---:|"] + rows


def tricks(collapse, runs, only=None):
    """Times each trick's target with and without it, interleaved run by run, and writes
    bench/tricks.md. A trick is kept when it gains at least 5% on its target. With `only`,
    a condition, times that trick alone and keeps the other rows as they were."""
    # Each input is made when a trick that is timed asks for it: the named one, and a tenth
    # of it for callgrind's counts, steady on a busy machine.
    def trick_input(name, tenth=False):
        kind, _, size = name.rpartition("-")
        if name == "titles":
            count = 20_000 if tenth else 200_000
            return written(f"titles-{count}.md", lambda: titles(count))
        megabytes = int(size) // 10 if tenth else int(size)
        if kind == "nul":
            return written(f"nul-{megabytes}.md",
                           lambda: pathological.nul_bytes(megabytes << 20))
        return inputs(kind, megabytes)
    path = os.path.join(HERE, "tricks.md")
    earlier = {}
    if only and os.path.exists(path):
        with open(path) as source:
            earlier = {line.split(" | ")[0][2:]: line for line in source.read().split("\n")
                       if line.startswith("| ") and not line.startswith(("| trick ", "|---"))}
    rows = []
    for condition, what, target, input_name in TRICKS:
        if only and condition != only:
            if what in earlier:
                rows.append(earlier[what])
            continue
        plain = variant(condition)
        commands = [target.replace("COLLAPSE", binary).replace("INPUT", trick_input(input_name))
                    for binary in (collapse, plain)]
        medians = hyperfine(commands, runs, 4)
        gain = medians[commands[1]] / medians[commands[0]] - 1
        counts = [instructions(target.replace("COLLAPSE", stripped(binary, name))
                               .replace("INPUT", trick_input(input_name, tenth=True)))
                  for binary, name in ((collapse, "collapse"), (plain, condition.lower()))]
        counted_gain = counts[1] / counts[0] - 1
        shown = target.replace("COLLAPSE ", "").replace(" INPUT", "")
        rows.append(f"| {what} | `{shown}`, {input_name} | {medians[commands[0]]:.3f} s | "
                    f"{medians[commands[1]]:.3f} s | {gain * 100:+.0f}% | "
                    f"{counted_gain * 100:+.0f}% | "
                    f"{'kept' if gain >= 0.05 or counted_gain >= 0.05 else 'below 5%'} |")
        print(rows[-1], flush=True)
    lines = [
        "# What each performance trick gains",
        "",
        "Each trick times its target with collapse as built, and with collapse built without",
        "it (`swift build -Xswiftc -DPLAIN_…`), in rounds that each run both; the gain is how much",
        "longer the target takes without it (median wall time). A trick stays only while it",
        "gains at least 5%. Inputs: `markdown-50` is `bench/generate.py markdown 50` (and",
        "`markdown-10` its 10 MB), `guide-10` is `bench/generate.py guide 10` (shaped like",
        "README and API guides, with raw anchors and comments), `json-50` is",
        "`bench/generate.py json 50`, `manifests-10` is `bench/generate.py manifests 10` (a",
        "stream of Kubernetes manifests); `titles`",
        "is 200,000 sections whose titles mix ASCII, accents, CJK and punctuation; `nul-40` is",
        "40 MB of NUL bytes.",
        "",
        "Seven tricks measured so gained less and are gone: rendering HTML ahead on other",
        "cores while the writer wrote (+0.5% and +4% on `-t html --expand-all` of 50 MB),",
        "finding where the source's lines start on another thread while cmark-gfm parsed",
        "inlines (-2.6% at 50 MB, +2% at 10 MB), a section's source searched for `<` and `![` before its",
        "nodes were walked for raw HTML (+3% in time on `-t html --expand-all` of 10 MB, +1%",
        "in instructions on 1 MB), a JSON string written without escapes taken as yajl",
        "decoded it, without a look into its source for surrogates (-13% in time on",
        "`--outline` of 10 MB of JSON, +3% in instructions on 1 MB), cmark-gfm's nodes and",
        "buffers taken from the end of 64 KiB chunks in place of calloc and free (+12% in",
        "instructions on 1 MB of guides and release notes, but a third more user time and 40%",
        "more peak memory on 10 MB: what cmark-gfm frees while it parses inlines was never used",
        "again), a YAML event's column found eight ASCII bytes at a time in place of one by one",
        "(+4% in time on `--outline` of 10 MB of Kubernetes manifests, +2% in instructions on",
        "1 MB), and a `/REGEX/`'s run of literal text looked for before PCRE2 was given a",
        "section (on 20 MB of Markdown, `/zzqx-none/` with it took 1.29 s and `/\\d{9}[xq]/`,",
        "which has no such run, 1.25 s; and it was wrong where the run was misread from the",
        "pattern's syntax): PCRE2 looks for a match's first and last code units itself, and",
        "even that look, switched off too (`PCRE2_NO_START_OPTIMIZE`), gains only +4% in",
        "instructions and nothing in time on `--expand-matching /coral.reef/` of 10 MB of",
        "Markdown, since reading the document takes most of it.",
        "",
        "The gain in instructions is callgrind's count, on a tenth of the input (5 MB and 1 MB",
        "of Markdown, 1 MB of guides, 5 MB of JSON, 1 MB of manifests, 20,000 titles, 4 MB of",
        "NUL bytes): the same on every run, however busy the machine. A trick is kept when",
        "either gain reaches 5%: times on a machine shared with builds are loose, instruction",
        "counts are not. A thread's gain is in time alone: callgrind runs one thread at a time,",
        "and counts the work of both.",
        "",
        "| trick | target | with it | without it | gain | gain in instructions | verdict |",
        "|---|---|---:|---:|---:|---:|---|",
    ] + rows
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    command = (f"`bench/run.py --trick {only}`; the other rows are from earlier runs" if only
               else "`make bench`")
    lines += ["", f"Machine: {machine}, {os.cpu_count()} cores. Command: {command}.", ""]
    with open(path, "w") as out:
        out.write("\n".join(lines))
    print("\n".join(lines))


REAL_SHAPED_START = "Documents shaped like real ones"


def real_shaped(collapse, runs):
    """The lines of the section on real-shaped documents: each profile of bench/generate.py
    at 1, 10 and 50 MB, collapse's outputs beside cmark-gfm's, in rounds that run them all."""
    lines = [
        REAL_SHAPED_START + " (`bench/generate.py release-notes`, `guide` and `markdown-html`; "
        "the first two are shaped by the counts `bench/profile.py` made of Rust's RELEASES.md "
        "and Node.js's CHANGELOG_V18 and V20, and of Node.js's README, BUILDING and API docs "
        "with pyenv's README, as their comments say). Targets: sanitising `-t html --expand-all` "
        "within 1.2× of `cmark-gfm --to html` (with raw HTML in a quarter of the blocks, within "
        "1.3× of `cmark-gfm --unsafe`), `--unsafe` within 1.1× of `cmark-gfm --unsafe`, "
        "`--outline` at most 0.9×, memory within 1.2×; `-t markdown` and `-t json` are shown "
        "beside them. Times are medians; memory is the peak of `-t html --expand-all` over "
        "cmark-gfm's.", "",
        "| input | `-t html --expand-all` | `--unsafe` | `--outline` | `-t markdown` | `-t json` "
        "| cmark-gfm | cmark-gfm `--unsafe` | memory |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for kind, label in (("release-notes", "release notes"), ("guide", "README and guides"),
                        ("markdown-html", "raw HTML in a quarter of the blocks")):
        for size in (1, 10, 50):
            path = inputs(kind, size)
            commands = {
                "html": f"{collapse} -t html --expand-all {path}",
                "unsafe": f"{collapse} -t html --expand-all --unsafe {path}",
                "outline": f"{collapse} --outline {path}",
                "markdown": f"{collapse} -t markdown {path}",
                "json": f"{collapse} -t json {path}",
                "cmark": f"{CMARK_GFM} {path}",
                "cmark-unsafe": f"{CMARK_GFM} --unsafe {path}",
            }
            medians = hyperfine(list(commands.values()), runs if size < 50 else 1,
                                2 if size < 50 else 3)
            time = {key: medians[command] for key, command in commands.items()}
            memory = (peak_memory(commands["html"], 1 if size == 50 else 3)
                      / peak_memory(commands["cmark"], 1 if size == 50 else 3))
            html_peer, html_target = (("cmark-unsafe", 1.3) if kind == "markdown-html"
                                      else ("cmark", 1.2))

            def ratio(key, peer, target=None):
                value = time[key] / time[peer]
                verdict = "" if target is None else (" met" if value <= target else " missed")
                return f"{time[key]:.3f} s ({value:.2f}×{verdict})"

            lines.append(
                f"| {label}, {size} MB | {ratio('html', html_peer, html_target)} | "
                f"{ratio('unsafe', 'cmark-unsafe', 1.1)} | {ratio('outline', 'cmark', 0.9)} | "
                f"{ratio('markdown', 'cmark')} | {ratio('json', 'cmark')} | "
                f"{time['cmark']:.3f} s | {time['cmark-unsafe']:.3f} s | "
                f"{memory:.2f}× ({'met' if memory <= 1.2 else 'missed'}) |")
            print(lines[-1], flush=True)
    return lines


def startup(collapse, runs):
    """The lines on start-up: an empty file and `--version` against cmark-gfm on an empty
    file (target: within 2×), and 2,000 files of about 2 KB, read by one process and by one
    process each."""
    empty = os.path.join(INPUTS, "empty.md")
    open(empty, "w").close()
    commands = {"empty": f"{collapse} -t html {empty}", "version": f"{collapse} --version",
                "cmark": f"{CMARK_GFM} {empty}"}
    medians = hyperfine(list(commands.values()), runs * 10, 2)
    time = {key: medians[command] * 1000 for key, command in commands.items()}
    lines = ["", "Start-up (target: within 2× of cmark-gfm on an empty file): collapse "
             f"{time['empty']:.1f} ms on an empty file ({time['empty'] / time['cmark']:.1f}×), "
             f"`--version` {time['version']:.1f} ms ({time['version'] / time['cmark']:.1f}×), "
             f"cmark-gfm {time['cmark']:.1f} ms."]
    # 2,000 small reports: the guide profile cut into pieces of about 2 KB at line ends.
    folder = os.path.join(INPUTS, "small-files")
    source_path = inputs("guide", 10)
    if (not os.path.isdir(folder) or len(os.listdir(folder)) != 2000
            or os.path.getmtime(folder) < os.path.getmtime(source_path)):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        with open(source_path) as source:
            text = source.read()
        start = 0
        for number in range(2000):
            end = text.index("\n", start + 2000) + 1
            with open(os.path.join(folder, f"report-{number:04}.md"), "w") as out:
                out.write(text[start:end])
            start = end
    # hyperfine runs each through the shell, which expands the names: the command stays
    # short however long the folder's path.
    files = shlex.quote(folder) + "/*.md"
    each = "for f in " + files + "; do {} \"$f\"; done"
    commands = {
        "collapse-one": f"{shlex.quote(collapse)} -t html --expand-all {files}",
        "cmark-one": f"{CMARK_GFM} {files}",
        "collapse-each": each.format(f"{shlex.quote(collapse)} -t html --expand-all"),
        "cmark-each": each.format(CMARK_GFM),
    }
    medians = hyperfine(list(commands.values()), max(1, runs // 2), 2)
    time = {key: medians[command] for key, command in commands.items()}
    lines += ["", "2,000 files of about 2 KB (the guide profile cut at line ends), `-t html "
              "--expand-all` against `cmark-gfm`: in one process "
              f"{time['collapse-one']:.3f} s against {time['cmark-one']:.3f} s "
              f"({time['collapse-one'] / time['cmark-one']:.2f}×); one process a file "
              f"{time['collapse-each']:.2f} s against {time['cmark-each']:.2f} s "
              f"({time['collapse-each'] / time['cmark-each']:.2f}×)."]
    print("\n".join(lines), flush=True)
    return lines


def costs(binary, path):
    """The five functions that run the most instructions of `-t html --expand-all` on
    `path`, by callgrind, each with its share."""
    with tempfile.NamedTemporaryFile(suffix=".out") as out:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}",
                        binary, "-t", "html", "--expand-all", path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        annotated = subprocess.run(
            ["callgrind_annotate", "--inclusive=no", "--auto=no", "--threshold=100", out.name],
            capture_output=True, text=True, check=True).stdout
    total, top, libraries = None, [], {}
    # `  1,234,567 ( 3.45%)  file:function [object]`, after the program's total.
    row = re.compile(r"^\s*([\d,]+) \(\s*([\d.]+)%\)\s+(.*)$")
    for line in annotated.splitlines():
        match = row.match(line)
        if not match:
            continue
        if "PROGRAM TOTALS" in line:
            total = int(match.group(1).replace(",", ""))
            continue
        library = os.path.basename(match.group(3).rsplit(" [", 1)[-1].rstrip("]")).split(".so")[0]
        library = "collapse" if library == os.path.basename(binary) else library
        libraries[library] = libraries.get(library, 0) + int(match.group(1).replace(",", ""))
        if total and len(top) < 5:
            name = match.group(3).split(" [")[0]
            name = name.split(":", 1)[1] if ":" in name else name
            demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact", name],
                                       capture_output=True, text=True).stdout.strip() or name
            top.append(f"{demangled[:90]} {match.group(2)}%")
    shares = sorted(libraries.items(), key=lambda item: -item[1])[:4]
    return total, top, [f"{name} {count / total * 100:.0f}%" for name, count in shares]


def profile_summary(collapse, before=None):
    """The lines that say where `-t html --expand-all` of 1 MB of release notes spends its
    instructions, and where the build `before` spent them, if given."""
    path = inputs("release-notes", 1)
    lines = ["", "Where the time goes: the five functions that run the most instructions "
             "(callgrind, each function's own) of `-t html --expand-all` on 1 MB of release "
             "notes, and cmark-gfm's total on it."]
    cmark = instructions(f"{CMARK_GFM} {path}")
    for name, binary in (("before", before), ("now", collapse)):
        if not binary:
            continue
        total, top, libraries = costs(binary, path)
        lines += ["", f"- {name}: {total:,} instructions ({total / cmark:.2f}× cmark-gfm's "
                  f"{cmark:,}), by library " + ", ".join(libraries) + "; the five functions: "
                  + "; ".join(f"`{entry.rsplit(' ', 1)[0]}` {entry.rsplit(' ', 1)[1]}"
                              for entry in top)]
    print("\n".join(lines), flush=True)
    return lines


def splice(section_start, new_lines, before_line):
    """Puts `new_lines` in place of the section of bench/results.md that starts with
    `section_start`, or before the line starting with `before_line` if there is none."""
    path = os.path.join(HERE, "results.md")
    with open(path) as source:
        results = source.read().split("\n")
    # The start-up line of runs before this section had it.
    results = [line for line in results if not line.startswith("Start-up, on an empty file")]
    starts = [n for n, line in enumerate(results) if line.startswith(section_start)]
    if starts:
        start = starts[0]
        end = next(n for n in range(start + 1, len(results)) if results[n].startswith(before_line))
        results[start:end - 1] = new_lines
    else:
        end = next(n for n, line in enumerate(results) if line.startswith(before_line))
        results[end - 1:end - 1] = [""] + new_lines
    # No run of blank lines where a line went.
    results = [line for n, line in enumerate(results)
               if line or n == 0 or results[n - 1]]
    with open(path, "w") as out:
        out.write("\n".join(results))
    quote_in_readme(results[results.index(TABLE_HEADER):])


def main():
    collapse = os.path.abspath(sys.argv[1])
    if "--tricks-only" in sys.argv:
        tricks(collapse, 3)
        return
    if "--trick" in sys.argv[:-1]:
        tricks(collapse, 3, only=sys.argv[sys.argv.index("--trick") + 1])
        return
    if "--raw-html-only" in sys.argv:
        print("\n".join(raw_html(collapse, 3)))
        return
    if "--yaml-only" in sys.argv:
        print("\n".join(yaml_reading(collapse, 3)))
        return
    if "--xml-only" in sys.argv:
        splice(XML_START, xml_reading(collapse, 3)[1:], "Markdown drawn for a terminal")
        return
    if "--drawn-only" in sys.argv:
        print("\n".join(drawn_text(collapse, 3)))
        return
    if "--matching-only" in sys.argv:
        print("\n".join(content_matching(collapse, 3)))
        return
    if "--highlight-only" in sys.argv:
        print("\n".join(highlighting(collapse, 5)))
        return
    if "--pages-only" in sys.argv:
        replace_pages(browser_pages(collapse))
        return
    before = (os.path.abspath(sys.argv[sys.argv.index("--before") + 1])
              if "--before" in sys.argv[:-1] else None)
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    if "--real-only" in sys.argv:
        # The real-shaped documents, start-up and where the time goes, in place of the last.
        section = real_shaped(collapse, runs) + startup(collapse, runs) + profile_summary(collapse, before)
        splice(REAL_SHAPED_START, section, "Inputs that once made reading quadratic")
        return
    rounds = 2
    rows = []

    def compare(label, ours, peer, target, memory_target=None, faster_by=None):
        medians = hyperfine([ours, peer], runs, rounds)
        ours_time, peer_time = medians[ours], medians[peer]
        ours_memory, peer_memory = peak_memory(ours), peak_memory(peer)
        ratio = ours_time / peer_time
        if faster_by:
            verdict = "met" if peer_time / ours_time >= faster_by else "missed"
            goal = f"≥ {faster_by}× faster ({verdict})"
        elif target:
            verdict = "met" if ratio <= target else "missed"
            goal = f"≤ {target}× ({verdict})"
        else:
            goal = "(set at 50 MB)"
        memory_ratio = ours_memory / peer_memory
        memory_goal = ""
        if memory_target:
            memory_goal = f"≤ {memory_target}× ({'met' if memory_ratio <= memory_target else 'missed'})"
        rows.append((label, ours_time, peer_time, ratio, goal, ours_memory, peer_memory, memory_ratio, memory_goal))
        print(f"{label}: {ours_time:.3f}s vs {peer_time:.3f}s = {ratio:.2f}× {goal}; "
              f"memory {ours_memory / 1024:.0f} MB vs {peer_memory / 1024:.0f} MB = {memory_ratio:.2f}× {memory_goal}",
              flush=True)
        return ours_time, ours_memory

    md = {size: inputs("markdown", size) for size in (1, 10, 50)}
    js = {size: inputs("json", size) for size in (1, 10, 50)}
    growth = {}
    for size in (1, 10, 50):
        growth[("html", size)] = compare(
            f"Markdown {size} MB: `collapse -t html --expand-all` vs `cmark-gfm --to html`",
            f"{collapse} -t html --expand-all {md[size]}", f"{CMARK_GFM} {md[size]}", 1.2,
            memory_target=1.2)
    compare(
        "Markdown 50 MB: `collapse --outline` vs `cmark-gfm --to html`",
        f"{collapse} --outline {md[50]}", f"{CMARK_GFM} {md[50]}", 1.0)
    compare(
        "Markdown 1 MB: `collapse -t html` vs `pandoc --section-divs -f gfm -t html`",
        f"{collapse} -t html {md[1]}", f"pandoc --section-divs -f gfm -t html {md[1]}", None,
        faster_by=20)
    for size in (1, 10, 50):
        growth[("json", size)] = compare(
            f"JSON {size} MB: `collapse --expand-all` vs `jq .`",
            f"{collapse} --expand-all {js[size]}", f"jq . {js[size]}", 0.5 if size == 50 else None,
            memory_target=1.0 if size == 50 else None)
    # The outline as JSON, with a NAME, lines and bytes for each section, and each value
    # as written: several times what `jq .` writes, within half as much time again.
    compare(
        "JSON 50 MB: `collapse -t json --expand-all` vs `jq .`",
        f"{collapse} -t json --expand-all {js[50]}", f"jq . {js[50]}", 1.5)

    # Inputs that once made reading quadratic, from a file and from a pipe: within 1.5× of
    # the parser alone.
    reads = []
    # NUL bytes make a binary file, which only `-f` has read as Markdown.
    for label, path, peer, flags in (
        ("a 200 MB first line", written("first-line-200.md", lambda: pathological.first_line(200 << 20)),
         CMARK_GFM, "-t html"),
        ("40 MB of NUL bytes", written("nul-40.md", lambda: pathological.nul_bytes(40 << 20)),
         CMARK_GFM, "-f markdown -t html"),
        ("a 200 MB JSON string", written("string-200.json", lambda: pathological.json_string(200 << 20)),
         "jq .", ""),
    ):
        ours = f"{collapse} {flags} {path}".replace("  ", " ")
        for how, wrap in (("file", lambda c: c), ("pipe", lambda c: f"cat {path} | " + c.replace(f" {path}", ""))):
            before = len(rows)
            compare(f"{label}, from a {how}: `collapse` vs `{peer.split()[0]}`", wrap(ours), wrap(f"{peer} {path}"), 1.5)
            reads.append(rows[before])

    # Hostile Markdown: what collapse's own code adds to cmark-gfm's time on each.
    hostile = []
    library_binary = library_peer()
    for name, what, make, size in pathological.MARKDOWN:
        path = written(f"hostile-{name.replace(' ', '-')}.md", lambda: make(size))
        commands = {
            "cmark-gfm": f"{CMARK_GFM} {path}",
            "library": f"{library_binary} {path}",
            "-t html": f"{collapse} -t html {path}",
            "text": f"{collapse} {path}",
            "-t markdown": f"{collapse} -t markdown {path}",
        }
        medians = hyperfine(list(commands.values()), max(5, runs), rounds)
        library = medians[commands["library"]]
        times = {key: medians[command] / library for key, command in commands.items()
                 if key not in ("cmark-gfm", "library")}
        # Tenths of a second on a shared machine move from run to run; the instructions
        # do not, and the target is judged on them.
        counted = {key: instructions(command) for key, command in commands.items()
                   if key != "cmark-gfm"}
        ratios = {key: counted[key] / counted["library"] for key in times}
        worst = max(ratios.values())
        hostile.append((name, what, medians[commands["cmark-gfm"]], library, times, ratios,
                        "met" if worst <= 1.3 else "missed"))
        print(f"hostile {name}: cmark-gfm {medians[commands['cmark-gfm']]:.3f}s, library "
              f"{library:.3f}s, time " + ", ".join(f"{k} {v:.2f}×" for k, v in times.items())
              + "; instructions " + ", ".join(f"{k} {v:.2f}×" for k, v in ratios.items()),
              flush=True)

    # Cutting to fit: the counts of the output that finding the cuts takes, against
    # writing it all once (the case: 2,000,000 headings of one level into 1 MiB).
    fitting = []
    for n, measure in ((2_000_000, "time"), (200_000, "instructions")):
        flat = written(f"flat-headings-{n}.md", lambda: "".join(f"# Heading {i}\n" for i in range(n)))
        for output in ("markdown", "html"):
            capped = f"{collapse} -t {output} --max-bytes 1M {flat}"
            whole = f"{collapse} -t {output} {flat}"
            if measure == "time":
                medians = hyperfine([capped, whole], runs, rounds)
                ours, peer = medians[capped], medians[whole]
                figures = f"{ours:.3f} s against {peer:.3f} s"
            else:
                ours, peer = instructions(capped), instructions(whole)
                figures = f"{ours:,} instructions against {peer:,}"
            ratio = ours / peer
            fitting.append(f"- {n:,} headings, `-t {output}`: {figures} ({ratio:.2f}×, "
                           f"{'met' if ratio <= 2 else 'missed'})")
            print(fitting[-1], flush=True)

    # No quadratic path: ten times the sections should cost about ten times as much.
    scaling = []
    for label, make, extra in (
        ("headings (`## Heading i` with a line of text)", lambda n: "".join(f"## Heading {i}\n\ntext {i}\n\n" for i in range(n)),
         None),
        ("sections of one title (`# Same`), every one expanded by `-e same`", lambda n: "# Same\n\nbody\n\n" * n,
         lambda n: "-e same "),
        # A NAMES list's parts are joined again only where they may make a title.
        ("commas in a title (`# a,a,…,a,b`), beside `-e` listing `a` half as many times",
         lambda n: "# " + ",".join(["a"] * n) + ",b\n\n# a\n",
         lambda n: "-e " + ",".join(["a"] * (n // 2)) + " "),
    ):
        small, large = (20_000, 200_000) if label.startswith("headings") else (1_000, 10_000)
        extra = extra if extra else (lambda n: "")
        paths = {}
        for n in (small, large):
            path = os.path.join(INPUTS, f"scale-{label.split()[0]}-{n}.md")
            if not os.path.exists(path):
                with open(path, "w") as out:
                    out.write(make(n))
            paths[n] = path
        commands = [f"{collapse} -t html {extra(n)}{paths[n]}" for n in (small, large)]
        medians = hyperfine(commands, runs, 1)
        ratio = medians[commands[1]] / medians[commands[0]]
        scaling.append(f"- {large:,} against {small:,} {label}: {ratio:.1f}× the time for 10× the sections")
        print(scaling[-1], flush=True)

    # Documents shaped like real ones, start-up, and where the time goes.
    real = real_shaped(collapse, runs) + startup(collapse, runs) + profile_summary(collapse, before)

    lines = [
        "# Benchmark results",
        "",
        "Medians of wall time over rounds that each run every command once (hyperfine), and of peak memory",
        "(`/usr/bin/time`'s maximum resident set), for collapse and the tool it is compared with, measured in",
        "the same run. Inputs are generated by `bench/generate.py` (real-shaped Markdown",
        "docs and changelogs; JSON shaped like an API's list responses) and",
        "`bench/pathological.py`. cmark-gfm runs with GitHub's extensions, as collapse reads",
        "Markdown: table, strikethrough, autolink, tasklist and footnotes.",
        "",
        "| comparison | collapse | peer | ratio | target | memory (collapse / peer) | memory target |",
        "|---|---:|---:|---:|---|---:|---|",
    ]
    for label, ours, peer, ratio, goal, om, pm, mr, mgoal in rows:
        if (label, ours, peer, ratio, goal, om, pm, mr, mgoal) in reads:
            continue
        lines.append(
            f"| {label} | {ours:.3f} s | {peer:.3f} s | {ratio:.2f}× | {goal} | "
            f"{om / 1024:.0f} / {pm / 1024:.0f} MB = {mr:.2f}× | {mgoal} |")
    lines += ["", "Growth from 1 MB to 50 MB (target: at most 55×):", ""]
    for kind, label in (("html", "Markdown, `-t html --expand-all`"), ("json", "JSON, `--expand-all`")):
        (t1, m1), (t50, m50) = growth[(kind, 1)], growth[(kind, 50)]
        verdict = "met" if max(t50 / t1, m50 / m1) <= 55 else "missed"
        lines.append(f"- {label}: time {t50 / t1:.1f}×, memory {m50 / m1:.1f}× ({verdict})")
    lines += ["", "Scaling with the number of sections (`-t html`):", ""] + scaling
    lines += ["", "`--max-bytes 1M` against the whole output, of one flat document (target: at "
              "most 2×, time as a median, instructions by callgrind):", ""] + fitting
    lines += [""] + real
    lines += ["", "Inputs that once made reading quadratic (target: within 1.5× of the parser "
              "alone, from a file and from a pipe):", "",
              "| input | collapse | peer | ratio | target |", "|---|---:|---:|---:|---|"]
    for label, ours, peer, ratio, goal, *_ in reads:
        lines.append(f"| {label} | {ours:.3f} s | {peer:.3f} s | {ratio:.2f}× | {goal} |")
    lines += ["", "Hostile Markdown: what collapse adds to the library, that is cmark-gfm parsing and "
              "rendering with malloc (`bench/cmark-library.c`), as collapse uses it: its "
              "median time over the library's, and its instructions (callgrind) over the "
              "library's, on which the target is judged (at most 1.3× in every output). The "
              "cmark-gfm command allocates from an arena, which is cheaper where a document "
              "has many small nodes.", "",
              "| input | what | cmark-gfm command | library | time: `-t html` / text / `-t markdown` "
              "| instructions: `-t html` / text / `-t markdown` | target |",
              "|---|---|---:|---:|---:|---:|---|"]
    for name, what, command, library, times, ratios, verdict in hostile:
        lines.append(f"| {name} | {what} | {command:.3f} s | {library:.3f} s | "
                     f"{times['-t html']:.2f}× / {times['text']:.2f}× / {times['-t markdown']:.2f}× | "
                     f"{ratios['-t html']:.2f}× / {ratios['text']:.2f}× / {ratios['-t markdown']:.2f}× "
                     f"| ≤ 1.3× ({verdict}) |")
    lines += raw_html(collapse, runs)
    lines += browser_pages(collapse)
    lines += highlighting(collapse, runs)
    lines += content_matching(collapse, runs)
    lines += yaml_reading(collapse, runs)
    lines += xml_reading(collapse, runs)
    lines += drawn_text(collapse, runs)
    lines += ["", "What each performance trick gains on its target, with and "
              "without it: `bench/tricks.md`."]
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    cpus = os.cpu_count()
    lines += ["", f"Machine: {machine}, {cpus} cores. Command: `make bench`.", ""]
    with open(os.path.join(HERE, "results.md"), "w") as out:
        out.write("\n".join(lines))
    print("\n".join(lines))
    tricks(collapse, 3)
    quote_in_readme(lines[lines.index(TABLE_HEADER):])


PAGES_START = "Pages in a browser"
# The line after the section on pages.
TRICKS_LINE = "What each performance trick gains"
# The first line of the results that README.md quotes.
TABLE_HEADER = ("| comparison | collapse | peer | ratio | target | memory (collapse / peer) | "
                "memory target |")


def highlighting(collapse, runs):
    """The lines on what colouring a page's code costs: writing the page, its size, the
    browser's time to a usable page and to all code coloured, on 1 MB of README and
    guides (about 600 fenced blocks in bash, console, js and rust) and on 5 MB, with
    highlighting and with `--no-highlight`."""
    lines = [""]
    for megabytes in (1, 5):
        guide = inputs("guide", megabytes)
        page = f"{collapse} -s --lazy=never {guide}"
        plain = f"{collapse} -s --lazy=never --no-highlight {guide}"
        medians = hyperfine([page, plain], runs, 2)
        coloured_path = pages.render(
            collapse, guide, f"guide-{megabytes}-coloured.html", "--lazy=never")
        plain_path = pages.render(
            collapse, guide, f"guide-{megabytes}-plain.html", "--lazy=never", "--no-highlight")
        with open(plain_path, encoding="utf-8") as text:
            blocks = text.read().count("<pre")
        sizes = [os.path.getsize(path) / 1024 for path in (coloured_path, plain_path)]
        browser = pages.driver()
        try:
            coloured = [pages.load_coloured(browser, coloured_path) for _ in range(runs)]
            plain_usable = statistics.median(pages.load(browser, plain_path) for _ in range(runs))
        finally:
            browser.quit()
        usable = statistics.median(times[0] for times in coloured)
        done = statistics.median(times[1] for times in coloured)
        lines.append(
            f"Colouring a page's code (highlight.js in a worker, the languages the page uses), "
            f"on {megabytes} MB of README and guides ({blocks} blocks), against "
            f"`--no-highlight` in the same run: writing the page {medians[page]:.3f} s against "
            f"{medians[plain]:.3f} s ({medians[page] / medians[plain]:.2f}×); the page "
            f"{sizes[0]:.0f} KB against {sizes[1]:.0f} KB; usable in Chromium (the load "
            f"event's end) {usable:.2f} s against {plain_usable:.2f} s "
            f"({usable / plain_usable:.2f}×); all code coloured at {done:.2f} s.")
        lines.append(fragment_classes(collapse, guide, megabytes, runs))
    return lines


def content_matching(collapse, runs):
    """The lines on what choosing sections by their content costs: the text output of
    the 50 MB Markdown and JSON inputs, every section open, against the same run with a
    TEXT and a /REGEX/ that match nothing (so that all of the content is looked
    through, and the output is the same)."""
    lines = [""]
    for kind, name in (("markdown", "Markdown"), ("json", "JSON")):
        path = inputs(kind, 50)
        plain = f"{collapse} --expand-all {path}"
        text = f"{collapse} --expand-all --expand-matching zzqx-none {path}"
        regex = f"{collapse} --expand-all --expand-matching /zzqx-none/ {path}"
        # Every section's text goes through PCRE2, which finds what a match must hold itself.
        pattern = r"\d{9}[xq]"
        bare = f"{collapse} --expand-all --expand-matching '/{pattern}/' {path}"
        # grep says 1 when it finds nothing, which hyperfine would take for a failure.
        grep = f"grep -cP '{pattern}' {path} || true"
        medians = hyperfine([plain, text, regex, bare, grep], runs, 2)
        lines.append(
            f"Content matching on {name} 50 MB (text output, `--expand-all`): "
            f"{medians[plain]:.2f} s without; `--expand-matching TEXT` {medians[text]:.2f} s "
            f"({medians[text] / medians[plain]:.2f}×, target ≤ 1.2×); a `/REGEX/` with a "
            f"literal {medians[regex]:.2f} s ({medians[regex] / medians[plain]:.2f}×); "
            f"`/{pattern}/`, with none, {medians[bare]:.2f} s "
            f"({medians[bare] / medians[plain]:.2f}×; `grep -cP` alone over the file "
            f"{medians[grep]:.2f} s).")
    return lines


def xml_peer():
    """bench/xml-read.c, built: libxml2's streaming reader alone over a file."""
    return built_peer("xml-read", ["-I/usr/include/libxml2", "-lxml2"])


XML_START = "XML read with libxml2"


def xml_reading(collapse, runs):
    """The lines on reading XML: collapse's text output of a 200 MB JUnit report (shaped
    like Surefire's and pytest's) and of 50 MB of XML read as elements (`-f xml`), against
    libxml2's streaming reader alone over the same bytes, in the same run; peak memory
    against the input's size. A table, one row an input."""
    lines = ["", f"{XML_START}: collapse's text output against bench/xml-read.c, libxml2's "
             "streaming reader alone over the same bytes (median times, same run); peak "
             "memory as a multiple of the input's size. Targets: within 1.5×, at most 2×.",
             "",
             "| input | collapse | libxml2's reader alone | ratio | peak memory | × input | target |",
             "|---|---:|---:|---:|---:|---:|---|"]
    peer = xml_peer()
    for size, flags, name in ((200, "", "a JUnit report"), (50, "-f xml ", "XML read as elements")):
        path = inputs("xml", size)
        with open(path, "rb") as report:
            tests = report.read().count(b"<testcase ")
        text = f"{collapse} {flags}{path}"
        parse = f"{peer} {path}"
        medians = hyperfine([text, parse], runs, 1)
        memory = peak_memory(text) * 1024
        bytes_in = os.path.getsize(path)
        ratio = medians[text] / medians[parse]
        lines.append(
            f"| {size} MB, {name} ({tests:,} tests), `collapse {flags}FILE` | "
            f"{medians[text]:.2f} s | {medians[parse]:.2f} s | {ratio:.2f}× | "
            f"{memory / 1e6:.0f} MB | {memory / bytes_in:.2f}× | "
            f"≤ 1.5× ({'met' if ratio <= 1.5 else 'missed'}), "
            f"≤ 2× ({'met' if memory <= 2 * bytes_in else 'missed'}) |")
        print(lines[-1], flush=True)
    return lines


def yaml_reading(collapse, runs):
    """The lines on reading YAML: collapse's text output of 50 MB of manifests and of an
    OpenAPI spec, every section open, against libyaml's parser alone over the same bytes
    and against Python's yaml with libyaml's loader, in the same run."""
    lines = [""]
    peer = yaml_peer()
    for kind, name in (("manifests", "Kubernetes manifests"), ("openapi", "an OpenAPI spec")):
        path = inputs(kind, 50)
        text = f"{collapse} --expand-all {path}"
        parse = f"{peer} {path}"
        python = (f"python3 -c 'import sys, yaml; list(yaml.load_all(open(sys.argv[1]), "
                  f"Loader=yaml.CSafeLoader))' {path}")
        medians = hyperfine([text, parse, python], runs, 1)
        memory = peak_memory(text)
        lines.append(
            f"YAML, 50 MB of {name} (text output, `--expand-all`): {medians[text]:.2f} s, "
            f"against libyaml's parser alone {medians[parse]:.2f} s "
            f"({medians[text] / medians[parse]:.2f}×, target ≤ 1.5×) and Python's yaml with "
            f"libyaml's loader {medians[python]:.2f} s "
            f"({medians[text] / medians[python]:.2f}×); {memory / 1000:.0f} MB at most.")
    return lines


def drawn_text(collapse, runs):
    """The lines on Markdown drawn for a terminal (`--render always`) against the source
    lines the same command shows without it, both fitted to 100 columns as on a terminal,
    on 50 MB of each real-shaped profile, and glow's peer cmark-gfm writing HTML; with the
    instructions callgrind counts on 1 MB as a second opinion."""
    lines = ["", "Markdown drawn for a terminal (`--render always -w 100 --expand-all`) "
             "against its source lines (`--render never`, the same width), at 50 MB of each "
             "real-shaped profile (target: within 1.5×); times are medians, instructions are "
             "callgrind's on 1 MB of the same profile:", "",
             "| input | drawn | source lines | ratio | instructions ratio | cmark-gfm `--to html` |",
             "|---|---:|---:|---:|---:|---:|"]
    # Valgrind 3.19 gives up on the debug information of a binary linked with the Swift
    # runtime in it: it counts a copy without it, which runs the same instructions.
    stripped = os.path.join(INPUTS, "collapse-stripped")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, collapse], check=True)
    for kind, label in (("release-notes", "release notes"), ("guide", "README and guides"),
                        ("markdown-html", "raw HTML in a quarter of the blocks")):
        path = inputs(kind, 50)
        drawn = f"{collapse} --render always -w 100 --expand-all {path}"
        source = f"{collapse} --render never -w 100 --expand-all {path}"
        peer = f"{CMARK_GFM} {path}"
        medians = hyperfine([drawn, source, peer], runs, 2)
        small = inputs(kind, 1)
        counted = (instructions(f"{stripped} --render always -w 100 --expand-all {small}")
                   / instructions(f"{stripped} --render never -w 100 --expand-all {small}"))
        ratio = medians[drawn] / medians[source]
        lines.append(
            f"| {label}, 50 MB | {medians[drawn]:.2f} s | {medians[source]:.2f} s | "
            f"{ratio:.2f}× ({'met' if ratio <= 1.5 else 'missed'}) | {counted:.2f}× | "
            f"{medians[peer]:.2f} s |")
        print(lines[-1], flush=True)
    return lines


def fragment_classes(collapse, guide, megabytes, runs):
    """The line on what marking a fragment's code with GitHub's classes costs (GNU
    Source-highlight, while the fragment is written), against `--no-highlight` and
    cmark-gfm in the same run."""
    marked = f"{collapse} -t html --expand-all {guide}"
    plain = f"{collapse} -t html --expand-all --no-highlight {guide}"
    peer = f"cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist {guide}"
    medians = hyperfine([marked, plain, peer], runs, 2)
    output = subprocess.run(marked.split(), capture_output=True, text=True).stdout
    blocks = output.count("<pre><code class=\"language-")
    spans = output.count("<span class=\"pl-")
    marked_blocks = len(re.findall(r'<pre><code class="language-[^"]*"><span class="pl-', output))
    return (f"Marking a fragment's code with GitHub's classes (GNU Source-highlight, while "
            f"writing), on {megabytes} MB of README and guides ({blocks} blocks with a "
            f"language, {marked_blocks} starting with a marked run, {spans} runs): "
            f"`-t html --expand-all` {medians[marked]:.3f} s against {medians[plain]:.3f} s "
            f"with `--no-highlight` ({medians[marked] / medians[plain]:.2f}×), cmark-gfm "
            f"{medians[peer]:.3f} s ({medians[marked] / medians[peer]:.2f}× it).")


def browser_pages(collapse):
    """The lines of the results' section on pages in a browser."""
    return pages.lines(collapse, [
        (inputs("json", 50), "JSON 50 MB", "données3847"),
        (inputs("markdown", 50), "Markdown 50 MB", "coral reef"),
    ])


def replace_pages(figures):
    """Puts `figures` in place of the section on pages in bench/results.md."""
    path = os.path.join(HERE, "results.md")
    with open(path) as source:
        results = source.read().split("\n")
    starts = [n for n, line in enumerate(results) if line.startswith(PAGES_START)]
    if starts:
        start = starts[0] - 1
        end = next(n for n in range(start + 1, len(results)) if results[n].startswith(TRICKS_LINE))
        results[start:end - 1] = figures
    else:
        end = next(n for n, line in enumerate(results) if line.startswith(TRICKS_LINE))
        results[end - 1:end - 1] = figures
    with open(path, "w") as out:
        out.write("\n".join(results))
    print("\n".join(figures))
    quote_in_readme(results[results.index(TABLE_HEADER):])


def quote_in_readme(figures):
    """Puts `figures` in README.md's Speed section, between its two bench markers, so that
    the README always quotes the latest run."""
    path = os.path.join(HERE, "..", "README.md")
    with open(path) as source:
        readme = source.read().split("\n")
    start, end = readme.index(README_START), readme.index(README_END)
    while figures and figures[-1] == "":
        figures = figures[:-1]
    readme[start + 1:end] = [""] + figures + [""]
    with open(path, "w") as out:
        out.write("\n".join(readme))


if __name__ == "__main__":
    main()
