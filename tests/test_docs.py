"""The documentation site: it builds offline, every internal link and anchor resolves, every lesson
of both editions is there with its link to the browser site, the API page names every public name,
and the pages open in headless Chromium without a console error.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from harness import StaticServer, console_problems, launch_browser, need, need_browser, watch_console  # noqa: E402

LESSONS = sorted(ROOT.glob("notebooks/[0-9]*.ipynb")) + sorted(ROOT.glob("notebooks/ru/[0-9]*.ipynb"))
# The public names of the package (its API contract), each with the module it is documented under.
PUBLIC = {
    "pianitsa101": ["Card", "Rank", "Suit", "cards", "make_deck", "set_language"],
    "pianitsa101.pianitsa": ["PianitsaRules", "PianitsaGame", "PianitsaTrick", "PianitsaResult"],
    "pianitsa101.game101": ["Rules101", "Round101", "Match101", "Play", "Draw", "Pass", "FlushQueens",
                            "IllegalMove", "PlayerView", "RandomAgent", "GreedyAgent", "HeuristicAgent",
                            "unseen_cards", "renumber", "PenaltyChain", "ChainLink", "PenaltyPending",
                            "MustCover", "MayAnswerAce", "RoundScore", "PublicDraw"],
    "pianitsa101.simulate": ["simulate_pianitsa", "simulate_101"],
    "pianitsa101.strategy": ["MonteCarloAgent", "tournament", "matches_needed", "belief"],
    "pianitsa101.widgets": ["PianitsaTable", "Table101", "SimulationPanel", "TournamentBoard"],
    "pianitsa101.checks": ["check_compare", "check_strategy", "hint", "CheckError"],
}


def load_builder():
    """``docs/build.py`` as a module."""
    spec = importlib.util.spec_from_file_location("docs_build", ROOT / "docs" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built once for this module into a temporary folder."""
    need(importlib.util.find_spec("myst_nb") is not None,
         "the documentation tools are not installed (pip install -e '.[docs]'; make test installs them)")
    out = tmp_path_factory.mktemp("docs") / "site"
    load_builder().build(out, quiet=True)
    return out


class _Links(HTMLParser):
    """The links (``href``, ``src``) and the anchors (``id``, ``name``) of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src") and not (tag == "link" and ("rel", "preconnect") in attrs):
                self.links.append(value)
            elif name == "id" or (tag == "a" and name == "name"):
                self.anchors.add(value)


def parse(page: Path) -> _Links:
    """The links and anchors of ``page``."""
    links = _Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


def broken_links(site: Path) -> tuple[list[str], int]:
    """Every internal link of the site whose file or anchor is missing, and how many links were checked.

    A link into the browser site (``lite/``, published beside the documentation) is checked
    for the lesson it opens: ``?path=`` must name a notebook of the repository.
    """
    pages = {page: parse(page) for page in site.rglob("*.html")}
    broken, checked = [], 0
    for page, found in pages.items():
        for link in found.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or not (parts.path or parts.fragment):
                continue
            checked += 1
            where = f"{page.relative_to(site)}: {link}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if site.resolve() / "lite" in target.parents:
                lesson = parse_qs(parts.query).get("path", [""])[0]
                if not (ROOT / lesson).is_file():
                    broken.append(f"{where} (no such lesson in the repository)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                anchors = pages[target].anchors if target in pages else parse(target).anchors
                if unquote(parts.fragment) not in anchors:
                    broken.append(f"{where} (no such anchor)")
    return broken, checked


def test_every_internal_link_and_anchor_resolves(site):
    broken, checked = broken_links(site)
    assert checked > 500, f"only {checked} internal links: did the site build its pages?"
    assert not broken, f"{len(broken)} broken link(s):\n" + "\n".join(broken[:40])


def test_the_link_walk_finds_a_missing_page_and_a_missing_anchor(site, tmp_path):
    page = tmp_path / "index.html"
    page.write_text('<a id="here" href="#here">ok</a> <a href="gone.html">a page</a> <a href="#nowhere">x</a>'
                    ' <a href="lite/lab/index.html?path=notebooks/99_none.ipynb">lite</a>', encoding="utf-8")
    broken, checked = broken_links(tmp_path)
    assert checked == 4
    assert [line.split(" (")[1] for line in broken] == ["no such file)", "no such anchor)",
                                                         "no such lesson in the repository)"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_lesson_has_a_page_with_its_outputs_and_a_link_to_the_browser_site(site, lesson):
    rel = lesson.relative_to(ROOT).as_posix()
    page = site / rel.replace(".ipynb", ".html")
    assert page.is_file(), f"{rel} has no page"
    html = page.read_text(encoding="utf-8")
    assert f"lite/lab/index.html?path={rel}" in html
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    outputs = [output for cell in notebook["cells"] for output in cell.get("outputs", [])]
    texts = [output.get("text") or output.get("data", {}).get("text/plain") or [] for output in outputs]
    stored = [line for text in texts for line in text if len(line.strip()) > 20]
    assert stored, f"{rel} stores no outputs to show"
    line = stored[0].strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    shown = html.replace("&#39;", "'").replace("&quot;", '"')
    assert line in shown, f"{rel}: its first output is not on its page"


def test_a_table_cell_is_followed_by_a_picture_of_the_table(site):
    for rel, picture in (("notebooks/03_pianitsa_step_by_step.html", "img/pianitsa_dispute.png"),
                         ("notebooks/07_play_101.html", "img/table101_chain.png"),
                         ("notebooks/ru/07_play_101.html", "img/projector_101_ru_1024x768.png")):
        html = (site / rel).read_text(encoding="utf-8")
        assert picture.split("/")[-1] in html, f"{rel} shows no picture of its table"


def test_the_api_page_documents_every_public_name(site):
    anchors = parse(site / "docs" / "api.html").anchors
    missing = [f"{module}.{name}" for module, names in PUBLIC.items() for name in names
               if f"{module}.{name}" not in anchors]
    assert not missing, f"not in the API reference: {missing}"


def test_both_editions_have_their_rules_and_a_home_page(site):
    assert "Пьяница" in (site / "RULES.html").read_text(encoding="utf-8")
    assert "P1" in (site / "RULES.ru.html").read_text(encoding="utf-8")
    home = (site / "docs" / "ru" / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in home or "С чего начать" in home
    for lesson in sorted(ROOT.glob("notebooks/ru/[0-9]*.ipynb")):
        assert f"../../notebooks/ru/{lesson.stem}.html" in home, f"the Russian home page lacks {lesson.name}"


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (skips locally without it; fails in CI)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@pytest.mark.parametrize(("path", "expect"), [
    ("notebooks/04_pianitsa_probability.html", "mjx-container"),  # a lesson, with its formulas drawn
    ("docs/api.html", "pianitsa101.game101.Round101"),
    ("docs/ru/index.html", "pianitsa101 по-русски"),
    ("", "Which way to read"),  # the site's root leads to the home page
])
def test_pages_open_in_chromium_without_a_console_error(site, browser, path, expect):
    with StaticServer(site) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        seen = watch_console(page)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(server.url(path), wait_until="networkidle")
        if not path:
            page.wait_for_url("**/docs/index.html")
            page.wait_for_load_state("networkidle")
        if expect == "mjx-container":
            page.wait_for_selector("mjx-container", timeout=30_000)
        else:
            assert expect in page.content()
        context.close()
    assert not console_problems(seen), "\n".join(console_problems(seen))
    offsite = [url for url in asked if not url.startswith(server.base)]
    assert not offsite, f"the page asked for files outside the site: {offsite[:5]}"
