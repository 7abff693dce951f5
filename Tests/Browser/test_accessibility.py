"""An accessibility audit of the pages: axe-core, run in Chromium by axe-selenium-python,
finds no violation on the samples' pages, plain and lazy, light and dark, on a desktop
window and a phone's, with every section closed and every one open."""

import importlib.util
from pathlib import Path

import pytest

import documents
from conftest import require
from test_browser import load, set_scheme


def axe_script():
    """axe-core-python's axe.min.js, once both packages are there."""
    for package in ("axe_selenium_python", "axe_core_python"):
        require(importlib.util.find_spec(package), f"{package} (PyPI)")
    import axe_core_python

    return Path(axe_core_python.__file__).parent / "axe.min.js"

PAGES = {
    "oceans": (["--toc", "Samples/oceans.md"], None),
    "showcase": (["--toc", "-f", "markdown", "-"], documents.SHOWCASE_MARKDOWN),
    "showcase-lazy": (["--lazy=always", "-f", "markdown", "-"], documents.SHOWCASE_MARKDOWN),
    "releases": (["--toc", "--depth", "1", "Samples/releases.json"], None),
    "report": (["--toc", "-f", "junit", "-"], None),
}

# A report whose tests end every way, with a message in each of a terminal's colours and
# styles (ESC written as pytest writes it), for their contrast on the page's backgrounds.
COLOURS = "".join(f"#x1B[{code}m{code} " for code in
                  [*range(30, 38), *range(90, 98), 1, 2, 3, 4, 7, 9]) + "#x1B[0mplain"
REPORT = f"""<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="shop" tests="5" failures="1" errors="1" skipped="1">
<testcase classname="shop.cart" name="test_total" time="0.1">
<failure message="totals differ">{COLOURS}</failure></testcase>
<testcase classname="shop.cart" name="test_save" time="0.1"><error message="db">{COLOURS}</error>
</testcase>
<testcase classname="shop.cart" name="test_pay"><skipped message="later"/></testcase>
<testcase classname="shop.cart" name="test_add"/>
<testcase classname="shop.cart" name="test_stock"><system-out>{COLOURS}</system-out></testcase>
</testsuite></testsuites>
"""
PAGES["report"] = (PAGES["report"][0], REPORT)


def violations(driver):
    from axe_selenium_python import Axe

    axe = Axe(driver, script_url=str(axe_script()))
    axe.inject()
    found = axe.run()
    assert found["passes"], "axe ran no check"
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in found["violations"]]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_page_has_an_accessibility_violation(browser, render, name):
    arguments, text = PAGES[name]
    page = render(f"audit-{name}", ["-s", "-t", "html", *arguments], text)
    for width, height in [(1280, 900), (390, 844)]:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
        for scheme in ["light", "dark"]:
            set_scheme(browser, scheme)
            load(browser, page)
            assert violations(browser) == [], (name, width, scheme, "closed")
            browser.execute_script(
                "document.querySelectorAll('details').forEach(d => d.open = true)")
            assert violations(browser) == [], (name, width, scheme, "open")


def test_the_audit_finds_a_violation(browser, render):
    """The audit is not blind: an image without alt text and a checkbox without a label,
    kept by --unsafe, are violations."""
    page = render("audit-broken", ["-s", "-t", "html", "--unsafe", "-f", "markdown", "-"],
                  '# A\n\n<img src="a.png">\n\n<input type="checkbox">\n')
    load(browser, page)
    found = {rule for rule, _, _ in violations(browser)}
    assert {"image-alt", "label"} <= found
