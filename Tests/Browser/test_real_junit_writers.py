"""JUnit XML as more tools write it, each run here on a small project in Tests/Reports whose
failures, errors, skips and flaky test are planted: PHPUnit (`--log-junit`), with its suites
per class and per data provider; Maven Surefire, offline against Debian's repository, with
a test it reruns; rspec with rspec_junit_formatter; Mocha's xunit reporter; and `prove`
with TAP::Formatter::JUnit, whose test script dies. collapse reads each report as it
is: its totals are the tool's, its failures open with their message and location, its
passes closed, its suites nested as the tool nests them, in the text, in a job summary
rendered by cmark-gfm and in a page."""

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, ROOT
from test_browser import keep_screenshot, load
from test_ci_reports import summaries

PHPUNIT_PROJECT = ROOT / "Tests" / "Reports" / "phpunit"
SUREFIRE_PROJECT = ROOT / "Tests" / "Reports" / "surefire"


def outline(collapse, *arguments, cwd=None):
    """What collapse writes, its lines not cut to any terminal's width."""
    result = subprocess.run([str(collapse), "-w", "0", *map(str, arguments)], cwd=cwd,
                            capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    return result.stdout.decode()


def totals(shown):
    """The report's totals, as the header collapse's text starts with says them
    (`6 tests, 1 failed, 1 error, 1 skipped, 1 flaky in 0.4s`); what passed is the rest."""
    header = shown.splitlines()[0]
    words = {"tests": r"(\d+) tests?\b", "failed": r"(\d+) failed", "errors": r"(\d+) errors?\b",
             "skipped": r"(\d+) skipped", "flaky": r"(\d+) flaky"}
    counted = {}
    for key, pattern in words.items():
        found = re.search(pattern, header)
        counted[key] = int(found.group(1)) if found else 0
    assert counted["tests"] > 0, header
    counted["passed"] = counted["tests"] - sum(
        counted[key] for key in ("failed", "errors", "skipped", "flaky"))
    return counted


def job_summary(collapse, *arguments):
    """A job summary collapse writes, as GitHub renders it (cmark-gfm)."""
    summary = outline(collapse, "-t", "markdown", *arguments)
    return subprocess.run(["cmark-gfm", "--unsafe"], input=summary.encode(),
                          capture_output=True, check=True).stdout.decode()


def depth(html, at):
    """How many `<details>` hold the place `at` of a rendered summary."""
    return html[:at].count("<details") - html[:at].count("</details>")


def page(browser, collapse, name, *arguments):
    """Loads the page collapse makes of a report."""
    PAGES.mkdir(parents=True, exist_ok=True)
    path = PAGES / f"{name}.html"
    path.write_text(outline(collapse, "-s", "-t", "html", *arguments))
    load(browser, path)


# PHPUnit 9, as Debian ships it.

PHPUNIT_TESTS = PHPUNIT_PROJECT / "tests"
PHPUNIT_FAILED = ["testTotalIncludesTax", "testSavesOrder", 'testQuantity with data set "negative"']


@pytest.fixture(scope="module")
def phpunit_report(tmp_path_factory):
    """The JUnit XML PHPUnit writes for the project, run by its configuration."""
    report = tmp_path_factory.mktemp("phpunit-report") / "junit.xml"
    result = subprocess.run(["phpunit", "--log-junit", report], cwd=PHPUNIT_PROJECT,
                            stdin=subprocess.DEVNULL, capture_output=True, check=False)
    # 2 is PHPUnit's status when a test errored: the planted one.
    assert result.returncode == 2, result.stdout.decode() + result.stderr.decode()
    assert (b"Tests: 10, Assertions: 7, Errors: 1, Failures: 2, Warnings: 1, Skipped: 1, "
            b"Incomplete: 1.") in result.stdout
    return report


def test_phpunit_totals_are_its_own(collapse, phpunit_report):
    # PHPUnit counts the whole run in its outermost suite; an incomplete test is skipped,
    # and a test that warned passed.
    run = ElementTree.parse(phpunit_report).getroot().find("testsuite")
    tests, failures, errors, skipped, warnings = (
        int(run.get(name)) for name in ("tests", "failures", "errors", "skipped", "warnings"))
    assert (tests, failures, errors, skipped, warnings) == (10, 2, 1, 2, 1)
    assert totals(outline(collapse, phpunit_report)) == {
        "tests": tests, "passed": tests - failures - errors - skipped, "failed": failures,
        "errors": errors, "skipped": skipped, "flaky": 0}


def test_phpunit_suites_nest_as_it_writes_them(collapse, phpunit_report):
    # The run's suite, named by the configuration; a suite per class, and in it a suite
    # per data provider, titled as PHPUnit names them (what `--filter` takes). The nameless
    # suite PHPUnit wraps the whole run in is no level of its own.
    assert outline(collapse, "--expand-all", "--outline", phpunit_report).splitlines() == [
        "▾ shop",
        "  ▾ CartTest",
        "    ▾ testAddsItem",
        "    ▾ testTotalIncludesTax",
        "    ▾ testSavesOrder",
        "    ▾ testPays",
        "    ▾ CartTest::testQuantity",
        '      ▾ testQuantity with data set "one"',
        '      ▾ testQuantity with data set "two"',
        '      ▾ testQuantity with data set "negative"',
        "  ▾ StockTest",
        "    ▾ testCountsStock",
        "    ▾ testReservesStock",
        "    ▾ testRestocks",
    ]


def test_phpunit_report_opens_its_failures_with_where_and_why(collapse, phpunit_report):
    shown = outline(collapse, phpunit_report)
    lines = shown.splitlines()
    sections = [line for line in lines if "▾" in line or "▸" in line]
    assert sections == [
        "▾ shop",
        "  ▾ CartTest",
        "    ▸ testAddsItem  (passed)",
        "    ▾ testTotalIncludesTax",
        "    ▾ testSavesOrder",
        "    ▸ testPays  (skipped)",
        "    ▾ CartTest::testQuantity",
        '      ▸ testQuantity with data set "one"  (passed)',
        '      ▸ testQuantity with data set "two"  (passed)',
        '      ▾ testQuantity with data set "negative"',
        sections[-1],
    ]
    assert re.fullmatch(r"  ▸ StockTest  \(3 tests, 1 skipped, [0-9.]+s\)", sections[-1])
    cart = PHPUNIT_TESTS / "CartTest.php"
    # Each failure where its method is written, as PHPUnit says, and its message, which
    # PHPUnit writes after the test's name; the whole text as written below them.
    test = shown.index("    ▾ testTotalIncludesTax\n")
    assert shown[test:].startswith(
        "    ▾ testTotalIncludesTax\n"
        '      outcome: "failed"\n'
        f"      duration: {shown[test:].splitlines()[2].split(': ')[1]}\n"
        f'      file: "{cart}"\n'
        "      line: 15\n"
        '      message: "Failed asserting that two arrays are equal."\n'
        "      CartTest::testTotalIncludesTax\n"
        "      Failed asserting that two arrays are equal.\n")
    assert "      -    'tax' => 0.25\n      +    'tax' => 0.2\n" in shown
    assert f"      {cart}:18\n" in shown
    assert '      message: "RuntimeException: database unreachable: connection refused on port 5432"\n' \
        in shown
    assert "        line: 34\n" in shown
    assert '        message: "quantity must be positive, got -1"\n' in shown
    assert f"        {cart}:36\n" in shown


def test_phpunit_warning_keeps_the_test_passed_with_its_text(collapse, phpunit_report):
    warned = ElementTree.parse(phpunit_report).getroot().find(
        ".//testcase[@name='testRestocks']")
    assert warned.find("warning") is not None and len(warned) == 1
    shown = outline(collapse, "--expand-all", phpunit_report)
    test = shown.index("    ▾ testRestocks\n")
    lines = shown[test:].splitlines()
    assert lines[1] == '      outcome: "passed"'
    assert '      message: "passed with a warning: restocking is counted twice when a delivery ' \
        'is split"' in lines
    assert "      StockTest::testRestocks" in lines


def test_phpunit_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, phpunit_report):
    html = job_summary(collapse, phpunit_report)
    assert html.count("<details open>") == 3 + len(PHPUNIT_FAILED)
    shop = html.index("</a>shop</summary>")
    cart = html.index("</a>CartTest</summary>")
    provider = html.index("</a>CartTest::testQuantity</summary>")
    negative = html.index("</a>testQuantity with data set &quot;negative&quot;</summary>")
    stock = html.index("</a>StockTest (3 tests, 1 skipped, ")
    assert shop < cart < provider < negative < stock
    assert (depth(html, shop), depth(html, cart), depth(html, provider), depth(html, negative),
            depth(html, stock)) == (1, 2, 3, 4, 2)
    assert "Failed asserting that two arrays are equal." in html
    assert "RuntimeException: database unreachable: connection refused on port 5432" in html
    assert "quantity must be positive, got -1" in html[negative:stock]
    assert "testAddsItem (passed)</summary>" in html


def test_phpunit_report_page_shows_its_failures(browser, collapse, phpunit_report):
    page(browser, collapse, "phpunit-junit-report", phpunit_report)
    assert summaries(browser, True) == [
        "shop", "CartTest", "testTotalIncludesTax", "testSavesOrder", "CartTest::testQuantity",
        'testQuantity with data set "negative"']
    assert {"testAddsItem", "testPays", "StockTest"} <= set(summaries(browser, False))
    for text in ["quantity must be positive, got -1",
                 "database unreachable: connection refused on port 5432"]:
        message = browser.find_element(By.XPATH, f"//pre[contains(., '{text}')]")
        assert message.is_displayed(), text
    keep_screenshot(browser, "phpunit-junit-report")


# Maven Surefire, as Debian ships it: a report per test class, and a failed test run again.

SUREFIRE_CONSOLE = "Tests run: 6, Failures: 1, Errors: 1, Skipped: 1, Flakes: 1"


@pytest.fixture(scope="module")
def surefire_reports(tmp_path_factory):
    """The folder of JUnit XML Surefire writes for the project, built offline from
    Debian's Maven repository, each failed test run once more."""
    project = tmp_path_factory.mktemp("surefire") / "shop"
    shutil.copytree(SUREFIRE_PROJECT, project)
    result = subprocess.run(
        ["mvn", "--batch-mode", "--offline", "--settings", project / "settings.xml",
         "-Dsurefire.rerunFailingTestsCount=1", "test"],
        cwd=project, stdin=subprocess.DEVNULL, capture_output=True, check=False)
    output = result.stdout.decode() + result.stderr.decode()
    # 1: tests failed, the planted ones, and Maven says so in Surefire's words.
    assert result.returncode == 1, output
    assert SUREFIRE_CONSOLE in output, output
    return project / "target" / "surefire-reports"


def test_surefire_totals_are_what_it_printed(collapse, surefire_reports):
    reports = sorted(surefire_reports.glob("TEST-*.xml"))
    assert [report.name for report in reports] == ["TEST-shop.CartTest.xml",
                                                   "TEST-shop.OrderTest.xml"]
    # Surefire 2.22 counts each rerun in its files' attributes (4 tests are "tests=6"), so
    # the totals to match are the ones it printed, and the test cases of its files.
    cases = [case for report in reports for case in ElementTree.parse(report).iter("testcase")]
    assert len(cases) == 6
    assert totals(outline(collapse, *reports)) == {
        "tests": 6, "passed": 2, "failed": 1, "errors": 1, "skipped": 1, "flaky": 1}


def test_surefire_reports_open_their_failures_with_why(collapse, surefire_reports):
    shown = outline(collapse, "TEST-shop.CartTest.xml", "TEST-shop.OrderTest.xml",
                    cwd=surefire_reports)
    lines = shown.splitlines()
    sections = [line for line in lines if "▾" in line or "▸" in line]
    # Each file a suite of the one report, holding the class's suite as Surefire names it.
    assert sections == [
        "▾ TEST-shop.CartTest.xml",
        "  ▾ shop.CartTest",
        "    ▾ totalIncludesTax",
        "    ▸ addsItem  (passed)",
        "    ▸ pays  (skipped)",
        "    ▸ stockIsFlaky  (flaky)",
        "▾ TEST-shop.OrderTest.xml",
        "  ▾ shop.OrderTest",
        "    ▸ numbersOrders  (passed)",
        "    ▾ savesOrder",
    ]
    assert '      message: "total with tax expected:<12.5> but was:<12.0>"\n' in shown
    assert "      \tat shop.CartTest.totalIncludesTax(CartTest.java:21)\n" in shown
    assert '      message: "database unreachable: connection refused on port 5432"\n' in shown
    assert "      \tat shop.OrderTest.savesOrder(OrderTest.java:16)\n" in shown
    # The failure and the error, each run again, keep their rerun, the second run, and
    # count both runs that failed.
    assert shown.count("      failed runs: 2\n") == 2
    assert shown.count("      run 2 failed:\n") == 2
    assert "run 1 failed" not in shown
    # The flaky test's failed run stays closed with it.
    assert "stock service timed out" not in shown


def test_surefire_reports_as_a_job_summary_rendered_by_cmark_gfm(collapse, surefire_reports):
    html = job_summary(collapse, *sorted(surefire_reports.glob("TEST-*.xml")))
    assert html.count("<details open>") == 6
    cart = html.index("</a>shop.CartTest</summary>")
    total = html.index("</a>totalIncludesTax</summary>")
    order = html.index("</a>shop.OrderTest</summary>")
    saves = html.index("</a>savesOrder</summary>")
    assert cart < total < order < saves
    assert (depth(html, cart), depth(html, total), depth(html, order), depth(html, saves)) == (
        2, 3, 2, 3)
    assert "total with tax expected:&lt;12.5&gt; but was:&lt;12.0&gt;" in html[total:order]
    assert "database unreachable: connection refused on port 5432" in html[saves:]
    assert "stockIsFlaky (flaky)</summary>" in html


def test_surefire_reports_page_shows_its_failures(browser, collapse, surefire_reports):
    page(browser, collapse, "surefire-junit-report", "--toc",
         *sorted(surefire_reports.glob("TEST-*.xml")))
    opened = summaries(browser, True)
    assert opened[1:3] == ["shop.CartTest", "totalIncludesTax"]
    assert opened[4:] == ["shop.OrderTest", "savesOrder"]
    assert {"addsItem", "pays", "stockIsFlaky", "numbersOrders"} <= set(
        summaries(browser, False))
    failed = browser.find_elements(By.CSS_SELECTOR, "nav.toc > details:first-child li a")
    assert [link.text for link in failed] == ["totalIncludesTax", "savesOrder"]
    for text in ["total with tax expected:<12.5> but was:<12.0>",
                 "database unreachable: connection refused on port 5432"]:
        message = browser.find_element(By.XPATH, f"//pre[contains(., '{text}')]")
        assert message.is_displayed(), text
    marks = browser.execute_script(
        "return [...document.querySelectorAll('main summary .outcome')].map(m => m.textContent)")
    assert "↻ flaky" in marks
    keep_screenshot(browser, "surefire-junit-report")


# rspec with rspec_junit_formatter, as Debian ships them.

RSPEC_PROJECT = ROOT / "Tests" / "Reports" / "rspec"
RSPEC_FAILED = ["Cart totals with tax", "Cart saves the order"]


@pytest.fixture(scope="module")
def rspec_report(tmp_path_factory):
    """The JUnit XML rspec_junit_formatter writes for the project."""
    report = tmp_path_factory.mktemp("rspec-report") / "junit.xml"
    result = subprocess.run(
        ["rspec", "--order", "defined", "--format", "RspecJunitFormatter", "--out", report,
         "spec"], cwd=RSPEC_PROJECT, stdin=subprocess.DEVNULL, capture_output=True,
        check=False)
    # 1: examples failed, the planted ones.
    assert result.returncode == 1, result.stdout.decode() + result.stderr.decode()
    return report


def test_rspec_report_opens_its_failures_with_where_and_why(collapse, rspec_report):
    suite = ElementTree.parse(rspec_report).getroot()
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"),
            suite.get("skipped")) == ("5", "2", "0", "2")
    shown = outline(collapse, rspec_report)
    assert totals(shown) == {"tests": 5, "passed": 1, "failed": 2, "errors": 0, "skipped": 2,
                             "flaky": 0}
    # Each example by its whole description, as rspec prints it: the class the formatter
    # writes is the file's path, which no one names an example by.
    sections = [line for line in shown.splitlines() if "▾" in line or "▸" in line]
    assert sections == [
        "▾ rspec",
        "  ▸ Cart adds an item  (passed)",
        "  ▾ Cart totals with tax",
        "  ▾ Cart saves the order",
        "  ▸ Cart pays  (skipped)",
        "  ▸ Cart with coupons stacks them  (skipped)",
    ]
    assert '    file: "./spec/cart_spec.rb"\n' in shown
    assert '    message: "expected: 12.5      got: 12.0  (compared using ==)"\n' in shown
    assert "    ./spec/cart_spec.rb:10:in `block (2 levels) in <top (required)>'\n" in shown
    assert '    message: "database unreachable: connection refused on port 5432"\n' in shown
    assert "    ./spec/cart_spec.rb:14:in `block (2 levels) in <top (required)>'\n" in shown


def test_rspec_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, rspec_report):
    html = job_summary(collapse, rspec_report)
    assert html.count("<details open>") == 1 + len(RSPEC_FAILED)
    tax = html.index("</a>Cart totals with tax</summary>")
    saves = html.index("</a>Cart saves the order</summary>")
    assert depth(html, tax) == depth(html, saves) == 2
    assert "got: 12.0" in html[tax:saves]
    assert "database unreachable: connection refused on port 5432" in html[saves:]
    assert "Cart adds an item (passed)</summary>" in html


def test_rspec_report_page_shows_its_failures(browser, collapse, rspec_report):
    page(browser, collapse, "rspec-junit-report", rspec_report)
    assert summaries(browser, True) == ["rspec", *RSPEC_FAILED]
    assert "Cart adds an item" in summaries(browser, False)
    message = browser.find_element(By.XPATH, "//pre[contains(., 'got: 12.0')]")
    assert message.is_displayed()
    keep_screenshot(browser, "rspec-junit-report")


# Mocha's xunit reporter, as Debian ships it: one suite, each test's class its describes.

MOCHA_PROJECT = ROOT / "Tests" / "Reports" / "mocha"
MOCHA_FAILED = ["Cart totals include tax", "Cart checkout saves the order"]


@pytest.fixture(scope="module")
def mocha_report(tmp_path_factory):
    """The JUnit XML Mocha's xunit reporter writes for the project."""
    report = tmp_path_factory.mktemp("mocha-report") / "xunit.xml"
    # Debian's Mocha finds its modules in /usr/share/nodejs, which a node installed apart
    # from Debian's does not search.
    environment = {**os.environ, "NODE_PATH": "/usr/share/nodejs"}
    result = subprocess.run(
        ["mocha", "--reporter", "xunit", "--reporter-option", f"output={report}"],
        cwd=MOCHA_PROJECT, env=environment, stdin=subprocess.DEVNULL, capture_output=True,
        check=False)
    # Mocha's status is how many tests failed: the two planted.
    assert result.returncode == 2, result.stdout.decode() + result.stderr.decode()
    return report


def test_mocha_totals_are_its_own(collapse, mocha_report):
    # Mocha counts every failing test under `errors` and writes each as a <failure>: a
    # thrown TypeError fails a test as an assertion does, as Mocha's own "2 failing" says.
    suite = ElementTree.parse(mocha_report).getroot()
    tests, failures, errors, skipped = (
        int(suite.get(name)) for name in ("tests", "failures", "errors", "skipped"))
    assert (tests, failures, errors, skipped) == (5, 0, 2, 1)
    assert len(suite.findall("testcase/failure")) == failures + errors
    assert totals(outline(collapse, mocha_report)) == {
        "tests": tests, "passed": tests - errors - skipped, "failed": failures + errors,
        "errors": 0, "skipped": skipped, "flaky": 0}


def test_mocha_report_opens_its_failures_titled_as_mocha_prints_them(collapse, mocha_report):
    shown = outline(collapse, mocha_report)
    sections = [line for line in shown.splitlines() if "▾" in line or "▸" in line]
    # One suite, as Mocha writes it; each test by its describes' titles and its own, as
    # Mocha prints it and `--grep` matches it.
    assert sections == [
        "▾ Mocha Tests",
        "  ▸ Cart adds an item  (passed)",
        "  ▾ Cart totals include tax",
        "  ▸ Cart totals round to cents  (passed)",
        "  ▾ Cart checkout saves the order",
        "  ▸ Cart checkout pays by card  (skipped)",
    ]
    # Mocha writes no message: its text's first lines are.
    assert '    message: "total with tax"\n' in shown
    assert "    AssertionError [ERR_ASSERTION]: total with tax\n" in shown
    assert "        at Context.<anonymous> (test/cart.test.js:17:14)\n" in shown
    assert """    message: "Cannot read properties of undefined (reading 'save')"\n""" in shown
    assert "    TypeError: Cannot read properties of undefined (reading 'save')\n" in shown
    assert "        at Context.<anonymous> (test/cart.test.js:28:13)\n" in shown


def test_mocha_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, mocha_report):
    html = job_summary(collapse, mocha_report)
    assert html.count("<details open>") == 1 + len(MOCHA_FAILED)
    tax = html.index("</a>Cart totals include tax</summary>")
    saves = html.index("</a>Cart checkout saves the order</summary>")
    assert depth(html, html.index("</a>Mocha Tests</summary>")) == 1
    assert depth(html, tax) == depth(html, saves) == 2
    assert "12 !== 12.5" in html[tax:saves]
    assert "TypeError: Cannot read properties of undefined" in html[saves:]
    assert "Cart checkout pays by card (skipped)</summary>" in html


def test_mocha_report_page_shows_its_failures(browser, collapse, mocha_report):
    page(browser, collapse, "mocha-junit-report", mocha_report)
    assert summaries(browser, True) == ["Mocha Tests", *MOCHA_FAILED]
    assert {"Cart adds an item", "Cart checkout pays by card"} <= set(summaries(browser, False))
    for text in ["12 !== 12.5", "reading 'save'"]:
        message = browser.find_element(By.XPATH, f"//pre[contains(., \"{text}\")]")
        assert message.is_displayed(), text
    keep_screenshot(browser, "mocha-junit-report")


# `prove` with TAP::Formatter::JUnit, as Debian ships them: a suite per test script, and a
# script that died an error of its suite's own, beside its tests.

PROVE_PROJECT = ROOT / "Tests" / "Reports" / "prove"
DIED = "Dubious, test returned 255 (wstat 65280, 0xff00)"


@pytest.fixture(scope="module")
def prove_report(tmp_path_factory):
    """The JUnit XML TAP::Formatter::JUnit writes for the project's test scripts."""
    result = subprocess.run(
        ["prove", "--formatter", "TAP::Formatter::JUnit", "t"], cwd=PROVE_PROJECT,
        stdin=subprocess.DEVNULL, capture_output=True, check=False)
    # 1: a test failed and a script died, the planted ones.
    assert result.returncode == 1, result.stderr.decode()
    assert b"database unreachable" in result.stderr
    report = tmp_path_factory.mktemp("prove-report") / "junit.xml"
    report.write_bytes(result.stdout)
    return report


def test_prove_report_counts_the_script_that_died(collapse, prove_report):
    root = ElementTree.parse(prove_report).getroot()
    cart = root.find("testsuite[@name='cart_t']")
    # The script's death is an <error> of the suite, in no test case.
    assert cart.find("error").get("message") == DIED
    assert cart.find("testcase/error") is None
    cases = root.findall("testsuite/testcase")
    failed = root.findall("testsuite/testcase/failure")
    assert (len(cases), len(failed)) == (3, 1)
    # The death is a test of its own: 3 test cases and it.
    assert totals(outline(collapse, prove_report)) == {
        "tests": len(cases) + 1, "passed": 2, "failed": len(failed), "errors": 1,
        "skipped": 0, "flaky": 0}


def test_prove_report_opens_the_script_that_died(collapse, prove_report):
    shown = outline(collapse, prove_report)
    sections = [line for line in shown.splitlines() if "▾" in line or "▸" in line]
    # The script's output first, as a suite's is; then its tests, and its death after them.
    assert sections == [
        "▾ cart_t",
        "  ▸ system-out  (3 lines)",
        "  ▸ system-err  (1 line)",
        "  ▸ 1 - adds an item  (passed)",
        "  ▾ 2 - total includes tax",
        "  ▾ suite error",
        sections[-1],
    ]
    assert re.fullmatch(r"▸ stock_t  \(1 test(, [0-9.]+s)?\)", sections[-1]), sections[-1]
    error = shown.index("  ▾ suite error\n")
    assert shown[error:].startswith(
        "  ▾ suite error\n"
        '    outcome: "error"\n'
        f'    message: "{DIED}"\n')
    assert '    message: "not ok 2 - total includes tax"\n' in shown


def test_prove_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, prove_report):
    html = job_summary(collapse, prove_report)
    assert html.count("<details open>") == 3
    cart = html.index("</a>cart_t</summary>")
    error = html.index("</a>suite error</summary>")
    assert depth(html, cart) == 1 and depth(html, error) == 2
    assert DIED in html[error:]


def test_prove_report_page_shows_the_script_that_died(browser, collapse, prove_report):
    page(browser, collapse, "prove-junit-report", prove_report)
    assert summaries(browser, True) == ["cart_t", "2 - total includes tax", "suite error"]
    assert "stock_t" in summaries(browser, False)
    message = browser.find_element(By.XPATH, "//*[contains(., 'Dubious, test returned 255')]")
    assert message.is_displayed()
    keep_screenshot(browser, "prove-junit-report")
