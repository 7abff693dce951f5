"""Reports that CI tools write, written by the tools themselves: pytest runs the small
project in Tests/Reports/pytest, whose failures, error, skips and flaky test are planted,
and collapse reads the JUnit XML it writes."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, ROOT
from test_browser import keep_screenshot, load
from test_ci_reports import summaries

PROJECT = ROOT / "Tests" / "Reports" / "pytest"


@pytest.fixture(scope="module")
def pytest_report(tmp_path_factory):
    """The JUnit XML pytest writes for the project, with its output captured and a failed
    test run once more, as CI setups run it."""
    folder = tmp_path_factory.mktemp("pytest-report")
    state = folder / "state"
    state.mkdir()
    report = folder / "junit.xml"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--rootdir", PROJECT,
         f"--junitxml={report}", "-o", "junit_logging=all", "--reruns", "1", PROJECT],
        env={**os.environ, "REPORT_STATE": str(state)}, cwd=PROJECT, capture_output=True,
        check=False)
    # 1 is pytest's status for tests that failed: the planted ones, and nothing else.
    assert result.returncode == 1, result.stdout.decode() + result.stderr.decode()
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert (suite.get("failures"), suite.get("errors")) == ("2", "1"), suite.attrib
    return report


def outline(collapse, *arguments):
    result = subprocess.run([str(collapse), *map(str, arguments)], capture_output=True,
                            check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    return result.stdout.decode()


def test_pytest_junit_xml_is_read_as_xml(collapse, pytest_report):
    lines = outline(collapse, "--outline", pytest_report).splitlines()
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
    shown = outline(collapse, "--collapse-all", "-e", "testcase test_total_includes_tax",
                    pytest_report)
    assert "{'tax': 0.2} != {'tax': 0.25}" in shown
    assert "test_checkout.py:15: AssertionError" in shown
    # The error of another test stays closed.
    assert "database unreachable" not in shown


def test_a_page_of_the_report_opens_at_the_test_asked_for(browser, collapse, pytest_report):
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / "pytest-junit.html"
    page.write_text(outline(collapse, "-s", "-t", "html", "--collapse-all", "-e",
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
