"""The class's memory: one SQLite file (WAL), one writer, every write acknowledged only after its commit.

Tables: the class (its code and the teacher's token), students, results (the pooled
experiment), hand-ins, strategies and tournaments. A send carries an idempotency key: sent
twice (a student whose network dropped before the answer came), it is stored once and the
second answer says ``repeat``.

>>> store = Store(":memory:")
>>> anna = store.join("Anna")
>>> store.student(anna.key).name
'Anna'
>>> store.add_strategy(anna.id, "k-00000001", "class MyAgent: ...")
(1, False)
>>> store.add_strategy(anna.id, "k-00000001", "class MyAgent: ...")
(1, True)
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["Store", "Student"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, key_hash TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY, student INTEGER NOT NULL REFERENCES students(id), idem TEXT NOT NULL,
    experiment TEXT NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL, deck INTEGER,
    rules TEXT NOT NULL, quantity TEXT NOT NULL, seed INTEGER NOT NULL, n INTEGER NOT NULL,
    estimate REAL NOT NULL, low REAL NOT NULL, high REAL NOT NULL, percent INTEGER NOT NULL,
    at REAL NOT NULL, UNIQUE (student, idem));
CREATE TABLE IF NOT EXISTS handins (
    id INTEGER PRIMARY KEY, student INTEGER NOT NULL REFERENCES students(id), idem TEXT NOT NULL,
    exercise TEXT NOT NULL, notebook TEXT NOT NULL, checks TEXT NOT NULL, at REAL NOT NULL,
    UNIQUE (student, idem));
CREATE TABLE IF NOT EXISTS strategies (
    id INTEGER PRIMARY KEY, student INTEGER NOT NULL REFERENCES students(id), idem TEXT NOT NULL,
    source TEXT NOT NULL, at REAL NOT NULL, UNIQUE (student, idem));
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY, started REAL NOT NULL, finished REAL, status TEXT NOT NULL,
    entries TEXT NOT NULL, leaderboard TEXT, message TEXT);
"""


class Student(NamedTuple):
    """A student of the class: ``key`` is given once, when they join (only its hash is kept)."""

    id: int
    name: str
    key: str = ""


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def experiment_id(game: str, players: int, deck: int | None, rules: dict, quantity: str) -> str:
    """One experiment: the same quantity of the same game with the same rules (a short stable id)."""
    text = json.dumps([game, players, deck, rules, quantity], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class Store:
    """The class's SQLite file; every method is one transaction, committed before it returns."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the answer is sent
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the file (the WAL is checkpointed)."""
        with self._lock:
            self._db.close()

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return cursor

    def _read(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # ----- the class ----------------------------------------------------------------------------
    def setting(self, key: str, make: Any) -> str:
        """A setting of the class (its code, the teacher's token), made by ``make()`` the first time."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        if rows:
            return rows[0]["value"]
        self._write("INSERT OR IGNORE INTO settings VALUES (?, ?)", (key, make()))
        return self._read("SELECT value FROM settings WHERE key = ?", (key,))[0]["value"]

    def join(self, name: str) -> Student:
        """A new student with a fresh secret key; ``ValueError`` when the name is taken."""
        key = secrets.token_urlsafe(24)
        try:
            cursor = self._write(
                "INSERT INTO students (name, key_hash, joined) VALUES (?, ?, ?)",
                (name, _hash(key), time.time()),
            )
        except sqlite3.IntegrityError:
            raise ValueError(f"the name {name!r} is taken in this class") from None
        return Student(cursor.lastrowid, name, key)

    def student(self, key: str) -> Student | None:
        """The student with this key, or None."""
        rows = self._read("SELECT id, name FROM students WHERE key_hash = ?", (_hash(key),))
        return Student(rows[0]["id"], rows[0]["name"]) if rows else None

    def students(self) -> list[Student]:
        """Every student, in the order they joined."""
        return [Student(r["id"], r["name"]) for r in self._read("SELECT id, name FROM students ORDER BY id")]

    # ----- sends (idempotent) -------------------------------------------------------------------
    def _add(self, table: str, student: int, idem: str, values: dict[str, Any]) -> tuple[int, bool]:
        """Insert once per (student, idem): (row id, True when it was already there)."""
        columns = ["student", "idem", *values, "at"]
        sql = f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        cursor = self._write(sql, (student, idem, *values.values(), time.time()))
        if cursor.rowcount == 1:
            return cursor.lastrowid, False
        row = self._read(f"SELECT id FROM {table} WHERE student = ? AND idem = ?", (student, idem))
        return row[0]["id"], True

    def add_result(self, student: int, idem: str, result: dict[str, Any]) -> tuple[int, bool]:
        """Store a simulated result (see ``limits.estimate``); (id, repeat)."""
        values = {
            "experiment": experiment_id(
                result["game"], result["players"], result["deck"], result["rules"], result["quantity"]
            ),
            **result,
            "rules": json.dumps(result["rules"], sort_keys=True),
            "percent": int(result["percent"]),
        }
        return self._add("results", student, idem, values)

    def add_handin(
        self, student: int, idem: str, exercise: str, notebook: str, checks: list[dict[str, Any]]
    ) -> tuple[int, bool]:
        """Store a handed-in notebook (its text, as sent) and its checks as the notebook shows them."""
        return self._add(
            "handins",
            student,
            idem,
            {"exercise": exercise, "notebook": notebook, "checks": json.dumps(checks)},
        )

    def add_strategy(self, student: int, idem: str, source: str) -> tuple[int, bool]:
        """Store a student's exercise-12 strategy (its source text; never run here)."""
        return self._add("strategies", student, idem, {"source": source})

    # ----- reading ------------------------------------------------------------------------------
    def results(self, experiment: str | None = None) -> list[dict[str, Any]]:
        """Every result (of one experiment), oldest first, with the student's name."""
        where, args = ("WHERE r.experiment = ?", (experiment,)) if experiment else ("", ())
        rows = self._read(
            f"SELECT r.*, s.name FROM results r JOIN students s ON s.id = r.student {where} ORDER BY r.id",
            args,
        )
        return [{**dict(r), "rules": json.loads(r["rules"]), "percent": bool(r["percent"])} for r in rows]

    def results_experiment(self, result: int) -> str:
        """The experiment a result belongs to."""
        return self._read("SELECT experiment FROM results WHERE id = ?", (result,))[0]["experiment"]

    def handins(self, student: int | None = None, with_notebook: bool = False) -> list[dict[str, Any]]:
        """Every hand-in (of one student), oldest first, with the student's name and the checks."""
        columns = "h.*" if with_notebook else "h.id, h.student, h.idem, h.exercise, h.checks, h.at"
        where, args = ("WHERE h.student = ?", (student,)) if student is not None else ("", ())
        rows = self._read(
            f"SELECT {columns}, s.name FROM handins h JOIN students s ON s.id = h.student "
            f"{where} ORDER BY h.id",
            args,
        )
        return [{**dict(r), "checks": json.loads(r["checks"])} for r in rows]

    def handin(self, handin: int) -> dict[str, Any] | None:
        """One hand-in with its notebook, or None."""
        rows = self._read(
            "SELECT h.*, s.name FROM handins h JOIN students s ON s.id = h.student WHERE h.id = ?", (handin,)
        )
        return {**dict(rows[0]), "checks": json.loads(rows[0]["checks"])} if rows else None

    def strategies(self) -> list[dict[str, Any]]:
        """Each student's latest strategy, in name order."""
        rows = self._read(
            "SELECT s.name, t.source, t.at, t.id FROM strategies t JOIN students s "
            "ON s.id = t.student WHERE t.id IN (SELECT max(id) FROM strategies GROUP BY student) "
            "ORDER BY s.name COLLATE NOCASE"
        )
        return [dict(r) for r in rows]

    # ----- tournaments --------------------------------------------------------------------------
    def start_tournament(self, entries: list[str]) -> int:
        """Note a tournament as running; its id."""
        return self._write(
            "INSERT INTO tournaments (started, status, entries) VALUES (?, 'running', ?)",
            (time.time(), json.dumps(entries)),
        ).lastrowid

    def finish_tournament(self, tid: int, status: str, leaderboard: Any, message: str) -> None:
        """Note a tournament's end: ``done`` with its leaderboard, or ``failed`` with a message."""
        self._write(
            "UPDATE tournaments SET finished = ?, status = ?, leaderboard = ?, message = ? WHERE id = ?",
            (time.time(), status, json.dumps(leaderboard), message, tid),
        )

    def tournament(self) -> dict[str, Any] | None:
        """The latest tournament, or None."""
        rows = self._read("SELECT * FROM tournaments ORDER BY id DESC LIMIT 1")
        if not rows:
            return None
        row = dict(rows[0])
        row["entries"] = json.loads(row["entries"])
        row["leaderboard"] = json.loads(row["leaderboard"]) if row["leaderboard"] else None
        return row
