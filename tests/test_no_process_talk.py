"""Every tracked text file speaks of the software, never of how it was made.

No work-item numbers ("issue 17", «задача 17»), no talk of other work on some machine, no load
averages, no "quiet machine". A link to an upstream project's issue on GitHub is a reference a
reader can open, so it is allowed.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Each pattern with the reason it is not for readers.
PATTERNS = {
    r"\bissues?[ \t\-_]*#?\d+": "a work-item number (issue N)",
    r"\bthe issue(?:'s)?\b": "a work item the reader cannot open",
    r"\bother agents?\b": "other work on the machine",
    r"\bload average": "the machine's load at some moment",
    r"\bthis stop\b": "a stage of the work",
    r"\bquiet machine\b": "how busy the machine was",
    r"\bтих\w*\s+машин\w*": "how busy the machine was",
    r"\(helper \w+\)": "who wrote it",
}
TALK = re.compile("|".join(f"(?:{p})" for p in PATTERNS), re.IGNORECASE)
# «задача N» is a work item, unless N is the number of an exercise (the Russian lessons say
# «из задачи 12» for exercise 12).
TASK = re.compile(r"\bзадач\w*\s+№?\s*(\d+)", re.IGNORECASE)
EXERCISES = {int(path.name[:2]) for path in ROOT.glob("exercises/[0-9][0-9]_*.ipynb")} or set(range(1, 13))
# An upstream project's issue or pull request, as a link: https://github.com/owner/repo/issues/123
UPSTREAM = re.compile(r"https?://github\.com/[\w.-]+/[\w.-]+/(?:issues|pull)/\d+\S*", re.IGNORECASE)


def process_talk(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that speak of how the software was made, as (line number, line).

    >>> process_talk("The bot wins 95.8% of matches.\\nMeasured on a quiet machine.")
    [(2, 'Measured on a quiet machine.')]
    >>> process_talk("See https://github.com/jupyter/nbgrader/issues/1961 upstream.")
    []
    """
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        line_text = UPSTREAM.sub("", line)
        if TALK.search(line_text) or any(int(n) not in EXERCISES for n in TASK.findall(line_text)):
            found.append((number, line.strip()))
    return found


def tracked_text_files() -> list[Path]:
    """Every file git tracks that reads as UTF-8 text (the pictures and compiled catalogs are left out)."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    files = []
    for name in names.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        files.append(path)
    return files


@pytest.mark.parametrize("line", [
    "the targets of issue 17",
    "Issue 5: about 95x",
    "only the issue-17 lines",
    "(issues 11 and 17)",
    "The issue's targets are met.",
    "с итоговым кодом задачи 17",
    "до того, как задача 17 изменила",
    "with eight other agents at work beside it",
    "load average 15-22",
    "before this stop",
    "on a quiet machine",
    "на тихой машине",
])
def test_process_talk_is_found(line):
    assert process_talk(line) == [(1, line)]


@pytest.mark.parametrize("line", [
    "nbgrader's own open issue (https://github.com/jupyter/nbgrader/issues/1961)",
    "the bot against the other seats' agents",
    "Задача: найти вероятность спора.",
    "против своей стратегии из задачи 12",
    "an issue with the kernel",
])
def test_what_readers_can_use_is_allowed(line):
    assert process_talk(line) == []


def test_no_tracked_file_speaks_of_how_it_was_made():
    files = tracked_text_files()
    assert len(files) > 50, "git ls-files found too few files: is this a checkout?"
    report = [f"{path.relative_to(ROOT)}:{number}: {line[:120]}"
              for path in files if path != Path(__file__).resolve()
              for number, line in process_talk(path.read_text(encoding="utf-8"))]
    assert not report, "text about how the software was made (say what it does instead):\n" + "\n".join(
        report)
