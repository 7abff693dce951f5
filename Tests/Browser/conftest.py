"""Shared fixtures: the built collapse binary, pages rendered with it, and a headless
Chromium driven by Selenium.

`make test` installs every tool these tests need. Outside CI (CI unset) a missing tool
skips its tests with a loud warning; in CI it fails them.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / ".build"
PAGES = BUILD / "browser"
SCREENSHOTS = BUILD / "screenshots"


MISSING = set()


def require(available, what):
    """Skips (outside CI, loudly) or fails (in CI) when a needed tool is missing."""
    if available:
        return
    message = f"{what} is missing; `make test` installs it"
    if os.environ.get("CI"):
        pytest.fail(message)
    MISSING.add(message)
    pytest.skip(message)


def pytest_terminal_summary(terminalreporter):
    """Says at the end, where nobody can miss it, which tests did not run and why."""
    for message in sorted(MISSING):
        terminalreporter.write_line(f"WARNING: tests SKIPPED: {message}", red=True, bold=True)


@pytest.fixture(scope="session")
def collapse():
    """The path of the built collapse binary."""
    binary = Path(os.environ.get("COLLAPSE_BINARY", BUILD / "debug" / "collapse"))
    if not binary.is_file():
        pytest.fail(f"{binary} does not exist; run `swift build` first")
    return binary


@pytest.fixture(scope="session")
def render(collapse):
    """Renders a page with collapse into .build/browser/NAME.html and returns its path."""
    PAGES.mkdir(parents=True, exist_ok=True)

    def render(name, arguments, text=None):
        result = subprocess.run(
            [str(collapse), *arguments],
            input=(text or "").encode(),
            capture_output=True,
            cwd=ROOT,
            check=False,
        )
        assert result.returncode == 0, result.stderr.decode()
        assert result.stderr == b""
        path = PAGES / f"{name}.html"
        path.write_bytes(result.stdout)
        return path

    return render


def _chrome_options(javascript=True):
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for argument in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--lang=en-US",
        "--window-size=1200,900",
    ]:
        options.add_argument(argument)
    # Every console message, the page's and its workers', for get_log("browser").
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    return options


def _start_driver(javascript=True):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        require(False, "selenium (PyPI)")
    require(shutil.which("chromium"), "chromium (Debian package chromium)")
    require(shutil.which("chromedriver"), "chromedriver (Debian package chromium-driver)")
    # The driver is given by path, so Selenium never tries to download one.
    service = Service(shutil.which("chromedriver"))
    return webdriver.Chrome(service=service, options=_chrome_options(javascript))


@pytest.fixture(scope="session")
def chromium():
    driver = _start_driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def chromium_without_scripts():
    driver = _start_driver(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium):
    """The shared browser, reset to a light desktop window with motion."""
    chromium.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    chromium.set_window_size(1200, 900)
    yield chromium
    chromium.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
