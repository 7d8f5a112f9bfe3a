"""The class tournament: broken strategies forfeit with a reason, the rest play on.

Small and quick: a class of seven notebooks (one honest strategy, one that peeks for hidden
cards, one that patches the bots, and the four broken kinds), RandomAgent as the only bot,
one deal per pair, half a second per decision.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pianitsa101.checks import tournament as tournament_module
from pianitsa101.checks.tournament import play_class_tournament
from pianitsa101.checks.tournament_demo import BROKEN, HONEST, write_notebook
from pianitsa101.checks.tournament_entries import find_entries
from pianitsa101.checks.tournament_report import ClassTournament, write_outputs
from pianitsa101.game101 import GreedyAgent, Match101, RandomAgent, Rules101

LIMIT = 0.5  # seconds per decision: a loop is found in half a second

# Looks for the engine's objects (they hold every hand and the stock) anywhere in its process,
# and for anything in the view beyond the seat's own knowledge; raises if it finds any.
PEEKER = '''import gc

from pianitsa101.game101 import Match101, Round101

class MyAgent:
    name = "MyAgent"

    looked = False

    def choose(self, view, legal_moves):
        if not self.looked:  # once a match: a scan of every object takes a while
            self.looked = True
            engine = [o for o in gc.get_objects() if type(o) in (Round101, Match101)]
            if engine:
                raise RuntimeError(f"found the engine: {len(engine)} objects")
        others = sum(view.hand_sizes) - len(view.hand)
        if others and not any(isinstance(x, int) for x in view.hand_sizes):
            raise RuntimeError("odd view")
        plays = [m for m in legal_moves if isinstance(m, Play)]
        return plays[0] if plays else legal_moves[0]
'''

# Patches the bots and the engine it can reach; if that reached the tournament, RandomAgent would raise.
PATCHER = '''import pianitsa101.game101 as g
import pianitsa101.game101.agents as agents

def broken(self, view, legal_moves):
    raise RuntimeError("patched by a student")

class MyAgent:
    name = "MyAgent"

    def __init__(self):
        for bot in (agents.RandomAgent, agents.GreedyAgent, agents.HeuristicAgent, g.RandomAgent):
            bot.choose = broken
        g.Match101.play = broken

    def choose(self, view, legal_moves):
        return legal_moves[0]
'''


def _class(folder: Path) -> Path:
    answers = {"honest": HONEST["expensive_first"].replace("{w}", "0"), "peeker": PEEKER, "patcher": PATCHER,
               **{kind: code for kind, code in BROKEN.items()}}
    for name, code in answers.items():
        write_notebook(folder / name / "12_strategy.ipynb", code)
    (folder / "honest" / "01_compare.ipynb").write_text('{"cells": [], "metadata": {}}', encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ClassTournament]:
    folder = _class(tmp_path_factory.mktemp("class"))
    result = play_class_tournament(find_entries([folder]), matches=8, seed=5, jobs=1, limit=LIMIT,
                                   bots=("RandomAgent",))
    return folder, result


def _line(result: ClassTournament, name: str):
    return next(line for line in result.lines if line.name == name)


def test_entries_are_found_once_per_student_and_only_exercise_12(played):
    folder, _ = played
    names = [e.name for e in find_entries([folder])]
    assert names == sorted(["honest", "peeker", "patcher", *BROKEN])  # 01_compare is not an entry


def test_an_answer_without_my_agent_forfeits_and_so_does_a_deleted_answer_cell(tmp_path):
    write_notebook(tmp_path / "zoe" / "12_strategy.ipynb", "def choose(view, legal_moves):\n    return 0\n")
    path = write_notebook(tmp_path / "yan" / "12_strategy.ipynb", "")
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"] = [c for c in nb["cells"]
                   if c["metadata"].get("nbgrader", {}).get("grade_id") != "answer_strategy"]
    path.write_text(json.dumps(nb), encoding="utf-8")
    entries = find_entries([tmp_path])
    assert [e.name for e in entries] == ["yan", "zoe"]
    assert "no answer cell defining class MyAgent" in entries[0].problem and not entries[1].problem
    result = play_class_tournament(entries, matches=2, seed=1, limit=LIMIT, bots=("RandomAgent",))
    assert "the answer cell defines no class MyAgent" in _line(result, "zoe").note
    assert "no answer cell defining class MyAgent" in _line(result, "yan").note
    assert _line(result, "RandomAgent (bot)").matches == 0  # nobody left to play


def test_the_tournament_finishes_and_every_broken_entry_forfeits_with_its_reason(played):
    _, result = played
    reasons = {
        "crashes": "TypeError",  # legal_moves[0] / 0
        "loops": f"no answer within {LIMIT:g} s",
        "nonsense": "returned 'Draw', which is not one of legal_moves",
        "init_raises": "MyAgent() raised AttributeError",
    }
    for name, reason in reasons.items():
        line = _line(result, name)
        assert line.forfeits == line.matches == result.per_entry, name
        assert line.wins == 0 and line.low is None, name
        assert reason in line.note and line.note.startswith("forfeited"), (name, line.note)
    assert "line 6 of the answer cell" in _line(result, "crashes").note  # where in the student's cell


def test_the_other_entries_are_compared_on_the_same_field(played):
    _, result = played
    assert result.playing == 4 and result.entries == 8
    for name in ("honest", "peeker", "patcher", "RandomAgent (bot)"):
        line = _line(result, name)
        assert line.forfeits == 0, (name, line.note)
        assert line.matches == 2 * result.deals * (result.playing - 1)
        assert line.low <= line.win_rate <= line.high
    assert [line.forfeits > 0 for line in result.lines] == sorted(line.forfeits > 0 for line in result.lines)


def test_a_strategy_sees_no_hidden_cards(played):
    _, result = played
    assert _line(result, "peeker").forfeits == 0  # in its own process it found no engine object
    namespace: dict = {}
    exec("from pianitsa101.game101 import Play\n" + PEEKER, namespace)  # the same class in this process ...
    with pytest.raises(Exception, match="found the engine"):  # ... does find the engine: the check can fail
        Match101(2, seed=1, agents=[namespace["MyAgent"](), RandomAgent(1)]).play()


def test_a_strategy_cannot_patch_the_bots_or_the_engine(played):
    _, result = played
    assert _line(result, "patcher").forfeits == 0 and _line(result, "RandomAgent (bot)").forfeits == 0
    assert RandomAgent.choose.__qualname__ == "RandomAgent.choose"
    assert GreedyAgent.choose.__qualname__ == "GreedyAgent.choose"
    assert Match101.play.__qualname__ == "Match101.play"


def test_leaderboard_csv_json_and_png_are_written(played, tmp_path):
    _, result = played
    paths = write_outputs(result, tmp_path / "out")
    assert sorted(p.name for p in paths) == ["leaderboard.txt", "tournament.csv", "tournament.json",
                                             "tournament.png"]
    text = (tmp_path / "out" / "tournament.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 8 and rows[0]["place"] == "1" and rows[-1]["place"] == ""
    assert float(rows[0]["win_rate"]) >= float(rows[1]["win_rate"])
    assert (tmp_path / "out" / "tournament.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert ClassTournament.load(tmp_path / "out") == result
    assert json.loads((tmp_path / "out" / "tournament.json").read_text(encoding="utf-8"))["seed"] == 5
    text = (tmp_path / "out" / "leaderboard.txt").read_text(encoding="utf-8")
    assert "round robin" in text and "Top places:" in text


def test_the_same_seed_gives_the_same_csv_with_any_number_of_engine_processes(played):
    folder, result = played
    again = play_class_tournament(find_entries([folder]), matches=8, seed=5, jobs=2, limit=LIMIT,
                                  bots=("RandomAgent",))
    assert again.to_csv() == result.to_csv()


def test_top_places_told_apart_or_not_with_what_would_settle_it():
    clear = play_class_tournament([], matches=120, seed=1, bots=("HeuristicAgent", "RandomAgent"))
    (sep,) = clear.separations
    assert sep.first == "HeuristicAgent (bot)" and sep.told_apart and sep.low > 0
    assert sep.playoff is None and "told apart." in sep.text()
    bots = ("HeuristicAgent", "GreedyAgent", "RandomAgent")
    close = play_class_tournament([], matches=4, seed=2, bots=bots)
    for sep in close.separations:  # 4 matches a pair tell nothing apart
        assert not sep.told_apart and sep.low <= 0 <= sep.high
        if sep.value:
            assert sep.playoff == tournament_module.matches_needed(abs(sep.value) / 2)
            assert sep.per_entry > close.per_entry and "NOT told apart" in sep.text()


def test_command_line_writes_the_outputs(tmp_path, capsys):
    answer = HONEST["first_legal"].replace("{w}", "0")
    write_notebook(tmp_path / "class" / "amy" / "12_strategy.ipynb", answer)
    code = tournament_module.main([str(tmp_path / "class"), "--matches", "4", "--seed", "3", "--jobs", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "amy" in out and "GreedyAgent (bot)" in out
    assert (tmp_path / "class" / "tournament" / "tournament.csv").is_file()


def test_rules_reach_the_workers_unchanged(tmp_path):
    write_notebook(tmp_path / "amy" / "12_strategy.ipynb", (
        'class MyAgent:\n    def choose(self, view, legal_moves):\n'
        '        assert view.rules.seven_draw == 4, view.rules\n        return legal_moves[0]\n'))
    result = play_class_tournament(find_entries([tmp_path]), matches=2, seed=1, limit=LIMIT,
                                   bots=("GreedyAgent",), rules=Rules101(seven_draw=4))
    assert _line(result, "amy").forfeits == 0, _line(result, "amy").note


def test_the_board_shows_the_result_in_both_languages_and_at_projector_size(played, tmp_path):
    from pianitsa101.widgets import TournamentBoard

    _, result = played
    write_outputs(result, tmp_path / "out")
    small = TournamentBoard(tmp_path / "out").html()
    assert "Class tournament" in small and "matches" in small  # the small board keeps matches and wins
    assert small.count('class="bar"') == result.playing  # one bar per entry that played on
    assert "crashes" in small and "TypeError" in small  # who was out, and why
    big = TournamentBoard(result, size="projector", lang="ru").html()
    assert "Турнир класса" in big and "доля побед" in big and "бот" in big
    assert "TypeError" not in big and "crashes" in big  # the names only, on a projector
    assert "font-size:20.8px" in big and "font-size:13px" in small  # 1.6 times the size
    assert TournamentBoard(result, rows=1).html().count('class="bar"') == 1


def test_the_board_refuses_what_is_not_a_result(played):
    from pianitsa101.widgets import TournamentBoard

    _, result = played
    with pytest.raises(TypeError, match="ClassTournament"):
        TournamentBoard(42)
    with pytest.raises(ValueError, match="rows"):
        TournamentBoard(result, rows=0)
    with pytest.raises(ValueError, match="lang"):
        TournamentBoard(result, lang="de")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG and /proc are Linux's")
@pytest.mark.parametrize("wait", [0.2, 3.0])  # dies before the worker has started / while it loops
def test_a_looping_worker_dies_with_the_tournament_process(wait):
    script = ("import os, time\n"
              "from pianitsa101.checks.tournament_worker import Worker\n"
              "w = Worker('x', '', 'while True:\\n    pass\\n')\n"
              f"time.sleep({wait})\n"
              "print(w._proc.pid, flush=True)\n"
              "os._exit(0)\n")  # the tournament dies without stopping it
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    pid = int(run.stdout)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return  # gone
        if state in ("Z", "X"):
            return  # dead, waiting to be reaped
        time.sleep(0.1)
    pytest.fail(f"worker {pid} still runs (state {state}) after its tournament died")
