"""Fixtures of the browser tests: one Playwright, one Chromium and one JupyterLab per session."""

from __future__ import annotations

import pytest
from harness import ROOT, LabServer, console_problems, launch_browser, need_browser, tail, watch_console

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
def page(browser, request):
    """A fresh page (its own context) at a laptop's window size; the test fails on any console error
    or uncaught page error it leaves (``harness.CONSOLE_ALLOWED`` lists the few that are not ours)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    seen = watch_console(page)
    yield page
    context.close()
    problems = console_problems(seen)
    report = getattr(request.node, "rep_call", None)
    if problems and (report is None or report.passed):
        pytest.fail(f"{len(problems)} console error(s) in the page:\n" + "\n".join(problems[:20]))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so the page fixture knows whether the test passed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


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
