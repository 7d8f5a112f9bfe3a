"""The teacher's board: one page for the projector, in English and Russian, kept live by server-sent events.

Three views: the pooled experiment (a forest plot of every student's interval, the pooled
estimate, the exact value and how many intervals miss it), the hand-ins (per exercise: how many
pass, the most common first failing case; then who handed in what) and the tournament (the
entries, a start button, the leaderboard). Everything a student typed is put on the page as
text (``textContent``), never as markup.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from pianitsa101.classroom.experiments import PLACES, QUANTITIES

__all__ = ["TEXTS", "page", "refused_page"]

TEXTS = {
    "title": ("Class board", "Доска класса"),
    "join_at": ("Students open", "Ученики открывают"),
    "code": ("class code", "код класса"),
    "students": ("students", "учеников"),
    "tab_experiment": ("Experiment", "Эксперимент"),
    "tab_handins": ("Hand-ins", "Сданные работы"),
    "tab_tournament": ("Tournament", "Турнир"),
    "no_results": (
        "No results yet. Students press “Send to the class” under a simulation, or call "
        "send_result(...) in a cell.",
        "Результатов пока нет. Ученики нажимают «Отправить классу» под симуляцией или вызывают "
        "send_result(...) в ячейке.",
    ),
    "pooled": ("pooled", "вместе"),
    "exact": ("exact", "точно"),
    "misses": ("intervals that miss the exact value", "интервалов не накрывают точное значение"),
    "expected_misses": ("expected about 1 in 20", "ожидается около 1 из 20"),
    "no_exact": (
        "the lessons give no exact value for this quantity",
        "точного значения этой величины в уроках нет",
    ),
    "results": ("results", "результатов"),
    "games": ("games", "партий"),
    "same_seed": ("same seed as", "то же зерно, что у"),
    "export": ("Export CSV", "Выгрузить CSV"),
    "export_grade": ("Folder for make grade", "Папка для make grade"),
    "exercise": ("exercise", "упражнение"),
    "handed_in": ("handed in", "сдали"),
    "pass_all": ("pass every check", "прошли все проверки"),
    "common_failure": ("most common first failing case", "самый частый первый неверный случай"),
    "latest": ("latest hand-ins", "последние работы"),
    "student": ("student", "ученик"),
    "checks": ("checks (as the student's notebook shows them)", "проверки (как их показал блокнот ученика)"),
    "no_handins": (
        "No hand-ins yet. Students call hand_in() in their exercise notebook.",
        "Работ пока нет. Ученики вызывают hand_in() в блокноте упражнения.",
    ),
    "entries": ("strategies sent", "присланные стратегии"),
    "start": ("Start the tournament", "Начать турнир"),
    "matches": ("matches per entry", "партий на участника"),
    "running": (
        "The tournament is running: every strategy in a process of its own…",
        "Турнир идёт: каждая стратегия в своём процессе…",
    ),
    "failed": ("The tournament failed:", "Турнир не удался:"),
    "place": ("place", "место"),
    "win_rate": ("win rate", "доля побед"),
    "interval": ("95% interval", "95% интервал"),
    "note": ("note", "примечание"),
    "no_entries": (
        "No strategies yet. Students call send_strategy(MyAgent) in exercise 12.",
        "Стратегий пока нет. Ученики вызывают send_strategy(MyAgent) в упражнении 12.",
    ),
    "live": ("live", "в эфире"),
    "offline": ("reconnecting…", "переподключение…"),
    "rules": ("rules", "правила"),
    "players": ("players", "игроков"),
    "deck": ("cards", "карт"),
    "default_deck": ("the default deck", "колода по умолчанию"),
}
HERE = Path(__file__).resolve().parent  # board.js and board.css beside this file
QUANTITY_TEXTS = {key: {"en": en, "ru": ru} for key, (en, ru) in QUANTITIES.items()}

BODY = """<header>
  <h1 data-t="title"></h1>
  <div class="join"><span data-t="join_at"></span>: <b id="address"></b></div>
  <div class="join"><span data-t="code"></span>: <b id="code" class="code"></b></div>
  <div class="join"><b id="count">0</b> <span data-t="students"></span></div>
  <button class="act" id="lang"></button>
  <div id="qr"></div>
</header>
<nav role="tablist">
  <button role="tab" id="tab-experiment"></button><button role="tab" id="tab-handins"></button>
  <button role="tab" id="tab-tournament"></button><span class="status" id="status"></span>
</nav>
<main>
  <section class="view" id="view-experiment"></section>
  <section class="view" id="view-handins" hidden></section>
  <section class="view" id="view-tournament" hidden></section>
</main>
"""

QR_SCRIPT = """fetch("board/qr.svg").then((r) => r.text()).then((svg) => {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  document.getElementById("qr").replaceChildren(document.importNode(doc.documentElement, true));
});"""


def page() -> str:
    """The board's HTML: style, the frame, and the script that fills it from the state and the events."""
    texts = json.dumps({k: list(v) for k, v in TEXTS.items()}, ensure_ascii=False)
    style = (HERE / "board.css").read_text(encoding="utf-8")
    script = (
        (HERE / "board.js")
        .read_text(encoding="utf-8")
        .replace("__TEXTS__", texts)
        .replace("__QUANTITIES__", json.dumps(QUANTITY_TEXTS, ensure_ascii=False))
        .replace("__PLACES__", json.dumps({k: {"en": en, "ru": ru} for k, (en, ru) in PLACES.items()},
                                          ensure_ascii=False))
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pianitsa101 · '
        f'{html.escape(TEXTS["title"][0])}</title><meta name="viewport" content="width=device-width">'
        '<link rel="icon" href="data:,">'
        f"<style>{style}</style></head><body>{BODY}<script>{script}\n{QR_SCRIPT}</script></body></html>"
    )


def refused_page() -> str:
    """What a browser without the teacher's token sees at /board."""
    return (
        "<!doctype html><meta charset='utf-8'><link rel='icon' href='data:,'><title>pianitsa101</title>"
        "<body style='font:22px sans-serif;"
        "margin:40px'><h1>The board needs the teacher's token · Доске нужен ключ учителя</h1>"
        "<p>Open the board "
        "address that <code>make class</code> printed on the teacher's computer.</p><p>Откройте адрес доски, "
        "который <code>make class</code> напечатал на компьютере учителя.</p></body>"
    )
