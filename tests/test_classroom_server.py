"""The class service as make class runs it (its own process, on 127.0.0.1), with the notebook client:
nothing acknowledged is lost to kill -9, a dropped send can be made again and counts once, and the
tournament runs make tournament's command on the strategies sent."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from pianitsa101.classroom import client
from pianitsa101.classroom.background import ClassProcess
from pianitsa101.lessons.stats import Share

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def room(tmp_path):
    process = ClassProcess(tmp_path / "class")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def student(tmp_path, monkeypatch):
    """A notebook kernel of its own: its key file in tmp_path, run in a folder with exercise 01 solved."""
    monkeypatch.setenv("PIANITSA101_CLASS_FILE", str(tmp_path / "key.json"))
    monkeypatch.delenv("PIANITSA101_CLASS", raising=False)
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(ROOT / "exercises" / "solutions" / "01_compare.ipynb", work)
    monkeypatch.chdir(work)
    client._session.clear()
    yield client
    client._session.clear()


def test_an_acknowledged_handin_survives_kill_9_and_a_restart(room, student):
    student.join("Anna", room.code, room.address)
    receipt = student.hand_in("01")
    assert receipt.repeat is False
    room.kill()  # right after the acknowledgement: nothing is flushed or closed
    room.start()
    state = room.teacher("/api/board/state")
    assert [(r["name"], r["exercise"]) for r in state["handins"]["rows"]] == [("Anna", "01_compare")]
    assert all(c["status"] == "pass" for c in state["handins"]["rows"][0]["checks"])
    again = student.hand_in("01")  # the student could not tell: sending again is safe
    assert (again.id, again.repeat) == (receipt.id, True)
    assert room.teacher("/api/board/state")["handins"]["count"] == 1


def test_many_acknowledged_sends_survive_kill_9(room, student):
    student.join("Boris", room.code, room.address)
    ids = {
        student.send_result(Share(100 + i, 1000), quantity="first_trick_dispute", seed=i, deck=32).id
        for i in range(40)
    }
    room.kill()
    room.start()
    rows = room.teacher("/api/board/state")["experiments"][0]["rows"]
    assert {r["id"] for r in rows} == ids


def test_a_dropped_send_says_so_and_can_be_sent_again_once(room, student):
    student.join("Vera", room.code, room.address)
    room.stop()
    with pytest.raises(client.NotDelivered, match="no answer"):
        student.hand_in("01")
    room.start()  # the same port: the student's address still holds
    first = student.hand_in("01")
    second = student.hand_in("01")
    assert (first.repeat, second.repeat, second.id) == (False, True, first.id)
    assert [h["exercise"] for h in student.my_handins()] == ["01_compare"]


def test_a_restarted_kernel_is_the_same_student(room, student):
    student.join("Gleb", room.code, room.address)
    student._session.clear()  # a new kernel: only the key file remains
    assert student.current()["name"] == "Gleb"
    student.send_result(Share(10, 100), quantity="first_trick_dispute", seed=3, deck=32)
    assert room.teacher("/api/board/state")["class"]["students"] == 1


def test_refusals_reach_the_student_as_errors(room, student):
    with pytest.raises(ValueError, match="code"):
        student.join("Dana", "WRONG9", room.address)
    student.join("Dana", room.code, room.address)
    with pytest.raises(ValueError, match="quantity"):
        student.send_result(Share(1, 10), quantity="Not A Word", seed=1)
    with pytest.raises(TypeError, match="Share"):
        student.send_result("10%", quantity="first_trick_dispute", seed=1)


def test_the_class_tournament_runs_the_tournament_command_on_the_strategies(room, student, tmp_path):
    solution = json.loads(
        (ROOT / "exercises" / "solutions" / "12_strategy.ipynb").read_text(encoding="utf-8")
    )
    answer = next(
        "".join(c["source"])
        for c in solution["cells"]
        if c["metadata"].get("nbgrader", {}).get("grade_id") == "answer_strategy"
    )
    student.join("Анна", room.code, room.address)
    student.send_strategy(answer)
    student._session.clear()
    (tmp_path / "key.json").unlink()
    student.join("Crash <b>", room.code, room.address)
    student.send_strategy(
        "class MyAgent:\n    def choose(self, view, moves):\n        raise RuntimeError('no')\n"
    )
    started = room.teacher("/api/board/tournament", {"matches": 4, "seed": 1})
    assert started["entries"] == 2
    deadline = time.monotonic() + 600
    while (latest := room.teacher("/api/board/state")["tournament"]["latest"])["status"] == "running":
        assert time.monotonic() < deadline, "the tournament did not end"
        time.sleep(1)
    assert latest["status"] == "done", latest["message"]
    lines = {line["name"]: line for line in latest["leaderboard"]}
    assert {"Анна", "Crash <b>", "RandomAgent (bot)"} <= set(lines)
    assert lines["Crash <b>"]["note"].startswith("forfeited")
    assert lines["Анна"]["matches"] > 0 and lines["Анна"]["low"] is not None
    exported = sorted(p.parent.name for p in (room.data / "tournament").rglob("12_strategy.ipynb"))
    assert exported == ["Crash_b", "Анна"]
