"""``make lab``'s helper: your own copy of the lessons, the compiled simulators built in the background.

    python tools/lab.py run [JUPYTER LAB OPTIONS]   # what `make lab` runs
    python tools/lab.py reset [NAME ...]            # what `make lab-reset` runs

JupyterLab saves a notebook as you work in it, outputs and edits included. So that the
repository's lessons stay as published (and as nbval checks them), ``make lab`` opens a
working copy, ``my-notebooks/`` (git ignores it): ``notebooks/`` and the exercises are
copied there the first time, and a lesson that appears later is copied when it first
appears; a file you have is never overwritten.  When a lesson in the repository changed
after you copied it, ``make lab`` says so, and ``make lab-reset NB=name`` takes the new
version (your copy is moved aside, never deleted); ``make lab-reset`` starts everything over.

``run`` then starts ``python -m pianitsa101.strategy`` in the background (it compiles the
simulators, a line per piece, when they are not in numba's cache yet: one to three minutes
on a small machine) and JupyterLab at once; a cell that needs a simulator before it is
built waits for it with a progress bar.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = "my-notebooks"
MANIFEST = ".copied-from.json"  # each copied file's digest when it was copied: was it changed since?


def sources(root: Path) -> dict[str, Path]:
    """The files a learner gets, by their path in the copy: the lessons and the students' exercises."""
    files: dict[str, Path] = {}
    for folder, pattern in (("notebooks", "*"), ("exercises", "*")):
        for path in sorted((root / folder).glob(pattern)):
            if path.is_file() and path.suffix in (".ipynb", ".md"):  # not the exercises' sources/solutions
                files[f"{folder}/{path.name}"] = path
    return files


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _manifest(work: Path) -> dict[str, str]:
    try:
        return json.loads((work / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def prepare(root: Path = ROOT, work: Path | None = None, out=sys.stdout) -> list[str]:
    """Copy what the working copy lacks (never overwriting); the names whose original changed since."""
    work = root / WORK if work is None else work
    manifest = _manifest(work)
    copied, newer = [], []
    for name, source in sources(root).items():
        target = work / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
            manifest[name] = _digest(source)
            copied.append(name)
        elif name in manifest and manifest[name] != _digest(source):
            newer.append(name)
    (work / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    if copied:
        out.write(f"pianitsa101: {len(copied)} lessons and exercises copied to {work.name}/ "
                  "(yours to change; notebooks/ stays as published)\n")
    if newer:
        names = " ".join(Path(n).name for n in newer)
        out.write(f"pianitsa101: newer in the repository than your copy: {names}\n"
                  f"    take one with `make lab-reset NB=<name>` (your copy is kept aside), "
                  f"all with `make lab-reset`\n")
    return newer


def reset(names: list[str], root: Path = ROOT, work: Path | None = None, out=sys.stdout) -> Path | None:
    """Move the named files (all, when none is named) aside into a dated folder, then copy them afresh."""
    work = root / WORK if work is None else work
    everything = sources(root)
    if names:
        chosen = []
        for name in names:
            found = [k for k in everything if Path(k).name in (name, f"{name}.ipynb") or k == name]
            if not found:
                raise SystemExit(f"lab-reset: no lesson or exercise named {name!r}; "
                                 f"names look like {next(iter(everything))!r}")
            chosen += found
    else:
        chosen = list(everything)
    aside = root / f"{WORK}-before-{time.strftime('%Y%m%d-%H%M%S')}"
    moved = False
    manifest = _manifest(work)
    for name in chosen:
        target = work / name
        if target.exists():
            (aside / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(target), str(aside / name))
            moved = True
        manifest.pop(name, None)
    if work.exists():
        (work / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    if moved:
        out.write(f"pianitsa101: your previous copies are in {aside.name}/\n")
    prepare(root, work, out)
    return aside if moved else None


def run(lab_args: list[str], root: Path = ROOT) -> None:
    """Prepare the working copy, start the background build, then become JupyterLab."""
    prepare(root)
    python = sys.executable
    sys.stdout.write("pianitsa101: JupyterLab starts now; the compiled simulators build beside it if they "
                     "are not built yet (one to three minutes on a small machine, a line per piece below)\n")
    sys.stdout.flush()
    # the simulators and the bot's playouts (strategy adds those); it ends with JupyterLab's Ctrl-C
    subprocess.Popen([python, "-m", "pianitsa101.strategy"], cwd=root)
    jupyter = Path(python).with_name("jupyter")
    os.chdir(root)
    os.execv(str(jupyter), [str(jupyter), "lab", *lab_args])


def main(argv: list[str]) -> None:
    """The command line (see the module text)."""
    if not argv or argv[0] not in ("run", "reset", "prepare"):
        raise SystemExit(__doc__.split("\n\n")[1])
    if argv[0] == "run":
        run(argv[1:])
    elif argv[0] == "reset":
        reset(argv[1:])
    else:
        prepare()


if __name__ == "__main__":
    main(sys.argv[1:])
