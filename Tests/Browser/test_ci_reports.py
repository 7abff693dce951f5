"""CI reports, as their tools write them, opened where they failed: pages made with
`--expand-matching` show the failures and keep what passed closed."""

import pytest
from selenium.webdriver.common.by import By

from test_browser import keep_screenshot, load


def summaries(driver, is_open):
    """The titles of the page's open or closed sections, without what they hide and a
    test's outcome mark."""
    selector = "main details[open]" if is_open else "main details:not([open])"
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(d => {"
        "  const summary = d.querySelector(':scope > summary').cloneNode(true);"
        "  summary.querySelectorAll('.hidden, .outcome').forEach(hidden => hidden.remove());"
        "  return summary.textContent.trim(); })", selector)


def test_a_jest_report_opens_at_its_failed_tests(browser, render):
    page = render("jest-failed", ["-s", "--expand-matching", 'status: "failed"', "-e",
                                  "failureMessages", "Samples/jest.json"])
    load(browser, page)
    opened = summaries(browser, True)
    closed = summaries(browser, False)
    # Each test by its full name, as jest names it.
    for failed in ["auth login refuses a wrong password", "cart totals adds the tax"]:
        assert failed in opened
    for passed in ["auth login accepts a valid password", "cart adds an item",
                   "cart removes an item", "search finds a product by name",
                   "search ranks exact matches first", "auth session expires after an hour",
                   "snapshot"]:
        assert passed in closed
    assert "/home/runner/work/shop/shop/src/search/search.test.js" in closed
    # The failure's message is on screen; a passing test's members are not.
    message = browser.find_element(By.XPATH, "//*[contains(text(), 'login.test.js:27:29')]")
    assert message.is_displayed()
    passing = browser.find_element(
        By.XPATH, "//*[contains(text(), '\"auth login accepts a valid password\"')]")
    assert not passing.is_displayed()
    keep_screenshot(browser, "jest-failed")


def test_a_markdown_job_summary_opens_at_the_lines_that_say_error(browser, render):
    page = render("ci-summary-errors", ["-s", "--expand-matching", r"/\b(?i:error)\b|\bFAIL(ED)?\b/",
                                        "Samples/ci-summary.md"])
    load(browser, page)
    assert summaries(browser, True) == [
        "Build and test", "test (ubuntu-latest)", "integration: checkout",
        "integration: inventory"]
    assert summaries(browser, False) == [
        "lint", "build", "integration: search", "test (macos-latest)"]
    for line in ["expected status 201, got 502", "timed out after 5000 ms"]:
        assert browser.find_element(By.XPATH, f"//code[contains(., '{line}')]").is_displayed()
    assert not browser.find_element(By.XPATH, "//code[contains(., 'npm ci')]").is_displayed()
    keep_screenshot(browser, "ci-summary-errors")


# Each CI tool's report, the command README gives for it, the sections it opens as
# their summaries read, and a line of what failed that the page shows.
REPORTS = [
    ("go-test.jsonl", ["-f", "json", "--expand-where", "@.Action == 'fail'"],
     ["TestTotal", "example.com/shop/cart"], '"fail"'),
    ("pytest-report.json", ["--expand-where", "@.outcome == 'failed'"],
     ["tests", "tests/test_api.py::test_refund", "call"], "tests/test_api.py:34: AssertionError"),
    ("ctrf-report.json", ["--expand-where", "@.status == 'failed'"],
     ["results", "tests", "checkout › pays with a saved card"], "Timed out 30000ms"),
    ("eslint.json", ["--expand-where", "@.severity == 2"],
     ["/home/runner/work/shop/shop/src/cart.js", "messages", "no-unused-vars"],
     "'discount' is assigned a value but never used."),
    ("terraform-plan.json", ["--expand-where", "@.change.actions[*] == 'delete'"],
     ["resource_changes", "aws_instance.web", "aws_security_group.legacy"],
     "replace_because_cannot_update"),
    ("codeql.sarif", ["--expand-where", "@.ruleId && @.level == 'error'"],
     ["runs", "[0]", "results", "js/sql-injection"], '"error"'),
]


@pytest.mark.parametrize("name, arguments, opened, shown", REPORTS, ids=[r[0] for r in REPORTS])
def test_each_ci_report_opens_at_what_failed(browser, render, name, arguments, opened, shown):
    page = render(f"ci-{name}", ["-s", *arguments, f"Samples/ci/{name}"])
    load(browser, page)
    # Exactly these are open, in document order: nothing that passed.
    assert summaries(browser, True) == opened
    closed = summaries(browser, False)
    assert closed, name
    lines = browser.find_elements(By.XPATH, f"//*[contains(text(), {xpath_string(shown)})]")
    assert any(line.is_displayed() for line in lines), name
    keep_screenshot(browser, f"ci-{name}")


def xpath_string(text):
    """`text` as an XPath string literal, whatever quotes it holds."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ", \"'\", ".join(f"'{part}'" for part in text.split("'")) + ")"
