"""Driving notebooks in a real browser: headless Chromium through Playwright, JupyterLab or a static site.

The browser tests open notebooks the way a learner does, in JupyterLab (``LabServer``) or in
the in-browser JupyterLite site (``StaticServer``), run them, click, and look at the page.

- ``need_browser()``: the path of Chromium; without it the test skips with the reason, except
  in CI (``CI=true``), where a missing browser is a failure (``.ci/run`` installs it with apt).
- ``launch_browser(playwright)``: Debian's Chromium with the flags this kind of machine needs
  (no sandbox as root; no background networking, which the closed network refuses anyway).
- ``open_notebook(page, url)``, ``run_all(page)``: open a notebook, wait until its kernel is
  connected and idle, run every cell, wait until every cell has run and the kernel is idle.
- ``watch_console(page)`` and ``console_problems(seen)``: every ``console.error`` and uncaught
  page error, less the few in ``CONSOLE_ALLOWED`` (each proven to be outside the project's
  control); the ``page`` fixture fails every browser test that leaves one.
- ``record_requests(page)`` and ``offsite(urls)``: every URL the page's browser context asked for,
  and those that went anywhere but 127.0.0.1 (to prove the site works offline).

Servers write their output to a log file (never to an unread pipe, which fills and blocks
the server); a failing test shows the log's tail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_FLAGS = [
    "--no-sandbox",  # Chromium's sandbox refuses to run as root (CI runs as root)
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",  # else it keeps trying Google's hosts on a closed network
    "--disable-component-update",
    "--disable-sync",
]
_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
TIMEOUT_MS = 120_000  # a cold JupyterLite start takes about 40 s on this machine; leave room


def in_ci() -> bool:
    """True when running in CI, where a browser test must run, never skip."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def chromium_path() -> str | None:
    """The Chromium executable: $CHROMIUM, or a system one, or None."""
    for path in (os.environ.get("CHROMIUM"), *_CANDIDATES, shutil.which("chromium")):
        if path and Path(path).is_file() and os.access(path, os.X_OK):
            return path
    return None


def need(condition: bool, reason: str) -> None:
    """Skip with ``reason`` when ``condition`` is false; in CI, fail instead."""
    if condition:
        return
    if in_ci():
        pytest.fail(f"{reason} (CI=true: browser tests must run, not skip; .ci/run installs it)")
    pytest.skip(reason)


def need_browser() -> str:
    """The Chromium path and the Python playwright package, or skip (locally) / fail (CI)."""
    path = chromium_path()
    need(path is not None, "Chromium is not installed (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        need(False, "the playwright package is not installed (it is in pyproject's test extra)")
    return path  # type: ignore[return-value]


def launch_browser(playwright, **options):
    """Headless Chromium (the system's, never a downloaded one) with this machine's flags."""
    return playwright.chromium.launch(executable_path=need_browser(), args=CHROMIUM_FLAGS,
                                      headless=True, **options)


def private_lab_config(home: Path, disabled: str | None = None) -> Path:
    """Write a server's private settings under ``home``: ``disabled`` off (if given), windowing off.

    JupyterLab and Notebook 7 draw only the cells in view ("windowing"), and a test reads every
    cell's prompt. Returns the notebook extension's settings folder.
    """
    if disabled:
        labconfig = home / "config" / "labconfig"
        labconfig.mkdir(parents=True)
        (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {disabled: True}}))
    tracker = home / "config" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    return tracker


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, process: subprocess.Popen, log: Path, seconds: float) -> None:
    """Poll ``url`` until it answers 200; fail with the server's log if it dies or times out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}:\n{tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.25)
    raise RuntimeError(f"the server did not answer {url} within {seconds:.0f} s:\n{tail(log)}")


def tail(log: Path, lines: int = 40) -> str:
    """The last lines of a log file."""
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class _Server:
    """A background server process with a log file; stop() ends it."""

    process: subprocess.Popen
    log: Path
    base: str

    def url(self, path: str = "") -> str:
        """The address of ``path`` on this server."""
        return f"{self.base}/{path.lstrip('/')}"

    def stop(self) -> None:
        """End the server (and wait for it)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class LabServer(_Server):
    """JupyterLab serving ``root`` on 127.0.0.1 at a free port, with a token and a private workspace."""

    def __init__(self, root: Path = ROOT, startup_seconds: float = 120) -> None:
        self.root = Path(root)
        self.port = free_port()
        self.token = "pianitsa101-test"
        self._home = Path(tempfile.mkdtemp(prefix="p101-lab-"))
        self.log = self._home / "jupyterlab.log"
        # JupyterLab asks in a toast whether to fetch Jupyter news (which would cover buttons and
        # try the network): the announcements plugin is disabled in a private config folder.
        tracker = private_lab_config(self._home, "@jupyterlab/apputils-extension:announcements")
        # Running a lesson must not write its new outputs into the repository's notebooks.
        docmanager = tracker.parent / "docmanager-extension"
        docmanager.mkdir(parents=True)
        (docmanager / "plugin.jupyterlab-settings").write_text('{"autosave": false}')
        env = dict(os.environ)
        env.update({
            "JUPYTER_CONFIG_DIR": str(self._home / "config"),
            "JUPYTERLAB_WORKSPACES_DIR": str(self._home / "workspaces"),  # no layout from earlier runs
            "JUPYTER_RUNTIME_DIR": str(self._home / "runtime"),
            "PYTHONHASHSEED": "0",
        })
        jupyter = Path(sys.executable).with_name("jupyter")
        command = [str(jupyter), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
                   f"--ServerApp.token={self.token}", f"--ServerApp.root_dir={self.root}",
                   "--ServerApp.open_browser=False",
                   "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                            cwd=self.root)
        self.base = f"http://127.0.0.1:{self.port}"
        _wait_for(f"{self.base}/api/status?token={self.token}", self.process, self.log, startup_seconds)

    def shutdown_kernels(self) -> None:
        """Shut down every running kernel (a test that ran a lesson frees its memory for the next)."""
        api = f"{self.base}/api/kernels"
        with urllib.request.urlopen(f"{api}?token={self.token}", timeout=30) as answer:
            kernels = json.loads(answer.read())
        for kernel in kernels:
            request = urllib.request.Request(f"{api}/{kernel['id']}?token={self.token}", method="DELETE")
            urllib.request.urlopen(request, timeout=60).close()

    def notebook_url(self, path: str) -> str:
        """The address that opens the notebook at ``path`` (relative to the root) in JupyterLab."""
        return f"{self.base}/lab/tree/{path}?token={self.token}&reset"

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self._home, ignore_errors=True)


class StaticServer(_Server):
    """A static HTTP server for ``folder`` on 127.0.0.1 at a free port (for the JupyterLite site)."""

    def __init__(self, folder: Path, isolated: bool = False) -> None:
        """``isolated``: serve with the site's own ``serve.py`` (cross-origin isolation headers),
        else with plain ``http.server`` (a static host that sends no headers)."""
        self.folder = Path(folder)
        self.port = free_port()
        self.log = Path(tempfile.mkstemp(prefix="p101-static-", suffix=".log")[1])
        command = ([sys.executable, str(self.folder / "serve.py"), "--port", str(self.port)] if isolated else
                   [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                    "--directory", str(self.folder)])
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        _wait_for(self.base + "/", self.process, self.log, 30)

    def stop(self) -> None:
        super().stop()
        self.log.unlink(missing_ok=True)  # the log is read only when the server fails to start


# ----- a notebook in the page -----------------------------------------------------------------

_PROMPT_DONE = re.compile(r"\[\d+\]:")


def status_text(page) -> str:
    """The text of JupyterLab's status bar (kernel name and state, e.g. 'Python 3 (ipykernel) | Idle')."""
    bar = page.locator(".jp-StatusBar-Widget")
    return bar.inner_text() if bar.count() else ""


def wait_kernel_idle(page, timeout_ms: int = TIMEOUT_MS) -> None:
    """Wait until the notebook's kernel is connected and idle (the status bar says '| Idle')."""
    page.wait_for_function(
        "() => { const b = document.querySelector('.jp-StatusBar-Widget');"
        " return b && /\\|\\s*Idle/.test(b.innerText); }", timeout=timeout_ms)


def open_notebook(page, url: str, timeout_ms: int = TIMEOUT_MS) -> None:
    """Open the notebook at ``url`` and wait until it is shown and its kernel is idle."""
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout_ms)
    wait_kernel_idle(page, timeout_ms)


def cell_prompts(page) -> list[str]:
    """The input prompts of the code cells ('[3]:', '[*]:', '[ ]:')."""
    return [p.strip() for p in page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt").all_inner_texts()]


def run_all(page, timeout_ms: int = TIMEOUT_MS) -> None:
    """Run every cell (Run > Run All Cells) and wait until each has run and the kernel is idle."""
    wait_kernel_idle(page, timeout_ms)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator('li[data-command="runmenu:run-all"]').click()
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        prompts = cell_prompts(page)
        if prompts and all(_PROMPT_DONE.fullmatch(p) for p in prompts) and "| Idle" in status_text(page):
            return
        time.sleep(0.25)
    shown = errors_shown(page)
    error = f"; an error is shown:\n{shown[0]}" if shown else ""
    raise AssertionError(f"the notebook did not finish running: prompts {cell_prompts(page)}, "
                         f"status {status_text(page)!r}{error}")


def outputs(page) -> list[str]:
    """The text of every cell output, in order."""
    return page.locator(".jp-Notebook .jp-OutputArea-output").all_inner_texts()


_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|^\s*\w*(Error|Exception|Interrupt)\b", re.M)


def errors_shown(page) -> list[str]:
    """The text of every error output: a traceback in the page means a cell raised. (JupyterLab draws
    errors and stderr alike: a notice on stderr, such as the simulator's "building ... once", is none.)"""
    shown = page.locator(".jp-Notebook .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
                         ).all_inner_texts()
    return [text for text in shown if _TRACEBACK.search(text)]


def record_requests(page) -> list[str]:
    """Start recording every URL requested by ``page``'s browser context (its pages, workers and
    service workers); returns the list, which grows as requests are made."""
    seen: list[str] = []
    page.context.on("request", lambda request: seen.append(request.url))
    return seen


def offsite(urls: list[str], allowed_host: str = "127.0.0.1") -> list[str]:
    """The URLs that went anywhere but ``allowed_host`` (data:, blob: and about: URLs are local)."""
    out = []
    for url in urls:
        if url.startswith(("data:", "blob:", "about:")):
            continue
        host = re.sub(r"^[a-z-]+://", "", url).split("/", 1)[0].rsplit(":", 1)[0]
        if host != allowed_host:
            out.append(url)
    return out


# ----- console errors -------------------------------------------------------------------------

# Console errors a test may ignore: each one is proven to come from outside the project (the
# Jupyter front ends themselves, with nothing of ours on the page), with the reason. Keep it short.
CONSOLE_ALLOWED: list[tuple[re.Pattern, str]] = []


def watch_console(page) -> list[str]:
    """Start collecting the page's ``console.error`` messages and uncaught errors (a growing list)."""
    seen: list[str] = []
    page.on("console", lambda message: message.type == "error" and seen.append(
        f"console.error: {message.text} ({message.location.get('url', '')})"))
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    page.context.on("weberror", lambda error: seen.append(f"web error: {error.error}"))
    return seen


def console_problems(seen: list[str]) -> list[str]:
    """The collected messages that are not in ``CONSOLE_ALLOWED``."""
    return [text for text in seen if not any(pattern.search(text) for pattern, _ in CONSOLE_ALLOWED)]
