"""A class service in a process of its own, on 127.0.0.1: for the tests, the benchmark and a demonstration.

>>> with ClassProcess(data) as room:                  # doctest: +SKIP
...     room.address, room.code, room.token           # what make class prints
...     room.kill()                                   # kill -9
...     room.start()                                  # the same class again, on the same port
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["ClassProcess"]


class ClassProcess:
    """``python -m pianitsa101.classroom --host 127.0.0.1`` on a folder; start, kill (-9), stop."""

    def __init__(self, data: Path, site: Path | None = None, port: int = 0, jobs: int = 1) -> None:
        self.data, self.site, self.port, self.jobs = Path(data), site, port, jobs
        self.proc: subprocess.Popen | None = None
        self.address = self.code = self.token = ""
        self.log = self.data.parent / f"{self.data.name}.log"

    def start(self, timeout: float = 60) -> ClassProcess:
        """Start the service and wait until it answers; the port stays the same across restarts."""
        command = [sys.executable, "-m", "pianitsa101.classroom", "--host", "127.0.0.1", "--port",
                   str(self.port), "--data", str(self.data), "--site", str(self.site or "none"),
                   "--jobs", str(self.jobs)]
        self.data.mkdir(parents=True, exist_ok=True)
        out = self.log.open("ab")
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=out, start_new_session=True)
        out.close()
        lines: dict[str, str] = {}
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while "data" not in lines:
            line = self.proc.stdout.readline().decode(errors="replace")
            if not line:
                raise RuntimeError(f"the class service stopped: see {self.log}")
            match = re.match(r"^(students|code|board|data): (\S+)", line)
            if match:
                lines[match.group(1)] = match.group(2)
            if time.monotonic() > deadline:
                raise RuntimeError("the class service did not start in time")
        self.address, self.code = lines["students"], lines["code"]
        self.token = lines["board"].split("token=", 1)[1]
        self.port = int(re.search(r":(\d+)/", self.address).group(1))
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.address + "class", timeout=5).close()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the class service does not answer")

    @property
    def board_url(self) -> str:
        """The board's address with the teacher's token."""
        return f"{self.address}board?token={self.token}"

    def kill(self) -> None:
        """``kill -9``: no chance to finish anything."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        """Stop it as Ctrl-C does (then kill it if it lingers)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()

    def teacher(self, path: str, body: dict | None = None) -> Any:
        """A request with the teacher's token; the JSON answer (or the text of a CSV)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.address.rstrip("/") + path, data=data,
                                         headers={"x-teacher-token": self.token,
                                                  "content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read().decode()
            return json.loads(text) if answer.headers.get_content_type() == "application/json" else text

    def __enter__(self) -> ClassProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
