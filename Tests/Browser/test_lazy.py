"""Large pages that lay out their sections only when they are opened or come into sight,
and the search of every page: what a lazy page holds, that its pieces rebuild the plain
page exactly, and in headless Chromium opening, deep links, expand and collapse all,
printing and searching by keyboard."""

import base64
import json
import re
import time
import zlib

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

import documents
from conftest import PAGES
from test_browser import load, open_ids, set_scheme, summary

# A word no generated sentence holds, in the content of the document's last section, and
# an anchor of raw HTML there.
NEEDLE = "zanzibarquartz"
ENDING = (
    "\n## Closing remarks\n\nNothing else.\n\n### The very last section\n\n"
    f"Its one {NEEDLE} paragraph, and <a id=\"late-anchor\">an anchor</a>.\n"
)
LARGE = documents.markdown(1_500_000) + ENDING


def main_of(page):
    text = page.read_text(encoding="utf-8")
    return text[text.index("<main>\n") + 7:text.index("</main>\n")]


def chunks_of(page):
    """The pieces of a lazy page by number, read as its script reads them."""
    text = page.read_text(encoding="utf-8")
    chunks = [
        zlib.decompress(base64.b64decode(data))
        for data in re.findall(
            r'<script type="application/x-collapse-zlib" class="collapse-chunk">([^<]*)</script>',
            text)
    ]
    table = [int(n) for n in re.search(
        r'<script type="application/json" id="collapse-pieces">\[([0-9,-]*)\]</script>',
        text).group(1).split(",") if n]
    return {
        number: chunks[table[4 * number]][table[4 * number + 1]:][:table[4 * number + 2]].decode()
        for number in range(len(table) // 4)
    }


HOLDER = re.compile(r'<div class="lazy" data-piece="([0-9]+)"></div>\n')


def rebuilt(html, pieces):
    """The HTML with each placeholder replaced by its piece, again and again."""
    while True:
        replaced = HOLDER.sub(lambda match: pieces[int(match.group(1))], html)
        if replaced == html:
            return html
        html = replaced


@pytest.fixture(scope="module")
def large(render):
    """The large document's page as it comes, everything open, and closed below level 1."""
    (PAGES / "lazy").mkdir(parents=True, exist_ok=True)
    return {
        "open": render("lazy/open", ["-s", "-f", "markdown", "-"], LARGE),
        "closed": render("lazy/closed", ["-s", "--depth", "1", "-f", "markdown", "-"], LARGE),
        "plain": render("lazy/plain", ["-s", "--lazy=never", "--depth", "1", "-f", "markdown",
                                       "-"], LARGE),
    }


def test_a_large_page_is_lazy_and_a_small_one_plain(large, render):
    open_page = large["open"].read_text(encoding="utf-8")
    assert 'class="collapse-chunk">' in open_page
    assert '<noscript><p class="left-out">This page is large' in open_page
    # The page holds the start of what is open, not the whole document.
    assert 200_000 < len(main_of(large["open"]).encode()) < 400_000
    assert len(large["open"].read_bytes()) < len(large["plain"].read_bytes()) / 2
    plain = large["plain"].read_text(encoding="utf-8")
    assert 'class="collapse-chunk">' not in plain and '<div class="lazy"' not in main_of(large["plain"])
    assert "<noscript>" not in plain
    # Below 1 MiB of document a page is plain, unless asked; above it, lazy unless asked.
    small = render("lazy/small", ["-s", "-f", "markdown", "-"], documents.markdown(900_000))
    assert 'class="collapse-chunk">' not in small.read_text(encoding="utf-8")
    always = render("lazy/always", ["-s", "--lazy=always", "--collapse-all",
                                    "Samples/oceans.md"])
    assert 'class="collapse-chunk">' in always.read_text(encoding="utf-8")
    assert '<div class="lazy"' in main_of(always)


@pytest.mark.parametrize("kind", ["open", "closed"])
def test_the_pieces_rebuild_the_plain_page(large, render, kind):
    arguments = ["--depth", "1"] if kind == "closed" else []
    plain = render(f"lazy/plain-{kind}", ["-s", "--lazy=never", *arguments, "-f", "markdown",
                                          "-"], LARGE)
    pieces = chunks_of(large[kind])
    assert len(pieces) > 20
    assert rebuilt(main_of(large[kind]), pieces) == main_of(plain)


def assert_pieces_rebuild_the_plain_page(render, name, input_format, text):
    """Renders `text`, over 1 MiB, as a lazy page and as a plain one, open to depth 2, and
    checks that the lazy page's pieces, put back, make the plain page's main."""
    assert len(text.encode()) > 1_048_576
    arguments = ["-s", "--depth", "2", "-f", input_format, "-"]
    lazy = render(name, arguments, text)
    plain = render(f"{name}-plain", ["--lazy=never", *arguments], text)
    assert "collapse-chunk" in lazy.read_text(encoding="utf-8")
    assert rebuilt(main_of(lazy), chunks_of(lazy)) == main_of(plain)


def test_json_pieces_rebuild_the_plain_page(render):
    text = documents.json_document(3000)
    assert_pieces_rebuild_the_plain_page(render, "lazy/json", "json", text)


def content_after_summary(driver, section_id):
    return driver.execute_script(
        """const s = document.getElementById(arguments[0]);
        const next = s.querySelector(':scope > summary').nextElementSibling;
        return next ? next.outerHTML.slice(0, 200) : null;""",
        section_id,
    )


def own_text(driver, section_id):
    return driver.execute_script(
        """const s = document.getElementById(arguments[0]);
        return [...s.children].filter(c => c.tagName !== 'SUMMARY' && c.tagName !== 'DETAILS'
          && !c.classList.contains('lazy')).map(c => c.textContent).join('');""",
        section_id,
    )


def test_opening_a_section_lays_out_its_body(browser, large):
    load(browser, large["closed"])
    top = browser.execute_script(
        "return [...document.querySelectorAll('main > details > details')].map(d => d.id)")
    assert len(top) > 20
    chosen = top[len(top) // 2]
    assert 'class="lazy"' in content_after_summary(browser, chosen)
    summary(browser, chosen).click()
    browser.implicitly_wait(0)
    wait_for(browser, """const next = document.getElementById(arguments[0])
      .querySelector(':scope > summary').nextElementSibling;
      return !next || !next.outerHTML.slice(0, 200).includes('class="lazy"');""", chosen, seconds=5)
    laid_out = own_text(browser, chosen)
    subsections = browser.execute_script(
        "return [...document.getElementById(arguments[0]).querySelectorAll(':scope > details')]"
        ".map(d => [d.id, d.open])", chosen)
    # The same as the plain page shows.
    load(browser, large["plain"])
    summary(browser, chosen).click()
    assert laid_out == own_text(browser, chosen)
    assert subsections == browser.execute_script(
        "return [...document.getElementById(arguments[0]).querySelectorAll(':scope > details')]"
        ".map(d => [d.id, d.open])", chosen)
    assert subsections and not any(open for _, open in subsections)


def wait_for(driver, script, *arguments, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = driver.execute_script(script, *arguments)
        if value:
            return value
        time.sleep(0.05)
    return driver.execute_script(script, *arguments)


VISIBLE = """const e = document.getElementById(arguments[0]);
if (!e) return false;
for (let d = e.closest('details'); d; d = d.parentElement.closest('details')) if (!d.open) return false;
const box = e.getBoundingClientRect();
return box.top >= 0 && box.top < innerHeight && box.height > 0;"""


@pytest.mark.parametrize("kind", ["open", "closed"])
def test_deep_links_lay_out_and_open_their_section(browser, large, kind):
    plain = main_of(large["plain"])
    last = re.findall(r'<details id="([^"]+)"', plain)[-1]
    assert last == "the-very-last-section"
    assert 'id="the-very-last-section"' not in main_of(large[kind])
    load(browser, large[kind], "#the-very-last-section")
    assert wait_for(browser, VISIBLE, "the-very-last-section")
    assert wait_for(browser, """const s = document.getElementById(arguments[0]);
      return s.textContent.includes(arguments[1])""", "the-very-last-section", NEEDLE)
    # An id in the content's raw HTML, under its user-content- prefix, the same way.
    load(browser, large[kind], "#late-anchor")
    assert wait_for(browser, VISIBLE, "user-content-late-anchor")


def test_a_late_section_comes_before_the_parts_it_skipped(browser, render):
    """Reaching section 3990 of 4000 lays out the part of the page that holds it; what
    comes before it waits in a gap, which fills when asked, in document order."""
    text = "".join(f"## Section {n}\n\n{'Words of the section. ' * 12}\n\n" for n in range(4000))
    assert len(text) > 1_048_576
    page = render("lazy/wide", ["-s", "-f", "markdown", "-"], text)
    load(browser, page, "#section-3990")
    assert wait_for(browser, VISIBLE, "section-3990")
    ids = "return [...document.querySelectorAll('main > details')].map(d => +d.id.slice(8))"
    count = "return document.querySelectorAll('main > details').length > arguments[0]"
    laid_out = browser.execute_script(ids)
    assert 3990 in laid_out and len(laid_out) < 3000
    assert laid_out == sorted(laid_out)
    gaps = browser.find_elements(By.CSS_SELECTOR, "div.lazy.gap button")
    assert len(gaps) == 1
    assert browser.execute_script(VISIBLE, "section-3990")
    gaps[0].click()
    assert wait_for(browser, count, len(laid_out))
    more = browser.execute_script(ids)
    assert more == sorted(more) and len(set(more)) == len(more)


def test_expand_and_collapse_all_reach_what_is_laid_out_later_and_printing_lays_out_all(browser, large):
    load(browser, large["closed"])
    count = "return document.querySelectorAll('main details').length"
    before = browser.execute_script(count)
    browser.find_element(By.CSS_SELECTOR, "button[data-open='true']").click()
    # What comes into sight is laid out open, as the reader goes down the page: each step
    # down waits until no placeholder is left near the window (the page fills those within
    # 1500 pixels of it).
    for _ in range(3):
        browser.execute_script("scrollBy(0, 4 * innerHeight)")
        wait_for(browser, """return [...document.querySelectorAll('main div.lazy:not(.gap)')]
          .every(holder => { const box = holder.getBoundingClientRect();
            return box.height === 0 || box.bottom < -1400 || box.top > innerHeight + 1400; });""")
    assert wait_for(browser, f"{count} > arguments[0] + 50", before)
    assert browser.execute_script("return document.querySelectorAll('main details:not([open])')"
                                  ".length") == 0
    browser.find_element(By.CSS_SELECTOR, "button[data-open='false']").click()
    assert open_ids(browser) == []
    # Printing lays out every piece, once each chunk is inflated, and opens everything.
    total = main_of(large["plain"]).count("<details")
    browser.execute_script(
        """window.printed = [];
        addEventListener('beforeprint', () => printed.push([
          document.querySelectorAll('div.lazy').length,
          document.querySelectorAll('main details').length,
          document.querySelectorAll('main details:not([open])').length]));""")
    assert wait_for(browser, """dispatchEvent(new Event('beforeprint'));
      dispatchEvent(new Event('afterprint'));
      return printed[printed.length - 1][0] === 0;""", seconds=20)
    pdf = browser.execute_cdp_cmd("Page.printToPDF", {"pageRanges": "1-2"})
    assert len(pdf["data"]) > 1000
    assert browser.execute_script("return printed")[-1] == [0, total, 0]
    assert open_ids(browser) == []


def search(driver, text):
    field = driver.find_element(By.CSS_SELECTOR, "input.search")
    field.clear()
    field.send_keys(text)
    wait_for(driver, """const results = document.getElementById('search-results');
      return !results.hidden && results.getAttribute('aria-label') === arguments[0]""",
             f"Sections that hold “{text.strip()}”")
    return driver.execute_script(
        """return [...document.querySelectorAll('#search-results li a')].map(a =>
          [a.getAttribute('href'), a.querySelector('.path').textContent,
           (a.querySelector('.snippet mark') || {}).textContent || null]);""")


def test_search_finds_content_not_laid_out_and_opens_it(browser, large):
    load(browser, large["closed"])
    assert NEEDLE not in browser.execute_script("return document.body.textContent")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert browser.execute_script("return document.activeElement.className") == "search"
    results = search(browser, NEEDLE.upper())
    assert len(results) == 1
    href, path, mark = results[0]
    assert href == "#the-very-last-section" and mark == NEEDLE
    assert path.endswith(" › Closing remarks › The very last section")
    status = browser.find_element(By.CSS_SELECTOR, ".search-status").text
    assert status == "1 section matches."
    browser.find_element(By.CSS_SELECTOR, "input.search").send_keys(Keys.ENTER)
    assert wait_for(browser, VISIBLE, "the-very-last-section")
    assert wait_for(browser, "return CSS.highlights.has('search')")
    assert browser.execute_script("return location.hash") == "#the-very-last-section"
    assert browser.find_element(By.ID, "search-results").get_attribute("hidden") is not None


def test_search_by_keyboard_on_a_plain_page(browser, render):
    page = render("lazy/search-oceans", ["-s", "--collapse-all", "Samples/oceans.md"])
    assert '<div class="lazy"' not in main_of(page)
    load(browser, page)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    results = search(browser, "great  barrier")
    assert results == [["#coral", "Oceans › Pacific › Coral", "Great Barrier"]]
    # Titles match too, each section once, with its path.
    results = search(browser, "mediterranean")
    assert [path for _, path, _ in results] == [
        "Oceans › Pacific › Australasian Mediterranean",
        "Oceans › Atlantic › American Mediterranean"]
    assert [mark for _, _, mark in results] == [None, None]
    field = browser.find_element(By.CSS_SELECTOR, "input.search")
    field.send_keys(Keys.ARROW_DOWN)
    assert browser.execute_script("return document.activeElement.getAttribute('href')") == \
        "#australasian-mediterranean"
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert wait_for(browser, VISIBLE, "american-mediterranean")
    assert open_ids(browser) == ["oceans", "atlantic", "american-mediterranean"]
    # Nothing found says so; Escape empties the field.
    search(browser, "no such words")
    assert browser.find_element(By.CSS_SELECTOR, ".search-status").text == \
        "No section holds “no such words”."
    field.send_keys(Keys.ESCAPE)
    assert field.get_attribute("value") == ""
    assert browser.find_element(By.ID, "search-results").get_attribute("hidden") is not None


def records_of(page):
    """A lazy page's records, [parent's record, id, title, piece] for the document and each
    section, read as its script reads them."""
    data = re.search(r'<script type="application/x-collapse-zlib" id="collapse-sections">([^<]*)'
                     r'</script>', page.read_text(encoding="utf-8")).group(1)
    return json.loads(zlib.decompress(base64.b64decode(data)))


@pytest.fixture(scope="module")
def late(render):
    """Lazy pages of a changelog and of a JSON document, each over 1 MiB, and for each the
    id and title of a section 70% of the way down (a release; an element of the top-level
    array), the id of the document's last section, and the plain page's step for PageUp."""
    (PAGES / "lazy").mkdir(parents=True, exist_ok=True)
    text, versions = documents.changelog(1_600_000)
    json_text = documents.json_document(3000)
    assert len(text.encode()) > 1_048_576 and len(json_text.encode()) > 1_048_576
    pages = {}
    for kind, document, form in [("markdown", text, "markdown"), ("json", json_text, "json")]:
        page = render(f"lazy/late-{kind}", ["-s", "--lazy=always", "-f", form, "-"], document)
        records = records_of(page)
        # The releases are the sections of the changelog's one top-level section; the array's
        # elements, the sections of "items".
        parent = 1
        children = [record for record in records if record[0] == parent]
        assert len(children) == (len(versions) if kind == "markdown" else 3000)
        target = children[len(children) * 7 // 10]
        assert target[1] not in main_of(page)
        pages[kind] = {"page": page, "id": target[1], "title": target[2], "last": records[-1][1]}
    pages["markdown"]["anchor"] = "user-content-" + versions[len(versions) * 7 // 10]
    return pages


def page_step(browser, render):
    """How far PageUp scrolls a plain page in this window."""
    text, _ = documents.changelog(200_000, seed=6)
    page = render("lazy/plain-step", ["-s", "--lazy=never", "-f", "markdown", "-"], text)
    load(browser, page)
    browser.execute_script("scrollTo(0, 20000)")
    ActionChains(browser).send_keys(Keys.PAGE_UP).perform()
    WebDriverWait(browser, 5, poll_frequency=0.05).until(
        lambda driver: driver.execute_script("return scrollY < 20000"))
    return 20000 - settled_scroll(browser)


def settled_scroll(browser):
    """The scroll position once a scroll on its way has ended: the same for five frames."""
    return browser.execute_async_script(
        """const done = arguments[arguments.length - 1];
        let last = scrollY, same = 0;
        (function frame() {
          requestAnimationFrame(() => {
            same = scrollY === last ? same + 1 : 0;
            last = scrollY;
            if (same >= 5) done(scrollY); else frame();
          });
        })();""")


# The placeholders in sight that wait for their content: the open sections in view that
# show nothing of it, and no button to ask for it either.
WAITING_IN_VIEW = """return [...document.querySelectorAll('main div.lazy:not(.gap)')].filter(holder => {
  if (holder.closest('details:not([open])')) return false;
  const box = holder.getBoundingClientRect();
  return box.bottom >= 0 && box.top <= innerHeight;
}).map(holder => (holder.closest('details') || {}).id || 'the page');"""

# Takes the element at the middle of the window as the one the reader looks at.
LOOK = """window.looked = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
return window.looked.getBoundingClientRect().top;"""
LOOKED = """return window.looked.isConnected ? window.looked.getBoundingClientRect().top : null;"""


def content_in_view(browser):
    """Waits until every open section in sight has its content, for a second at most."""
    try:
        WebDriverWait(browser, 1, poll_frequency=0.05).until(
            lambda driver: not driver.execute_script(WAITING_IN_VIEW))
    except Exception:
        pytest.fail(f"open sections in view without their content: "
                    f"{browser.execute_script(WAITING_IN_VIEW)}")


def moves_by(browser, action, amount, what):
    """Does `action` and checks that the element in the middle of the window moves down by
    `amount` and stays there, once the open sections in sight have their content."""
    content_in_view(browser)
    before = browser.execute_script(LOOK)
    action()
    expected = before + amount
    try:
        # A deadline a busy machine does not outrun: the scroll itself is over in moments.
        WebDriverWait(browser, 30, poll_frequency=0.02).until(
            lambda driver: abs((driver.execute_script(LOOKED) or 1e9) - expected) < 0.02)
    except Exception:
        pytest.fail(f"{what}: the element in view is at {browser.execute_script(LOOKED)}, "
                    f"not at {before} + {amount}")
    settled_scroll(browser)
    content_in_view(browser)
    assert browser.execute_script(LOOKED) == pytest.approx(expected, abs=0.02), what


def wheel(browser, pixels):
    return lambda: ActionChains(browser).scroll_by_amount(0, pixels).perform()


def key(browser, name):
    return lambda: ActionChains(browser).send_keys(name).perform()


# A JSON document has no anchors of its own: a link or a search reaches its sections.
@pytest.mark.parametrize("kind, way", [("markdown", "link"), ("markdown", "anchor"),
                                       ("markdown", "search"), ("json", "link"),
                                       ("json", "search")])
def test_reading_on_from_a_late_section_keeps_the_place(browser, render, late, kind, way):
    """From a late section reached by a link or a search, what the reader scrolls, pages and
    jumps to is where the reader put it: what is laid out above the window does not move
    what is in it, and no open section in sight stays without its content."""
    browser.set_window_size(1280, 900)
    step = page_step(browser, render)
    assert 500 < step < 900
    page = late[kind]
    if way == "search":
        load(browser, page["page"])
        results = search(browser, page["title"])
        link = [a for a in browser.find_elements(By.CSS_SELECTOR, "#search-results li a")
                if a.get_attribute("href").endswith("#" + page["id"])]
        assert len(link) == 1, results
        link[0].click()
        target = page["id"]
    else:
        target = page["id"] if way == "link" else page["anchor"]
        load(browser, page["page"], "#" + target.removeprefix("user-content-"))
    # An anchor of raw HTML holds nothing: it is in sight when its top is.
    assert wait_for(browser, VISIBLE.replace(" && box.height > 0", ""), target)
    settled_scroll(browser)
    for pixels in [-120, -120, -120, 120, 120, -120]:
        moves_by(browser, wheel(browser, pixels), -pixels, f"a wheel tick of {pixels} px")
    moves_by(browser, key(browser, Keys.PAGE_UP), step, "PageUp")
    moves_by(browser, key(browser, Keys.PAGE_UP), step, "PageUp again")
    # End goes to the document's end, Home to its start.
    key(browser, Keys.END)()
    at_end = """const last = document.getElementById(arguments[0]);
      return !!last && scrollY + innerHeight >= document.documentElement.scrollHeight - 1
        && last.getBoundingClientRect().bottom <= innerHeight
        && last.getBoundingClientRect().bottom > 0;"""
    WebDriverWait(browser, 5, poll_frequency=0.05).until(
        lambda driver: driver.execute_script(at_end, page["last"]), "End")
    settled_scroll(browser)
    content_in_view(browser)
    assert browser.execute_script(at_end, page["last"])
    moves_by(browser, wheel(browser, -120), 120, "a wheel tick up from the end")
    key(browser, Keys.HOME)()
    WebDriverWait(browser, 5, poll_frequency=0.05).until(
        lambda driver: driver.execute_script("return scrollY === 0"), "Home")
    settled_scroll(browser)
    content_in_view(browser)
    assert browser.execute_script(
        "return [scrollY, document.querySelector('.page-header').getBoundingClientRect().top]"
    ) == [0, 0]
    # Expand all opens everything, and what is in sight stays where it is.
    button = browser.find_element(By.CSS_SELECTOR, "button[data-open='true']")
    top = button.rect["y"]
    button.click()
    settled_scroll(browser)
    content_in_view(browser)
    assert button.rect["y"] == top
    assert browser.execute_script("return document.querySelectorAll('main details:not([open])')"
                                  ".length") == 0
    for pixels in [120, 120]:
        moves_by(browser, wheel(browser, pixels), -pixels, f"a wheel tick of {pixels} px")


def test_search_marks_a_match_across_coloured_code(browser, render):
    """Coloured code is a span for each token: a match that runs across them is marked
    whole, in the page's text colour on the mark's, whatever the token's colour, so that
    it reads in light and dark."""
    page = render("lazy/search-code", ["-s", "--collapse-all", "-f", "markdown", "-"],
                  '# Build\n\n```rust\nfn main() { let greeting = "hi"; }\n```\n')
    for scheme in ["light", "dark"]:
        set_scheme(browser, scheme)
        load(browser, page)
        browser.find_element(By.TAG_NAME, "body").send_keys("/")
        assert search(browser, "LET GREETING = \"h") == [["#build", "Build", 'let greeting = "h']]
        browser.find_element(By.CSS_SELECTOR, "input.search").send_keys(Keys.ENTER)
        marked = wait_for(browser, """if (!CSS.highlights.has('search')) return null;
          const range = [...CSS.highlights.get('search')][0];
          return [range.toString(), range.startContainer.parentElement.className,
                  range.endContainer.parentElement.className];""")
        assert marked == ['let greeting = "h', "hljs-keyword", "hljs-string"], scheme
        text = browser.execute_script("return getComputedStyle(document.body).color")
        rule = browser.execute_script("""return [...document.styleSheets[0].cssRules]
          .map(rule => rule.cssText).filter(text => text.startsWith('::highlight(search)'))""")
        assert rule == ["::highlight(search) { background: var(--mark); color: var(--text); }"]
        assert text == {"light": "rgb(28, 28, 30)", "dark": "rgb(236, 236, 241)"}[scheme]


def test_a_search_mark_stays_when_the_code_it_is_in_is_coloured(browser, render):
    """Code in a section laid out for a search is coloured after the match is marked:
    the mark is placed again in the coloured code."""
    filler = "".join(f"## Part {n}\n\n" + "Words of filler text. " * 200 + "\n\n" for n in range(40))
    page = render("lazy/search-code-later", ["-s", "--lazy=always", "--collapse-all", "-f",
                                             "markdown", "-"],
                  f"# Guide\n\n{filler}## Last\n\n```rust\nlet unicorn = value(1);\n```\n")
    load(browser, page)
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    assert search(browser, "unicorn = value") == [["#last", "Guide › Last", "unicorn = value"]]
    browser.find_element(By.CSS_SELECTOR, "input.search").send_keys(Keys.ENTER)
    assert wait_for(browser, "return document.querySelector('#last code.hljs')")
    assert wait_for(browser, """return document.documentElement.getAttribute(
      'data-code-colouring') === 'done'""")
    marked = wait_for(browser, """const range = CSS.highlights.has('search')
      && [...CSS.highlights.get('search')][0];
      return range && range.toString() === 'unicorn = value'
        && range.startContainer.parentElement.closest('code.hljs') !== null;""")
    assert marked
