"""Time a fresh clone's first start: ``make lab`` until JupyterLab's URL, and until a first simulation.

    python tools/time_first_start.py SOURCE [--branch NAME] [--keep]

clones SOURCE (a path or URL) into a temporary folder, runs ``make lab`` there (which builds
its own ``.venv``), notes when the URL appears, then at once runs ``SimulationPanel().run()``
(10,000 games of Пьяница) in the clone's venv and notes when it has its result; then stops
JupyterLab and any build it started, and removes the clone (unless ``--keep``). The figures
go to stdout; the results page (docs/results.md, "The first start") quotes them.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

URL = re.compile(r"https?://(?:127\.0\.0\.1|localhost)[^\s]*/lab\?token=\w+")
PANEL = ("import time; t = time.perf_counter()\n"
         "from pianitsa101.widgets import SimulationPanel\n"
         "p = SimulationPanel(); ok = p.run()\n"
         "print('panel', ok, f'{time.perf_counter() - t:.1f}', p.progress_text.value)\n")


def clean_env() -> dict[str, str]:
    """This environment without any virtualenv or PYTHONPATH, so the clone uses only its own code."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NUMBA_CACHE_DIR")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("--branch")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    where = Path(tempfile.mkdtemp(prefix="first-start-"))
    clone = where / "clone"
    branch = ["--branch", args.branch] if args.branch else []
    subprocess.run(["git", "clone", "--quiet", *branch, args.source, str(clone)], check=True)
    env = clean_env()
    start = time.perf_counter()
    lab = subprocess.Popen(["make", "lab"], cwd=clone, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, start_new_session=True)
    seen: dict[str, float] = {}
    log = where / "make-lab.log"

    def read() -> None:
        with log.open("w") as out:
            for line in lab.stdout:
                now = time.perf_counter() - start
                out.write(f"{now:7.1f} {line}")
                out.flush()
                if "url" not in seen and URL.search(line):
                    seen["url"] = now
                if "compiled simulators ready" in line and "built" not in seen:
                    seen["built"] = now

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        while "url" not in seen:
            if lab.poll() is not None:
                sys.exit(f"make lab stopped (exit {lab.returncode}) before a URL; see {log}")
            time.sleep(0.2)
        print(f"make lab to the URL: {seen['url']:.0f} s")
        panel = subprocess.run([str(clone / ".venv/bin/python"), "-c", PANEL], cwd=clone, env=env,
                               capture_output=True, text=True)
        now = time.perf_counter() - start
        said = panel.stdout.strip() or panel.stderr[-400:]
        print(f"to a first SimulationPanel result: {now:.0f} s ({said})")
        deadline = time.perf_counter() + 400
        while "built" not in seen and time.perf_counter() < deadline and "background" in log.read_text():
            time.sleep(1)
        if "built" in seen:
            print(f"background build done at: {seen['built']:.0f} s")
    finally:
        os.killpg(lab.pid, signal.SIGTERM)  # the process group this script started: make, lab, any build
        lab.wait(timeout=30)
        reader.join(timeout=5)
        print(f"log: {log}")
        if not args.keep:
            shutil.rmtree(clone, ignore_errors=True)


if __name__ == "__main__":
    main()
