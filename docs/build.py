"""Build the documentation site into a folder: ``make docs`` (``dist/docs``), or ``python docs/build.py OUT``.

The site is Sphinx with MyST-NB: the pages of ``docs/`` (Markdown), the rules (``RULES.md``,
``RULES.ru.md``), and every lesson of ``notebooks/`` and ``notebooks/ru/`` with the outputs
stored in it (nothing is executed). The sources are gathered in a staging folder first, laid out
as in the checkout (so a link between them works both here and in the repository), and nothing
generated lands in the checkout. There:

- each lesson gets a link to the same lesson in the browser site (``make lite``), published
  beside the documentation as ``lite/``;
- a table cell (``PianitsaTable``, ``Table101``, ...) gets a picture of such a table after it,
  since the notebooks store no widget state to draw it from.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = ("*.md", "ru/*.md", "_static/*")  # the site's own pages, beside conf.py
LESSONS = ("notebooks", "notebooks/ru")
LITE = "lite"  # where the browser site sits beside the documentation, from the site's root

# The picture shown after a cell whose stored output is a table's text stand-in, per edition.
PICTURES = {
    "PianitsaTable": {"en": "pianitsa_dispute.png", "ru": "projector_pianitsa_ru_1024x768.png"},
    "Table101": {"en": "table101_chain.png", "ru": "projector_101_ru_1024x768.png"},
    "SimulationPanel": {"en": "simulation_panel.png", "ru": "simulation_panel.png"},
    "TournamentBoard": {"en": "tournament_board.png", "ru": "tournament_board.png"},
}
STAND_IN = re.compile(r"<(" + "|".join(PICTURES) + r")\b")
CAPTION = {
    "en": "A picture of a table like this one, at another deal. The table itself is live when the "
          "lesson runs, in JupyterLab or in the browser site.",
    "ru": "Так выглядит такой стол (на другой раздаче). Живым он становится, когда урок запущен: "
          "в JupyterLab или на сайте в браузере.",
}
# The site's front door: its home page is docs/index.html, where it is in the checkout.
REDIRECT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>pianitsa101</title>
<link rel="icon" href="_static/favicon.svg" type="image/svg+xml">
<meta http-equiv="refresh" content="0; url=docs/index.html"></head>
<body><p><a href="docs/index.html">pianitsa101: the documentation</a></p></body></html>
"""
OPEN_IN_BROWSER = {
    "en": "▶ Open this lesson in the browser site (nothing to install)",
    "ru": "▶ Открыть этот урок на сайте в браузере (ничего не нужно ставить)",
}


def edition(rel: str) -> str:
    """``"ru"`` for a lesson of ``notebooks/ru/``, else ``"en"``."""
    return "ru" if rel.startswith("notebooks/ru/") else "en"


def markdown_cell(text: str, number: int) -> dict:
    """A notebook markdown cell holding ``text``, with an id of its own (``number``)."""
    return {"cell_type": "markdown", "id": f"docs-added-{number}", "metadata": {}, "source": text}


def stage_lesson(source: Path, rel: str, target: Path) -> None:
    """Copy one lesson to ``target`` with its browser-site link and its tables' pictures added."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    lang = edition(rel)
    up = "../" * rel.count("/")  # from the lesson's page back to the site's root
    link = f"{up}{LITE}/lab/index.html?path={rel}"
    cells = []
    for cell in notebook["cells"]:
        cells.append(cell)
        if cell["cell_type"] == "markdown" and len(cells) == 1:  # after the title cell
            button = f'<p class="open-in-lite"><a href="{link}">{OPEN_IN_BROWSER[lang]}</a></p>'
            cells.append(markdown_cell(button, len(cells)))
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            found = STAND_IN.match("".join(output.get("data", {}).get("text/plain", "")))
            if found:
                picture = f"{up}docs/img/{PICTURES[found.group(1)][lang]}"
                text = f"![{found.group(1)}]({picture})\n\n*{CAPTION[lang]}*"
                cells.append(markdown_cell(text, len(cells)))
    notebook["cells"] = cells
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")


def stage(into: Path) -> None:
    """Gather the site's sources in ``into``: pages, rules, pictures and lessons."""
    for pattern in PAGES:
        for page in DOCS.glob(pattern):
            (into / "docs" / page.relative_to(DOCS)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(page, into / "docs" / page.relative_to(DOCS))
    shutil.copy2(DOCS / "conf.py", into / "conf.py")
    shutil.copytree(DOCS / "img", into / "docs" / "img")
    (into / "_root").mkdir()
    (into / "_root" / "index.html").write_text(REDIRECT, encoding="utf-8")
    for rules in ("RULES.md", "RULES.ru.md"):  # where they are in the checkout, so that links to them resolve
        shutil.copy2(ROOT / rules, into / rules)
    for folder in LESSONS:
        for lesson in sorted((ROOT / folder).glob("[0-9]*.ipynb")):
            rel = lesson.relative_to(ROOT).as_posix()
            stage_lesson(lesson, rel, into / rel)


def build(out: Path, quiet: bool = False) -> float:
    """Build the site into ``out``; return the seconds it took. Fails on any Sphinx warning."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pianitsa101-docs-") as tmp:
        source = Path(tmp) / "src"
        stage(source)
        html = Path(tmp) / "site" / "html"  # MyST-NB keeps the outputs it writes beside it, in site/
        command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-j", "1",
                   "-d", str(Path(tmp) / "doctrees"), str(source), str(html)]
        if quiet:
            command.insert(3, "-q")
        subprocess.run(command, check=True, cwd=ROOT)
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(html, out)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", default=ROOT / "dist" / "docs", help="the site's folder")
    parser.add_argument("-q", "--quiet", action="store_true", help="print warnings and errors only")
    args = parser.parse_args()
    seconds = build(args.out.resolve(), args.quiet)
    print(f"docs: built {args.out} in {seconds:.0f} s; open {args.out / 'index.html'}")


if __name__ == "__main__":
    main()
