"""The raw-HTML sanitiser, attacked in headless Chromium.

Every vector of documents.SANITIZER_VECTORS (event handlers, javascript: URLs however
they are spelt, SVG and MathML, markup that parses one way and another once written
again, what loads, navigates or submits, and names that clobber the page's own objects)
stands in three places: a Markdown title, a Markdown section's text, and a JSON key and
string. Each document is loaded two ways: as the standalone page (`-s`), whose policy
would block much of it anyway, and as the bare fragment (`-t html`) inside a page with no
policy at all, where only the sanitiser stands in the way.

A trap, installed in every document before its own scripts run, records any script that
sets window.pwned, any script error and any policy violation, in session storage, so that
a document that replaces the page (a javascript: URL does) cannot lose the record. Pages
come from one local server; every URL of the corpus leads to a second one, on another
port and so another origin, which records what it is asked for. Once a page has loaded
and waited, every element is sent the events handlers wait for, javascript: links and
submit buttons are clicked, and sections are toggled; then nothing may have run, nothing
may have been asked of the second server, and the markup left must hold nothing that
could run or load.
"""

import base64
import functools
import hashlib
import http.server
import re
import shutil
import subprocess
import threading
from types import SimpleNamespace

import html5lib
import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

import documents
from conftest import PAGES
from test_validator import validate

FOLDER = PAGES / "sanitizing"
# The page title of the hostile pages: text, however it looks.
TITLE = "<img src=x onerror=\"window.pwned='page-title'\">"
KINDS = ["title", "body", "json"]

# Runs in every document and frame before the document's own scripts (Chromium's
# Page.addScriptToEvaluateOnNewDocument), and keeps what it sees in session storage.
TRAP = """
(() => {
  const key = 'collapse-trap';
  const record = (kind, value) => {
    try {
      const seen = JSON.parse(sessionStorage.getItem(key) || '{}');
      (seen[kind] = seen[kind] || []).push(String(value));
      sessionStorage.setItem(key, JSON.stringify(seen));
    } catch (error) {
      // A frame of an opaque origin has no storage; the corpus's frames name top.pwned.
    }
  };
  let pwned;
  Object.defineProperty(window, 'pwned', {
    get: () => pwned,
    set: value => { pwned = value; record('ran', value); },
  });
  if (window === top) record('documents', location.href);
  window.addEventListener('error', event => {
    if (event instanceof ErrorEvent) {
      record('errors', `${event.message} (${event.filename}:${event.lineno})`);
    }
  }, true);
  window.addEventListener('securitypolicyviolation', event => {
    record('violations', `${event.effectiveDirective} ${event.blockedURI} ${event.sample} `
      + `(${event.sourceFile}:${event.lineNumber})`);
  }, true);
})();
"""

# Gives every handler its chance: events sent to every element, focus, links that do not
# lead to another page followed (javascript: ones, in-page ones with a ping), submit
# buttons pressed (not the page's own), and every section toggled twice. A navigation
# cancels one still pending, so each link or button that may start one has its own turn.
PROVOKE = """
// The browser's own methods: a name from the document may have replaced document's.
const all = (node, selector) => Document.prototype.querySelectorAll.call(node, selector);
const within = (node, selector) => Element.prototype.querySelectorAll.call(node, selector);
const types = ['mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'pointerover',
  'pointerenter', 'pointerdown', 'focus', 'focusin', 'blur', 'load', 'error', 'toggle',
  'animationstart', 'animationend', 'transitionend', 'begin', 'start', 'input', 'change',
  'keydown', 'wheel', 'scroll'];
for (const element of within(document.body, '*')) {
  for (const type of types) element.dispatchEvent(new Event(type));
  if (element.focus) element.focus();
}
const turn = milliseconds => new Promise(done => setTimeout(done, milliseconds));
return (async () => {
  // SVG's links too, which may have xlink:href and have no click().
  const follow = link => link.click ? link.click()
    : link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  for (const link of within(document.body, 'a, area')) {
    const href = link.getAttribute('href') ?? link.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    if (href === null) continue;
    if (href.startsWith('#')) {
      follow(link);
    } else if (!['http:', 'https:', 'mailto:'].includes(new URL(href, document.baseURI).protocol)) {
      follow(link);
      await turn(30);
    }
  }
  for (const control of within(document.body, 'button, input:not([type=checkbox])')) {
    if (control.closest('.controls')) continue;
    control.click();
    await turn(30);
  }
  for (const round of [1, 2]) {
    all(document, 'details').forEach(section => { section.open = !section.open; });
  }
  await turn(500);
})();
"""

# What of the markup under `arguments[0]` could run, load, submit or clobber: elements a
# browser runs or loads, handler and loading attributes, URLs of a scheme other than
# http, https and mailto (and an img's data: image), styles other than collapse's own,
# and names and ids that are not the document's prefixed ones.
AUDIT = """
const root = document.querySelector(arguments[0]);
const problems = [];
const excerpt = element => element.outerHTML.slice(0, 160);
const forbidden = 'script, style, iframe, frame, frameset, object, embed, applet, param, svg, '
  + 'math, template, noscript, noembed, noframes, link, meta, base, form, button, select, '
  + 'option, textarea, video, audio, track, canvas, marquee, keygen, dialog, portal, xmp, '
  + 'plaintext, title, area, map, input:not([type=checkbox])';
for (const element of root.querySelectorAll(forbidden)) problems.push('element: ' + excerpt(element));
const schemes = ['http:', 'https:', 'mailto:'];
const loading = ['srcdoc', 'ping', 'action', 'formaction', 'data', 'poster', 'background',
  'srcset', 'xlink:href', 'codebase', 'dynsrc', 'lowsrc', 'autofocus', 'tabindex', 'name',
  'http-equiv', 'shadowrootmode'];
const declaration = '(text-align|float|vertical-align): [a-z]+|(width|height): [0-9]+%';
const style = new RegExp(`^(${declaration})(; (${declaration}))*$`);
for (const element of root.querySelectorAll('*')) {
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value;
    if (name.startsWith('on') || loading.includes(name)) {
      problems.push(`attribute ${name}: ${excerpt(element)}`);
    } else if (name === 'href' || name === 'src' || name === 'cite') {
      const protocol = new URL(value, document.baseURI).protocol;
      const image = element.tagName === 'IMG' && name === 'src'
        && (value === 'data:,' || /^data:image\\/(png|gif|jpeg|webp|avif|svg\\+xml)[;,]/i.test(value));
      if (!schemes.includes(protocol) && !image) problems.push(`URL ${name}: ${excerpt(element)}`);
    } else if (name === 'style' && !style.test(value)) {
      problems.push(`style: ${excerpt(element)}`);
    } else if (name === 'id' && !value.startsWith('user-content-')
               && !(element.tagName === 'DETAILS' && !element.classList.contains('content'))) {
      problems.push(`id: ${excerpt(element)}`);
    }
  }
}
if (document.querySelector('base')) problems.push('base: ' + excerpt(document.querySelector('base')));
for (const name of ['getElementById', 'querySelector', 'querySelectorAll', 'addEventListener']) {
  if (document[name] !== Document.prototype[name] && document[name] !== EventTarget.prototype[name])
    problems.push(`document.${name} is ${document[name]}`);
}
return problems;
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class Recorder(http.server.BaseHTTPRequestHandler):
    """Records every request and answers it: a PNG for a GET of a .png (so that an image
    that gets through loads, and shows in the browser's resource timing), else 204 No
    Content, which leaves the page in place even when the request was a navigation."""

    requests = None

    def answer(self):
        self.requests.append(f"{self.command} {self.path}")
        if self.command == "GET" and self.path.endswith(".png"):
            image = documents.png(2, 2)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(image)))
            self.end_headers()
            self.wfile.write(image)
        else:
            self.send_response(204)
            self.end_headers()

    do_GET = do_POST = do_HEAD = do_OPTIONS = answer

    def log_message(self, *arguments):
        pass


def serve(handler):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread, f"http://127.0.0.1:{server.server_port}"


@pytest.fixture(scope="module")
def servers():
    """The page server (over .build/browser/sanitizing) and the recording one, on another
    port: another origin."""
    shutil.rmtree(FOLDER, ignore_errors=True)
    for folder in ["standalone", "fragment", "unsafe", "raw"]:
        (FOLDER / folder).mkdir(parents=True)
    (FOLDER / "blank.html").write_text(
        "<!doctype html><meta charset=utf-8><title>blank</title><p>blank</p>\n"
    )
    requests = []
    page, page_thread, page_origin = serve(functools.partial(Quiet, directory=str(FOLDER)))
    trap, trap_thread, trap_origin = serve(type("Trap", (Recorder,), {"requests": requests}))
    yield SimpleNamespace(page=page_origin, trap=trap_origin, requests=requests)
    for server, thread in [(page, page_thread), (trap, trap_thread)]:
        server.shutdown()
        thread.join()


def fragment_page(title, fragment):
    """A minimal page around a fragment, with no policy and no script of its own."""
    return (
        f"<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{title}</title>\n</head>\n<body>\n<div id=\"fragment\">\n"
    ).encode() + fragment + b"</div>\n</body>\n</html>\n"


@pytest.fixture(scope="module")
def hostile(servers, render):
    """The corpus in a Markdown document's titles, in its sections' text, and in a JSON
    document: each as a standalone page, a fragment in a bare page, and (Markdown only)
    a standalone page with --unsafe. Returns {(kind, way): path}."""
    vectors = documents.sanitizer_vectors(servers.trap, servers.page)
    texts = {
        "title": documents.sanitizer_markdown(vectors, "title"),
        "body": documents.sanitizer_markdown(vectors, "body"),
        "json": documents.sanitizer_json(vectors),
    }
    pages = {}
    for kind, text in texts.items():
        source = ["-f", "json" if kind == "json" else "markdown", "-"]
        pages[kind, "standalone"] = render(
            f"sanitizing/standalone/hostile-{kind}", ["-s", "-t", "html", "--title", TITLE, *source],
            text)
        pages[kind, "collapsed"] = render(
            f"sanitizing/standalone/hostile-{kind}-collapsed",
            ["-s", "-t", "html", "--collapse-all", *source], text)
        bare = render(f"sanitizing/raw/hostile-{kind}", ["-t", "html", *source], text)
        pages[kind, "fragment"] = FOLDER / "fragment" / f"hostile-{kind}.html"
        pages[kind, "fragment"].write_bytes(fragment_page(f"hostile {kind}", bare.read_bytes()))
        if kind != "json":
            pages[kind, "unsafe"] = render(
                f"sanitizing/unsafe/hostile-{kind}", ["-s", "-t", "html", "--unsafe", *source], text)
    return pages


@pytest.fixture
def trapped(browser):
    """The browser with the trap in every document it loads, for this test only."""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})
    yield browser
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                            {"identifier": script["identifier"]})


def url(servers, path):
    return f"{servers.page}/{path.relative_to(FOLDER).as_posix()}"


def visit(driver, servers, address, provoke=True):
    """Loads `address` with an empty record, waits, provokes every handler, waits again,
    and returns what the trap saw: scripts run, errors, policy violations, documents
    loaded, dialogs, resources from the recording origin and the requests it received."""
    servers.requests.clear()
    driver.get(f"{servers.page}/blank.html")
    driver.execute_script("sessionStorage.clear()")
    driver.get(address)
    driver.execute_script("return new Promise(done => setTimeout(done, 500))")
    if provoke:
        driver.execute_script(PROVOKE)
    try:
        dialog = driver.switch_to.alert.text
        driver.switch_to.alert.dismiss()
    except NoAlertPresentException:
        dialog = None
    seen = driver.execute_script(
        """const seen = JSON.parse(sessionStorage.getItem('collapse-trap') || '{}');
        seen.pwned = window.pwned === undefined ? null : String(window.pwned);
        seen.resources = performance.getEntriesByType('resource').map(r => r.name)
          .filter(name => name.startsWith(arguments[0]));
        return seen;""",
        servers.trap,
    )
    return {
        "ran": seen.get("ran", []),
        "pwned": seen["pwned"],
        "errors": seen.get("errors", []),
        "violations": seen.get("violations", []),
        "documents": seen.get("documents", []),
        "dialog": dialog,
        "resources": seen["resources"],
        "requests": list(servers.requests),
    }


def test_the_trap_catches_what_runs_and_what_loads(trapped, servers):
    """The check can fail: in a page with no policy, an inline script, an onerror
    handler, a clicked javascript: link and an image from the other origin are all seen,
    and the audit finds the markup. (The link's script returns nothing: one that returns a
    string replaces the document, and its resource timing with it, though not the record.)"""
    page = FOLDER / "fragment" / "control.html"
    page.write_bytes(fragment_page("control", (
        "<script>window.pwned = 'inline'</script>"
        "<img src=x onerror=\"window.pwned = 'onerror'\">"
        "<a href=\"javascript:void(window.pwned = 'link')\">link</a>"
        f"<img src=\"{servers.trap}/control.png\">\n"
    ).encode()))
    seen = visit(trapped, servers, url(servers, page))
    assert seen["ran"][:2] == ["inline", "onerror"]
    assert "link" in seen["ran"]
    assert seen["requests"] == ["GET /control.png"]
    assert seen["resources"] == [f"{servers.trap}/control.png"]
    assert seen["documents"] == [url(servers, page)]
    assert trapped.execute_script(AUDIT, "#fragment") != []


# The vectors Chromium itself runs nothing for and loads nothing from, kept as written
# with no policy, and why; the rest of the corpus must run or load there.
INERT = {
    # A browser keeps the markup inside the attribute: they try the sanitiser's escaping.
    "attribute-breakout": "escaping", "remote-image-alt": "escaping",
    # Chromium opens no data: page from a link, runs no VBScript, and runs no javascript:
    # URL as an image or an object; an SVG image runs no script and loads nothing.
    "href-data-html": "browser", "href-vbscript": "browser", "img-src-javascript": "browser",
    "img-src-entity-javascript": "browser", "md-image": "browser", "object-javascript": "browser",
    "img-data-svg": "browser", "marquee-onstart": "browser", "math-href": "browser",
    # Inert after one parse: they attack a sanitiser that writes its tree out to be parsed
    # again (mutation XSS).
    "math-mglyph-style": "mutation", "select-template-style": "mutation", "svg-cdata": "mutation",
    "template": "mutation",
}
# In a title, the autolink extension turns the style sheet's URL into a link and breaks it.
INERT_IN_TITLES = {"style-element-url", "style-import"}


@pytest.mark.parametrize("kind", ["title", "body"])
def test_the_corpus_runs_where_nothing_stops_it(trapped, servers, render, kind):
    """The check can fail, vector by vector: kept as written (--unsafe), in a bare fragment
    with no policy, every vector that Chromium would run or load does, and the trap sees
    it, in a title and in a section's text; and the clobbering names replace the
    document's methods. So each vector's absence elsewhere is the sanitiser's doing."""
    vectors = documents.sanitizer_vectors(servers.trap, servers.page)
    bare = render(f"sanitizing/raw/unsafe-{kind}", ["-t", "html", "--unsafe", "-f", "markdown", "-"],
                  documents.sanitizer_markdown(vectors, kind))
    page = FOLDER / "fragment" / f"unsafe-{kind}.html"
    page.write_bytes(fragment_page(f"unsafe {kind}", bare.read_bytes()))
    seen = visit(trapped, servers, url(servers, page))
    ran = set(seen["ran"])
    requested = {request.split()[1].split("/")[1] for request in seen["requests"]}
    expected = {name for name, _ in vectors if not name.startswith("clobber-")} - set(INERT)
    if kind == "title":
        expected -= INERT_IN_TITLES
    assert sorted(expected - ran - requested) == []
    assert sorted((ran | requested) - expected) == []
    clobbered = trapped.execute_script(
        """return ['getElementById', 'querySelector', 'querySelectorAll', 'addEventListener']
          .filter(name => typeof document[name] !== 'function');"""
    )
    assert clobbered == ["getElementById", "querySelector", "querySelectorAll", "addEventListener"]


@pytest.mark.parametrize("way", ["standalone", "fragment"])
@pytest.mark.parametrize("kind", KINDS)
def test_hostile_vectors_neither_run_nor_load(trapped, servers, hostile, kind, way):
    """No vector runs or loads anything, whether in a title, in a section's text or in
    JSON, in the standalone page or in a bare fragment with no policy; the standalone
    page's policy has nothing to block (the sanitiser left nothing for it); and the markup
    left holds nothing that could run, load or clobber."""
    page = hostile[kind, way]
    address = url(servers, page)
    seen = visit(trapped, servers, address)
    problems = {key: value for key, value in seen.items()
                if value and key not in ("documents",)}
    if seen["documents"] != [address]:
        problems["documents"] = seen["documents"]
    # In-page links (#top) were followed: only the fragment may have changed.
    if trapped.current_url.split("#")[0] != address:
        problems["current_url"] = trapped.current_url
    else:
        markup = trapped.execute_script(AUDIT, "main" if way == "standalone" else "#fragment")
        if markup:
            problems["markup"] = markup
    assert problems == {}
    if way == "standalone":
        assert trapped.title == TITLE


@pytest.mark.parametrize("kind", ["title", "body"])
def test_the_page_script_survives_clobbering(trapped, servers, hostile, kind):
    """Names and ids from the document (`<img name=getElementById>`, `<form id=controls>`,
    `<a id=reveal>`, `<a id=target>` beside a section titled Target…) reach none of the
    page's objects: #target opens the section on load, the expand and collapse all buttons
    work, a link to #target opens it again, and the page's script throws nothing."""
    page = hostile[kind, "collapsed"]
    address = url(servers, page) + "#target"
    seen = visit(trapped, servers, address, provoke=False)
    chain = trapped.execute_script(
        """const target = document.getElementById('target');
        const chain = [target.tagName];
        for (let n = target; n; n = n.parentElement) if (n.tagName === 'DETAILS') chain.push(n.open);
        const box = target.getBoundingClientRect();
        return [...chain, box.top >= 0 && box.top < innerHeight];"""
    )
    assert chain == ["DETAILS", True, True]
    controls = trapped.find_element(By.CSS_SELECTOR, "header .controls")
    assert controls.is_displayed()
    count = trapped.execute_script("return document.querySelectorAll('main details').length")
    assert count > len(documents.SANITIZER_VECTORS)
    controls.find_element(By.CSS_SELECTOR, "button[data-open='true']").click()
    assert trapped.execute_script("return document.querySelectorAll('main details:not([open])').length") == 0
    controls.find_element(By.CSS_SELECTOR, "button[data-open='false']").click()
    assert trapped.execute_script("return document.querySelectorAll('main details[open]').length") == 0
    trapped.find_element(By.CSS_SELECTOR, "main > p a[href='#target']").click()
    assert trapped.execute_script("return document.getElementById('target').open") is True
    errors = trapped.execute_script(
        "return JSON.parse(sessionStorage.getItem('collapse-trap') || '{}').errors || []"
    )
    assert seen["errors"] == [] and errors == []
    assert seen["ran"] == [] and seen["requests"] == []


@pytest.mark.parametrize("kind", ["title", "body"])
def test_with_unsafe_the_policy_still_runs_nothing(trapped, servers, hostile, kind):
    """With --unsafe the raw HTML is kept as written, and the page's policy alone stands
    in the way: it allows only the page's own script, by its hash, so no inline script,
    handler or javascript: URL runs (the browser reports each one it blocked), and it
    allows images only from the page's own origin, frames, objects, styles and fonts from
    nowhere, so nothing from the other origin loads. The policy cannot stop a
    `<meta http-equiv=refresh>`: Chromium follows one even in the body, and the
    recording server is asked for its URL (its 204 answer leaves the page in place).
    Chromium lists what the policy blocked among its resources, with nothing received:
    each one it lists is one whose violation it reported. The markup is all there, as
    written."""
    page = hostile[kind, "unsafe"]
    text = page.read_text()
    assert "<script>window.pwned='script'</script>" in text
    assert "onerror=\"window.pwned='img-onerror'\"" in text
    seen = visit(trapped, servers, url(servers, page))
    assert seen["ran"] == [] and seen["pwned"] is None and seen["dialog"] is None
    directives = {violation.split()[0] for violation in seen["violations"]}
    assert {"script-src-elem", "script-src-attr", "img-src", "frame-src", "object-src",
            "style-src-elem", "base-uri", "form-action", "connect-src"} <= directives
    refresh = "GET /meta-refresh/refresh"
    assert [request for request in seen["requests"] if request != refresh] == []
    assert refresh in seen["requests"]
    # A blocked frame or object is reported by its origin only.
    blocked = {violation.split()[1] for violation in seen["violations"]}
    assert seen["resources"]
    assert [r for r in seen["resources"] if not any(r.startswith(b) for b in blocked)] == []


def test_with_unsafe_a_meta_refresh_navigates(trapped, servers, render):
    """The one thing --unsafe lets through that the policy cannot stop, as the manual
    says: a `<meta http-equiv=refresh>` in the document's body takes the page elsewhere."""
    page = render("sanitizing/unsafe/refresh", ["-s", "-t", "html", "--unsafe", "-f", "markdown", "-"],
                  f'# Refresh\n\n<meta http-equiv="refresh" content="0;url={servers.page}/blank.html">\n')
    safe = render("sanitizing/standalone/refresh", ["-s", "-t", "html", "-f", "markdown", "-"],
                  f'# Refresh\n\n<meta http-equiv="refresh" content="0;url={servers.page}/blank.html">\n')
    for path, lands in [(page, f"{servers.page}/blank.html"), (safe, url(servers, safe))]:
        trapped.get("about:blank")
        trapped.get(url(servers, path))
        trapped.execute_script("return new Promise(done => setTimeout(done, 700))")
        assert trapped.current_url == lands


def test_the_policy_hash_is_the_page_scripts(browser, servers, render):
    """The policy's one script hash is base64(SHA-256) of the text of the page's own
    `<script>` element, computed here; and so the browser runs that script (it shows the
    expand and collapse all buttons)."""
    for name, arguments in [("hash-markdown", ["Samples/oceans.md"]),
                            ("hash-json", ["--toc", "Samples/releases.json"])]:
        page = render(f"sanitizing/standalone/{name}", ["-s", "-t", "html", *arguments])
        tree = html5lib.parse(page.read_bytes(), namespaceHTMLElements=False)
        scripts = tree.findall(".//script")
        assert len(scripts) == 1
        policy = tree.find(".//meta[@http-equiv='Content-Security-Policy']").get("content")
        hashes = re.findall(r"'sha256-([A-Za-z0-9+/=]+)'", policy)
        digest = base64.b64encode(hashlib.sha256(scripts[0].text.encode()).digest()).decode()
        assert hashes == [digest]
        assert f"script-src 'sha256-{digest}';" in policy
        browser.get(url(servers, page))
        assert browser.find_element(By.CSS_SELECTOR, ".controls").is_displayed()


KEPT_MARKDOWN = """# Kept

<details><summary>More</summary>

**bold** and a list:

- one
- two

</details>

<table>
<tr><td>cell</td><td>other</td></tr>
</table>

<p align="center"><img src="logo.png" alt="Logo"></p>

# Far <!-- collapsed -->

## Farther

Some text, then <a id="anchor"></a>the anchor.
"""

ALERT_MARKDOWN = """# Alert

> [!WARNING]
> Be careful.
"""


@pytest.fixture(scope="module")
def kept(servers, render):
    """A standalone page of the raw HTML GitHub keeps, with a real image beside it."""
    (FOLDER / "standalone" / "logo.png").write_bytes(documents.png(24, 12))
    page = render("sanitizing/standalone/kept", ["-s", "-t", "html", "-f", "markdown", "-"],
                  KEPT_MARKDOWN)
    return page


def test_raw_html_github_keeps_renders_its_details_table_and_centred_image(trapped, servers, kept):
    """A raw `<details>` opened in one HTML block and closed in another holds the Markdown
    between, rendered; a raw table has its rows and cells; a centred paragraph centres
    its relative image, which loads from beside the page; and nothing is blocked."""
    seen = visit(trapped, servers, url(servers, kept), provoke=False)
    details = trapped.find_element(By.CSS_SELECTOR, "main details.content")
    assert details.get_attribute("open") is None
    details.find_element(By.CSS_SELECTOR, ":scope > summary").click()
    assert details.find_element(By.CSS_SELECTOR, ":scope > summary").text == "More"
    assert details.find_element(By.CSS_SELECTOR, ":scope > p > strong").text == "bold"
    assert [li.text for li in details.find_elements(By.CSS_SELECTOR, ":scope > ul > li")] == [
        "one", "two"]
    assert trapped.execute_script(
        "return [...document.querySelectorAll('main table tr')].map(r => [...r.cells].map(c => c.textContent))"
    ) == [["cell", "other"]]
    logo = trapped.execute_script(
        """const img = document.querySelector('main img[alt=Logo]');
        return [img.complete, img.naturalWidth, getComputedStyle(img.parentElement).textAlign,
          img.parentElement.tagName];"""
    )
    assert logo == [True, 24, "center", "P"]
    assert seen["violations"] == [] and seen["errors"] == [] and seen["requests"] == []


def test_an_anchor_from_the_document_is_reached(trapped, servers, kept):
    """`page.html#anchor` reaches `<a id="anchor">`, kept as user-content-anchor: the
    page's script opens the collapsed sections around it and scrolls it into view."""
    visit(trapped, servers, url(servers, kept) + "#anchor", provoke=False)
    state = trapped.execute_script(
        """const anchor = document.getElementById('user-content-anchor');
        const chain = [];
        for (let n = anchor; n; n = n.parentElement) if (n.tagName === 'DETAILS') chain.push(n.id, n.open);
        const box = anchor.getBoundingClientRect();
        return [chain, box.top >= 0 && box.top < innerHeight];"""
    )
    assert state == [["farther", True, "far", True], True]


def test_a_github_alert_gets_githubs_classes_and_title(browser, render):
    """A GitHub alert, `> [!WARNING]`, becomes GitHub's markup for it: a div of classes
    markdown-alert and markdown-alert-warning, titled Warning."""
    page = render("sanitizing/standalone/alert", ["-s", "-t", "html", "-f", "markdown", "-"],
                  ALERT_MARKDOWN)
    browser.get(page.as_uri())
    alert = browser.execute_script(
        """const alert = document.querySelector('main .markdown-alert');
        return alert && [alert.className, alert.querySelector('.markdown-alert-title')?.textContent.trim(),
          alert.textContent.includes('Be careful.')];"""
    )
    assert alert == ["markdown-alert markdown-alert-warning", "Warning", True]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_theme_images_show_in_their_mode_and_load_beside_a_file_page(browser, collapse, scheme):
    """Opened from the disk, the page loads the images beside it (its policy's 'self'),
    and an image meant for one mode (`#gh-dark-mode-only`) shows only in that mode."""
    folder = FOLDER / "themes"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "light.png").write_bytes(documents.png(12, 6))
    (folder / "dark.png").write_bytes(documents.png(12, 6))
    (folder / "doc.md").write_text(
        "# Logo\n\n![light](light.png#gh-light-mode-only) ![dark](dark.png#gh-dark-mode-only)\n")
    result = subprocess.run([str(collapse), "-s", "doc.md"], cwd=folder, capture_output=True,
                            check=True)
    (folder / "page.html").write_bytes(result.stdout)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get((folder / "page.html").as_uri())
    shown = browser.execute_script(
        """return [...document.images].map(i => [i.alt, i.naturalWidth,
           getComputedStyle(i).display !== 'none']);""")
    assert shown == [["light", 12, scheme == "light"], ["dark", 12, scheme == "dark"]]


def test_the_pages_are_valid(hostile, kept):
    """The standalone pages of the hostile corpus and of the kept HTML pass the Nu HTML
    checker: what the sanitiser writes, its notes of what it removed included, is valid."""
    status, messages = validate(FOLDER / "standalone")
    assert messages == ""
    assert status == 0
