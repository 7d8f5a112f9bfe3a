"""The browser harness itself: JupyterLab in headless Chromium runs a notebook; a widget reacts to a click."""

from __future__ import annotations

from harness import errors_shown, offsite, outputs, record_requests, run_all

NOTEBOOK = "tests/browser/notebooks/smoke.ipynb"


def test_lab_runs_a_notebook_and_a_click_reaches_python(lab, page):
    seen = record_requests(page)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all(page)
    assert "2" in [text.strip() for text in outputs(page)]
    assert not errors_shown(page)
    page.get_by_role("button", name="Click me").click()
    page.get_by_text("clicked", exact=True).wait_for()  # the label changed on the Python side
    assert offsite(seen) == []  # JupyterLab asked nothing of any other host


def test_offsite_tells_local_from_remote_addresses():
    urls = ["http://127.0.0.1:8000/lab", "data:image/png;base64,xx", "blob:http://127.0.0.1/1",
            "https://cdn.jsdelivr.net/pyodide/x.js", "http://localhost:8000/"]
    assert offsite(urls) == ["https://cdn.jsdelivr.net/pyodide/x.js", "http://localhost:8000/"]


def test_console_errors_and_page_errors_are_caught(browser):
    from harness import console_problems, watch_console

    context = browser.new_context()
    page = context.new_page()
    seen = watch_console(page)
    page.set_content("<script>console.error('boom'); console.log('fine');"
                     " setTimeout(() => { throw new Error('uncaught'); }, 0);</script>")
    page.wait_for_timeout(300)
    context.close()
    problems = console_problems(seen)
    assert any("boom" in text for text in problems) and any("uncaught" in text for text in problems)
    assert not any("fine" in text for text in problems)
