"""Graded work cannot be gamed: every cheat of the review (and others of the same kinds) earns nothing
under ``make grade``'s judge, or is flagged; honest answers in other styles still pass.

The judge (``pianitsa101.checks.judge``) runs the answer in a process that never imports the checks
and runs the checks elsewhere; ``scan`` reads the answer for forbidden imports and patches. Each
test below is one class of cheat, tried on the judge with the exercise's own imports cell; a test
that fails means a cheat earns marks again. The judge starts a process per answer (a second or
two), so the checks run with one seed, and exercise 12 with a short tournament where that is enough.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pianitsa101.checks import CheckError, check_compare, check_strategy, check_tie_chance
from pianitsa101.checks.autograde import grade_notebook, load_masters
from pianitsa101.checks.judge import judge
from pianitsa101.checks.scan import scan

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
MASTERS = load_masters()

RIGHT_COMPARE = '''
def compare(a, b, lowest=Rank.SIX):
    if a.rank == b.rank:
        return 0
    if {a.rank, b.rank} == {lowest, Rank.ACE}:
        return 1 if a.rank == lowest else -1
    return 1 if a.rank > b.rank else -1
'''
WRONG_COMPARE = '''
def compare(a, b, lowest=Rank.SIX):
    return (a.rank > b.rank) - (a.rank < b.rank)      # forgets P5
'''


def _imports(exercise: str) -> str:
    return MASTERS[f"check_{exercise}"].imports


def _judged(exercise: str, answer: str, check: str | None = None, timeout: float = 20.0):
    """The judge's verdict on an answer cell, after the exercise's own imports cell."""
    check = check or f"check_{exercise}({'MyAgent()' if exercise == 'strategy' else exercise})"
    return judge(exercise, [_imports(exercise), answer], check, timeout=timeout)


def _fails(exercise: str, answer: str, *words: str, check: str | None = None) -> str:
    verdict = _judged(exercise, answer, check)
    assert not verdict.passed, verdict
    for word in words:
        assert word in verdict.message, verdict.message
    return verdict.message


def _flags(exercise: str, answer: str) -> list[str]:
    master = MASTERS[f"check_{exercise}"]
    return scan([answer], list(master.allowed), master.imports)


# --- the honest answers pass (so a failure below is the cheat's, not the judge's) --------------

def test_an_honest_answer_passes_and_a_wrong_one_fails_in_the_judge():
    assert _judged("compare", RIGHT_COMPARE).passed
    _fails("compare", WRONG_COMPARE, "a wrong answer", "compare(6♠, A♥")
    assert _flags("compare", RIGHT_COMPARE) == []


def test_honest_answers_in_other_styles_pass_numpy_ints_and_tuples():
    np = pytest.importorskip("numpy")
    assert np is not None
    numpy_compare = "import numpy as np\n" + RIGHT_COMPARE.replace("return 0", "return np.int64(0)").replace(
        "return 1 if a.rank > b.rank else -1", "return np.sign(int(a.rank) - int(b.rank))")
    assert _judged("compare", numpy_compare).passed
    winners = '''
import numpy as np
def round_winners(cards, lowest=Rank.SIX):
    ranks = {c.rank for c in cards}
    knocked = Rank.ACE in ranks and lowest in ranks
    alive = [c.rank for c in cards if not (knocked and c.rank == Rank.ACE)]
    top = max(alive)
    return np.array([i for i, c in enumerate(cards) if c.rank == top and not (knocked and top == Rank.ACE)])
'''
    assert _judged("round_winners", winners).passed
    assert _judged("round_winners", winners.replace("np.array(", "tuple(")).passed


# --- cheats ----------------------------------------------------------------------------------

def test_patching_the_check_module_earns_nothing_and_is_flagged():
    cheat = "import pianitsa101.checks as pc\npc.check_compare = lambda *a, **k: print('✓')\n" + WRONG_COMPARE
    _fails("compare", cheat, "a wrong answer")
    assert any("assigns to pc.check_compare" in f for f in _flags("compare", cheat))


def test_patching_the_runner_earns_nothing():
    cheat = ("try:\n"
             "    import pianitsa101.checks._core as core\n"
             "    core.Runner.wrong = core.Runner.nonsense = lambda *a, **k: None\n"
             "except ImportError:\n"
             "    pass\n"
             "def redeal_chance(players, deck):\n    return 0.5\n")
    _fails("redeal_chance", cheat, "an answer of the wrong kind", "0.5 (a float)")
    flags = _flags("redeal_chance", cheat)
    assert any("imports pianitsa101.checks._core" in f for f in flags)
    assert any("core.Runner.wrong" in f for f in flags)


def test_importing_the_oracles_earns_nothing_and_is_flagged():
    cheat = ("from pianitsa101.checks._oracles import leaders\n"
             "def compare(a, b, lowest=Rank.SIX):\n"
             "    lead = leaders([a, b], lowest)\n"
             "    return 0 if len(lead) == 2 else 1 if lead == (0,) else -1\n")
    verdict = _judged("compare", cheat)
    assert not verdict.passed
    assert any("ImportError" in n or "ModuleNotFoundError" in n for n in verdict.notes), verdict
    assert any("pianitsa101.checks._oracles" in f for f in _flags("compare", cheat))


def test_reaching_the_oracles_without_an_import_earns_nothing():
    """Through the module objects, gc, the files on disk or the caller's frame: none is there to reach."""
    by_gc = ("import gc\n"
             "def compare(a, b, lowest=Rank.SIX):\n"
             "    leaders = [f for f in gc.get_objects() if getattr(f, '__name__', '') == 'leaders'][0]\n"
             "    lead = leaders([a, b], lowest)\n"
             "    return 0 if len(lead) == 2 else 1 if lead == (0,) else -1\n")
    verdict = _judged("compare", by_gc)  # the garbage collector's list is refused to an answer
    assert not verdict.passed and "gc.get_objects is not available" in verdict.message, verdict
    by_file = ("import os, pianitsa101\n"
               "space = {}\n"
               "where = os.path.join(os.path.dirname(pianitsa101.__file__), 'checks', '_oracles.py')\n"
               "exec(open(where).read(), space)\n" + RIGHT_COMPARE.replace("def compare", "def _unused"))
    verdict = _judged("compare", by_file)
    assert not verdict.passed and any("PermissionError" in n for n in verdict.notes), verdict
    by_frame = ("import sys\n"
                "def compare(a, b, lowest=Rank.SIX):\n"
                "    frame = sys._getframe(1)\n"
                "    while frame is not None and 'expected' not in frame.f_locals:\n"
                "        frame = frame.f_back\n"
                "    return frame.f_locals['expected']\n")
    _fails("compare", by_frame, "your code raised an error", "AttributeError")


def test_replacing_sys_modules_or_adding_an_import_hook_earns_nothing_and_is_flagged():
    modules = ("import sys, types\n"
               "fake = types.ModuleType('pianitsa101.checks')\n"
               "fake.check_compare = lambda *a, **k: None\n"
               "sys.modules['pianitsa101.checks'] = fake\n" + WRONG_COMPARE)
    _fails("compare", modules, "a wrong answer")
    assert any("sys.modules" in f for f in _flags("compare", modules))
    hook = ("import sys\n"
            "class Finder:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        return None\n"
            "sys.meta_path.insert(0, Finder())\n" + WRONG_COMPARE)
    _fails("compare", hook, "a wrong answer")
    assert any("meta_path" in f for f in _flags("compare", hook))


ALWAYS_EQUAL = '''
class Yes(int):
    def __eq__(self, other):
        return True
    __hash__ = int.__hash__
'''


@pytest.mark.parametrize("where", ["judge", "kernel"])
def test_an_int_whose_eq_is_always_true_earns_nothing(where):
    cheat = ALWAYS_EQUAL + "def compare(a, b, lowest=Rank.SIX):\n    return Yes(1)\n"
    if where == "judge":
        _fails("compare", cheat, "a wrong answer")
    else:
        space: dict = {}
        exec(_imports("compare").replace("from pianitsa101.checks import check_compare, hint", ""), space)
        exec(cheat, space)
        with pytest.raises(CheckError, match="a wrong answer"):
            check_compare(space["compare"])


@pytest.mark.parametrize("where", ["judge", "kernel"])
def test_a_fraction_whose_eq_is_always_true_earns_nothing(where):
    cheat = ("class Always(Fraction):\n    def __eq__(self, other):\n        return True\n"
             "    __hash__ = Fraction.__hash__\n"
             "def tie_chance(deck):\n    return Always(1, 2)\n")
    if where == "judge":
        _fails("tie_chance", cheat, "a wrong answer")
    else:
        space: dict = {}
        exec(_imports("tie_chance").replace("from pianitsa101.checks import check_tie_chance, hint", ""),
             space)
        exec(cheat, space)
        with pytest.raises(CheckError, match="a wrong answer"):
            check_tie_chance(space["tie_chance"])


def test_an_object_whose_eq_raises_gets_a_message_not_a_traceback():
    class Boom(int):  # an int: judged by its value, its == never called
        def __eq__(self, other):
            raise RuntimeError("boom")

        __hash__ = int.__hash__

    with pytest.raises(CheckError, match="a wrong answer"):
        check_compare(lambda a, b, lowest=None: Boom(1))

    class Odd:  # not an int: reading it as one raises, and that is the message
        def __index__(self):
            raise RuntimeError("boom")

        def __eq__(self, other):
            raise RuntimeError("boom")

        __hash__ = object.__hash__

    with pytest.raises(CheckError) as info:
        check_compare(lambda a, b, lowest=None: Odd())
    text = " ".join(str(info.value).split())
    assert "an answer of the wrong kind" in text and "RuntimeError: boom" in text and "(an Odd)" in text


# --- exercise 12 -----------------------------------------------------------------------------

DRAW_FIRST = '''
class MyAgent:
    name = "MyAgent"
    def choose(self, view, legal_moves):
        return next((m for m in legal_moves if not isinstance(m, Play)), legal_moves[0])
'''
PATCHER = DRAW_FIRST.replace('    name = "MyAgent"\n', '''    name = "MyAgent"
    def __init__(self):
        import pianitsa101.game101 as g
        g.RandomAgent.choose = lambda self, view, legal_moves: next(
            (m for m in legal_moves if not isinstance(m, g.Play)), legal_moves[0])  # the opponent never plays
''')


@pytest.mark.parametrize("where", ["judge", "kernel"])
def test_a_strategy_that_patches_its_opponent_gains_nothing(where):
    """Draw-first wins about 42%; against an opponent patched to draw too it would win nearly always."""
    if where == "judge":
        verdict = _judged("strategy", PATCHER, "check_strategy(MyAgent(), matches=100)")
        assert not verdict.passed and "a wrong answer" in verdict.message, verdict
        assert any("RandomAgent.choose" in n for n in verdict.notes), verdict.notes
    else:
        import pianitsa101.game101 as g

        original = g.RandomAgent.choose
        space: dict = {}
        exec(_imports("strategy").replace("from pianitsa101.checks import check_strategy, hint", ""), space)
        exec(PATCHER, space)
        try:
            agent = space["MyAgent"]()
            assert g.RandomAgent.choose is not original  # the patch happened
            with pytest.raises(CheckError, match="a wrong answer"):
                check_strategy(agent, matches=100)
        finally:
            g.RandomAgent.choose = original
    assert any("RandomAgent.choose" in f for f in _flags("strategy", PATCHER))


def test_a_package_bot_or_a_subclass_of_one_is_refused_and_its_import_flagged():
    cheat = "from pianitsa101.game101 import GreedyAgent\nclass MyAgent(GreedyAgent):\n    pass\n"
    verdict = _judged("strategy", cheat, "check_strategy(MyAgent(), matches=20)")  # the import is refused
    assert not verdict.passed, verdict
    assert any("GreedyAgent" in n and "ImportError" in n for n in verdict.notes), verdict
    assert any("GreedyAgent" in f for f in _flags("strategy", cheat))
    from pianitsa101.game101 import HeuristicAgent

    class Mine(HeuristicAgent):
        pass

    with pytest.raises(CheckError, match="HeuristicAgent"):
        check_strategy(Mine(), matches=20)


def test_the_first_legal_move_no_longer_passes():
    """The real bar (900 matches, seed 0). The reference passing it is test_checks' test_solution_passes;
    how often either lands on the wrong side of the bar is measured by exercises/measure_bar.py."""

    class First:
        def choose(self, view, legal_moves):
            return legal_moves[0]

    with pytest.raises(CheckError, match=r"a win rate of at least 70\.8%"):
        check_strategy(First())


def test_a_looping_choose_is_reported_within_seconds_with_a_missing_self_named():
    import time

    class Loops:
        def choose(self, view, legal_moves):
            while True:
                pass

    start = time.monotonic()
    with pytest.raises(CheckError, match="no answer within 1 second"):
        check_strategy(Loops(), matches=10)
    assert time.monotonic() - start < 10

    class NoSelf:
        def choose(view, legal_moves):
            return legal_moves[0]

    with pytest.raises(CheckError) as info:
        check_strategy(NoSelf(), matches=10)
    assert "its first parameter is self" in " ".join(str(info.value).split())


# --- make grade: the flags, STRICT, the stuck answer cell ----------------------------------------

def _notebook_with(tmp: Path, name: str, answer: str) -> Path:
    nb = json.loads((EXERCISES / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("solution"):
            cell["source"] = answer
    path = tmp / f"{name}.ipynb"
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return path


def test_make_grade_flags_a_forbidden_import_and_strict_gives_it_zero(tmp_path):
    refused = ("from pianitsa101.game101 import GreedyAgent  # not needed, and not allowed in exercise 01\n"
               + RIGHT_COMPARE)
    score = grade_notebook(_notebook_with(tmp_path, "01_compare", refused), MASTERS, timeout=20).scores[0]
    assert score.points == 0 and "is not available to this answer" in score.note  # refused as it runs
    assert "pianitsa101.game101 (GreedyAgent)" in score.flags
    answer = "import pianitsa101.cards as pc\npc.NOTE = 'mine'\n" + RIGHT_COMPARE
    (tmp_path / "b").mkdir()
    path = _notebook_with(tmp_path / "b", "01_compare", answer)
    loose = grade_notebook(path, MASTERS, timeout=20).scores[0]
    assert loose.points == 1 and "flagged" in loose.note and "pc.NOTE" in loose.flags
    strict = grade_notebook(path, MASTERS, timeout=20, strict=True).scores[0]
    assert strict.points == 0 and "STRICT" in strict.note


def test_make_grade_names_the_stuck_answer_cell_not_the_check_cell(tmp_path):
    path = _notebook_with(tmp_path, "01_compare", "while True:\n    pass\n")
    score = grade_notebook(path, MASTERS, timeout=3).scores[0]
    assert score.points == 0
    assert "(the answer cell) ran past the time limit" in score.note, score.note
    shutil.rmtree(tmp_path, ignore_errors=True)
