"""CI reports, as their tools write them, opened where they failed: pages made with
`--expand-matching` show the failures and keep what passed closed."""

from selenium.webdriver.common.by import By

from test_browser import keep_screenshot, load


def summaries(driver, is_open):
    """The titles of the page's open or closed sections, without what they hide."""
    selector = "main details[open]" if is_open else "main details:not([open])"
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(d => {"
        "  const summary = d.querySelector(':scope > summary').cloneNode(true);"
        "  summary.querySelectorAll('.hidden').forEach(hidden => hidden.remove());"
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
    page = render("ci-summary-errors", ["-s", "--expand-matching", r"/^\s*error:/",
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
