"""Standalone pages in headless Chromium: what is open, clicking, keyboard, deep links,
the table of contents, expand and collapse all, printing, no scripts, hostile input,
light and dark, a phone's width, and screenshots for a person to look at."""

import base64
import functools
import http.server
import threading

from pathlib import Path

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

import documents
from conftest import PAGES, SCREENSHOTS

OCEAN_IDS = [
    "oceans", "pacific", "australasian-mediterranean", "philippine", "coral", "south-china",
    "atlantic", "american-mediterranean", "sargasso", "caribbean", "indian", "bay-of-bengal",
]


def open_ids(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('main details[open]')].map(d => d.id)"
    )


def closed_ids(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('main details:not([open])')].map(d => d.id)"
    )


def summary(driver, section_id):
    return driver.find_element(By.CSS_SELECTOR, f"[id='{section_id}'] > summary")


def in_viewport(driver, section_id):
    return driver.execute_script(
        """const box = document.getElementById(arguments[0]).getBoundingClientRect();
        return box.top >= 0 && box.top < innerHeight;""",
        section_id,
    )


def set_scheme(driver, scheme, reduced_motion=False):
    features = [{"name": "prefers-color-scheme", "value": scheme}]
    if reduced_motion:
        features.append({"name": "prefers-reduced-motion", "value": "reduce"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": features})


def phone(driver):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True},
    )


def load(driver, path, fragment=""):
    """Opens the page, and waits until its code is coloured, if it colours code."""
    driver.get("about:blank")
    driver.get(path.as_uri() + fragment)
    # The colouring script marks the root busy before the load event, when it has code.
    WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda driver: driver.execute_script(
        "return document.documentElement.getAttribute('data-code-colouring') !== 'busy'"))


def each_look(driver):
    """Sets the browser to a desktop window and a phone, each light and dark, in turn,
    naming each `device-scheme`."""
    for device in ["desktop", "phone"]:
        for scheme in ["light", "dark"]:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            if device == "phone":
                phone(driver)
            set_scheme(driver, scheme)
            yield f"{device}-{scheme}"


def keep_screenshot(driver, name):
    """Saves what the window shows in .build/screenshots, for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"{name}.png").write_bytes(base64.b64decode(driver.get_screenshot_as_base64()))


@pytest.fixture(scope="module")
def oceans(render):
    return render("oceans-expand-coral", ["-s", "-t", "html", "-e", "Coral", "Samples/oceans.md"])


@pytest.fixture(scope="module")
def oceans_collapsed(render):
    return render(
        "oceans-collapsed", ["-s", "-t", "html", "--toc", "--collapse-all", "Samples/oceans.md"]
    )


@pytest.fixture(scope="module")
def generated(render):
    return render(
        "generated", ["-s", "-t", "html", "--depth", "1", "-f", "markdown", "-"],
        documents.markdown(600_000, seed=3),
    )


@pytest.fixture(scope="module")
def showcase(render):
    return render("showcase", ["-s", "-t", "html", "-f", "markdown", "-"],
                  documents.SHOWCASE_MARKDOWN)


def test_expanded_sections_are_open_and_collapsed_ones_closed(browser, oceans):
    load(browser, oceans)
    assert open_ids(browser) == ["oceans", "pacific", "coral"]
    assert closed_ids(browser) == [i for i in OCEAN_IDS if i not in ("oceans", "pacific", "coral")]
    reef = browser.find_element(By.XPATH, "//p[contains(., 'Great Barrier Reef')]")
    bengal = browser.find_element(By.XPATH, "//p[contains(., 'largest bay')]")
    assert reef.is_displayed()
    assert not bengal.is_displayed()


def test_clicking_a_summary_toggles_its_section(browser, oceans):
    load(browser, oceans)
    atlantic = summary(browser, "atlantic")
    atlantic.click()
    assert "atlantic" in open_ids(browser)
    assert browser.find_element(By.ID, "sargasso").is_displayed()
    atlantic.click()
    assert "atlantic" in closed_ids(browser)
    assert not browser.find_element(By.ID, "sargasso").is_displayed()


CHANGELOG_WITH_LINKED_TITLES = """# Changelog

## [1.8.2] - 2026-06-04

- Fixed a thing.

## [1.8.1](https://example.org/compare/v1.8.0...v1.8.1) - 2026-05-01

- Another.

[1.8.2]: https://example.org/compare/v1.8.1...v1.8.2
"""


def test_a_title_that_is_a_link_toggles_its_section_and_keeps_the_link_beside_it(
        browser, render):
    page = render("linked-titles", ["-s", "--depth", "1", "-"], CHANGELOG_WITH_LINKED_TITLES)
    load(browser, page)
    title = summary(browser, "182---2026-06-04")
    assert title.text.startswith("1.8.2 - 2026-06-04")
    # A click on the title's words opens the section, and the page stays where it is.
    browser.execute_script("arguments[0].scrollIntoView()", title)
    ActionChains(browser).move_to_element_with_offset(
        title, -title.size["width"] // 2 + 40, 0).click().perform()
    assert browser.current_url == page.as_uri()
    assert "182---2026-06-04" in open_ids(browser)
    assert browser.find_element(By.XPATH, "//li[contains(., 'Fixed a thing')]").is_displayed()
    # The link is beside the title, inside the summary, named by the link's text.
    links = browser.find_elements(By.CSS_SELECTOR, "[id='182---2026-06-04'] > summary a[href]")
    assert [(a.get_attribute("href"), a.get_attribute("title")) for a in links] == [
        ("https://example.org/compare/v1.8.1...v1.8.2", "1.8.2")]
    inline = summary(browser, "181---2026-05-01").find_elements(By.CSS_SELECTOR, "a[href]")
    assert [a.get_attribute("href") for a in inline] == [
        "https://example.org/compare/v1.8.0...v1.8.1"]


def test_keyboard_toggles_and_the_state_reaches_screen_readers(browser, oceans):
    load(browser, oceans)
    atlantic = summary(browser, "atlantic")
    atlantic.send_keys(Keys.ENTER)
    assert "atlantic" in open_ids(browser)
    atlantic.send_keys(Keys.SPACE)
    assert "atlantic" in closed_ids(browser)
    tree = browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    states = {}
    for node in tree:
        if node.get("role", {}).get("value") == "DisclosureTriangle":
            properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
            states[node["name"]["value"]] = properties.get("expanded")
    assert states["Coral"] is True
    assert states["Atlantic (3 sections, 4 lines)"] is False
    # Sections inside a closed one are not shown, so not in the tree: 12 less 4.
    assert len(states) == 8


def test_collapsed_sections_show_what_they_hide(browser, oceans):
    load(browser, oceans)
    hidden = browser.find_element(By.CSS_SELECTOR, "#atlantic > summary > .hidden")
    assert hidden.is_displayed()
    assert hidden.text == "(3 sections, 4 lines)"
    summary(browser, "atlantic").click()
    assert not hidden.is_displayed()
    shown = browser.find_element(By.CSS_SELECTOR, "#pacific > summary > .hidden")
    assert not shown.is_displayed()


def chevron_turn(driver, section_id):
    """The chevron's rotation in degrees, from its transform matrix."""
    return driver.execute_script(
        """const m = new DOMMatrixReadOnly(getComputedStyle(
            document.querySelector(`[id='${arguments[0]}'] > summary`), '::after').transform);
        return Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI);""",
        section_id,
    )


def test_the_chevron_turns_a_quarter_when_a_section_opens(browser, oceans):
    load(browser, oceans)
    transition = browser.execute_script(
        "return getComputedStyle(document.querySelector('summary'), '::after').transitionDuration"
    )
    assert transition == "0.2s"
    set_scheme(browser, "light", reduced_motion=True)
    load(browser, oceans)
    # A reader who asks for less motion sees the chevron turn at once.
    assert browser.execute_script(
        "return getComputedStyle(document.querySelector('summary'), '::after').transitionDuration"
    ) == "0s"
    assert chevron_turn(browser, "atlantic") == -45
    assert chevron_turn(browser, "pacific") == 45
    summary(browser, "atlantic").click()
    assert chevron_turn(browser, "atlantic") == 45


@pytest.mark.parametrize("device, step", [("desktop", 20), ("phone", 14)])
def test_rows_are_44_pixels_and_indented_per_depth_less_on_a_phone(browser, render, device, step):
    page = render("oceans-expanded", ["-s", "-t", "html", "Samples/oceans.md"])
    if device == "phone":
        phone(browser)
    load(browser, page)
    boxes = browser.execute_script(
        """return [...arguments].map(id => {
          const s = document.querySelector(`[id='${id}'] > summary`);
          return [s.getBoundingClientRect().left + parseFloat(getComputedStyle(s).paddingLeft),
                  s.getBoundingClientRect().height];
        });""",
        "oceans", "pacific", "coral",
    )
    starts = [left for left, _ in boxes]
    assert all(height >= 44 for _, height in boxes)
    assert starts[1] - starts[0] == pytest.approx(step, abs=0.5)
    assert starts[2] - starts[1] == pytest.approx(step, abs=0.5)
    # A section's own text lines up with its subsections' titles.
    paragraph = browser.execute_script(
        "return document.querySelector('#pacific > p').getBoundingClientRect().left"
    )
    assert paragraph == pytest.approx(starts[2], abs=0.5)


def test_a_visible_focus_ring_follows_the_keyboard(browser, oceans):
    load(browser, oceans)
    actions = ActionChains(browser)
    for _ in range(6):
        actions.send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.tagName") == "SUMMARY":
            break
    ring = browser.execute_script(
        """const s = getComputedStyle(document.activeElement);
        return [document.activeElement.tagName, s.outlineStyle, s.outlineWidth];"""
    )
    assert ring == ["SUMMARY", "solid", "2px"]
    clicked = summary(browser, "atlantic")
    clicked.click()
    assert browser.execute_script(
        "return getComputedStyle(arguments[0]).outlineStyle", clicked
    ) == "none"


FOCUSED = """
const e = document.activeElement;
const s = getComputedStyle(e);
const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
const name = e.tagName === 'INPUT' ? 'search'
  : e.tagName === 'BUTTON' ? e.textContent
  : e.tagName === 'A' ? 'link ' + e.getAttribute('href')
  : e.tagName === 'SUMMARY' ? 'summary ' + e.parentElement.id : e.tagName;
return [name, ring];
"""


def test_the_keyboard_alone_reaches_and_works_everything(browser, oceans_collapsed):
    """Tab reaches the search field, both buttons, every link of the table of contents and
    every summary shown, in that order, each with a visible focus ring; Enter works each."""
    load(browser, oceans_collapsed)
    actions = ActionChains(browser)
    reached = []
    for _ in range(40):
        actions.send_keys(Keys.TAB).perform()
        name, ring = browser.execute_script(FOCUSED)
        if reached and name == reached[0][0]:
            break
        if name != "BODY":  # past the last, focus leaves the page before it comes round
            reached.append((name, ring))
    names = [name for name, _ in reached]
    assert names[:3] == ["search", "Expand all", "Collapse all"], names
    toc = [name for name in names if name.startswith("link ")]
    assert toc == [f"link #{section}" for section in OCEAN_IDS], names
    assert "summary oceans" in names
    assert [name for name, ring in reached if not ring] == [], reached
    # Enter on a button, a link of the contents and a summary does what a click does.
    buttons = browser.find_elements(By.CSS_SELECTOR, "header button")
    buttons[0].send_keys(Keys.ENTER)
    assert closed_ids(browser) == []
    buttons[1].send_keys(Keys.ENTER)
    assert open_ids(browser) == []
    browser.find_element(By.CSS_SELECTOR, ".toc a[href='#coral']").send_keys(Keys.ENTER)
    assert "coral" in open_ids(browser) and "pacific" in open_ids(browser)
    summary(browser, "atlantic").send_keys(Keys.ENTER)
    assert "atlantic" in open_ids(browser)


def test_a_fragment_opens_its_section_and_ancestors_on_load(browser, oceans_collapsed):
    load(browser, oceans_collapsed, "#bay-of-bengal")
    assert open_ids(browser) == ["oceans", "indian", "bay-of-bengal"]
    assert in_viewport(browser, "bay-of-bengal")


def test_a_changed_fragment_opens_its_section_and_scrolls_to_it(browser, generated):
    load(browser, generated)
    target = browser.execute_script(
        """const deep = [...document.querySelectorAll('main details details details')]
          .filter(d => !d.parentElement.open);
        return deep[deep.length - 1].id;"""
    )
    browser.execute_script("location.hash = arguments[0]", target)
    chain = browser.execute_script(
        """const chain = [];
        for (let n = document.getElementById(arguments[0]); n; n = n.parentElement)
          if (n.tagName === 'DETAILS') chain.push(n.open);
        return chain;""",
        target,
    )
    assert len(chain) >= 3
    assert all(chain)
    assert browser.execute_script("return scrollY") > 1000
    assert in_viewport(browser, target)


def test_an_encoded_fragment_opens_its_section(browser, showcase):
    load(browser, showcase, "#caf%C3%A9-%E6%97%A5%E6%9C%AC%E8%AA%9E")
    assert "café-日本語" in open_ids(browser)


def test_table_of_contents_links_open_their_section(browser, oceans_collapsed):
    load(browser, oceans_collapsed)
    browser.find_element(By.CSS_SELECTOR, ".toc a[href='#coral']").click()
    assert open_ids(browser) == ["oceans", "pacific", "coral"]
    assert in_viewport(browser, "coral")
    # Following the same link again, after closing the section, opens it again.
    summary(browser, "pacific").click()
    assert "pacific" in closed_ids(browser)
    browser.find_element(By.CSS_SELECTOR, ".toc a[href='#coral']").click()
    assert "coral" in open_ids(browser)
    assert "pacific" in open_ids(browser)


def cut_changelog(render, name, flags, holds):
    """The changelog page cut to the least size from 44K up, in steps of 2K, whose HTML
    holds each of `holds`: the page's own style and script take part of any size, and
    grow as the page does, so a size fixed here would leave out other sections."""
    for kilobytes in range(44, 129, 2):
        page = render(name, ["-s", "-t", "html", *flags, "--max-bytes", f"{kilobytes}K",
                             "Tests/Documents/changelog.md"])
        text = page.read_text()
        if all(part in text for part in holds):
            return page
    pytest.fail(f"no size up to 128K holds {holds}")


@pytest.fixture(scope="module")
def changelog_cut(render):
    """The changelog cut to fit: collapsed releases closed first, then the oldest left out;
    cut so that 2.0.0 is closed and its link into a section left out is there."""
    return cut_changelog(render, "changelog-cut", ["--depth", "1"],
                         ['<details id="200---2021-10-15">', 'href="#upgrading-from-1x"',
                          'id="upgrading-from-1x"'])


def test_a_link_into_a_closed_section_opens_it_at_its_marker(browser, changelog_cut):
    load(browser, changelog_cut)
    assert "200---2021-10-15" in closed_ids(browser)
    browser.find_element(By.CSS_SELECTOR, "main a[href='#upgrading-from-1x']").click()
    assert "200---2021-10-15" in open_ids(browser)
    assert in_viewport(browser, "upgrading-from-1x")
    assert browser.execute_script(
        "return document.getElementById('upgrading-from-1x').closest('p.left-out') !== null")


def test_a_link_to_a_section_left_out_leads_to_where_it_was(browser, render):
    page = cut_changelog(render, "changelog-cut-newest", [],
                         ['href="#120---2020-09-22"', 'id="120---2020-09-22"'])
    load(browser, page)
    assert browser.execute_script("return scrollY") == 0
    browser.find_element(By.CSS_SELECTOR, "main a[href='#120---2020-09-22']").click()
    assert in_viewport(browser, "120---2020-09-22")
    assert browser.execute_script("return scrollY") > 1000
    marker = browser.execute_script(
        "return document.getElementById('120---2020-09-22').closest('p.left-out').textContent")
    assert marker.startswith("Left out: ") and "sections" in marker


def test_expand_all_opens_and_collapse_all_closes_every_section(browser, generated):
    load(browser, generated)
    count = browser.execute_script("return document.querySelectorAll('main details').length")
    assert count > 500
    assert browser.execute_script(
        "return new Set([...document.querySelectorAll('main details')].map(d => d.id)).size"
    ) == count
    assert browser.execute_script("return document.querySelector('main details:not([id])')") is None
    assert closed_ids(browser)
    expand = browser.find_element(By.CSS_SELECTOR, "button[data-open='true']")
    collapse = browser.find_element(By.CSS_SELECTOR, "button[data-open='false']")
    assert expand.is_displayed() and expand.text == "Expand all"
    expand.click()
    assert closed_ids(browser) == []
    collapse.click()
    assert open_ids(browser) == []


def test_printing_shows_every_section_then_restores(browser, oceans):
    load(browser, oceans)
    summary(browser, "atlantic").click()
    before = open_ids(browser)
    browser.execute_script(
        """window.printed = [];
        addEventListener('beforeprint', () => printed.push(
          document.querySelectorAll('details:not([open])').length));"""
    )
    pdf = browser.execute_cdp_cmd("Page.printToPDF", {})
    assert len(pdf["data"]) > 1000
    assert browser.execute_script("return printed") == [0]
    assert open_ids(browser) == before
    assert "atlantic" in before
    # Paper is white even when the screen is dark, and the buttons are left out.
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"media": "print", "features": [{"name": "prefers-color-scheme", "value": "dark"}]},
    )
    colors = browser.execute_script(
        """const s = getComputedStyle(document.body);
        return [s.backgroundColor, s.color,
          getComputedStyle(document.querySelector('.controls')).display];"""
    )
    assert colors == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "none"]


def test_the_buttons_and_search_show_only_when_the_script_runs(
        browser, chromium_without_scripts, oceans):
    """They do nothing without the script, so the page holds them hidden and the script
    shows them."""
    for driver, shown in [(browser, True), (chromium_without_scripts, False)]:
        load(driver, oceans)
        for selector in [".controls", "button[data-open='true']", ".search"]:
            assert driver.find_element(By.CSS_SELECTOR, selector).is_displayed() == shown


def test_without_scripts_the_page_still_works(chromium_without_scripts, oceans_collapsed):
    driver = chromium_without_scripts
    load(driver, oceans_collapsed)
    assert driver.execute_script("return typeof document.querySelector('script')") == "object"
    assert not driver.find_element(By.CSS_SELECTOR, ".controls").is_displayed()
    assert open_ids(driver) == []
    summary(driver, "oceans").click()
    assert open_ids(driver) == ["oceans"]
    link = driver.find_element(By.CSS_SELECTOR, ".toc a[href='#indian']")
    assert link.is_displayed()
    link.click()
    assert driver.execute_script("return location.hash") == "#indian"


def serve(handler):
    """A local server in its own thread, and its origin."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread, f"http://127.0.0.1:{server.server_port}"


@pytest.mark.parametrize("unsafe", [False, True])
def test_the_page_requests_nothing(browser, render, unsafe):
    """Nothing comes from another origin: not the document's images, however their URL is
    spelt (a scheme, two slashes, a backslash for one, a tab between them), nor its frames
    or scripts, raw HTML kept by --unsafe included. The page's policy allows images only
    from beside the page ('self') and as data:, so a relative image next to the page does
    load. The other origin is a second local server, on another port, that records what
    it is asked."""
    requests = []
    remote_requests = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            requests.append(self.path)

    class Remote(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            remote_requests.append(self.path)
            self.send_response(404)
            self.end_headers()

        def log_message(self, *arguments):
            pass

    folder = PAGES / "requests"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "logo.png").write_bytes(documents.png(16, 16))
    server, thread, base = serve(functools.partial(Handler, directory=str(folder)))
    remote_server, remote_thread, remote = serve(Remote)
    host = remote.removeprefix("http:")
    document = (
        Path("Samples/feeds.md").read_text()
        + f"\n# Media\n\n![logo](logo.png) ![remote]({remote}/logo.png) ![net]({host}/net.png)\n\n"
        + f'<img src="\\\\{host[2:]}/backslash.png" alt="backslash"> '
        + f'<img src="/\\{host[2:]}/mixed.png" alt="mixed"> '
        + f'<img src=" /&#9;/{host[2:]}/tab.png" alt="tab">\n\n'
        + f'<img src="{remote}/raw.png"><iframe src="{remote}/frame.html"></iframe>\n\n'
        + f'<script src="{remote}/script.js"></script>\n'
    )
    name = "unsafe" if unsafe else "safe"
    page = render(f"requests/{name}", ["-s", "--toc", "-f", "markdown", "-"] + (["--unsafe"] if unsafe else []), document)
    try:
        browser.get(f"{base}/{page.name}")
        browser.execute_script("return new Promise(done => setTimeout(done, 500))")
        logo = browser.execute_script(
            "const img = document.querySelector('img[alt=logo]'); return img.complete && img.naturalWidth"
        )
        listed = browser.execute_script(
            "return performance.getEntriesByType('resource').map(r => r.name)"
            ".filter(name => name.startsWith(arguments[0]))",
            remote,
        )
    finally:
        for each, each_thread in [(server, thread), (remote_server, remote_thread)]:
            each.shutdown()
            each_thread.join()
    # The other origin was asked nothing; the page's own server, the page and its image.
    assert remote_requests == []
    assert requests == [f"/{page.name}", "/logo.png"]
    assert logo == 16
    if unsafe:
        # The raw HTML is kept; the policy, not its absence, stops it from loading:
        # Chromium lists what it blocked among the page's resources, and asks for none.
        assert f'<iframe src="{remote}/frame.html">' in page.read_text()
        assert f'<img src="/\\{host[2:]}/mixed.png" alt="mixed">' in page.read_text()
        assert listed
    else:
        # The sanitiser shows each remote image as its alt text and URL: nothing to block.
        assert listed == []
        assert browser.execute_script(
            "return [...document.querySelectorAll('.remote-image')].map(s => s.firstChild.textContent.trim())"
        ) == ["remote", "net", "backslash", "mixed", "tab", "image"]


@pytest.mark.parametrize("kind", ["markdown", "json"])
def test_hostile_documents_run_nothing(browser, render, kind):
    """Scripts, handlers and javascript: links in a document's titles, text and JSON run
    nothing: the sanitiser takes them out, and with --unsafe, which keeps them, the page's
    policy stops them."""
    text = documents.HOSTILE_MARKDOWN if kind == "markdown" else documents.HOSTILE_JSON
    arguments = ["-s", "-t", "html", "--toc", "-f", kind, "-"]
    safe = render(f"hostile-{kind}", arguments + ["--title", documents.IMAGE], text)
    load(browser, safe)
    browser.execute_script("return new Promise(done => setTimeout(done, 300))")
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    assert browser.execute_script("return window.pwned") is None
    assert browser.execute_script("return document.scripts.length") == 1
    # What of the document's raw HTML the sanitiser keeps: its three `<img src=x>`, in the
    # first title, the text and the second title, without their onerror; no frame or svg.
    # Its four Markdown images keep only a source that loads nothing in place of the
    # javascript: one (or none), so their alt text shows.
    assert browser.execute_script("return document.querySelectorAll('iframe, svg').length") == 0
    sources = browser.execute_script("return [...document.images].map(i => i.getAttribute('src'))")
    assert sources == (["x", "x", "data:,", "data:,", "x", "data:,", "data:,"]
                       if kind == "markdown" else [])
    assert browser.execute_script(
        "return document.querySelectorAll('[onerror], [onload], [onclick]').length"
    ) == 0
    assert browser.execute_script(
        "return [...document.links].filter(a => a.protocol === 'javascript:').length"
    ) == 0
    assert browser.title == documents.IMAGE
    if kind == "markdown":
        # With --unsafe the document's scripts, handlers and javascript: links are all in
        # the page, and still none runs: the policy allows only the page's own script, by
        # the hash of its text.
        unsafe = render("hostile-unsafe", arguments + ["--unsafe"], text)
        load(browser, unsafe)
        browser.execute_script(
            """document.querySelectorAll('main *').forEach(e => {
              e.dispatchEvent(new Event('mouseover'));
              e.dispatchEvent(new Event('error'));
            });
            document.querySelectorAll('main a[href^="javascript:"]').forEach(a => a.click());
            return new Promise(done => setTimeout(done, 300));"""
        )
        assert browser.execute_script("return document.scripts.length") == 4
        assert browser.execute_script("return document.querySelectorAll('[onerror]').length") == 3
        assert browser.execute_script("return window.pwned") is None
        with pytest.raises(NoAlertPresentException):
            browser.switch_to.alert.text


CONTRAST = """
const rgb = text => text.match(/[\\d.]+/g).map(Number);
const luminance = ([r, g, b]) => {
  const f = c => (c /= 255) <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const background = element => {
  for (let n = element; n; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c;
  }
  return [255, 255, 255];
};
return [...document.querySelectorAll(arguments[0])].filter(e => e.getClientRects().length)
  .map(e => {
    const [a, b] = [luminance(rgb(getComputedStyle(e).color)), luminance(background(e))];
    return [e.tagName + '.' + e.className, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
"""

READABLE = [
    "h1", "summary", "summary .hidden", "main p", "main li", "main a", "main code",
    "main pre", "main blockquote", ".members .key", ".members code", ".toc a",
    "button", ".markdown-alert-title", ".markdown-alert p:not(.markdown-alert-title)",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_is_readable_in_light_and_dark(browser, render, showcase, scheme):
    json_page = render("releases", ["-s", "-t", "html", "--toc", "Samples/releases.json"])
    set_scheme(browser, scheme)
    measured = {}
    for page in [showcase, json_page]:
        load(browser, page)
        page_background = browser.execute_script(
            "return getComputedStyle(document.body).backgroundColor"
        )
        assert (page_background == "rgb(242, 242, 247)") == (scheme == "light")
        # Collapsed first, so that the hidden counts show; then everything open.
        for selector in ["summary .hidden"] + READABLE:
            for name, ratio in browser.execute_script(CONTRAST, selector):
                measured[selector] = measured.get(selector, 0) + 1
                assert ratio >= 4.5, f"{scheme}: {selector} ({name}) has contrast {ratio:.2f}"
            browser.execute_script(
                "document.querySelectorAll('details').forEach(d => d.open = true)"
            )
    assert set(measured) == set(READABLE)


@pytest.mark.parametrize("name", ["showcase", "releases", "generated"])
def test_a_phone_shows_the_page_without_sideways_scrolling(browser, render, showcase, generated,
                                                          name):
    pages = {
        "showcase": showcase,
        "generated": generated,
        "releases": render("releases", ["-s", "-t", "html", "--toc", "Samples/releases.json"]),
    }
    phone(browser)
    load(browser, pages[name])
    browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    layout = browser.execute_script(
        """return [innerWidth, document.documentElement.scrollWidth,
          parseFloat(getComputedStyle(document.querySelector('main p, main li')).fontSize)];"""
    )
    assert layout[0] == 360  # the viewport meta makes the layout as wide as the phone
    assert layout[1] <= 360
    assert layout[2] >= 14


def test_content_twenty_levels_deep_keeps_half_a_phone(browser, render, tmp_path):
    source = tmp_path / "deep.json"
    document = '"words": "the content of the deepest section, long enough to wrap"'
    for level in range(20):
        document = '"level %d": {%s}' % (19 - level, document)
    source.write_text("{" + document + "}")
    page = render("deep-phone", ["-s", "-t", "html", "--expand-all", str(source)])
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
    )
    load(browser, page)
    depth, width, scroll = browser.execute_script(
        """const deepest = [...document.querySelectorAll('main details')].pop();
        let depth = 0;
        for (let d = deepest; d.parentElement.closest('details'); d = d.parentElement.closest('details')) depth++;
        const content = deepest.querySelector(':scope > .members');
        return [depth, content.getBoundingClientRect().width, document.documentElement.scrollWidth];"""
    )
    browser.save_screenshot(str(PAGES / "deep-phone.png"))
    assert depth == 19  # twenty levels: the deepest has nineteen around it
    assert width >= 390 / 2
    assert scroll <= 390


TASK_LIST = """
return [...document.querySelectorAll('main li')].map(item => {
  const box = item.getBoundingClientRect();
  const list = item.parentElement.getBoundingClientRect();
  const first = item.firstElementChild;
  const checkbox = first && first.matches('input[type=checkbox]') ? first : null;
  const mark = checkbox && checkbox.getBoundingClientRect();
  return [item.textContent.trim().split('\\n')[0], getComputedStyle(item).listStyleType,
          getComputedStyle(item, '::marker').content, item.className,
          mark && [mark.left >= list.left, mark.right <= box.left + 4, mark.width > 8]];
});
"""


def test_a_task_list_shows_its_checkboxes_where_the_bullets_would_be(browser, render):
    """A task's checkbox stands in its bullet's place, inside the list's indent, in light,
    dark and on a phone; a plain item of the same list keeps its bullet."""
    page = render("task-list", ["-s", "-t", "html", "--expand-all", "-f", "markdown", "-"],
                  documents.SHOWCASE_MARKDOWN)
    for look in each_look(browser):
        load(browser, page)
        items = {text: rest for text, *rest in browser.execute_script(TASK_LIST)}
        for task in ["built", "tested", "on a phone"]:
            style, marker, classes, mark = items[task]
            assert style == "none", (task, style, marker)
            assert mark == [True, True, True], (task, look, mark)
            assert classes == "task-list-item"
        assert items["a plain item"][0] == "disc" and items["a plain item"][3] is None
        browser.execute_script("document.querySelector('main li.task-list-item').scrollIntoView()")
        keep_screenshot(browser, f"task-list-{look}")


ALERT_ICONS = """
return [...document.querySelectorAll('.markdown-alert-title')].map(title => {
  const icon = getComputedStyle(title, '::before');
  const box = title.getBoundingClientRect();
  return [title.parentElement.className, icon.maskImage || icon.webkitMaskImage,
          parseFloat(icon.width), parseFloat(icon.height), icon.backgroundColor,
          getComputedStyle(title).color, box.height];
});
"""


def test_each_kind_of_alert_shows_its_own_icon_in_its_colour(browser, showcase):
    """An alert's title starts with its kind's icon, an SVG written into the page's style
    sheet (nothing fetched), as wide as a letter, in the title's colour."""
    for look in each_look(browser):
        load(browser, showcase)
        browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
        icons = browser.execute_script(ALERT_ICONS)
        kinds = [name.split()[-1].removeprefix("markdown-alert-") for name, *_ in icons]
        assert kinds == ["note", "tip", "important", "warning", "caution"]
        masks = [mask for _, mask, *_ in icons]
        assert all(mask.startswith('url("data:image/svg+xml,') for mask in masks), masks
        assert len(set(masks)) == 5
        for name, _, width, height, background, colour, line in icons:
            assert 10 <= width <= 20 and width == height, (look, name, width, height)
            assert background == colour, (look, name)
        browser.execute_script("document.querySelector('.markdown-alert').scrollIntoView()")
        keep_screenshot(browser, f"alerts-{look}")


BADGES = """# Project

[![build](https://img.shields.io/badge/build-passing-green.svg)](https://ci.example/project)
[![npm](https://img.shields.io/npm/v/project.svg)](https://www.npmjs.com/package/project)
![license MIT](https://img.shields.io/badge/license-MIT-blue.svg)
![](https://img.shields.io/badge/no-alt.svg)

A paragraph after the badges.
"""

PLACEHOLDERS = """
return [...document.querySelectorAll('.remote-image')].map(box => {
  const r = box.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(box.parentElement).lineHeight);
  return [box.tagName, box.textContent, box.getAttribute('href'), box.title,
          Math.round(r.top), r.height <= line * 1.2, r.width > 20 && r.width <= 16 * 13 + 16];
});
"""


def test_a_row_of_remote_badges_stays_a_row_of_small_boxes_that_link_to_them(browser, render):
    """A page blocks images from other hosts: each shows as a small box of its alt text,
    a row of badges stays one row, and a box not in a link already links to its image."""
    page = render("badges", ["-s", "-t", "html", "-f", "markdown", "-"], BADGES)
    for look in each_look(browser):
        load(browser, page)
        boxes = browser.execute_script(PLACEHOLDERS)
        assert [box[:3] for box in boxes] == [
            ["SPAN", "build", None], ["SPAN", "npm", None],
            ["A", "license MIT", "https://img.shields.io/badge/license-MIT-blue.svg"],
            ["A", "image", "https://img.shields.io/badge/no-alt.svg"]]
        assert all(box[3].startswith("Not loaded: https://img.shields.io/") for box in boxes)
        assert len({box[4] for box in boxes}) == 1, boxes  # one row
        assert all(box[5] and box[6] for box in boxes), boxes
        assert browser.execute_script("return document.images.length") == 0
        keep_screenshot(browser, f"badges-{look}")


def test_remote_images_lets_the_page_show_images_over_https(browser, render):
    """With --remote-images the badges are images, which the page's policy allows over
    https: the browser asks for them (this one has no network, so none arrives)."""
    page = render("badges-loaded", ["-s", "--remote-images", "-f", "markdown", "-"], BADGES)
    load(browser, page)
    sources = browser.execute_script("return [...document.images].map(i => i.src)")
    assert len(sources) == 4 and all(s.startswith("https://img.shields.io/") for s in sources)
    assert browser.execute_script("return document.querySelectorAll('.remote-image').length") == 0
    policy = browser.execute_script(
        "return document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "img-src 'self' data: https:;" in policy


CENTRED = """
const centre = element => { const r = element.getBoundingClientRect(); return (r.left + r.right) / 2; };
const badges = [...document.querySelectorAll('#tern .remote-image')];
return {
  title: centre(document.querySelector('#tern > summary > h1')),
  tagline: centre(document.querySelector('#tern strong')),
  badges: (badges[0].getBoundingClientRect().left + badges.at(-1).getBoundingClientRect().right) / 2,
  badgeRows: new Set(badges.map(b => Math.round(b.getBoundingClientRect().top))).size,
  card: centre(document.querySelector('main > details')),
  aligned: ['tern', 'features', 'installation', 'sponsors', 'license'].map(
    id => getComputedStyle(document.querySelector(`#${id} > summary`)).textAlign),
  featuresLeft: document.querySelector('#features li').getBoundingClientRect().left
    - document.querySelector('#features > summary').getBoundingClientRect().left,
  removed: document.documentElement.innerHTML.includes('closed nothing'),
};
"""


def test_a_centred_opening_stays_centred_though_its_heading_opens_a_section(browser, render):
    """A README's `<div align="center">` around its top heading, tagline and badges keeps
    all of them centred on one axis, as GitHub shows them, though the heading opens a
    section; the sections after the division's end are not centred, and one in a
    right-aligned division is aligned right."""
    page = render("centred-readme", ["-s", "-t", "html", "Tests/Documents/centred-readme.md"])
    for look in each_look(browser):
        load(browser, page)
        found = browser.execute_script(CENTRED)
        assert found["aligned"] == ["center", "start", "start", "right", "start"], (look, found)
        assert abs(found["title"] - found["tagline"]) <= 2, (look, found)
        assert abs(found["badges"] - found["tagline"]) <= 2, (look, found)
        assert found["badgeRows"] == 1, (look, found)
        # Centred on the content's axis, which the chevron's room moves off the card's.
        assert 0 < found["tagline"] - found["card"] <= 16, (look, found)
        assert found["featuresLeft"] < 80, (look, found)
        assert not found["removed"], look
        keep_screenshot(browser, f"centred-readme-{look}")

EMOJI = """# :tada: Release :rocket:

Shipped :white_check_mark: and :+1:, but `:tada:` is code and :not_an_emoji: is text.

```
:tada:
```
"""


def test_emoji_shortcodes_show_as_emoji_but_not_in_code(browser, render):
    """GitHub's shortcodes are emoji in the summary and the text, as wide as a letter or
    two; in code and an unknown name they stay as written."""
    page = render("emoji", ["-s", "-t", "html", "-f", "markdown", "-"], EMOJI)
    for look in each_look(browser):
        load(browser, page)
        title = browser.execute_script("return document.querySelector('summary h1').firstChild.data")
        assert title.strip() == "🎉 Release 🚀", look
        assert browser.title == "🎉 Release 🚀", look
        paragraph = browser.execute_script("return document.querySelector('main p').textContent")
        assert paragraph == "Shipped ✅ and 👍, but :tada: is code and :not_an_emoji: is text."
        codes = browser.execute_script("return [...document.querySelectorAll('code')].map(c => c.textContent)")
        assert codes == [":tada:", ":tada:\n"], look
        width = browser.execute_script("""
            const text = document.querySelector('main p').firstChild;
            const range = document.createRange();
            range.setStart(text, 8); range.setEnd(text, 9);
            return range.getBoundingClientRect().width / parseFloat(getComputedStyle(text.parentElement).fontSize);""")
        assert 0.8 <= width <= 2, (look, width)
        keep_screenshot(browser, f"emoji-{look}")

CODE = """# Build

```rust
fn main() { let greeting = "hi"; // say it
}
```

```nosuchlang
fn plain
```

## Later

```js
const answer = 42;
```
"""

SPANS = """
return [...document.querySelectorAll('pre code')].map(code => [code.className.split(' ')[0],
  [...code.querySelectorAll('span')].map(span => [span.className, span.textContent,
                                                   getComputedStyle(span).color])]);
"""

GITHUB_SYNTAX = {
    "light": {"hljs-keyword": "rgb(207, 34, 46)", "hljs-string": "rgb(10, 48, 105)",
              "hljs-comment": "rgb(89, 99, 110)", "hljs-title": "rgb(102, 57, 186)"},
    "dark": {"hljs-keyword": "rgb(255, 123, 114)", "hljs-string": "rgb(165, 214, 255)",
             "hljs-comment": "rgb(145, 152, 161)", "hljs-title": "rgb(210, 168, 255)"},
}


def test_code_in_a_language_is_coloured_as_github_colours_it(browser, render):
    """Fenced code marked with a language is coloured by highlight.js, which the page's
    policy allows by its hash, in GitHub's colours for light and dark; code in a language
    it does not know is left as it is."""
    page = render("code", ["-s", "-t", "html", "-f", "markdown", "-"], CODE)
    for look in each_look(browser):
        load(browser, page)
        blocks = {language: spans for language, spans in browser.execute_script(SPANS)}
        scheme = look.split("-")[1]
        rust = {text: (name, colour) for name, text, colour in blocks["language-rust"]}
        assert rust["fn"] == ("hljs-keyword", GITHUB_SYNTAX[scheme]["hljs-keyword"]), (look, rust)
        assert rust['"hi"'] == ("hljs-string", GITHUB_SYNTAX[scheme]["hljs-string"]), look
        assert rust["// say it"] == ("hljs-comment", GITHUB_SYNTAX[scheme]["hljs-comment"]), look
        assert rust["main"] == ("hljs-title", GITHUB_SYNTAX[scheme]["hljs-title"]), look
        assert blocks["language-nosuchlang"] == [], look
        assert [name for name, *_ in blocks["language-js"]][:1] == ["hljs-keyword"], look
        keep_screenshot(browser, f"code-{look}")
    policy = browser.execute_script(
        "return document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert policy.count("'sha256-") == 2


def test_a_lazy_page_colours_code_when_it_lays_it_out(browser, render):
    """A lazy page's closed section has its code coloured once it is opened."""
    page = render("code-lazy", ["-s", "--lazy=always", "--collapse-all", "-f", "markdown", "-"],
                  CODE)
    load(browser, page)
    assert browser.execute_script("return document.querySelectorAll('pre code').length") == 0
    browser.execute_script("document.querySelector('#build > summary').click()")
    # The section's body is laid out on its toggle event, which comes after the click.
    WebDriverWait(browser, 10, poll_frequency=0.05).until(
        lambda driver: driver.execute_script("return document.querySelector('#later > summary')"))
    browser.execute_script("document.querySelector('#later > summary').click()")
    WebDriverWait(browser, 10, poll_frequency=0.05).until(
        lambda driver: driver.execute_script("return document.querySelector('#later pre code')"))
    # The code laid out is found in the same task (a mutation observer), which marks the
    # page busy until it is coloured, in a worker.
    WebDriverWait(browser, 60, poll_frequency=0.05).until(lambda driver: driver.execute_script(
        "return document.documentElement.getAttribute('data-code-colouring') === 'done'"))
    blocks = {language: spans for language, spans in browser.execute_script(SPANS)}
    assert [name for name, *_ in blocks["language-js"]][:1] == ["hljs-keyword"], blocks
    assert blocks["language-rust"], blocks


# A line of C++ on which highlight.js 9's pattern for a function's declaration backtracks
# for a time that doubles with each template argument: minutes at 28, far more at 40.
BACKTRACKING = "```cpp\n" + "std::vector<int> " * 40 + "\n```\n"

LANGUAGES = f"""# Languages

{BACKTRACKING}
```rust
fn main() {{ let greeting = "hi"; }}
```

```c#
public class Greeter {{ string greeting = "hi"; }}
```

```arduino
void setup() {{ pinMode(13, OUTPUT); }}
```

## Later

{BACKTRACKING}
```js
const answer = 42;
```
"""


def test_code_that_takes_too_long_is_left_as_it_is_and_the_rest_coloured(browser, render):
    """highlight.js runs in a worker: a block on which its patterns backtrack without end
    holds up neither the page nor the blocks after it, in the same batch or in the next.
    It is left plain, marked as too slow; the others are coloured in their languages, C#
    as C# and Arduino with the C++ it builds on; and the console stays quiet (no notice
    from highlight.js 9, no missing language)."""
    page = render("code-languages", ["-s", "-f", "markdown", "-"], LANGUAGES)
    browser.get_log("browser")
    load(browser, page)
    blocks = browser.execute_script("""return [...document.querySelectorAll('pre code')].map(code =>
      [code.className, code.getAttribute('data-colouring'),
       [...code.querySelectorAll('span')].map(span => [span.className, span.textContent])]);""")
    assert [(name, state) for name, state, _ in blocks] == [
        ("language-cpp", "too slow"), ("language-rust hljs", None), ("language-c# hljs", None),
        ("language-arduino hljs", None), ("language-cpp", "too slow"), ("language-js hljs", None)]
    spans = {name: dict((text, kind) for kind, text in found) for name, _, found in blocks}
    assert spans["language-cpp"] == {}
    assert spans["language-c# hljs"]["public"] == "hljs-keyword"
    assert spans["language-c# hljs"]['"hi"'] == "hljs-string"
    assert spans["language-arduino hljs"]["void"] == "hljs-keyword"
    assert spans["language-arduino hljs"]["OUTPUT"] == "hljs-literal"
    assert spans["language-js hljs"]["const"] == "hljs-keyword"
    # The page answered all along: a click closes a section.
    browser.execute_script("document.querySelector('#languages > summary').click()")
    assert browser.execute_script("return document.getElementById('languages').open") is False
    assert browser.get_log("browser") == []


def test_code_written_as_raw_html_keeps_its_elements(browser, render):
    """A block of code written as raw HTML, with elements in it, is not coloured: its
    link, emphasis and line break stay."""
    page = render("code-raw", ["-s", "-f", "markdown", "-"],
                  '# Raw\n\n<pre><code class="language-rust">let <a href="#raw">link</a> = 1;<br>'
                  'let <em>y</em> = 2;</code></pre>\n\n```rust\nfn main() {}\n```\n')
    load(browser, page)
    blocks = browser.execute_script("""return [...document.querySelectorAll('pre code')].map(
      code => [code.className, [...code.children].map(child => child.tagName)]);""")
    assert blocks == [["language-rust", ["A", "BR", "EM"]], ["language-rust hljs", ["SPAN"]]]


def test_without_workers_code_stays_as_it_is(browser, render):
    """A browser that makes no worker leaves code plain, says the page is done, and on a
    lazy page does not try again for each section it lays out."""
    page = render("code-no-worker", ["-s", "--lazy=always", "--collapse-all", "-f", "markdown", "-"],
                  CODE)
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
      window.Worker = function () {
        window.workersAsked = (window.workersAsked || 0) + 1;
        throw new DOMException("no workers here", "SecurityError");
      };"""})
    try:
        browser.get_log("browser")
        load(browser, page)
        for section in ["build", "later"]:
            WebDriverWait(browser, 10, poll_frequency=0.05).until(lambda driver: driver.execute_script(
                f"return document.querySelector('#{section} > summary')"))
            browser.execute_script(f"document.querySelector('#{section} > summary').click()")
        WebDriverWait(browser, 10, poll_frequency=0.05).until(
            lambda driver: driver.execute_script("return document.querySelector('#later pre code')"))
        assert browser.execute_script(
            "return document.documentElement.getAttribute('data-code-colouring')") == "done"
        blocks = browser.execute_script(SPANS)
        assert len(blocks) == 3 and all(spans == [] for _, spans in blocks)
        assert browser.execute_script("return window.workersAsked") == 1
        assert browser.get_log("browser") == []
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": script["identifier"]})


def test_no_highlight_leaves_code_as_it_is(browser, render):
    page = render("code-plain", ["-s", "--no-highlight", "-f", "markdown", "-"], CODE)
    load(browser, page)
    blocks = browser.execute_script(SPANS)
    assert [language for language, _ in blocks] == [
        "language-rust", "language-nosuchlang", "language-js"]
    assert all(spans == [] for _, spans in blocks)
    assert "registerLanguage" not in page.read_text()

SHOTS = [
    ("oceans", ["--toc", "--depth", "2", "Samples/oceans.md"], None),
    ("releases", ["--depth", "2", "Samples/releases.json"], None),
    ("showcase", ["-f", "markdown", "-"], documents.SHOWCASE_MARKDOWN),
]


def whole_page_screenshot(driver, tallest=3000):
    """A PNG of the page from its top, as long as the page or `tallest` pixels."""
    size = driver.execute_script(
        "return [document.documentElement.clientWidth, document.documentElement.scrollHeight]"
    )
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size[0], "height": min(size[1], tallest), "scale": 1},
        },
    )
    return base64.b64decode(shot["data"])


def test_screenshots_in_light_and_dark(browser, render):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    saved = {}
    for name, arguments, text in SHOTS:
        page = render(f"screenshot-{name}", ["-s", "-t", "html", *arguments], text)
        for look in each_look(browser):
            load(browser, page)
            path = SCREENSHOTS / f"{name}-{look}.png"
            path.write_bytes(whole_page_screenshot(browser))
            saved[path.name] = path.read_bytes()
    assert len(saved) == 12
    assert all(data.startswith(b"\x89PNG\r\n\x1a\n") for data in saved.values())
    assert saved["oceans-desktop-light.png"] != saved["oceans-desktop-dark.png"]
    print(f"\nscreenshots: {SCREENSHOTS}")
