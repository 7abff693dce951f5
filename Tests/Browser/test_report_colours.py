"""Colours that runners write into their reports, read as a terminal would show them:
node's test runner, with colours on (FORCE_COLOR=1, as CI setups set it), writes its
assertion's diff with ESC as it is, which XML cannot hold, and pytest writes ESC in a
test's output as `#x1B`. Both runners run here on small projects in Tests/Reports whose
failures are planted; collapse draws the colours in a terminal, shows them as classes in
a page, and leaves them out of Markdown and JSON."""

import json
import os
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, ROOT
from test_browser import keep_screenshot, load
from test_real_reports import NODE, NODE_PROJECT, outline as run

ESC = "\x1b"


@pytest.fixture(scope="module")
def node_colour_report(tmp_path_factory):
    """node's JUnit XML of the cart project, written with colours on."""
    report = tmp_path_factory.mktemp("node-colour") / "junit.xml"
    result = subprocess.run(
        [NODE, "--test", "--test-reporter=junit", f"--test-reporter-destination={report}",
         "cart.test.mjs"], cwd=NODE_PROJECT, capture_output=True, check=False,
        env={**os.environ, "FORCE_COLOR": "1"})
    assert result.returncode == 1, result.stderr.decode()
    # What makes it a test: the report holds ESC itself, which XML 1.0 has no room for.
    assert ESC.encode() in report.read_bytes()
    return report


@pytest.fixture(scope="module")
def pytest_colour_report(tmp_path_factory):
    """pytest's JUnit XML of a test that printed in colour and failed."""
    project = ROOT / "Tests" / "Reports" / "pytest-colour"
    report = tmp_path_factory.mktemp("pytest-colour") / "junit.xml"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--rootdir", project,
         f"--junitxml={report}", "-o", "junit_logging=all", project],
        cwd=project, capture_output=True, check=False)
    assert result.returncode == 1, result.stdout.decode() + result.stderr.decode()
    assert "#x1B[31mERROR#x1B[0m" in report.read_text()
    return report


def test_node_report_with_colours_is_read_and_its_diff_drawn(collapse, node_colour_report):
    plain = run(collapse, node_colour_report)
    # Read as the report it is, with the diff's lines as node wrote them, and no escape
    # sequence when colours are off (as they are in a pipe).
    assert plain.splitlines()[0].startswith("6 tests, 2 failed, 2 skipped in ")
    assert "    + actual - expected\n" in plain
    assert "    +   tax: 0.2\n" in plain and "    -   tax: 0.25\n" in plain
    assert ESC not in plain and "#x1B" not in plain
    coloured = run(collapse, "--color=always", node_colour_report)
    assert f"{ESC}[32m+ actual{ESC}[0m {ESC}[31m- expected{ESC}[0m" in coloured
    assert f"{ESC}[31m-{ESC}[0m   tax: 0.25" in coloured
    # No sequence but the styles collapse writes reaches the terminal: node's own
    # `ESC [39m` is read, not passed on.
    assert f"{ESC}[39m" not in coloured


def test_node_report_with_colours_in_markdown_and_json_is_text(collapse, node_colour_report):
    summary = run(collapse, "-t", "markdown", node_colour_report)
    assert ESC not in summary
    html = subprocess.run(["cmark-gfm", "--unsafe"], input=summary.encode(),
                          capture_output=True, check=True).stdout.decode()
    assert "+ actual - expected\n" in html and "-   tax: 0.25\n" in html
    tree = json.loads(run(collapse, "-t", "json", node_colour_report))
    text = json.dumps(tree, ensure_ascii=False)
    assert ESC not in text and "\\u001b" not in text.lower()
    cart = tree["children"][0]
    totals = next(child for child in cart["children"] if child["title"] == "totals with tax")
    assert any("+ actual - expected" in part for part in totals["content"]
               if isinstance(part, str))
    # Matching reads the text: a search for the diff's words finds them across the colours.
    matched = run(collapse, "--collapse-all", "--expand-matching", "/- expected/",
                  node_colour_report)
    assert "▾ totals with tax" in matched


def test_node_report_page_shows_the_diff_in_colour(browser, collapse, node_colour_report):
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "node-colour-report.html"
    page.write_text(run(collapse, "-s", "-t", "html", node_colour_report))
    load(browser, page)
    spans = browser.execute_script(
        "return [...document.querySelectorAll('pre.preformatted span')].map(span =>"
        "  [span.className, span.textContent, getComputedStyle(span).color,"
        "   getComputedStyle(span.closest('pre')).color, span.offsetParent !== null])")
    added = [span for span in spans if span[:2] == ["ansi-green", "+ actual"]]
    removed = [span for span in spans if span[:2] == ["ansi-red", "- expected"]]
    assert added and removed, spans
    # Shown, each in its own colour, neither the block's own.
    assert added[0][4] and removed[0][4]
    assert len({added[0][2], removed[0][2], added[0][3]}) == 3
    block = browser.find_element(By.XPATH, "//pre[contains(., '+ actual - expected')]")
    assert ESC not in block.text
    keep_screenshot(browser, "node-colour-report")


def test_pytest_output_in_colour(browser, collapse, pytest_colour_report):
    shown = run(collapse, "--color=always", "-e", "system-out", pytest_colour_report)
    assert f"{ESC}[31mERROR{ESC}[0m column {ESC}[33mtotal{ESC}[0m is missing" in shown
    assert "#x1B" not in shown
    plain = run(collapse, "-e", "system-out", pytest_colour_report)
    assert "ERROR column total is missing" in plain and ESC not in plain
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "pytest-colour-report.html"
    page.write_text(run(collapse, "-s", "-t", "html", "--expand-all", pytest_colour_report))
    load(browser, page)
    error = browser.find_element(By.XPATH, "//pre//span[@class='ansi-red' and .='ERROR']")
    assert error.is_displayed()
    bold = browser.find_element(By.XPATH, "//pre//span[@class='ansi-bold' and .='migrating']")
    assert browser.execute_script("return getComputedStyle(arguments[0]).fontWeight", bold) \
        == "700"


def test_page_search_finds_a_message_across_its_colours_and_in_closed_tests(
        browser, collapse, node_colour_report):
    from test_lazy import search

    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "node-colour-search.html"
    page.write_text(run(collapse, "-s", "-t", "html", node_colour_report))
    load(browser, page)
    # The diff's words, each in its own colour, are found as the text they make.
    results = search(browser, "actual - expected")
    assert [path.split(" › ")[-1] for _, path, _ in results] == ["totals with tax"]
    # Why a test was skipped, in a suite closed, is found and names where it is.
    results = search(browser, "service is down")
    assert [path for _, path, _ in results] == [
        "cart › discounts › rejects an expired coupon"], results
