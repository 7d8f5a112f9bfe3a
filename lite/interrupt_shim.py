"""Kernel > Interrupt in the in-browser site (issue 21 §2): install the shim into a built site.

jupyterlite-core 0.8.6's *Interrupt* only cancels the cells waiting in the queue, and
jupyterlite-pyodide-kernel 0.8.6 never signals Pyodide, so ``while True: pass`` ran on until a
restart. Pyodide can be interrupted through a SharedArrayBuffer (``pyodide.setInterruptBuffer``),
which a page may use only when it is *cross-origin isolated* (``serve.py`` sends the headers).
The shim, in ``lite/interrupt/``:

- ``interruptible.mjs`` (beside ``pyodide.mjs``; the kernel's ``pyodideUrl`` points to it): loads
  Pyodide as before and, isolated, gives it a shared signal and posts that to the page;
- ``interrupt.js`` (the first script of ``lab/index.html``): keeps each kernel worker's signal and,
  when a busy kernel is interrupted, writes 2 (SIGINT) into it: the cell raises KeyboardInterrupt.

Isolated, the kernel talks to its worker through ``coincident`` 1.2.3, whose page side fails when
the worker answers before the page starts waiting (``Atomics.waitAsync`` then returns at once,
without a promise: "A(...).value.then is not a function", and the cell or the kernel's start
hangs; seen in most isolated page loads here). ``patch_coincident`` makes that wait accept an
answer that is already there. jupyterlite-pyodide-kernel 0.9 (alpha) moves to coincident 4.
Every edit checks the exact text it replaces and stops the build if the packages changed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

SHIM = Path(__file__).resolve().parent / "interrupt"
PLAIN_PYODIDE_URL = "./static/pyodide/pyodide.mjs"
SHIM_PYODIDE_URL = "./static/pyodide/interruptible.mjs"
SHIM_SCRIPT = '<script src="../static/pianitsa101/interrupt.js"></script>'
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
MISFIT = "the interrupt shim does not fit this jupyterlite-pyodide-kernel (lite/interrupt_shim.py)"

# coincident 1.2.3, minified into jupyterlite-pyodide-kernel 0.8.6's page-side chunk. Its wait
# `A(isAsync, buffer)` returns Atomics.waitAsync's result, whose `value` is "not-equal" (a string)
# when the worker has already written; the fixed wait then resolves at once (a first answer, the
# length, is complete once its flag is set) or, for the answer's text (length `z` known), once its
# last character is written (JSON text never holds a NUL).
COINCIDENT_EDITS = (
    ("A=(e,t)=>e?c(t,0):",
     "A=(e,t,z)=>e?(p101w=>\"string\"!=typeof p101w.value?p101w:{value:new Promise(function p101r(g){"
     "z&&0===new d(t.buffer)[z-1]?setTimeout(p101r,0,g):g()})})(c(t,0)):"),
    ("A(u,s).value.then(()=>t(P.decode(", "A(u,s,e).value.then(()=>t(P.decode("),
)


def patch_coincident(out: Path) -> Path:
    """Fix coincident's page-side wait (see the module's docstring); return the file edited."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    chunks = [path for path in sorted(static.glob("*.js")) if "worker" not in path.name
              and COINCIDENT_EDITS[0][0] in path.read_text(encoding="utf-8")]
    if len(chunks) != 1:
        raise SystemExit(f"lite: coincident's page-side wait is in {len(chunks)} files, not 1: {MISFIT}")
    (chunk,) = chunks
    text = chunk.read_text(encoding="utf-8")
    for old, new in COINCIDENT_EDITS:
        if text.count(old) != 1:
            raise SystemExit(f"lite: {chunk.name} holds {old!r} {text.count(old)} times, not once: {MISFIT}")
        text = text.replace(old, new)
    chunk.write_text(text, encoding="utf-8")
    return chunk


def install(out: Path) -> None:
    """Install the interrupt shim into the built site ``out``."""
    patch_coincident(out)
    shutil.copy(SHIM / "interruptible.mjs", out / "static" / "pyodide" / "interruptible.mjs")
    (out / "static" / "pianitsa101").mkdir(parents=True, exist_ok=True)
    shutil.copy(SHIM / "interrupt.js", out / "static" / "pianitsa101" / "interrupt.js")
    lab = out / "lab" / "index.html"
    page = lab.read_text(encoding="utf-8")
    if "<head>" not in page:
        raise SystemExit("lite: lab/index.html has no <head>: the JupyterLite layout changed")
    lab.write_text(page.replace("<head>", "<head>\n    " + SHIM_SCRIPT, 1), encoding="utf-8")
    config_path = out / "jupyter-lite.json"
    site_config = json.loads(config_path.read_text(encoding="utf-8"))
    data = site_config["jupyter-config-data"]
    kernel = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if kernel.get("pyodideUrl") != PLAIN_PYODIDE_URL:
        raise SystemExit(f"lite: the kernel's pyodideUrl is {kernel.get('pyodideUrl')!r}, "
                         f"not {PLAIN_PYODIDE_URL!r}: {MISFIT}")
    kernel["pyodideUrl"] = SHIM_PYODIDE_URL
    data["exposeAppInBrowser"] = "true"  # window.jupyterapp: interrupt.js finds the kernel client there
    config_path.write_text(json.dumps(site_config, indent=2) + "\n", encoding="utf-8")
