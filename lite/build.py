"""Build the in-browser site (JupyterLite) into ``dist/lite``: ``make lite``.

Everything comes from PyPI and the npm registry, at build time only; the site then works
with no network at all (no CDN).  The recipe (``/work/shared/notes/jupyterlite.md``):

1. the package's own wheel (``pip wheel``);
2. the Pyodide runtime from npm (``npm pack pyodide@PYODIDE``, kept in ``lite/cache``),
   with the packages table of its ``pyodide-lock.json`` emptied (its wheels live on a CDN);
3. the notebooks of ``notebooks/`` and ``exercises/`` that run in the browser, chosen by
   scanning their imports (numpy, matplotlib and numba do not exist there), copied with the
   kernel ``python`` (Pyodide) instead of ``python3``, and a front page ``index.ipynb``
   listing what is in the site and what needs ``make lab``;
4. ``jupyter lite build`` with the ``PyodideLockAddon``, which resolves the kernel's wheels,
   ipywidgets, anywidget (and psygnal) and the package from PyPI into the site's own lock.

Run it with the tools of ``lite/requirements.txt`` (``make lite`` makes ``.venv-lite``).
"""

from __future__ import annotations

import argparse
import ast
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import interrupt_shim  # lite/interrupt_shim.py: Kernel > Interrupt stops a running cell

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "lite" / "cache"  # kept between builds: the npm tarball of the Pyodide runtime
OUT = ROOT / "dist" / "lite"  # the site; its JupyterLite project folder is build/lite (made anew)
PYODIDE = "314.0.6"  # the Pyodide that jupyterlite-pyodide-kernel 0.8.6 runs (its constants.py)
SOURCES = ("notebooks", "exercises", "notebooks/ru", "exercises/ru")  # the folders whose notebooks may go
# into the site: the English editions, then the Russian ones (a folder not there yet adds nothing)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js",
                 "package.json", "pyodide-lock.json")
# What a notebook may import in the site: the standard library, and what the lock holds.
SITE_PACKAGES = {"pianitsa101", "ipywidgets", "anywidget", "psygnal", "traitlets", "IPython", "comm",
                 "ipykernel", "micropip", "piplite", "pyodide", "js", "typing_extensions"}
# ... except these parts of the package, made for a full Python only (the lessons' matplotlib figures;
# pianitsa101.lessons draws them as SVG where matplotlib is missing):
FULL_PYTHON_ONLY = ("pianitsa101.lessons.mplchart",)
NOT_IN_BROWSER = ["numpy", "numba", "llvmlite", "matplotlib", "jupyterlab",  # left out of the lock
                  "jupyterlab-language-pack-ru-RU"]  # make lab-ru's menus (not the site's JupyterLab)
# (babel, which writes the Russian numbers, is pure Python: it comes into the lock as a dependency)
# ... unless PyPI has wheels for the site's Pyodide: then the build takes them (asked of uv every build).
OPTIONAL = ("numpy", "matplotlib")
# uv's name for a Pyodide ABI (pyodide-lock.json's info.abi_version); an ABI uv does not know
# can take only pure-Python wheels.
UV_PLATFORMS = {"2024_0": "wasm32-pyodide2024", "2025_0": "wasm32-pyodide2025",
                "2026_0": "wasm32-pyodide2026"}
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}


def log(message: str) -> None:
    """One line of progress on stderr."""
    print(f"lite: {message}", file=sys.stderr, flush=True)


def run(command: list[str], **options) -> str:
    """Run a command, failing with its output when it fails; return its output (stdout and stderr)."""
    done = subprocess.run(command, capture_output=True, text=True, **options)
    if done.returncode:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-8000:])
        raise SystemExit(f"lite: {' '.join(command[:4])} ... failed with {done.returncode}")
    return done.stdout + done.stderr


def warnings_in(output: str) -> list[str]:
    """The lines of a tool's output that warn (shown after every build, never hidden)."""
    return [line.strip() for line in output.splitlines() if re.search(r"\bwarn(ing)?\b|\[W ", line, re.I)]


# ----- which notebooks run in the browser ---------------------------------------------------------


def imported_modules(notebook: dict) -> set[str]:
    """The modules a notebook's code cells import, dotted (``%matplotlib`` counts as matplotlib)."""
    found: set[str] = set()
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = "".join(cell.get("source", []))
        lines = []
        for line in source.splitlines():
            stripped = line.strip()
            if stripped.startswith(("%", "!")):
                magic = re.match(r"%+(\w+)", stripped)
                if magic and magic.group(1) in ("matplotlib", "pylab"):
                    found.add("matplotlib")
                lines.append("")
            else:
                lines.append(line)
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return found


def missing_in_browser(notebook: dict, taken: frozenset[str] = frozenset()) -> list[str]:
    """The modules a notebook imports that the site cannot give it (sorted; empty: it runs there);
    ``taken`` are the ``OPTIONAL`` packages this build found wheels for."""
    available = set(sys.stdlib_module_names) | SITE_PACKAGES | taken
    missing = set()
    for name in imported_modules(notebook):
        root = name.partition(".")[0]
        if root not in available:
            missing.add(root)
        elif any(name == full or name.startswith(full + ".") for full in FULL_PYTHON_ONLY):
            missing.add(name)
    return sorted(missing)


def title_of(notebook: dict, fallback: str) -> str:
    """The first heading of a notebook's first markdown cell, or ``fallback``."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return fallback


Chosen = tuple[list[tuple[str, str]], list[tuple[str, str, list[str]]]]


def choose_notebooks(taken: frozenset[str] = frozenset()) -> Chosen:
    """(path, title) of the notebooks for the site, and (path, title, missing) of those left out."""
    chosen, left_out = [], []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).glob("*.ipynb")):
            notebook = json.loads(path.read_text(encoding="utf-8"))
            rel = f"{folder}/{path.name}"
            missing = missing_in_browser(notebook, taken)
            title = title_of(notebook, path.stem)
            if missing:
                left_out.append((rel, title, missing))
            else:
                chosen.append((rel, title))
    return chosen, left_out


def site_copy(notebook: dict) -> dict:
    """The notebook as the site shows it: the Pyodide kernel, no widget state, outputs kept."""
    notebook = json.loads(json.dumps(notebook))
    notebook.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
    notebook["metadata"].pop("widgets", None)
    return notebook


def russian(path: str) -> bool:
    """True for a notebook of the Russian edition (``notebooks/ru/``, ``exercises/ru/``)."""
    return path.split("/")[1:2] == ["ru"]


def front_page(chosen: list[tuple[str, str]], left_out: list[tuple[str, str, list[str]]]) -> dict:
    """``index.ipynb``: what is in the site, what needs ``make lab``, how it works; English, then Russian."""
    ru_chosen, ru_left = [c for c in chosen if russian(c[0])], [c for c in left_out if russian(c[0])]
    chosen, left_out = [c for c in chosen if not russian(c[0])], [c for c in left_out if not russian(c[0])]
    lessons = "\n".join(f"- [{title}]({path})" for path, title in chosen) or "- (none yet)"
    others = "\n".join(f"- {title} (`{path}`): uses {', '.join(missing)}"
                       for path, title, missing in left_out)
    text = [
        "# pianitsa101 in your browser\n",
        "*По-русски: русская часть этой страницы и русские уроки — ниже, после английской "
        "(раздел «pianitsa101 в браузере»).*\n",
        "Learn the Russian card games **Пьяница** (Drunkard) and **101** by playing them. Python runs "
        "inside this page (Pyodide): nothing is installed, and your code runs on this computer.\n",
        "## In this site\n",
        lessons + "\n",
        "Open a lesson, then **Run > Run All Cells** (the first start takes up to a minute while Python "
        "loads in the page). Your changes are kept in this browser only: use **File > Download** to keep "
        "a copy.\n",
        "## Lessons that need `make lab`\n",
        (others + "\n\n" if others else "None: every lesson is here.\n\n")
        + "They use numpy, matplotlib or numba, which do not run in the browser. On a computer with "
        "Python, `make lab` in the project folder installs everything and opens them in JupyterLab.\n",
        "## If a cell runs for ever\n",
        "A cell that never ends (a `while True:` loop, say) keeps the kernel busy: its prompt stays `[*]`. "
        "Use **Kernel > Interrupt** (or the ■ button above the notebook): the cell stops with "
        "`KeyboardInterrupt` within a few seconds, and your variables stay.\n",
        "If it does not stop, this site is served without the two headers below: use **Kernel > Restart "
        "Kernel** (about ten seconds), then **Run > Run All Cells**; what you typed stays. A cell with "
        "`import js; js.crossOriginIsolated` shows `True` where *Interrupt* stops a running cell.\n",
        "*For the teacher:* *Interrupt* needs a cross-origin isolated page. The site's own `serve.py` "
        "(`python3 serve.py` in its folder, or `make lite-serve`) sends the two headers with every file: "
        "`Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy: require-corp`; on "
        "another web host, configure them for the whole folder. Where a host cannot (GitHub Pages, say), "
        "everything else works the same, but *Interrupt* only cancels the cells waiting to run.\n",
        "## Simulations here\n",
        "`simulate_pianitsa` and `simulate_101` run in pure Python in the browser: the same games as "
        "the compiled simulator for the same seed, about a hundred times slower, so their default "
        "sample is smaller (every result says so in a sentence).\n",
    ]
    text += front_page_ru(ru_chosen, ru_left)
    text = [part if part.endswith("\n\n") else part.rstrip("\n") + "\n\n" for part in text]
    text[-1] = text[-1].rstrip("\n") + "\n"
    return {"cells": [{"cell_type": "markdown", "metadata": {"editable": False, "deletable": False},
                       "source": text}],
            "metadata": {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def front_page_ru(chosen: list[tuple[str, str]], left_out: list[tuple[str, str, list[str]]]) -> list[str]:
    """The front page's Russian half: the Russian lessons and exercises here, those for ``make lab``."""
    def listed(folder: str) -> str:
        found = [f"- [{title}]({path})" for path, title in chosen if path.startswith(folder)]
        return "\n".join(found) or "- (пока нет)"

    others = "\n".join(f"- {title} (`{path}`): нужны {', '.join(missing)}"
                       for path, title, missing in left_out)
    return [
        "---\n",
        "# pianitsa101 в браузере\n",
        "Русские карточные игры **Пьяница** и **101**: правила, вероятности и стратегия, прямо в игре. "
        "Python работает внутри этой страницы (Pyodide): ничего не нужно устанавливать, а ваш код "
        "выполняется на этом компьютере. Уроки на русском — тот же код, что и в английских, только первая "
        "ячейка включает русский язык: `lesson_language(\"ru\")`.\n",
        "## Уроки\n",
        listed("notebooks/ru/") + "\n\nУрок, которого ещё нет по-русски, откройте в английском списке "
        "выше.\n",
        "## Упражнения\n",
        listed("exercises/ru/") + "\n",
        "Откройте урок и выберите **Run > Run All Cells** (первый запуск занимает до минуты: Python "
        "загружается в страницу). Изменения хранятся только в этом браузере: чтобы сохранить копию, "
        "выберите **File > Download**.\n",
        "## Что нужно запускать через `make lab`\n",
        (others + "\n\n" if others else "Ничего: все русские уроки и упражнения есть здесь.\n\n")
        + "В них используются numpy, matplotlib или numba, которых в браузере нет. На компьютере с Python "
        "команда `make lab` в папке проекта всё установит и откроет их в JupyterLab.\n",
        "## Если ячейка выполняется бесконечно\n",
        "Бесконечная ячейка (например, цикл `while True:`) занимает ядро: её метка остаётся `[*]`. "
        "Выберите **Kernel > Interrupt** (или кнопку ■ над тетрадкой): через несколько секунд ячейка "
        "остановится с `KeyboardInterrupt`, а ваши переменные сохранятся.\n",
        "Если она не останавливается, значит, сайт отдаётся без двух заголовков, о которых ниже: выберите "
        "**Kernel > Restart Kernel** (около десяти секунд), затем **Run > Run All Cells**; то, что вы "
        "написали, сохранится. Ячейка `import js; js.crossOriginIsolated` покажет `True` там, где "
        "*Interrupt* останавливает выполняющуюся ячейку.\n",
        "*Учителю:* для *Interrupt* страница должна быть изолирована (cross-origin isolated). Собственный "
        "`serve.py` сайта (`python3 serve.py` в его папке или `make lite-serve`) отправляет с каждым файлом "
        "два заголовка: `Cross-Origin-Opener-Policy: same-origin` и `Cross-Origin-Embedder-Policy: "
        "require-corp`; на другом веб-сервере настройте их для всей папки. Где хостинг этого не умеет "
        "(например, GitHub Pages), всё остальное работает так же, но *Interrupt* только отменяет ячейки, "
        "ждущие своей очереди.\n",
        "## Моделирование здесь\n",
        "`simulate_pianitsa` и `simulate_101` работают в браузере на чистом Python: те же игры, что и у "
        "скомпилированного симулятора при том же seed, но примерно в сто раз медленнее, поэтому выборка по "
        "умолчанию меньше (каждый результат говорит об этом отдельной фразой).\n",
    ]


def _write_notebook(path: Path, notebook: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_contents(contents: Path, extra: list[Path], taken: frozenset[str] = frozenset()) -> dict:
    """Generate the site's notebooks and front page into ``contents``; return what was chosen.

    ``extra`` notebooks (the browser test's) go into ``contents/tests/`` as they are, kernel aside.
    """
    chosen, left_out = choose_notebooks(taken)
    copies = [(ROOT / rel, contents / rel) for rel, _ in chosen]
    copies += [(path, contents / "tests" / path.name) for path in extra]
    for source, target in copies:
        _write_notebook(target, site_copy(json.loads(source.read_text(encoding="utf-8"))))
    _write_notebook(contents / "index.ipynb", front_page(chosen, left_out))
    return {"in_site": [rel for rel, _ in chosen],
            "need_make_lab": {rel: missing for rel, _, missing in left_out}}


# ----- the pieces: wheel, Pyodide, config --------------------------------------------------------


def build_wheel(wheels: Path) -> Path:
    """The package's wheel, built from the checkout (stale setuptools output removed first)."""
    for stale in [ROOT / "build" / "lib", *ROOT.glob("build/bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    wheels.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels), str(ROOT)])
    for stale in [ROOT / "build" / "lib", *ROOT.glob("build/bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    (wheel,) = wheels.glob("pianitsa101-*.whl")
    return wheel


def pyodide_runtime(static: Path) -> None:
    """Pyodide's runtime from the npm registry (cached), with an empty packages table."""
    tarball = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not tarball.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"npm pack pyodide@{PYODIDE} (once; kept in {tarball.relative_to(ROOT)})")
        run(["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", str(CACHE), "--silent"])
    target = static / "pyodide"
    target.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            member = archive.getmember(f"package/{name}")
            with archive.extractfile(member) as source, open(target / name, "wb") as out:
                shutil.copyfileobj(source, out)
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    lock["packages"] = {}  # their wheels exist only on a CDN: the site's own lock replaces them
    lock.setdefault("info", {})["version"] = PYODIDE  # pyodide-lock 0.1 wants it
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


def _uv_compile(requirements: str, python: str, platform: str) -> subprocess.CompletedProcess:
    """``uv pip compile`` of ``requirements`` for a Pyodide, wheels only."""
    uv = Path(sys.executable).with_name("uv")
    return subprocess.run([str(uv), "pip", "compile", "--quiet", "--no-build", "--no-header",
                           f"--python-platform={platform}", f"--python-version={python}", "-"],
                          input=requirements, capture_output=True, text=True,
                          env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"})


def runtime(static: Path) -> tuple[str, str | None]:
    """The site's Python (e.g. '3.14') and uv's platform for its Pyodide (None: this uv does not know it)."""
    info = json.loads((static / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    python = ".".join(info["python"].split(".")[:2])
    platform = UV_PLATFORMS.get(info.get("abi_version", ""))
    if platform is None or _uv_compile("", python, platform).returncode:
        return python, None  # e.g. uv 0.13 knows wasm32-pyodide2025 at most
    return python, platform


def wheels_for_pyodide(names: tuple[str, ...], python: str, platform: str | None) -> frozenset[str]:
    """Those of ``names`` that uv can install, wheels only, into the site's Pyodide (asks the index)."""
    if platform is None:
        return frozenset()
    return frozenset(name for name in names if _uv_compile(name + "\n", python, platform).returncode == 0)


def config(wheel_dir: str, out: Path, python: str = "", platform: str | None = None,
           taken: frozenset[str] = frozenset()) -> dict:
    """``jupyter_lite_config.json``: contents, output, and the lock with the site's packages."""
    pins = [f"{name}=={importlib.metadata.version(name)}" for name in ("ipywidgets", "anywidget")]
    return {
        "LiteBuildConfig": {
            "contents": ["contents"],
            "output_dir": str(out),
            "apps": ["lab"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
        },
        "PyodideLockAddon": {
            "enabled": True,
            "specs": ["micropip", *pins, "pianitsa101", *sorted(taken)],
            "wheels": [wheel_dir],
            "excludes_extra": [name for name in NOT_IN_BROWSER if name not in taken],
            # resolve for the site's own Python and Pyodide platform (pyodide-lock reads the Python
            # from the runtime's lock; the platform it assumes by default is an older Pyodide's)
            **({"pyodide_lock_uv_options": {"python_platform": platform}} if platform else {}),
        },
    }


#: JupyterLab settings of the site. Windowing off: a notebook draws every cell, not only those in
#: view, so a whole lesson's prompts and outputs are in the page (find-in-page, printing, the tests).
OVERRIDES = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}


FRONT_DOOR = """<script>
      // pianitsa101: a visitor of the site's address starts at the front page notebook.
      window.location.replace("./lab/index.html?path=index.ipynb");
    </script>
"""


def finish(out: Path, chosen: dict) -> None:
    """After the build: open the front page first, add the serving script and a short how-to."""
    # JupyterLite's root page sends visitors to the file browser: send them to the front page.
    # (The page stays otherwise as it is: the apps read their settings from it.)
    index = out / "index.html"
    page = index.read_text(encoding="utf-8")
    if "<head>" not in page:
        raise SystemExit("lite: the site's index.html has no <head>: the JupyterLite layout changed")
    index.write_text(page.replace("<head>", "<head>\n    " + FRONT_DOOR, 1), encoding="utf-8")
    interrupt_shim.install(out)
    shutil.copy(ROOT / "lite" / "serve.py", out / "serve.py")
    # Browsers ask every site for /favicon.ico: JupyterLite's own icon answers it (no 404).
    shutil.copy(out / "lab" / "favicon.ico", out / "favicon.ico")
    (out / "HOW-TO-OPEN.txt").write_text(
        "pianitsa101 in the browser\n\n"
        "Put this folder on any static web host and open its address; or, with no internet,\n"
        "run   python3 serve.py   in this folder (python serve.py on Windows) and open the\n"
        "address it prints. Opening index.html straight from the disk does not work:\n"
        "browsers run Python in a page only when it comes from a web server.\n\n"
        "For Kernel > Interrupt to stop a running cell, the host must send two headers with every\n"
        "file: Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp\n"
        "(serve.py does). Without them all else works, and Kernel > Restart Kernel stops a cell.\n",
        encoding="utf-8")
    versions = {name: importlib.metadata.version(name) for name in
                ("jupyterlite-core", "jupyterlite-pyodide-kernel", "pyodide-lock", "ipywidgets", "anywidget")}
    versions["pyodide"] = PYODIDE
    (out / "pianitsa101-site.json").write_text(json.dumps({**chosen, "versions": versions}, indent=1) + "\n",
                                               encoding="utf-8")


def folder_size(folder: Path) -> int:
    """Bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(out: Path = OUT, extra: tuple[Path, ...] = ()) -> dict:
    """Build the site from scratch into ``out`` (its project folder beside it); return its summary."""
    start = time.perf_counter()
    out = out.resolve()
    stage = ROOT / "build" / "lite" if out == OUT else out.with_name(f"{out.name}-project")
    shutil.rmtree(stage, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    stage.mkdir(parents=True)
    wheel = build_wheel(stage / "wheels")
    log(f"wheel {wheel.name}")
    pyodide_runtime(stage / "static")
    python, platform = runtime(stage / "static")
    taken = wheels_for_pyodide(OPTIONAL, python, platform)
    found = ", ".join(sorted(taken)) or "none of " + ", ".join(OPTIONAL)
    log(f"the site runs Python {python} (Pyodide {PYODIDE}); uv platform "
        f"{platform or 'unknown to this uv: pure wheels only'}; wheels found for {found}")
    chosen = write_contents(stage / "contents", [Path(p).resolve() for p in extra], taken)
    log(f"notebooks in the site: {', '.join(chosen['in_site']) or 'none'}; "
        f"left for make lab: {', '.join(chosen['need_make_lab']) or 'none'}")
    settings = config("wheels", out, python, platform, taken)
    (stage / "jupyter_lite_config.json").write_text(json.dumps(settings, indent=1), encoding="utf-8")
    # jupyterlite-core merges the lite dir's overrides.json into the site's settings overrides
    (stage / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1), encoding="utf-8")
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}  # uv must not fetch a CPython build
    jupyter = Path(sys.executable).with_name("jupyter")
    output = run([str(jupyter), "lite", "build", "--lite-dir", str(stage)], cwd=stage, env=env)
    (stage / "build.log").write_text(output, encoding="utf-8")
    for line in warnings_in(output):
        log(f"build warning: {line}")
    finish(out, chosen)
    size = folder_size(out)
    log(f"built {out} ({size / 1e6:.0f} MB) in {time.perf_counter() - start:.0f} s")
    return {**chosen, "bytes": size}


def main(argv: list[str] | None = None) -> None:
    """``python lite/build.py [--output DIR] [--extra NOTEBOOK ...]``."""
    parser = argparse.ArgumentParser(description="Build the JupyterLite site of pianitsa101.")
    parser.add_argument("--output", type=Path, default=OUT, help="the site folder (default dist/lite)")
    parser.add_argument("--extra", type=Path, nargs="*", default=(),
                        help="more notebooks for contents/tests/ (the browser test's stand-in)")
    options = parser.parse_args(argv)
    build(options.output, tuple(options.extra))


if __name__ == "__main__":
    main()
