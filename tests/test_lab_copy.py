"""``make lab``'s working copy (tools/lab.py): copied once, never overwritten, reset on request."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("lab", Path(__file__).parent.parent / "tools" / "lab.py")
lab = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lab)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A small repository: two lessons, a README, one exercise, and an exercise source (not copied)."""
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "exercises" / "source").mkdir(parents=True)
    (tmp_path / "notebooks" / "01_start.ipynb").write_text("lesson 1")
    (tmp_path / "notebooks" / "02_cards.ipynb").write_text("lesson 2")
    (tmp_path / "notebooks" / "README.md").write_text("list")
    (tmp_path / "exercises" / "01_compare.ipynb").write_text("exercise 1")
    (tmp_path / "exercises" / "source" / "01_compare.ipynb").write_text("solution inside")
    return tmp_path


def test_the_first_start_copies_lessons_and_exercises_but_not_the_sources(repo):
    lab.prepare(repo, out=io.StringIO())
    work = repo / lab.WORK
    assert (work / "notebooks" / "01_start.ipynb").read_text() == "lesson 1"
    assert (work / "notebooks" / "README.md").exists() and (work / "exercises" / "01_compare.ipynb").exists()
    assert not (work / "exercises" / "source").exists()


def test_a_learners_copy_is_never_overwritten_and_a_newer_lesson_is_named(repo):
    lab.prepare(repo, out=io.StringIO())
    mine = repo / lab.WORK / "notebooks" / "01_start.ipynb"
    mine.write_text("my answers")
    (repo / "notebooks" / "01_start.ipynb").write_text("lesson 1, revised")
    (repo / "notebooks" / "03_new.ipynb").write_text("lesson 3")
    out = io.StringIO()
    newer = lab.prepare(repo, out=out)
    assert mine.read_text() == "my answers"  # kept
    assert (repo / lab.WORK / "notebooks" / "03_new.ipynb").read_text() == "lesson 3"  # a new lesson arrives
    assert newer == ["notebooks/01_start.ipynb"] and "make lab-reset NB=" in out.getvalue()
    assert (repo / "notebooks" / "01_start.ipynb").read_text() == "lesson 1, revised"  # repository untouched


def test_reset_of_one_lesson_takes_the_new_version_and_keeps_the_old_aside(repo):
    lab.prepare(repo, out=io.StringIO())
    (repo / lab.WORK / "notebooks" / "01_start.ipynb").write_text("my answers")
    (repo / lab.WORK / "notebooks" / "02_cards.ipynb").write_text("my other answers")
    (repo / "notebooks" / "01_start.ipynb").write_text("lesson 1, revised")
    aside = lab.reset(["01_start"], repo, out=io.StringIO())
    assert (repo / lab.WORK / "notebooks" / "01_start.ipynb").read_text() == "lesson 1, revised"
    assert (aside / "notebooks" / "01_start.ipynb").read_text() == "my answers"
    assert (repo / lab.WORK / "notebooks" / "02_cards.ipynb").read_text() == "my other answers"
    assert lab.prepare(repo, out=io.StringIO()) == []  # nothing newer any more


def test_reset_of_everything_and_of_an_unknown_name(repo):
    lab.prepare(repo, out=io.StringIO())
    (repo / lab.WORK / "exercises" / "01_compare.ipynb").write_text("my code")
    aside = lab.reset([], repo, out=io.StringIO())
    assert (repo / lab.WORK / "exercises" / "01_compare.ipynb").read_text() == "exercise 1"
    assert (aside / "exercises" / "01_compare.ipynb").read_text() == "my code"
    with pytest.raises(SystemExit, match="no lesson or exercise named 'nope'"):
        lab.reset(["nope"], repo, out=io.StringIO())


def test_the_working_copy_is_ignored_by_git():
    ignore = (Path(__file__).parent.parent / ".gitignore").read_text().splitlines()
    assert f"/{lab.WORK}/" in ignore and f"/{lab.WORK}-before-*/" in ignore
