"""Documents for the validator and browser tests: large generated ones, the same on
every run for a given seed, and small ones that try to inject markup."""

import json
import random
import struct
import zlib

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

> [!NOTE]
> A note, as GitHub shows it.

> [!TIP]
> A tip.

> [!IMPORTANT]
> Something important.

> [!WARNING]
> A warning with `code`.

> [!CAUTION]
> A caution.

| option | meaning |
|--------|---------|
| `-s`   | page    |

## Café 日本語 <!-- collapsed -->

- one
- two

### Deeper

A deeper paragraph with a_very_long_identifier_without_any_breaks_in_it_at_all_and_then_some_more_of_it.

### Checklist

- [x] built
- [ ] tested
  - [ ] on a phone
- a plain item

# Usage <!-- collapsed -->

1. first
2. second
"""


# The sanitiser's hostile corpus: (name, HTML or Markdown), one line each. Every vector
# sets window.pwned to its name if it ever runs, or requests a URL under {trap} (another
# origin, which records what it is asked for) if it ever loads; {trap} becomes
# http://HOST:PORT/NAME and {net} the same without its scheme (//HOST:PORT/NAME), so
# that a request names its vector. `src=x` is a relative image that fails to load, for
# onerror; {self} is an absolute URL on the page's own origin, which the standalone page
# shows as a remote image but a fragment loads (and fails to) from the page's server.
_GIF = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
_JS = "window.pwned='{name}'"
# In a javascript: URL, a script that returns a string replaces the page with it, and the
# vectors after it would never have their turn: these return nothing.
_URL = "void(window.pwned='{name}')"

SANITIZER_VECTORS = [
    # 1. Event handlers, and elements that run script by being there.
    ("img-onerror", f'<img src=x onerror="{_JS}">'),
    # Unquoted, as CommonMark allows: no quote or = in the value.
    ("img-onerror-unquoted", "<IMG SRC=x ALT={name} OnError=Object.assign(window,{pwned:this.alt})>"),
    ("img-onload", f'<img src="{_GIF}" onload="{_JS}">'),
    ("body-onload", f'<body onload="{_JS}">'),
    ("onmouseover", f'<a href="#top" onmouseover="{_JS}">hover</a>'),
    ("onfocus-autofocus", f'<input type=checkbox autofocus onfocus="{_JS}">'),
    ("onfocus-tabindex", f'<span tabindex=0 autofocus onfocus="{_JS}">focus</span>'),
    ("onanimationstart",
     "<style>@keyframes spin{from{opacity:0}to{opacity:1}}</style>"
     f'<b style="animation:spin 1ms" onanimationstart="{_JS}">spin</b>'),
    ("ontoggle", f'<details open ontoggle="{_JS}"><summary>toggle</summary>open</details>'),
    ("marquee-onstart", f'<marquee onstart="{_JS}">marquee</marquee>'),
    ("source-onerror", f'<video><source src=x onerror="{_JS}"></video>'),
    ("keygen-onfocus", f'<keygen autofocus onfocus="{_JS}">'),
    ("svg-onload", f'<svg onload="{_JS}"></svg>'),
    ("svg-animate-onbegin",
     f'<svg><animate onbegin="{_JS}" attributeName=x dur=1s></animate></svg>'),
    ("script", f"<script>{_JS}</script>"),
    ("script-src", '<script src="{trap}/script.js"></script>'),
    # 2. javascript: URLs, spelt as a browser still reads them.
    ("href-javascript", f'<a href="javascript:{_URL}">a</a>'),
    ("href-decimal-entity", f'<a href="&#106;avascript:{_URL}">a</a>'),
    ("href-hex-entity", f'<a href="&#x6A;avascript:{_URL}">a</a>'),
    ("href-padded-entities", f'<a href="&#0000106&#0000097vascript:{_URL}">a</a>'),
    ("href-colon-entity", f'<a href="javascript&colon;{_URL}">a</a>'),
    ("href-tab-entity", f'<a href="jav&#x09;ascript:{_URL}">a</a>'),
    ("href-newline-entity", f'<a href="jav&#x0A;ascript:{_URL}">a</a>'),
    ("href-raw-tab", f'<a href="jav\tascript:{_URL}">a</a>'),
    ("href-leading-controls", f'<a href=" &#x01;&#x0B;&#x1F; javascript:{_URL}">a</a>'),
    ("href-mixed-case", f'<a href="JaVaScRiPt:{_URL}">a</a>'),
    ("href-vbscript", '<a href="vbscript:msgbox(1)">a</a>'),
    ("href-data-html", f'<a href="data:text/html,&lt;script&gt;top.pwned=\'{{name}}\'&lt;/script&gt;">a</a>'),
    ("img-src-javascript", f'<img src="javascript:{_URL}">'),
    ("img-src-entity-javascript", f'<img src="&#x6A;avascript:{_URL}">'),
    ("button-formaction", f'<form><button formaction="javascript:{_URL}">go</button></form>'),
    ("input-formaction",
     f'<form><input type=submit formaction="javascript:{_URL}" value=go></form>'),
    ("form-action-javascript",
     f'<form action="javascript:{_URL}"><input type=submit value=go></form>'),
    ("object-javascript", f'<object data="javascript:{_URL}"></object>'),
    ("svg-xlink-href",
     f'<svg><a xlink:href="javascript:{_URL}"><text x=0 y=20>click</text></a></svg>'),
    ("math-href", f'<math href="javascript:{_URL}"><mi>click</mi></math>'),
    ("md-link", f"[link](javascript:{_URL})"),
    ("md-link-entity", f"[link](&#106;avascript:{_URL})"),
    ("md-link-colon-entity", f"[link](javascript&colon;{_URL})"),
    ("md-link-mixed-case", f"[link](JaVaScRiPt:{_URL})"),
    ("md-link-angle", f"[link](<javascript:{_URL}>)"),
    ("md-image", f"![image](javascript:{_URL})"),
    ("md-autolink", f"<javascript:{_URL}>"),
    ("md-reference", "[link][{name}]"),
    # 3. SVG and MathML, whose parsing differs from HTML's.
    ("svg-style-img", f'<svg><style><img src=x onerror="{_JS}"></style></svg>'),
    ("math-mglyph-style",
     f'<math><mtext><table><mglyph><style><img src=x onerror="{_JS}"></style></mglyph>'
     "</table></mtext></math>"),
    ("svg-p-style", f'<svg></p><style><a id="</style><img src=x onerror={_JS}>"></a></style></svg>'),
    ("svg-foreignobject", f'<svg><foreignObject><img src=x onerror="{_JS}"></foreignObject></svg>'),
    ("svg-script", f"<svg><script>{_JS}</script></svg>"),
    ("svg-cdata", f"<svg><![CDATA[><img src=x onerror={_JS}>]]></svg>"),
    ("svg-image", '<svg><image href="{trap}/image.png"></image></svg>'),
    ("img-data-svg",
     "<img src=\"data:image/svg+xml,&lt;svg xmlns='http://www.w3.org/2000/svg' "
     "onload='top.pwned=&quot;{name}&quot;'&gt;&lt;image href='{trap}/svg.png'/&gt;&lt;/svg&gt;\">"),
    # 4. Markup that parses one way, and another once written out again.
    ("noscript-title",
     f'<noscript><p title="</noscript><img src=x onerror={_JS}>"></noscript>'),
    ("template", f'<template><img src=x onerror="{_JS}"></template>'),
    ("template-shadowroot",
     f'<div><template shadowrootmode="open"><img src=x onerror="{_JS}"></template></div>'),
    ("select-template-style",
     f'<select><template><style><img src=x onerror="{_JS}"></style></template></select>'),
    ("select-img", f'<select><img src=x onerror="{_JS}"></select>'),
    ("comment-abrupt", f'<!--><img src=x onerror="{_JS}">-->'),
    ("comment-bang", f'<!-- --!><img src=x onerror="{_JS}"> -->'),
    ("bogus-comment", f'<? x="><img src=x onerror={_JS}>" ?>'),
    ("xmp-title", f'<xmp><p title="</xmp><img src=x onerror={_JS}>"></xmp>'),
    ("textarea-title", f'<textarea><p title="</textarea><img src=x onerror={_JS}>"></textarea>'),
    ("style-title", f'<style><p title="</style><img src=x onerror={_JS}>"></style>'),
    ("noembed-title", f'<noembed><p title="</noembed><img src=x onerror={_JS}>"></noembed>'),
    ("attribute-breakout",
     "<a href=\"#top\" title='\"><img src=x onerror=window.pwned=\"{name}\">'>title</a>"),
    ("remote-image-alt",
     "<img src=\"{self}/missing.png\" alt=\"<img src=x onerror=window.pwned='{name}'>\">"),
    # 5. What loads, navigates or submits.
    ("base-href", '<base href="{net}/"><img src="base.png" alt="base">'),
    ("meta-refresh", '<meta http-equiv="refresh" content="0;url={trap}/refresh">'),
    ("style-attribute-url", '<p style="background-image:url({trap}/style.png)">styled</p>'),
    ("style-attribute-align-url",
     '<p style="text-align: center; background:url({trap}/style.png)">styled</p>'),
    ("style-element-url", "<style>body{background:url({trap}/style.png)}</style>"),
    ("style-import", "<style>@import url({trap}/import.css);</style>"),
    ("form-button", '<form action="{trap}/form"><button>go</button></form>'),
    ("form-input-formaction",
     '<form><input type=submit formaction="{trap}/formaction" value=go></form>'),
    ("link-stylesheet", '<link rel="stylesheet" href="{trap}/link.css">'),
    ("link-preload", '<link rel="preload" as="image" href="{trap}/preload.png">'),
    ("object-data", '<object data="{trap}/object"></object>'),
    ("embed-src", '<embed src="{trap}/embed">'),
    ("iframe-src", '<iframe src="{trap}/iframe"></iframe>'),
    ("iframe-srcdoc",
     "<iframe srcdoc=\"&lt;img src=x onerror=top.pwned='{name}'&gt;"
     '&lt;img src={trap}/srcdoc.png&gt;"></iframe>'),
    ("a-ping", '<a href="#top" ping="{trap}/ping">ping</a>'),
    ("video-poster", '<video poster="{trap}/poster.png"></video>'),
    ("audio-src", '<audio src="{trap}/audio" autoplay></audio>'),
    ("input-image", '<input type="image" src="{trap}/input.png">'),
    ("table-background",
     '<table background="{trap}/table.png"><tr><td background="{trap}/td.png">cell</td></tr></table>'),
    ("img-srcset", '<img srcset="{trap}/srcset.png 1x" alt="srcset">'),
    # 6. Names and ids that would stand for the page's own objects and elements.
    ("clobber-getelementbyid", '<img name="getElementById" src=x alt="clobber">'),
    ("clobber-queryselector", '<img name="querySelector" src=x alt="clobber">'),
    ("clobber-queryselectorall", '<form name="querySelectorAll"></form><a name="querySelectorAll">a</a>'),
    ("clobber-addeventlistener", '<img name="addEventListener" src=x alt="clobber">'),
    ("clobber-controls-id", '<form id="controls"><input name="attributes"></form><div id="controls">c</div>'),
    ("clobber-controls-class",
     '<div class="controls" hidden><button type="button" data-open="true">Expand all</button></div>'),
    ("clobber-reveal", '<a id="reveal">reveal</a>'),
    ("clobber-section-id", '<a id="target">not the target</a><details id="target"></details>'),
]

# Reference definitions the vectors above use; they go at the end of a Markdown document.
SANITIZER_DEFINITIONS = f"\n[md-reference]: javascript:{_URL.replace('{name}', 'md-reference')}\n"


def sanitizer_vectors(trap, own):
    """The corpus with its URLs filled in: `trap` is the recording origin
    (http://host:port), `own` the page's."""
    filled = []
    for name, vector in SANITIZER_VECTORS:
        text = vector.replace("{trap}", f"{trap}/{name}")
        text = text.replace("{net}", f"{trap.split(':', 1)[1]}/{name}")
        text = text.replace("{self}", f"{own}/{name}").replace("{name}", name)
        filled.append((name, text))
    return filled


def sanitizer_markdown(vectors, where):
    """A Markdown document with every vector in its titles (`where` "title") or in its
    sections' text, as an HTML block and inside a paragraph (`where` "body"); it links to
    its last section, Target, from its start."""
    parts = ["[Go to the target](#target)\n\n"]
    for name, vector in vectors:
        if where == "title":
            parts.append(f"# {vector}\n\nThe title of {name}.\n\n")
        else:
            parts.append(f"# {name}\n\n{vector}\n\nBefore {vector} after.\n\n")
    parts.append("# Target\n\nThe real target.\n")
    return "".join(parts) + SANITIZER_DEFINITIONS


def sanitizer_json(vectors):
    """A JSON document with every vector as a key and as a string value."""
    return json.dumps({name: {vector: vector, "list": [vector]} for name, vector in vectors})


def png(width, height, rgb=(200, 40, 40)):
    """A PNG image of one colour: the signature, then IHDR, IDAT and IEND chunks."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


_AREAS = ["assert", "buffer", "build", "crypto", "deps", "doc", "fs", "http", "lib", "net",
          "src", "stream", "test", "test_runner", "tools", "url", "util", "worker", "zlib"]
_VERBS = ["fix", "add", "update", "remove", "improve", "deflake", "refactor", "document",
          "support", "move", "simplify", "validate"]
_PEOPLE = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov",
           "Ken Thompson", "Frances Allen", "John Backus", "Margaret Hamilton", "Donald Knuth",
           "dependabot\\[bot]", "Project Bot"]


def _commit(rng, repository):
    sha = "".join(rng.choice("0123456789abcdef") for _ in range(10))
    area = rng.choice(_AREAS).replace("_", "\\_")
    flag = "**(SEMVER-MINOR)** " if rng.randrange(20) == 0 else ""
    what = f"{rng.choice(_VERBS)} {_sentence(rng, rng.randrange(3, 9))}"
    if rng.randrange(6) == 0:
        what += f" in `{rng.choice(_AREAS)}.{rng.choice(WORDS)}()`"
    number = rng.randrange(40000, 60000)
    return (f"* \\[[`{sha}`](https://github.com/{repository}/commit/{sha})] - {flag}**{area}**: "
            f"{what} ({rng.choice(_PEOPLE)}) [#{number}](https://github.com/{repository}/pull/{number})\n")


def changelog(size, seed=5):
    """A release changelog of about `size` bytes, shaped like those of large projects: a
    title, an HTML table of links to every release, and then, newest first, for each
    release an anchor of raw HTML, a heading with its date, version and releaser, its
    notable changes (paragraphs, code, lists, a table now and then) and a long list of
    commits, each with links to the commit and its pull request. Returns the document and
    the versions, in the order they come."""
    rng = random.Random(seed)
    repository = "example/runtime"
    releases = []
    length = 0
    minor, patch = 60, 3
    while length < size:
        version = f"20.{minor}.{patch}"
        parts = [f'<a id="{version}"></a>\n\n',
                 f"## 2024-{rng.randrange(1, 13):02}-{rng.randrange(1, 29):02}, Version {version} "
                 f"'Iron' (LTS), @{rng.choice(_PEOPLE).split()[0].lower()}\n\n"]
        if rng.randrange(8) == 0:
            parts.append("This is a security release.\n\n")
        parts.append("### Notable Changes\n\n")
        for _ in range(rng.randrange(4)):
            parts.append(f"#### {_sentence(rng, rng.randrange(2, 6))}\n\n{_sentence(rng, 30)}\n\n")
            kind = rng.randrange(4)
            if kind == 0:
                parts.append(f"```console\n$ runtime --{rng.choice(_AREAS)} index.js\n```\n\n")
            elif kind == 1:
                parts.append(f"* {_sentence(rng, 8)}\n* {_sentence(rng, 8)}\n  continued\n\n")
            elif kind == 2:
                parts.append("| API | Change |\n|-----|--------|\n" + "".join(
                    f"| `{rng.choice(_AREAS)}` | {_sentence(rng, 4)} |\n" for _ in range(3)) + "\n")
            parts.append(f"Contributed by {rng.choice(_PEOPLE)} in "
                         f"[#{rng.randrange(40000, 60000)}](https://github.com/{repository}/pull/1)\n\n")
        parts.append("### Commits\n\n")
        parts.extend(_commit(rng, repository) for _ in range(rng.randrange(20, 400)))
        parts.append("\n")
        text = "".join(parts)
        releases.append((version, text))
        length += len(text)
        if patch == 0:
            minor, patch = minor - 1, rng.randrange(3)
        else:
            patch -= 1
    links = "".join(f'<a href="#{version}">{version}</a><br/>\n' for version, _ in releases)
    head = ("# Runtime 20 ChangeLog\n\n<!--lint disable maximum-line-length-->\n\n"
            f"<table>\n<tr>\n<th>LTS 'Iron'</th>\n</tr>\n<tr>\n<td>\n{links}</td>\n</tr>\n</table>\n\n"
            "* Other Versions\n  * [21.x](CHANGELOG_V21.md)\n  * [19.x](CHANGELOG_V19.md)\n\n")
    return head + "".join(text for _, text in releases), [version for version, _ in releases]
