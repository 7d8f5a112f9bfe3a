"""Jupyter Notebook 7 and Voila servers for the browser tests (beside ``harness.LabServer``).

Each runs from the repository's root on 127.0.0.1 at a free port, in a private config folder
(no settings or workspaces of the machine), writing its output to a log file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import ROOT, _Server, _wait_for, free_port, private_lab_config


def _private_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
                "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"), "PYTHONHASHSEED": "0"})
    return env


# Voila's page template links Font Awesome (the buttons' icons) from a CDN, which this closed network cannot
# reach: that request, and only that one, may fail (docs/tables.md says so); any other failure is an error.
OFFLINE_ONLY = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free",)


# Notebook 7.6.5 (with JupyterLab 4.6.6) throws this on loading any notebook, an empty one too, from its own
# notebook_core bundle: not the tables' error, so it alone is let through (docs/tables.md says so).
NOTEBOOK7_OWN = "Cannot read properties of undefined (reading 'schema')"


def console_errors(page, allow: tuple[str, ...] = ()) -> list[str]:
    """Start collecting console errors, uncaught page errors and failed requests (the list grows)."""
    seen: list[str] = []
    page.on("console", lambda message: seen.append(message.text)
            if message.type == "error" and "net::ERR_NAME_NOT_RESOLVED" not in message.text else None)
    page.on("pageerror", lambda error: None if str(error) in allow else seen.append(str(error)))
    page.on("requestfailed", lambda request: None if request.url.startswith(OFFLINE_ONLY)
            else seen.append(f"request failed: {request.url}"))
    return seen


class _JupyterServer(_Server):
    def __init__(self, command: list[str], ready_path: str, root: Path = ROOT,
                 startup_seconds: float = 120) -> None:
        self.port = free_port()
        self._home = Path(tempfile.mkdtemp(prefix="p101-server-"))
        self.log = self._home / "server.log"
        # Voila loads every lab extension, Notebook 7's own too, and cannot give that one the modules it
        # shares (a console error on every Voila page): disabled for Voila only (Notebook needs it).
        voila = Path(command[0]).name == "voila"
        private_lab_config(self._home, "@jupyter-notebook/lab-extension" if voila else None)
        if hasattr(os, "geteuid") and os.geteuid() == 0 and Path(command[0]).name != "voila":
            command.append("--allow-root")
        command = [c.replace("{port}", str(self.port)) for c in command]
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            env=_private_env(self._home), cwd=root)
        self.base = f"http://127.0.0.1:{self.port}"
        _wait_for(f"{self.base}/{ready_path}", self.process, self.log, startup_seconds)

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self._home, ignore_errors=True)


class NotebookServer(_JupyterServer):
    """Jupyter Notebook 7 (the one-notebook-per-tab interface) serving ``root``.

    It saves the notebooks it opens (autosave): give it a copy of a lesson, never the repository's.
    """

    token = "pianitsa101-test"

    def __init__(self, root: Path) -> None:
        jupyter = str(Path(sys.executable).with_name("jupyter"))
        super().__init__([jupyter, "notebook", "--no-browser", "--ip=127.0.0.1", "--port={port}",
                          f"--ServerApp.token={self.token}", f"--ServerApp.root_dir={root}"],
                         f"api/status?token={self.token}", root)

    def notebook_url(self, path: str) -> str:
        return f"{self.base}/notebooks/{path}?token={self.token}"


class VoilaServer(_JupyterServer):
    """Voila showing one notebook as an app: its cells run on opening, only their outputs are shown."""

    def __init__(self, notebook: str) -> None:
        voila = str(Path(sys.executable).with_name("voila"))
        super().__init__([voila, notebook, "--no-browser", "--port={port}", "--Voila.ip=127.0.0.1"], "")
