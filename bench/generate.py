#!/usr/bin/env python3
"""Writes the benchmark inputs: real-shaped Markdown and JSON of a given size.

usage: generate.py markdown|markdown-html|json SIZE_MB OUTPUT

The Markdown reads like a project's docs and changelog: many headings of every level,
paragraphs with inline markup, fenced and indented code (with # lines that are not
headings), lists, quotes and tables; markdown-html adds the raw HTML of READMEs and of
the reports CI tools write (aligned images, details blocks around Markdown, anchors,
tables, kbd) to a quarter of the blocks. The JSON reads like an API's list responses:
arrays of issue-like objects with nested users, labels and reactions. The same seed
gives the same bytes on every machine.
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


def main():
    kind, megabytes, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    rng = random.Random(20261130)
    with open(path, "w", encoding="utf-8") as out:
        size = int(megabytes * 1_000_000)
        if kind == "json":
            json_document(rng, size, out)
        else:
            markdown(rng, size, out, html=kind == "markdown-html")


if __name__ == "__main__":
    main()
