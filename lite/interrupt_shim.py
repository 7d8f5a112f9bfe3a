"""Kernel > Interrupt in the in-browser site: install the shim into a built site.

jupyterlite-core 0.8.6's *Interrupt* only cancels the cells waiting in the queue, and
jupyterlite-pyodide-kernel 0.8.6 never signals Pyodide, so ``while True: pass`` ran on until a
restart. Pyodide can be interrupted through a SharedArrayBuffer (``pyodide.setInterruptBuffer``),
which a page may use only when it is *cross-origin isolated* (``serve.py`` sends the headers).
The shim, in ``lite/interrupt/``:

- ``interruptible.mjs`` (beside ``pyodide.mjs``; the kernel's ``pyodideUrl`` points to it): loads
  Pyodide as before and, isolated, gives it a shared signal and posts that to the page;
- ``interrupt.js`` (the first script of ``lab/index.html``): keeps each kernel worker's signal and,
  when a busy kernel is interrupted, writes 2 (SIGINT) into it: the cell raises KeyboardInterrupt.

Isolated, the kernel talks to its worker through ``coincident`` 1.2.3, whose waits fail when the
other side answers before they start (on the page "A(...).value.then is not a function", seen in
most isolated page loads here, and the call never gets its answer; in the worker a half-read
answer, a Pyodide fatal error at a kernel's start). ``patch_coincident`` fixes both waits.
jupyterlite-pyodide-kernel 0.9 (alpha) moves to coincident 4.
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

# coincident 1.2.3 as minified into jupyterlite-pyodide-kernel 0.8.6: a call to the other side
# waits twice, for the answer's length, then for its text, which the other side writes over the
# same buffer. Each side's wait `A`/`u` may find the answer already there: the page's
# Atomics.waitAsync then returns "not-equal" at once and no promise ("A(...).value.then is not a
# function"), the worker's Atomics.wait returns and it reads a half-written text ("Pyodide has
# suffered a fatal error ... SyntaxError: ... JSON", seen on a kernel start here). The fixed waits
# take an answer that is there and, for a text of known length `z`, wait until its last character
# is written (JSON text never holds a NUL).
PAGE_EDITS = (  # the kernel extension's chunk holding the page side
    ("A=(e,t)=>e?c(t,0):",
     "A=(e,t,z)=>e?(p101w=>\"string\"!=typeof p101w.value?p101w:{value:new Promise(function p101r(g){"
     "z&&0===Atomics.load(new d(t.buffer),z-1)?setTimeout(p101r,0,g):g()})})(c(t,0)):"),
    ("A(u,s).value.then(()=>t(P.decode(", "A(u,s,e).value.then(()=>t(P.decode("),
)
WORKER_EDITS = (  # coincident.worker.*.js, the isolated kernel's worker
    ("u=(e,t)=>e?re(t,0):(o?at(t,l,o):ge(t,0),ut)",
     "u=(e,t,z)=>e?re(t,0):(o?at(t,l,o):ge(t,0),(()=>{if(z)for(let p101q=new Pe(t.buffer);"
     "0===Atomics.load(p101q,z-1););})(),ut)"),
    ("u(f,o).value.then(()=>t(h.decode(", "u(f,o,e).value.then(()=>t(h.decode("),
)


def _edit(files: list[Path], edits: tuple[tuple[str, str], ...]) -> Path:
    """Apply ``edits`` to the one file of ``files`` that holds the first; return it."""
    holding = [path for path in files if edits[0][0] in path.read_text(encoding="utf-8")]
    if len(holding) != 1:
        raise SystemExit(f"lite: coincident's wait is in {len(holding)} files, not 1: {MISFIT}")
    (path,) = holding
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        if text.count(old) != 1:
            raise SystemExit(f"lite: {path.name} holds {old!r} {text.count(old)} times, not once: {MISFIT}")
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return path


def patch_coincident(out: Path) -> list[Path]:
    """Fix coincident's waits on the page and in the kernel worker (see above); return the files."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    scripts = sorted(static.glob("*.js"))
    return [_edit([path for path in scripts if "worker" not in path.name], PAGE_EDITS),
            _edit([path for path in scripts if path.name.startswith("coincident.worker.")], WORKER_EDITS)]


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
