#!/usr/bin/env python3
"""Writes the benchmark inputs: real-shaped Markdown and JSON of a given size.

usage: generate.py release-notes|guide|markdown|markdown-html|json|manifests|openapi|xml SIZE_MB OUTPUT

release-notes and guide take their shape from real documents, counted node by node by
bench/profile.py (the figures per KB are in the comments of `release_notes` and `guide`).
release-notes reads like a big project's release notes: many small sections under setext
headings, each a list of changes that link to their pull requests, with inline code full
of `<T>` and `&str`, a raw `<a id="…"></a>` anchor before many sections, and now and then
a commit list, a nested list or a fenced block. guide reads like a README and the API
guides beside it: a centred logo and a row of badges, fewer and longer sections of
prose, code and tables, alerts, images, `<details>` blocks, footnotes, and the HTML
comments and anchors API docs carry.

markdown reads like a project's docs and changelog: many headings of every level,
paragraphs with inline markup, fenced and indented code (with # lines that are not
headings), lists, quotes and tables; markdown-html adds the raw HTML of READMEs and of
the reports CI tools write (aligned images, details blocks around Markdown, anchors,
tables, kbd) to a quarter of the blocks. The JSON reads like an API's list responses:
arrays of issue-like objects with nested users, labels and reactions. The same seed
gives the same bytes on every machine.

manifests reads like the Kubernetes manifests of a big install (argo-cd's, read line by
line): a stream of documents, most of them Deployments of a few hundred short lines
(about 35 bytes a line), whose containers carry long env lists where each entry is a
small mapping three levels deep (`valueFrom: configMapKeyRef: {name, key, optional}`),
probes, security contexts, volume mounts and volumes, sequences written both indented
and not; between them Services, ConfigMaps with block scalars, and RBAC rules; a
comment now and then, an anchor and alias rarely, `{}` for empty things. openapi reads
like a large API's OpenAPI spec: one document of paths, each with operations that hold
parameters, request bodies and responses whose content refers to schemas, and a
components section of schemas with properties, many of one line (`type: string`).

xml reads like the test reports CI joins under one root, about 400 bytes a test (a
200 MB report holds some 500,000 tests): two suites in three as Maven's Surefire writes
its TEST-*.xml, a testsuite per class with the build's properties (one line each, as
java.*, user.* and maven.* system properties are), then its testcases, most of them one
empty element on a line, some holding a failure or an error whose stack trace is several
lines of text (escaped or in CDATA), a skipped element, or a system-out in CDATA; a
comment now and then, and attributes that escape `&lt;`, `&amp;` and `&quot;`. Every
third suite is as pytest's `--junitxml` writes it: the whole suite on one line, test
modules' dotted class names, and a failure's text pytest's traceback of the test's source
lines (`>` at the failing one, `E` before the assertion's explanation).
"""
import json
import random
import sys

WORDS = (
    "collapse outline section render parse heading expand option value release fixed "
    "added breaking change support document index table cache stream buffer reader "
    "writer network request response client server config deploy build test install "
    "Pacific Atlantic coral reef naïve Café über 日本語 données"
).split()


def sentence(rng, n):
    parts = []
    for _ in range(n):
        w = rng.choice(WORDS)
        r = rng.random()
        if r < 0.05:
            w = f"*{w}*"
        elif r < 0.08:
            w = f"**{w}**"
        elif r < 0.13:
            w = f"`{w}()`"
        elif r < 0.16:
            w = f"[{w}](https://example.org/docs/{w})"
        parts.append(w)
    return " ".join(parts).capitalize() + "."


def raw_html(rng):
    r = rng.random()
    if r < 0.2:
        return f'<p align="center">\n  <img src="docs/{rng.choice(WORDS)}.png" alt="{sentence(rng, 2)}" width="{rng.randint(80, 400)}">\n</p>'
    if r < 0.45:
        return (f"<details><summary>{sentence(rng, 3)}</summary>\n\n{sentence(rng, 12)}\n\n"
                f"- {sentence(rng, 5)}\n- {sentence(rng, 5)}\n\n</details>")
    if r < 0.6:
        return f'<a id="{rng.choice(WORDS).lower()}-{rng.randint(0, 9999)}"></a>\n{sentence(rng, 10)}'
    if r < 0.8:
        cells = "".join(f"<td>{rng.choice(WORDS)}</td>" for _ in range(4))
        return "<table>\n" + "\n".join(f"<tr>{cells}</tr>" for _ in range(rng.randint(2, 6))) + "\n</table>"
    return f"Press <kbd>Ctrl</kbd>+<kbd>{rng.choice('ABCXYZ')}</kbd> to {sentence(rng, 6)}<br>{sentence(rng, 4)}"


def block(rng, html=False):
    if html and rng.random() < 0.25:
        return raw_html(rng)
    r = rng.random()
    if r < 0.45:
        return " ".join(sentence(rng, rng.randint(6, 18)) for _ in range(rng.randint(1, 4)))
    if r < 0.6:
        lines = [f"{'-' if rng.random() < 0.7 else '1.'} {sentence(rng, rng.randint(3, 10))}" for _ in range(rng.randint(2, 6))]
        return "\n".join(lines)
    if r < 0.75:
        body = "\n".join(
            f"# {sentence(rng, 3)}" if rng.random() < 0.2 else f"let {rng.choice(WORDS)} = {rng.randint(0, 999)}"
            for _ in range(rng.randint(2, 10)))
        return f"```{rng.choice(['swift', 'sh', 'json', ''])}\n{body}\n```"
    if r < 0.82:
        return "\n".join(f"    {rng.choice(WORDS)}({rng.randint(0, 9)})" for _ in range(rng.randint(2, 5)))
    if r < 0.9:
        return "\n".join(f"> {sentence(rng, rng.randint(4, 12))}" for _ in range(rng.randint(1, 3)))
    rows = [f"| {rng.choice(WORDS)} | {rng.randint(0, 9999)} | {sentence(rng, 3)} |" for _ in range(rng.randint(2, 6))]
    return "| name | count | note |\n|---|---|---|\n" + "\n".join(rows)


def markdown(rng, size, out, html=False):
    written = 0
    release = [3, 0, 0]
    out.write("# Project documentation\n\n")
    while written < size:
        release[2] += 1
        parts = [f"## {'.'.join(map(str, release))} — {sentence(rng, 3)}\n"]
        for _ in range(rng.randint(1, 4)):
            parts.append(f"### {sentence(rng, rng.randint(1, 4))}\n")
            for _ in range(rng.randint(0, 3)):
                parts.append(block(rng, html) + "\n")
            for _ in range(rng.randint(0, 2)):
                parts.append(f"#### {sentence(rng, 2)}\n")
                parts.append(block(rng, html) + "\n")
        text = "\n".join(parts) + "\n"
        out.write(text)
        written += len(text.encode())


CODE_WORDS = (
    "Vec<T>", "Box<dyn Error>", "Option<&T>", "&str", "Result<T, E>", "impl Trait", "String",
    "fs.readFile()", "Buffer.from()", "process.env", "--remap-path-scope", "cargo doc",
    "#[must_use]", "u128", "NonZero<u8>", "Arc<Mutex<T>>", "a && b", "HashMap<K, V>",
    "require('node:fs')", "stream.pipeline()", "x86_64-unknown-linux-gnu", "let else",
)
AREAS = ("Language", "Compiler", "Libraries", "Stabilized APIs", "Cargo", "Rustdoc",
         "Compatibility Notes", "Internal Changes", "Platform Support")
SUBSYSTEMS = ("fs", "http", "stream", "crypto", "deps", "doc", "test", "build", "src", "lib")


def code_span(rng):
    """Inline code: one span in ten holds `<` or `&`, as release notes' spans do."""
    if rng.random() < 0.1:
        return "`" + rng.choice([w for w in CODE_WORDS if "<" in w or "&" in w]) + "`"
    return "`" + rng.choice([w for w in CODE_WORDS if "<" not in w and "&" not in w]) + "`"


def change(rng, number):
    """A change of a release: what changed, with inline code, linking to its pull request."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(4, 10))]
    words[0] = words[0].capitalize()
    for _ in range(rng.choice((0, 1, 1, 1, 2, 2))):
        words.insert(rng.randint(0, len(words)), code_span(rng))
    text = " ".join(words)
    return f"[{text}](https://github.com/acme/project/pull/{number})"


def commit(rng, number):
    sha = f"{rng.getrandbits(40):010x}"
    return (f"* \\[[`{sha}`](https://github.com/acme/project/commit/{sha})] - "
            f"**{rng.choice(SUBSYSTEMS)}**: {sentence(rng, rng.randint(4, 9)).rstrip('.')} "
            f"(Jane Doe) [#{number}](https://github.com/acme/project/pull/{number})")


def release_notes(rng, size, out):
    """Release notes shaped as measured on Rust's RELEASES.md and Node.js's CHANGELOG_V18 and
    V20 (2.9 MB together). Per KB of source: 0.98 headings in Rust's (one a section of about
    1 KB; 0.2 in Node's, 4-6 KB each), 6-7 list items and paragraphs, 6-10 links, 6-8
    inline code spans of which about one in ten holds `<` or `&`, 0.27 raw anchors in Rust's
    (`<a id="1.95-Language"></a>` paragraphs) and 0.05 in Node's, lists three deep at most,
    and fenced code rarely (0.02-0.04 per KB)."""
    written, minor, number = 0, 400, 100000
    out.write("Project Release Notes\n=====================\n\n")
    while written < size:
        minor -= 1
        parts = [f"Version 1.{minor}.0 (2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d})\n"
                 "==========================\n"]
        if rng.random() < 0.2:
            # A release in Node's shape: notable changes in prose, then its commits.
            parts.append(f"<a id=\"1.{minor}.0\"></a>\n")
            parts.append("### Notable Changes\n")
            for _ in range(rng.randint(1, 3)):
                parts.append(f"#### {sentence(rng, rng.randint(2, 5)).rstrip('.')}\n")
                parts.append(" ".join(sentence(rng, rng.randint(8, 16)) for _ in range(rng.randint(1, 3)))
                             + f" {code_span(rng)}.\n")
                if rng.random() < 0.3:
                    parts.append(f"```js\nconst {{ {rng.choice(WORDS)} }} = require('node:fs');\n"
                                 f"{rng.choice(WORDS)}.pipe(process.stdout);\n```\n")
            parts.append("### Commits\n")
            commits = []
            for _ in range(rng.randint(15, 40)):
                number += 1
                commits.append(commit(rng, number))
            parts.append("\n".join(commits) + "\n")
        else:
            for area in rng.sample(AREAS, rng.randint(3, 7)):
                if rng.random() < 0.3:
                    parts.append(f"<a id=\"1.{minor}-{area.replace(' ', '-')}\"></a>\n")
                parts.append(f"{area}\n{'-' * len(area)}\n")
                items = []
                for _ in range(rng.randint(2, 9)):
                    number += 1
                    items.append(f"- {change(rng, number)}")
                    if rng.random() < 0.08:
                        items.append(f"  - {change(rng, number + 1)}")
                        if rng.random() < 0.3:
                            items.append(f"    - {sentence(rng, 5)} {code_span(rng)}")
                parts.append("\n".join(items) + "\n")
                if rng.random() < 0.05:
                    parts.append(f"```rust\nlet x: {rng.choice(CODE_WORDS)} = todo!();\n```\n")
                if rng.random() < 0.04:
                    parts.append(f"Refer to the [platform support page][platform-support-doc] for "
                                 f"more on {rng.choice(WORDS)}.\n\n"
                                 "[platform-support-doc]: https://doc.example.org/platform-support.html\n")
        text = "\n".join(parts) + "\n"
        out.write(text)
        written += len(text.encode())


def guide(rng, size, out):
    """A README and API guides, shaped as measured on Node.js's README, BUILDING and API
    docs (fs, http, stream, errors) and pyenv's README (740 KB together). Per KB: 1.5
    headings (levels 2 to 4, about 650 bytes a section), 6.4 paragraphs, 3 list items, 2.2
    links, 8.6 inline code spans, 0.5 fenced blocks of about 9 lines, 0.9 raw HTML blocks
    (the API docs' `<!-- YAML … -->` comments), 1.1 raw inline HTML (their `<a id>`
    anchors), 0.1 block quotes, and tables, alerts, images, `<details>` and footnotes
    now and then. A README's opening, a centred logo and a row of badges in raw HTML,
    comes first, as in most READMEs of GitHub."""
    out.write('<p align="center">\n  <img src="docs/logo.svg" alt="Project logo" width="300"><br>\n'
              '  <a href="https://github.com/acme/project/actions"><img src="https://github.com/acme/'
              'project/workflows/CI/badge.svg" alt="Build Status"></a>\n'
              '  <a href="https://crates.io/crates/project"><img src="https://img.shields.io/crates/'
              'v/project.svg" alt="Version"></a>\n</p>\n\n')
    out.write(" ".join(f"[![{w}](https://img.shields.io/badge/{w}-ok-green)](https://example.org/{w})"
                       for w in ("build", "coverage", "docs", "license")) + "\n\n")
    written, number = 0, 0
    while written < size:
        number += 1
        parts = [f"## {sentence(rng, rng.randint(1, 3)).rstrip('.')} {number}\n"]
        for _ in range(rng.randint(2, 6)):
            level = rng.choice(("###", "###", "####"))
            name = rng.choice(WORDS).lower()
            if rng.random() < 0.35:
                parts.append(f'<a id="ERR_{name.upper()}_{number}"></a>\n'
                             f"{level} `{name}.{rng.choice(WORDS).lower()}(path[, options])`\n")
                parts.append(f"<!-- YAML\nadded: v{rng.randint(0, 20)}.{rng.randint(0, 9)}.0\n"
                             "changes:\n  - version: v18.0.0\n    description: Passing an invalid "
                             "callback now throws.\n-->\n")
            else:
                parts.append(f"{level} {sentence(rng, rng.randint(2, 5)).rstrip('.')}\n")
            for _ in range(rng.randint(1, 5)):
                r = rng.random()
                if r < 0.55:
                    words = sentence(rng, rng.randint(10, 25)).split(" ")
                    for _ in range(rng.randint(0, 3)):
                        words.insert(rng.randint(0, len(words)), code_span(rng))
                    if rng.random() < 0.3:
                        words.insert(rng.randint(0, len(words)),
                                     f"[{rng.choice(WORDS)}](https://example.org/{rng.choice(WORDS)})")
                    if rng.random() < 0.02:
                        words.append(f"[^{number}]")
                        parts.append(" ".join(words) + f"\n\n[^{number}]: {sentence(rng, 6)}\n")
                        continue
                    parts.append(" ".join(words) + "\n")
                elif r < 0.7:
                    parts.append("\n".join(
                        f"* `{rng.choice(WORDS).lower()}` {{{rng.choice(['string', 'number', 'Buffer'])}}} "
                        f"{sentence(rng, rng.randint(3, 10))}" for _ in range(rng.randint(3, 9))) + "\n")
                elif r < 0.87:
                    body = "\n".join(f"const {rng.choice(WORDS).lower()} = {rng.choice(CODE_WORDS)};"
                                     for _ in range(rng.randint(4, 14)))
                    parts.append(f"```{rng.choice(['js', 'bash', 'rust', 'console'])}\n{body}\n```\n")
                elif r < 0.91:
                    rows = "\n".join(f"| `{rng.choice(WORDS).lower()}` | {rng.randint(0, 99)} | "
                                     f"{sentence(rng, 4)} |" for _ in range(rng.randint(3, 12)))
                    parts.append("| Option | Default | Description |\n|:--|--:|---|\n" + rows + "\n")
                elif r < 0.95:
                    kind = rng.choice(["NOTE", "TIP", "WARNING"])
                    parts.append(f"> [!{kind}]\n> {sentence(rng, rng.randint(8, 20))}\n")
                elif r < 0.97:
                    parts.append(f"![{sentence(rng, 2)}](docs/images/{rng.choice(WORDS)}.png)\n")
                elif r < 0.99:
                    parts.append(f"<details>\n<summary>{sentence(rng, 3)}</summary>\n\n"
                                 f"{sentence(rng, 15)}\n\n</details>\n")
                else:
                    parts.append(f"> {sentence(rng, rng.randint(8, 20))}\n")
        text = "\n".join(parts) + "\n"
        out.write(text)
        written += len(text.encode())


def user(rng):
    login = rng.choice(WORDS).lower() + str(rng.randint(1, 9999))
    uid = rng.randint(1, 90000000)
    return {
        "login": login, "id": uid, "node_id": f"MDQ6VXNlcj{uid}",
        "avatar_url": f"https://avatars.example.org/u/{uid}?v=4",
        "html_url": f"https://example.org/{login}", "type": "User", "site_admin": False,
    }


def issue(rng, number):
    return {
        "url": f"https://api.example.org/repos/acme/widgets/issues/{number}",
        "id": rng.randint(10**9, 10**10), "number": number,
        "title": sentence(rng, rng.randint(3, 9)),
        "user": user(rng),
        "labels": [{"id": rng.randint(1, 10**9), "name": rng.choice(["bug", "docs", "good first issue", "perf"]),
                    "color": f"{rng.randint(0, 0xFFFFFF):06x}", "default": rng.random() < 0.3}
                   for _ in range(rng.randint(0, 3))],
        "state": rng.choice(["open", "closed"]), "locked": False,
        "assignees": [user(rng) for _ in range(rng.randint(0, 2))],
        "comments": rng.randint(0, 80),
        "created_at": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T10:{rng.randint(0, 59):02d}:00Z",
        "score": round(rng.random() * 100, 3),
        "body": "\n\n".join(sentence(rng, rng.randint(5, 25)) for _ in range(rng.randint(0, 4))),
        "reactions": {k: rng.randint(0, 20) for k in ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"]},
        "milestone": None,
    }


def json_document(rng, size, out):
    out.write("[\n")
    written = 2
    number = 1
    while written < size:
        text = ("" if number == 1 else ",\n") + json.dumps(issue(rng, number), indent=2, ensure_ascii=False)
        out.write(text)
        written += len(text.encode())
        number += 1
    out.write("\n]\n")


def words(rng, n):
    """Plain words, as a YAML plain scalar may hold them: no markup to start an alias or
    a flow sequence."""
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def env_entry(rng, name):
    if rng.random() < 0.15:
        return f"          - name: {name}\n            value: {rng.choice(WORDS).lower()}\n"
    source = rng.choice(["configMapKeyRef", "secretKeyRef"])
    return (f"          - name: {name}\n            valueFrom:\n              {source}:\n"
            f"                name: {rng.choice(WORDS).lower()}-cm\n"
            f"                key: {rng.choice(WORDS).lower()}.{rng.choice(WORDS).lower()}\n"
            f"                optional: true\n")


def deployment(rng, number):
    name = f"{rng.choice(WORDS).lower()}-{number}"
    lines = []
    if rng.random() < 0.2:
        lines.append(f"# {sentence(rng, 8)}\n")
    labels = f"    app.kubernetes.io/name: {name}\n    app.kubernetes.io/part-of: shop\n"
    anchored = rng.random() < 0.1
    lines.append(f"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {name}\n"
                 f"  labels:{' &labels' if anchored else ''}\n{labels}"
                 f"spec:\n  replicas: {rng.randint(1, 5)}\n  selector:\n    matchLabels:"
                 f"{' *labels' if anchored else ''}\n")
    if not anchored:
        lines.append(f"      app.kubernetes.io/name: {name}\n")
    lines.append(f"  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: {name}\n"
                 f"    spec:\n      serviceAccountName: {name}\n      containers:\n")
    for container in range(rng.randint(1, 2)):
        lines.append(f"        - name: {name}-{container}\n"
                     f"          image: registry.example.org/{name}:{rng.randint(1, 9)}.{rng.randint(0, 20)}\n"
                     f"          args: [\"--port\", \"{rng.randint(1000, 9999)}\"]\n          env:\n")
        for entry in range(rng.randint(5, 40)):
            lines.append(env_entry(rng, f"{rng.choice(WORDS).upper()}_{entry}"))
        lines.append("          ports:\n          - containerPort: 8080\n          - containerPort: 8084\n"
                     "          livenessProbe:\n            httpGet:\n              path: /healthz\n"
                     "              port: 8084\n            initialDelaySeconds: 30\n"
                     "          securityContext:\n            runAsNonRoot: true\n            capabilities:\n"
                     "              drop:\n              - ALL\n          volumeMounts:\n")
        for mount in range(rng.randint(2, 8)):
            lines.append(f"          - name: volume-{mount}\n            mountPath: /app/{rng.choice(WORDS).lower()}\n")
    lines.append("      volumes:\n")
    for volume in range(rng.randint(2, 8)):
        kind = rng.choice(["emptyDir: {}", f"configMap:\n            name: {name}-cm"])
        lines.append(f"        - name: volume-{volume}\n          {kind}\n")
    return "".join(lines)


def other_object(rng, number):
    name = f"{rng.choice(WORDS).lower()}-{number}"
    choice = rng.random()
    if choice < 0.4:
        return (f"apiVersion: v1\nkind: Service\nmetadata:\n  name: {name}\nspec:\n  ports:\n"
                f"  - name: http\n    port: 80\n    targetPort: 8080\n  selector:\n"
                f"    app.kubernetes.io/name: {name}\n")
    if choice < 0.7:
        script = "".join(f"    {sentence(rng, 6)}\n" for _ in range(rng.randint(2, 12)))
        return (f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}-cm\ndata:\n"
                f"  timeout.reconciliation: {rng.randint(60, 600)}s\n  config.yaml: |\n{script}")
    rules = "".join(f"- apiGroups:\n  - \"\"\n  resources:\n  - {rng.choice(WORDS).lower()}s\n"
                    f"  verbs: [get, list, watch]\n" for _ in range(rng.randint(2, 8)))
    return (f"apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: {name}\n"
            f"rules:\n{rules}")


def manifests(rng, size, out):
    written = 0
    number = 0
    while written < size:
        document = deployment(rng, number) if rng.random() < 0.5 else other_object(rng, number)
        text = ("---\n" if number else "") + document
        out.write(text)
        written += len(text.encode())
        number += 1


def schema_properties(rng, indent):
    lines = []
    for _ in range(rng.randint(2, 10)):
        kind = rng.choice(["string", "integer", "boolean", "ref", "array"])
        name = rng.choice(WORDS).lower().replace("é", "e")
        pad = " " * indent
        if kind == "ref":
            lines.append(f"{pad}{name}:\n{pad}  $ref: \"#/components/schemas/{rng.choice(WORDS).capitalize()}\"\n")
        elif kind == "array":
            lines.append(f"{pad}{name}:\n{pad}  type: array\n{pad}  items:\n{pad}    type: string\n")
        else:
            lines.append(f"{pad}{name}:\n{pad}  type: {kind}\n")
            if rng.random() < 0.3:
                lines.append(f"{pad}  description: {words(rng, 8)}\n")
    return "".join(lines)


def openapi(rng, size, out):
    out.write("openapi: 3.1.0\ninfo:\n  title: Shop API\n  version: 2.4.1\n  description: |\n"
              "    The shop's public API.\n    Every response is JSON.\nservers:\n"
              "  - url: https://api.example.org/v2\npaths:\n")
    written = 0
    number = 0
    # Paths take nine tenths of the spec; the schemas the rest.
    while written < size * 0.9:
        resource = f"{rng.choice(WORDS).lower()}s-{number}"
        text = [f"  /{resource}/{{id}}:\n" if number % 2 else f"  /{resource}:\n"]
        for method in rng.sample(["get", "post", "put", "patch", "delete"], rng.randint(1, 4)):
            text.append(f"    {method}:\n      operationId: {method}{resource.capitalize()}\n"
                        f"      summary: {words(rng, 5)}\n      tags: [{rng.choice(WORDS).lower()}]\n"
                        "      parameters:\n")
            for _ in range(rng.randint(1, 5)):
                text.append(f"        - name: {rng.choice(WORDS).lower()}\n          in: query\n"
                            f"          description: |\n            {sentence(rng, 7)}\n          schema:\n"
                            f"            type: {rng.choice(['string', 'integer', 'boolean'])}\n")
            text.append("      responses:\n        \"200\":\n          description: OK\n"
                        "          content:\n            application/json:\n              schema:\n"
                        f"                $ref: \"#/components/schemas/{rng.choice(WORDS).capitalize()}\"\n"
                        "        default:\n          $ref: \"#/components/responses/Error\"\n")
        chunk = "".join(text)
        out.write(chunk)
        written += len(chunk.encode())
        number += 1
    out.write("components:\n  schemas:\n")
    while written < size:
        chunk = (f"    {rng.choice(WORDS).capitalize()}{number}:\n      type: object\n"
                 f"      required: [id]\n      properties:\n{schema_properties(rng, 8)}")
        out.write(chunk)
        written += len(chunk.encode())
        number += 1
    out.write("  responses:\n    Error:\n      description: Something went wrong\n")


def stack_trace(rng, name):
    lines = [f"java.lang.AssertionError: expected:&lt;{rng.randint(1, 99)}&gt; but was:&lt;0&gt;"]
    for depth in range(rng.randint(4, 12)):
        lines.append(f"\tat org.example.{name}.{rng.choice(WORDS)}{depth}({name}.java:{rng.randint(10, 400)})")
    return "\n".join(lines)


PROPERTY_NAMES = (
    "java.runtime.name java.vm.version java.vendor.url user.dir java.io.tmpdir os.arch "
    "os.name file.encoding user.home maven.home java.class.path sun.boot.library.path "
    "java.specification.version user.language line.separator basedir localRepository "
    "surefire.test.class.path java.vm.name path.separator library.jnidir sun.java.command "
    "java.vm.specification.vendor java.vendor.url.bug user.timezone java.home java.version "
    "os.version user.name sun.cpu.endian sun.io.unicode.encoding java.library.path "
    "java.vm.info java.class.version jdk.debug sun.arch.data.model native.encoding "
    "java.vm.compressedOopsMode file.separator java.runtime.version sun.jnu.encoding "
    "stdout.encoding maven.multiModuleProjectDirectory java.vendor.version env.CI"
).split()


def pytest_traceback(rng, test):
    expected = rng.randint(1, 99)
    return "\n".join([
        f"self = &lt;tests.test_{test}.Test{test.capitalize()} object at 0x7f{rng.randint(0, 16**10):010x}&gt;",
        "",
        f"    def test_{test}(self):",
        f"        result = {rng.choice(WORDS)}({expected})",
        f"&gt;       assert result == {expected}",
        f"E       assert {expected - 1} == {expected}",
        "",
        f"tests/test_{test}.py:{rng.randint(10, 300)}: AssertionError"])


def surefire_suite(rng, name):
    parts = [f'  <testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
             f'version="3.0" name="org.example.{name}" time="{rng.random() * 9:.3f}" '
             f'tests="0" errors="0" skipped="0" failures="0">\n',
             "    <properties>\n"]
    for key in rng.sample(PROPERTY_NAMES, rng.randint(30, 45)):
        value = "/" + "/".join(rng.sample(WORDS[:36], rng.randint(6, 18)))
        parts.append(f'      <property name="{key}" value="{value}"/>\n')
    parts.append("    </properties>\n")
    if rng.random() < 0.1:
        parts.append(f"    <!-- {sentence(rng, 6)} -->\n")
    for case in range(rng.randint(3, 30)):
        test = f"{rng.choice(WORDS[:36])}{case}"
        head = f'    <testcase name="{test}" classname="org.example.{name}" time="{rng.random():.3f}"'
        roll = rng.random()
        if roll < 0.8:
            parts.append(head + "/>\n")
        elif roll < 0.9:
            kind = "failure" if rng.random() < 0.7 else "error"
            trace = stack_trace(rng, name)
            if rng.random() < 0.5:
                trace = "<![CDATA[" + trace.replace("&lt;", "<").replace("&gt;", ">") + "]]>"
            parts.append(head + ">\n")
            parts.append(f'      <{kind} message="expected &quot;{test}&quot; &amp; more" '
                         f'type="java.lang.AssertionError">{trace}</{kind}>\n')
            parts.append("    </testcase>\n")
        elif roll < 0.95:
            parts.append(head + ">\n      <skipped/>\n    </testcase>\n")
        else:
            parts.append(head + ">\n      <system-out><![CDATA[" + sentence(rng, 12)
                         + "\n" + sentence(rng, 9) + "\n]]></system-out>\n    </testcase>\n")
    parts.append("  </testsuite>\n")
    return parts


def pytest_suite(rng, name):
    module = f"tests.test_{name.lower()}"
    parts = [f'<testsuite name="pytest" errors="0" failures="0" skipped="0" tests="0" '
             f'time="{rng.random() * 30:.3f}" timestamp="2026-11-30T12:{rng.randint(0, 59):02d}:00.000000" '
             f'hostname="runner-{rng.randint(1, 99)}">']
    for case in range(rng.randint(3, 30)):
        test = f"test_{rng.choice(WORDS[:36])}_{case}"
        head = f'<testcase classname="{module}.Test{name}" name="{test}" time="{rng.random() * 0.1:.3f}"'
        roll = rng.random()
        if roll < 0.8:
            parts.append(head + " />")
        elif roll < 0.9:
            expected = rng.randint(1, 99)
            parts.append(head + f'><failure message="assert {expected - 1} == {expected}">'
                         + pytest_traceback(rng, test[5:]) + "</failure></testcase>")
        elif roll < 0.95:
            parts.append(head + f'><skipped type="pytest.skip" message="{sentence(rng, 4)}">'
                         f"/src/tests/test_{name.lower()}.py:{rng.randint(10, 300)}: "
                         f"{sentence(rng, 4)}</skipped></testcase>")
        else:
            parts.append(head + "><system-out>" + sentence(rng, 12) + "\n" + sentence(rng, 9)
                         + "\n</system-out></testcase>")
    parts.append("</testsuite>\n")
    return parts


def xml_reports(rng, size, out):
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="build">\n')
    written = 0
    number = 0
    while written < size:
        name = "".join(word.capitalize() for word in rng.sample(WORDS[:36], 2)) + f"Test{number}"
        parts = pytest_suite(rng, name) if number % 3 == 2 else surefire_suite(rng, name)
        text = "".join(parts)
        out.write(text)
        written += len(text.encode())
        number += 1
    out.write("</testsuites>\n")


def main():
    kind, megabytes, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    rng = random.Random(20261130)
    with open(path, "w", encoding="utf-8") as out:
        size = int(megabytes * 1_000_000)
        if kind == "json":
            json_document(rng, size, out)
        elif kind == "manifests":
            manifests(rng, size, out)
        elif kind == "openapi":
            openapi(rng, size, out)
        elif kind == "release-notes":
            release_notes(rng, size, out)
        elif kind == "guide":
            guide(rng, size, out)
        elif kind == "xml":
            xml_reports(rng, size, out)
        else:
            markdown(rng, size, out, html=kind == "markdown-html")


if __name__ == "__main__":
    main()
