"""Reports that .NET test runners write, as Samples/xunit, Samples/nunit and Samples/trx
hold them: each as a page in Chromium, open at its failures with why they failed and
closed at its passes, and as a job summary rendered by cmark-gfm, as GitHub shows it."""

import re
import subprocess
from dataclasses import dataclass

import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, ROOT
from test_browser import keep_screenshot, load
from test_ci_reports import summaries

FAILING = {"failed", "error"}
# How a page marks each outcome: a sign only the eye reads, and the word.
MARKS = {"passed": "✓ passed", "failed": "✗ failed", "error": "✗ error", "skipped": "○ skipped"}


@dataclass
class Report:
    """A sample report and what a person reads in it."""

    name: str
    sample: str
    # Each section in order: its depth (the outermost sections' is 1), its title and,
    # for a test, how it ended.
    outline: list
    # Each failed test's message (its first line), and for those with a stack, a piece of
    # the preformatted message and stack with the runner's indentation.
    messages: dict
    stacks: dict

    def failed(self):
        """The failed and errored tests, in order."""
        return [title for _, title, outcome in self.outline if outcome in FAILING]

    def opened(self):
        """The failed tests and every section that holds one."""
        opened = []
        for index, (depth, title, outcome) in enumerate(self.outline):
            inside = []
            for deeper, _, ended in self.outline[index + 1:]:
                if deeper <= depth:
                    break
                inside.append(ended)
            if outcome in FAILING or (outcome is None and FAILING & set(inside)):
                opened.append(title)
        return opened

    def tests(self):
        """Each test's title and how it ended."""
        return {title: outcome for _, title, outcome in self.outline if outcome}

    def counted(self):
        """Its tests counted as a runner prints them: `6 tests, 1 failed, 1 error`."""
        ended = [outcome for _, _, outcome in self.outline if outcome]
        errors = ended.count("error")
        words = [f"{len(ended)} tests"]
        if "failed" in ended:
            words.append(f"{ended.count('failed')} failed")
        if errors:
            words.append("1 error" if errors == 1 else f"{errors} errors")
        if "skipped" in ended:
            words.append(f"{ended.count('skipped')} skipped")
        return ", ".join(words)


REPORTS = [
    Report(
        "xunit", "Samples/xunit/results.xml",
        [(1, "/src/Shop.Tests/bin/Debug/net8.0/Shop.Tests.dll", None),
         # The class clean-up that threw counts as an errored test, named by its kind
         # and class.
         (2, "test-class-cleanup: Shop.Tests.InventoryTests", "error"),
         (2, "Test collection for Shop.Tests.CartTests", None),
         (3, "Shop.Tests.CartTests.AddsItem", "passed"),
         (3, "Shop.Tests.CartTests.TotalIncludesTax(price: 10, expected: 12.5)", "failed"),
         (3, "Shop.Tests.CartTests.TotalIncludesTax(price: 0, expected: 0)", "passed"),
         (3, "Paying by card", "skipped"),
         (2, "Test collection for Shop.Tests.OrderTests", None),
         (3, "Shop.Tests.OrderTests.SavesOrder", "failed"),
         (3, "Shop.Tests.OrderTests.CancelsOrder", "passed")],
        {"test-class-cleanup: Shop.Tests.InventoryTests":
             "System.IO.IOException : The process cannot access the file 'stock.db'",
         "Shop.Tests.CartTests.TotalIncludesTax(price: 10, expected: 12.5)":
             "Assert.Equal() Failure: Values differ",
         "Shop.Tests.OrderTests.SavesOrder": "Connection refused (db:5432)"},
        {"test-class-cleanup: Shop.Tests.InventoryTests":
             "another process.\n   at System.IO.FileSystem.DeleteFile(String fullPath)\n"
             "   at Shop.Tests.InventoryTests.Dispose() in",
         "Shop.Tests.CartTests.TotalIncludesTax(price: 10, expected: 12.5)":
             "\nExpected: 12.5\nActual:   12\n   at Shop.Tests.CartTests.TotalIncludesTax(",
         "Shop.Tests.OrderTests.SavesOrder":
             "(db:5432)\n   at Shop.Db.Connect() in /src/Shop/Db.cs:line 12\n"
             "   at Shop.Tests.OrderTests.SavesOrder()"}),
    Report(
        "nunit", "Samples/nunit/TestResult.xml",
        # Suites in suites, as NUnit nests the namespaces, the fixture and the
        # parameterized method; the test labelled "Error" errored.
        [(1, "Shop.Tests.dll", None),
         (2, "Shop", None),
         (3, "Tests", None),
         (4, "CartTests", None),
         (5, "AddsItem", "passed"),
         (5, "TotalIncludesTax", None),
         (6, "TotalIncludesTax(10m,12.5m)", "failed"),
         (6, "TotalIncludesTax(0m,0m)", "passed"),
         (5, "PaysByCard", "skipped"),
         (4, "OrderTests", None),
         (5, "SavesOrder", "error"),
         (5, "CancelsOrder", "passed")],
        {"TotalIncludesTax(10m,12.5m)": "Expected: 12.5m",
         "SavesOrder": "Connection refused (db:5432)"},
        {"TotalIncludesTax(10m,12.5m)":
             "  Expected: 12.5m\n  But was:  12m\n   at Shop.Tests.CartTests.TotalIncludesTax(",
         "SavesOrder": "(db:5432)\n   at Shop.Db.Connect() in /src/Shop/Db.cs:line 12\n"}),
    Report(
        "trx", "Samples/trx/results.trx",
        # No section of the report's own: its name is a line above the classes. Tests
        # are grouped by their definitions' classes; the timeout is an error, and the
        # data-driven test holds its rows.
        [(1, "Shop.Tests.CartTests", None),
         (2, "Shop.Tests.CartTests.AddsItem", "passed"),
         (2, "Shop.Tests.CartTests.TotalIncludesTax", "failed"),
         (2, "Shop.Tests.CartTests.PaysByCard", "skipped"),
         (1, "Shop.Tests.OrderTests", None),
         (2, "Shop.Tests.OrderTests.SavesOrder", "error"),
         (2, "Shop.Tests.OrderTests.ParsesQuantity", None),
         (3, 'ParsesQuantity ("3",3)', "passed"),
         (3, 'ParsesQuantity ("-1",0)', "failed")],
        {"Shop.Tests.CartTests.TotalIncludesTax":
             "Assert.AreEqual failed. Expected:<12.5>. Actual:<12>.",
         "Shop.Tests.OrderTests.SavesOrder":
             "Test 'SavesOrder' exceeded execution timeout period.",
         'ParsesQuantity ("-1",0)':
             "Test method Shop.Tests.OrderTests.ParsesQuantity threw exception:"},
        # The timeout has a message and no stack.
        {"Shop.Tests.CartTests.TotalIncludesTax":
             "\n   at Shop.Tests.CartTests.TotalIncludesTax() in /src/Shop.Tests/CartTests.cs",
         'ParsesQuantity ("-1",0)':
             "(Parameter 'text')\n    at Shop.Quantity.Parse(String text) in /src/Shop/"
             "Quantity.cs:line 9\n   at Shop.Tests.OrderTests.ParsesQuantity("}),
]


def outline(collapse, *arguments):
    """What collapse writes, its lines not cut to any terminal's width."""
    result = subprocess.run([str(collapse), "-w", "0", *map(str, arguments)],
                            capture_output=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    return result.stdout.decode()


def section(driver, title):
    """The page's section titled so, without what its title hides and its outcome mark."""
    found = driver.execute_script(
        "return [...document.querySelectorAll('main details')].find(d => {"
        "  const summary = d.querySelector(':scope > summary').cloneNode(true);"
        "  summary.querySelectorAll('.hidden, .outcome').forEach(hidden => hidden.remove());"
        "  return summary.textContent.trim() === arguments[0]; })", title)
    assert found is not None, title
    return found


def test_each_failed_test_is_given_why_it_failed():
    # What the tests below look for, for every failed test; the stacks for some.
    for report in REPORTS:
        assert set(report.messages) == set(report.failed()), report.name
        assert set(report.stacks) <= set(report.messages), report.name


@pytest.mark.parametrize("report", REPORTS, ids=lambda report: report.name)
def test_a_page_of_the_report_opens_at_its_failures(browser, collapse, report):
    PAGES.mkdir(parents=True, exist_ok=True)
    page = PAGES / f"{report.name}-report.html"
    page.write_text(outline(collapse, "-s", "--toc", "-t", "html", report.sample))
    load(browser, page)
    # The page starts with the totals of the tests below, as the runner would print them,
    # after the report's name when it has one.
    header = browser.find_element(By.CSS_SELECTOR, "main p.totals")
    assert header.is_displayed()
    assert re.fullmatch(r"(.+: )?" + re.escape(report.counted()) + r" in [0-9.]+s",
                        header.text), header.text
    assert summaries(browser, True) == report.opened()
    closed = summaries(browser, False)
    for title, outcome in report.tests().items():
        test = section(browser, title)
        # Each test says how it ended in words, open or closed.
        mark = test.find_element(By.CSS_SELECTOR, ":scope > summary .outcome")
        assert mark.is_displayed(), title
        assert mark.text == MARKS[outcome], title
        if outcome in FAILING:
            members = test.find_element(By.CSS_SELECTOR, ":scope > ul.members")
            assert members.is_displayed(), title
            assert report.messages[title] in members.text, title
        else:
            assert title in closed, title
            assert not test.find_element(By.CSS_SELECTOR, ":scope > ul.members").is_displayed()
    # The message and stack as the runner wrote them, its lines' indentation kept.
    for title, stack in report.stacks.items():
        block = section(browser, title).find_element(By.CSS_SELECTOR, ":scope > pre")
        assert block.is_displayed(), title
        assert stack in block.get_property("innerText"), title
    # The contents start with the failed and errored tests, each a link to its section.
    failed = report.failed()
    assert browser.find_element(By.CSS_SELECTOR, "nav.toc > details:first-child > summary"
                                ).text == f"Failed ({len(failed)})"
    links = browser.find_elements(By.CSS_SELECTOR, "nav.toc > details:first-child li a")
    assert [link.text for link in links] == failed
    targets = [browser.execute_script(
        "const target = document.getElementById(decodeURIComponent(arguments[0].hash.slice(1)));"
        "return target && target.matches('main details') ? target : null;", link)
        for link in links]
    assert targets == [section(browser, title) for title in failed]
    keep_screenshot(browser, f"{report.name}-report")


def escaped(text):
    """Text as cmark-gfm writes it in HTML."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


@pytest.mark.parametrize("report", REPORTS, ids=lambda report: report.name)
def test_the_report_as_a_job_summary_rendered_by_cmark_gfm(collapse, report):
    summary = outline(collapse, "-t", "markdown", report.sample)
    html = subprocess.run(["cmark-gfm", "--unsafe"], input=summary.encode(),
                          capture_output=True, check=True).stdout.decode()
    opened = report.opened()
    assert html.count("<details open>") == len(opened)

    def depth(at):
        return html[:at].count("<details") - html[:at].count("</details>")

    starts = []
    for level, title, outcome in report.outline:
        found = re.search(r'<details( open)?>\n<summary><a name="[^"]*"></a>'
                          + re.escape(escaped(title)) + r"( \([^)]*\))?</summary>", html)
        assert found, title
        starts.append(found.start())
        # Open exactly where the page is; each inside the sections it is in.
        assert bool(found.group(1)) == (title in opened), title
        assert depth(found.end()) == level, title
        if outcome in FAILING:
            # The failure's summary is its title; its message and stack come before the
            # sections it holds, its output.
            assert found.group(2) is None, title
            body = html[found.end():re.compile("</?details").search(html, found.end()).start()]
            assert escaped(report.messages[title]) in body, title
            if title in report.stacks:
                assert "<pre><code" in body, title
                assert escaped(report.stacks[title]) in body, title
        elif outcome:
            # A passing or skipped test is closed, saying how it ended.
            assert found.group(2) == f" ({outcome})", title
    assert starts == sorted(starts)
