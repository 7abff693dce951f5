"""Documents for the validator and browser tests: large generated ones, the same on
every run for a given seed, and small ones that try to inject markup."""

import json
import random

WORDS = [
    "collapse", "section", "outline", "render", "Pacific", "Atlantic", "coral", "reef",
    "Café", "naïve", "日本語", "emoji🎉", "data", "value", "option", "--depth", "flag",
    "parse", "tree", "node", "release", "fixed", "added", "breaking", "change", "API",
    "v1.2.3", "é", "über", "a_very_long_identifier_without_any_breaks_in_it_at_all_x",
]


def _sentence(rng, count):
    parts = []
    for index in range(count):
        word = rng.choice(WORDS)
        kind = rng.randrange(14)
        if kind == 0:
            parts.append(f"*{word}*")
        elif kind == 1:
            parts.append(f"**{word}**")
        elif kind == 2:
            parts.append(f"`{word}`")
        elif kind == 3:
            parts.append(f"[{word}](https://example.org/{index}?a=1&b=2)")
        elif kind == 4:
            parts.append(f"[{word}][ref{rng.randrange(20)}]")
        elif kind == 5:
            parts.append(f"&amp; {word} <kbd>x</kbd>")
        elif kind == 6:
            # Control characters and noncharacters, which HTML forbids.
            parts.append(f"{word}\x01\x7f\ufdd0")
        else:
            parts.append(word)
    return " ".join(parts)


def _block(rng):
    kind = rng.randrange(11)
    if kind == 0:
        return f'```swift\n# not a heading\nlet x = "{rng.choice(WORDS)}" // <b>&\n```\n'
    if kind == 1:
        return f"- {_sentence(rng, 5)}\n- # heading in a list\n  - nested {_sentence(rng, 3)}\n"
    if kind == 2:
        return f"> # quoted heading {rng.choice(WORDS)}\n> {_sentence(rng, 6)}\n"
    if kind == 3:
        return f"    # indented code {rng.choice(WORDS)}\n    more code\n"
    if kind == 4:
        return f'<div class="note" onclick="x()">\n{_sentence(rng, 4)}\n</div>\n'
    if kind == 5:
        return f"1. {_sentence(rng, 4)}\n2. {_sentence(rng, 4)}\n"
    if kind == 6:
        return f"| a | b |\n|---|---|\n| {rng.choice(WORDS)} | {rng.choice(WORDS)} |\n"
    if kind == 7:
        return f"![{rng.choice(WORDS)}](https://example.org/image.png)\n\n***\n"
    return _sentence(rng, rng.randrange(5, 35)) + "\n"


def markdown(size, seed=7):
    """A README-, changelog- or API-doc-like Markdown document of about `size` bytes."""
    rng = random.Random(seed)
    parts = ["---\ntitle: generated\n---\n", f"Preamble: {_sentence(rng, 12)}.\n"]
    length = sum(len(part) for part in parts)
    level = 1
    while length < size:
        level = max(1, min(6, level + rng.randrange(4) - 1))
        title = _sentence(rng, rng.randrange(1, 5))
        if rng.randrange(100) < 15 and level <= 2:
            part = f"{title}\n{'=====' if level == 1 else '-----'}\n\n"
        else:
            hint = " <!-- collapsed -->" if rng.randrange(100) < 5 else ""
            part = "#" * level + " " + title + hint + "\n\n"
        for _ in range(rng.randrange(5)):
            part += _block(rng) + "\n"
        parts.append(part)
        length += len(part)
    parts.extend(f"[ref{index}]: https://example.org/ref/{index}\n" for index in range(20))
    return "".join(parts)


def json_document(items, seed=11):
    """An API-response-like JSON document with `items` records nested a few levels."""
    rng = random.Random(seed)

    def record(index, depth):
        value = {
            "id": index,
            "name": f"{rng.choice(WORDS)} {index}",
            "url": f"https://api.example.org/items/{index}?expand=all&page={index % 7}",
            "active": rng.random() < 0.5,
            "score": round(rng.random() * 1000, 3),
            "note": None if rng.random() < 0.3 else _sentence(rng, 6),
            "empty": {},
            "tags": [rng.choice(WORDS) for _ in range(rng.randrange(4))],
        }
        if depth < 4:
            value["children"] = [record(index * 10 + k, depth + 1) for k in range(rng.randrange(3))]
        return value

    return json.dumps({"total": items, "items": [record(i, 0) for i in range(items)]}, indent=2)


# Each payload sets window.pwned if it ever runs, so a browser can tell.
SCRIPT = "<script>window.pwned = 'script'</script>"
IMAGE = '"><img src=x onerror="window.pwned = \'img\'">'
LINK = "[x](javascript:window.pwned='link')"
# cmark leaves a javascript: image without a source; HTML requires one.
PICTURE = "![pic](javascript:window.pwned='pic') ![none]()"

HOSTILE_MARKDOWN = f"""{SCRIPT}

# {SCRIPT} {IMAGE} {LINK}

{SCRIPT}

{IMAGE} and {LINK} and {PICTURE} and <a href="javascript:window.pwned='a'">a</a>

## {IMAGE} {PICTURE}

<iframe src="javascript:window.parent.pwned='iframe'"></iframe>

### {LINK} <svg onload="window.pwned='svg'"></svg>
"""

HOSTILE_JSON = json.dumps(
    {
        IMAGE: {SCRIPT: SCRIPT, LINK: IMAGE},
        SCRIPT: [{"name": IMAGE, "v": LINK}, {"title": SCRIPT, "w": [1, 2]}],
        "list": [[SCRIPT, IMAGE], {"k": {"deep": LINK}}],
        # Titles with blank lines in them: only white space in a summary and a link.
        f"two\r\n\r\nlines {SCRIPT}": {"x": 1},
        "lines": [{"name": f"first\n\n{IMAGE}", "v": {"y": 2}}],
    }
)

# A little of everything a README shows, for looks and contrast.
SHOWCASE_MARKDOWN = """Everything a report shows, with a [link](#install) in the preamble.

# Install

Run `make install`, then read the [manual](https://example.org/manual).

```sh
# build and install
make && sudo make install
```

> A quoted note with `code`.

| option | meaning |
|--------|---------|
| `-s`   | page    |

## Café 日本語 <!-- collapsed -->

- one
- two

### Deeper

A deeper paragraph with a_very_long_identifier_without_any_breaks_in_it_at_all_and_then_some_more_of_it.

# Usage <!-- collapsed -->

1. first
2. second
"""
