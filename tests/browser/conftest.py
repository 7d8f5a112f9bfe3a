"""Fixtures of the browser tests: one Playwright, one Chromium and one JupyterLab per session."""

from __future__ import annotations

import pytest
from harness import ROOT, LabServer, launch_browser, need_browser, tail

# The notebooks here are opened by the browser tests, not compared by nbval.
collect_ignore_glob = ["notebooks/*"]


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (skips locally without it; fails in CI)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page (its own context) at a laptop's window size."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def lab():
    """JupyterLab serving the repository on 127.0.0.1 (its log is shown if a test fails to start it)."""
    need_browser()
    server = LabServer(ROOT)
    try:
        yield server
    finally:
        log = tail(server.log)
        server.stop()
        if "Traceback" in log:
            print("JupyterLab log tail:\n" + log)
