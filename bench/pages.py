"""Measures collapse's pages in headless Chromium: how soon the page of a large document
is usable, lazy against plain, and how long opening a section, following a deep link,
searching and expanding all take on the lazy page.

usage: pages.py COLLAPSE   (prints the lines of the results' "Pages in a browser" section)

A page is usable when the browser has parsed it and run its script: the load event's end
in the page's navigation timing. Opening a section is timed in the page, from the click
on its summary to the second animation frame after its body is laid out; a deep link and
a search the same way, from navigation and from the last key. Each figure is a median.
"""
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# How long the plain page is waited for.
PLAIN_SECONDS = 180
PAGES = os.path.join(HERE, "..", ".build", "bench", "pages")

OPEN = """
const done = arguments[arguments.length - 1];
const section = document.getElementById(arguments[0]);
const start = performance.now();
section.querySelector(':scope > summary').click();
(function check() {
  if (section.querySelector(':scope > summary + div.lazy')) return requestAnimationFrame(check);
  requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
})();
"""

SHOWN = """
const done = arguments[arguments.length - 1];
(function check() {
  const e = document.getElementById(arguments[0]);
  const box = e && e.getBoundingClientRect();
  if (box && box.height > 0 && box.top >= 0 && box.top < innerHeight) {
    return requestAnimationFrame(() => done(performance.now()));
  }
  setTimeout(check, 5);
})();
""".replace("arguments[0]", "window.__wanted")

SEARCH = """
const done = arguments[arguments.length - 1];
const field = document.querySelector('input.search');
const results = document.getElementById('search-results');
const start = performance.now();
field.value = arguments[0];
field.dispatchEvent(new Event('input'));
(function check() {
  if (!results.hidden && results.getAttribute('aria-label') === 'Sections that hold “' + arguments[0] + '”') {
    return requestAnimationFrame(() => done([performance.now() - start,
      results.querySelectorAll('li').length]));
  }
  setTimeout(check, 5);
})();
""".replace("arguments[0] + '”'", "window.__query + '”'")

EXPAND = """
const done = arguments[arguments.length - 1];
const start = performance.now();
document.querySelector("button[data-open='true']").click();
(function check() {
  const holders = [...document.querySelectorAll('main div.lazy')].filter(h => {
    const box = h.getBoundingClientRect();
    return box.height > 0 && box.top < innerHeight;
  });
  if (holders.length) return requestAnimationFrame(check);
  requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
})();
"""


def driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1200,900"]:
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    browser.set_page_load_timeout(600)
    browser.set_script_timeout(120)
    # A plain page of 160 MB takes minutes: the driver is waited for as long.
    browser.command_executor._client_config.timeout = 900
    return browser


def load(browser, path, fragment=""):
    browser.get("about:blank")
    browser.get("file://" + os.path.abspath(path) + fragment)
    return browser.execute_script(
        "return performance.getEntriesByType('navigation')[0].loadEventEnd") / 1000


def load_coloured(browser, path):
    """How soon the page is usable (its load event's end) and how soon all its code is
    coloured (its root no longer marked busy), in seconds from its navigation."""
    usable = load(browser, path)
    coloured = browser.execute_script("""return new Promise(done => {
      const root = document.documentElement;
      (function check() {
        if (root.getAttribute('data-code-colouring') !== 'busy') done(performance.now());
        else setTimeout(check, 5);
      })();
    });""") / 1000
    return usable, coloured


def load_plain(browser, path, seconds):
    """How soon the plain page is usable, or None when it is not within `seconds`: here
    the plain page of 50 MB takes minutes, so it is loaded once, and given up on."""
    from selenium.common.exceptions import TimeoutException

    browser.set_page_load_timeout(seconds)
    try:
        return load(browser, path)
    except TimeoutException:
        return None
    finally:
        browser.get("about:blank")
        browser.set_page_load_timeout(600)


def render(collapse, source, name, *arguments):
    os.makedirs(PAGES, exist_ok=True)
    path = os.path.join(PAGES, name)
    with open(path, "wb") as out:
        subprocess.run([collapse, "-s", *arguments, source], stdout=out, check=True)
    return path


def last_section(path):
    """The id of the document's last section, from its plain page."""
    last = None
    with open(path, encoding="utf-8") as page:
        for line in page:
            if line.startswith('<details id="'):
                last = line[len('<details id="'):line.index('"', len('<details id="'))]
    return last


def measure(browser, collapse, source, label, word, runs):
    name = os.path.basename(source)
    lazy = render(collapse, source, f"{name}.lazy.html")
    plain = render(collapse, source, f"{name}.plain.html", "--lazy=never")
    sizes = os.path.getsize(lazy) / 1e6, os.path.getsize(plain) / 1e6
    lazy_load = statistics.median(load(browser, lazy) for _ in range(runs))
    print(f"{label}: page usable in {lazy_load:.2f} s lazy", flush=True)

    # Everything closed, the top-level sections are opened, then the subsections of the
    # first: each as its summary is clicked.
    load(browser, lazy)
    browser.find_element("css selector", "button[data-open='false']").click()
    top = browser.execute_script("return [...document.querySelectorAll('main > details')]"
                                 ".map(d => d.id)")[:20]
    opens = [browser.execute_async_script(OPEN, section) for section in top]
    inner = browser.execute_script(
        "return [...document.getElementById(arguments[0]).querySelectorAll(':scope > details')]"
        ".map(d => d.id)", top[0])
    opens += [browser.execute_async_script(OPEN, section)
              for section in inner[::max(1, len(inner) // 20)][:20]]
    print(f"{label}: opening {len(opens)} sections: median {statistics.median(opens):.0f} ms, "
          f"most {max(opens):.0f} ms", flush=True)

    last = last_section(plain)
    deep = []
    for _ in range(runs):
        load(browser, lazy, "#" + last)
        browser.execute_script("window.__wanted = arguments[0]", last)
        deep.append(browser.execute_async_script(SHOWN) / 1000)
    searches = []
    for _ in range(runs):
        load(browser, lazy)
        browser.execute_script("window.__query = arguments[0]", word)
        searches.append(browser.execute_async_script(SEARCH, word))
    load(browser, lazy)
    browser.find_element("css selector", "button[data-open='false']").click()
    expand = browser.execute_async_script(EXPAND)
    # Last, as a plain page that is given up on still keeps the browser busy a while.
    plain_load = load_plain(browser, plain, PLAIN_SECONDS)
    print(f"{label}: plain page usable in {plain_load} s", flush=True)
    return {
        "label": label, "sizes": sizes, "lazy": lazy_load, "plain": plain_load,
        "open": (statistics.median(opens), max(opens), len(opens)),
        "deep": statistics.median(deep),
        "search": (statistics.median(s[0] for s in searches), searches[0][1]),
        "expand": expand, "word": word,
    }


def lines(collapse, inputs, runs=3):
    browser = driver()
    try:
        figures = [measure(browser, collapse, path, label, word, runs)
                   for path, label, word in inputs]
    finally:
        browser.quit()
    out = ["", "Pages in a browser (headless Chromium, a 1200×900 window): the standalone page "
           "(`-s`) of each large input, lazy as it comes against plain (`--lazy=never`). Usable: "
           "the page parsed and its script run (the load event's end), the median of "
           f"{runs} loads of the lazy page; the plain page is loaded once and given up on after "
           f"{PLAIN_SECONDS} s. Targets: usable within 2 s, a section open within 100 ms.", "",
           "| input | page: lazy / plain | usable: lazy | usable: plain | ratio | open a section: "
           "median / most | deep link to the last section | search | expand all, first screen "
           "| target |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for f in figures:
        met = f["lazy"] <= 2 and f["open"][1] <= 100
        plain = f"{f['plain']:.2f} s" if f["plain"] else f"over {PLAIN_SECONDS} s"
        ratio = (f"{f['lazy'] / f['plain']:.3f}×" if f["plain"]
                 else f"under {f['lazy'] / PLAIN_SECONDS:.3f}×")
        out.append(
            f"| {f['label']} | {f['sizes'][0]:.0f} / {f['sizes'][1]:.0f} MB | {f['lazy']:.2f} s | "
            f"{plain} | {ratio} | {f['open'][0]:.0f} / "
            f"{f['open'][1]:.0f} ms ({f['open'][2]} sections) | {f['deep']:.2f} s | "
            f"{f['search'][0] / 1000:.2f} s for “{f['word']}” | {f['expand']:.0f} ms | "
            f"≤ 2 s, ≤ 100 ms ({'met' if met else 'missed'}) |")
    out += ["", "A deep link is timed from the start of navigation to the section shown; a "
            "search from the query to its results listed, the first on the page, which "
            "inflates the texts it looks through."]
    return out


if __name__ == "__main__":
    collapse = os.path.abspath(sys.argv[1])
    inputs_folder = os.path.join(HERE, "inputs")
    print("\n".join(lines(collapse, [
        (os.path.join(inputs_folder, "api-50.json"), "JSON 50 MB", "données3847"),
        (os.path.join(inputs_folder, "doc-50.md"), "Markdown 50 MB", "coral reef"),
    ])))
