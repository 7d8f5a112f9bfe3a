"""The class service in-process (Starlette's TestClient): access, limits, escaping, idempotency, pooling."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pianitsa101.classroom import experiments, handins, limits
from pianitsa101.classroom.app import ISOLATION, Classroom, create_app
from pianitsa101.classroom.store import Store

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def room(tmp_path):
    return Classroom(tmp_path / "class")


@pytest.fixture
def client(room):
    with TestClient(create_app(room)) as client:
        yield client


def join(client, room, name="Anna"):
    answer = client.post("/api/join", json={"name": name, "code": room.code})
    assert answer.status_code == 200, answer.text
    return {"authorization": f"Bearer {answer.json()['key']}"}


def result(seed=1, estimate=0.1, low=0.08, high=0.12, n=1000, idem=None, **more):
    body = {
        "game": "pianitsa",
        "players": 2,
        "deck": 32,
        "rules": {"max_tricks": 1},
        "quantity": "first_trick_dispute",
        "seed": seed,
        "n": n,
        "estimate": estimate,
        "low": low,
        "high": high,
        "percent": True,
        "idem": idem or f"r-{seed!s:0>8}-{n}",
    }
    return {**body, **more}


def teacher(room):
    return {"x-teacher-token": room.token}


def solution_notebook(name="01_compare"):
    return (ROOT / "exercises" / "solutions" / f"{name}.ipynb").read_text(encoding="utf-8")


# ----- access ---------------------------------------------------------------------------------------
def test_joining_needs_the_class_code(client, room):
    answer = client.post("/api/join", json={"name": "Anna", "code": "WRONG1"})
    assert answer.status_code == 403
    assert "code" in answer.json()["error"]
    assert client.post("/api/join", json={"name": "Anna", "code": room.code.lower()}).status_code == 200


def test_a_name_is_taken_once(client, room):
    join(client, room, "Anna")
    answer = client.post("/api/join", json={"name": "anna", "code": room.code})
    assert answer.status_code == 409
    assert "taken" in answer.json()["error"]


def test_sending_needs_a_joined_student(client, room):
    assert client.post("/api/results", json=result()).status_code == 401
    bad = {"authorization": "Bearer not-a-real-key-at-all"}
    assert client.post("/api/results", json=result(), headers=bad).status_code == 401


def test_the_board_and_exports_need_the_teachers_token(client, room):
    student = join(client, room)
    for path in (
        "/board",
        "/api/board/state",
        "/api/board/events",
        "/api/board/export/results.csv",
        "/api/board/export/submitted",
    ):
        assert client.get(path).status_code == 403, path
        assert client.get(path, headers=student).status_code == 403, path
        assert client.get(path, headers={"x-teacher-token": "x" * 24}).status_code == 403, path
    assert client.post("/api/board/tournament", json={}, headers=student).status_code == 403
    assert client.get("/api/board/state", headers=teacher(room)).status_code == 200


def test_the_board_address_sets_a_cookie_then_the_board_opens(client, room):
    assert client.get("/board?token=wrong").status_code == 403
    answer = client.get(f"/board?token={room.token}", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "board"
    assert "httponly" in answer.headers["set-cookie"].lower()
    assert client.get("/board").status_code == 200  # the cookie came back
    assert client.get("/api/board/state").status_code == 200


def test_a_student_reads_only_their_own_handins(client, room):
    anna, boris = join(client, room, "Anna"), join(client, room, "Boris")
    sent = client.post(
        "/api/handins",
        headers=anna,
        json={"exercise": "01_compare", "notebook": solution_notebook(), "idem": "h-anna-0001"},
    )
    hid = sent.json()["id"]
    assert client.get(f"/api/handins/{hid}", headers=anna).json()["notebook"] == solution_notebook()
    assert client.get(f"/api/handins/{hid}", headers=boris).status_code == 404
    assert client.get("/api/handins", headers=boris).json()["handins"] == []
    assert [h["id"] for h in client.get("/api/handins", headers=anna).json()["handins"]] == [hid]


def test_every_answer_carries_the_isolation_headers(client, room):
    for path in ("/class", "/board", "/api/board/state"):
        headers = client.get(path).headers
        for name, value in ISOLATION.items():
            assert headers[name] == value, (path, name)


def test_the_site_is_served_with_the_isolation_headers(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>site</p>")
    (site / "kernel.wasm").write_bytes(b"\0asm")
    room = Classroom(tmp_path / "class", site=site)
    with TestClient(create_app(room)) as client:
        answer = client.get("/")
        assert answer.text == "<p>site</p>"
        assert answer.headers["cross-origin-embedder-policy"] == "require-corp"
        assert client.get("/kernel.wasm").headers["content-type"] == "application/wasm"
        assert client.get("/class").status_code == 200


# ----- limits -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"seed": "1"}, "seed: must be int"),
        ({"seed": True}, "seed: must be int"),
        ({"n": 0}, "n: must be from 1"),
        ({"estimate": 0.5}, "in this order"),
        ({"low": -0.1, "estimate": 0.0}, "between 0 and 1"),
        ({"quantity": "<b>x</b>"}, "quantity: a lower-case word"),
        ({"game": "poker"}, "game: one of"),
        ({"rules": {f"o{i}": 1 for i in range(21)}}, "at most 20 options"),
        ({"rules": {"gather": "x" * 41}}, "up to 40 characters"),
        ({"rules": {"gather": [1]}}, "must be a number"),
        ({"idem": "short"}, "idem: 8 to 64"),
        ({"estimate": float("inf")}, None),
    ],
)
def test_a_result_out_of_its_limits_is_refused_clearly(client, room, change, says):
    student = join(client, room)
    answer = client.post(
        "/api/results",
        headers=student,
        content=json.dumps(result(**change)).encode(),
    )
    assert answer.status_code == 400
    if says:
        assert says in answer.json()["error"]
    assert client.get("/api/board/state", headers=teacher(room)).json()["experiments"] == []


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"name": "", "code": "X"}, "code"),
        ({"name": "A\nB"}, "printable"),
        ({"name": "x" * 41}, "at most 40"),
        ({"name": 7}, "must be str"),
    ],
)
def test_a_name_out_of_its_limits_is_refused(client, room, body, says):
    answer = client.post("/api/join", json={"code": room.code, **body} if "code" not in body else body)
    assert answer.status_code in (400, 403)
    assert says in answer.json()["error"]


def test_a_request_too_large_or_not_json_is_refused(client, room):
    student = join(client, room)
    big = {"exercise": "01_compare", "notebook": "x" * (limits.MAX_BODY + 10), "idem": "h-big-00001"}
    assert client.post("/api/handins", headers=student, json=big).status_code == 413
    answer = client.post("/api/results", headers=student, content=b"{not json")
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]
    answer = client.post("/api/results", headers=student, content=b"[1, 2]")
    assert "JSON object" in answer.json()["error"]


def test_a_handin_must_be_a_notebook_of_an_exercise(client, room):
    student = join(client, room)
    answer = client.post(
        "/api/handins",
        headers=student,
        json={"exercise": "../../etc", "notebook": "{}", "idem": "h-bad-00001"},
    )
    assert "exercise" in answer.json()["error"]
    answer = client.post(
        "/api/handins",
        headers=student,
        json={"exercise": "01_compare", "notebook": "{}", "idem": "h-bad-00002"},
    )
    assert "no list of cells" in answer.json()["error"]


def test_a_strategy_must_define_my_agent(client, room):
    student = join(client, room)
    answer = client.post(
        "/api/strategies", headers=student, json={"source": "print(1)", "idem": "s-00000001"}
    )
    assert answer.status_code == 400 and "MyAgent" in answer.json()["error"]


# ----- idempotency ----------------------------------------------------------------------------------
def test_a_repeated_send_is_stored_once(client, room):
    student = join(client, room)
    first = client.post("/api/results", headers=student, json=result()).json()
    again = client.post("/api/results", headers=student, json=result()).json()
    assert (first["repeat"], again["repeat"], again["id"]) == (False, True, first["id"])
    body = {"exercise": "01_compare", "notebook": solution_notebook(), "idem": "h-same-0001"}
    assert client.post("/api/handins", headers=student, json=body).json()["repeat"] is False
    assert client.post("/api/handins", headers=student, json=body).json()["repeat"] is True
    state = client.get("/api/board/state", headers=teacher(room)).json()
    assert state["experiments"][0]["count"] == 1
    assert state["handins"]["count"] == 1


# ----- what the board shows --------------------------------------------------------------------------
def test_the_pool_counts_each_seed_once_and_misses_are_counted():
    exact = 3 / 31
    rows = [
        dict(
            name=f"s{i}",
            seed=i,
            n=1000,
            estimate=0.1,
            low=0.08,
            high=0.12,
            percent=True,
            id=i,
            at=i,
            experiment="e",
            game="pianitsa",
            players=2,
            deck=32,
            rules={},
            quantity="first_trick_dispute",
        )
        for i in range(3)
    ]
    rows.append({**rows[0], "name": "copy", "id": 9})  # the same seed: the same games
    rows.append({**rows[1], "name": "far", "seed": 7, "estimate": 0.2, "low": 0.18, "high": 0.22, "id": 10})
    summary = experiments.summary(rows)
    assert summary["exact"]["text"] == "3/31"
    assert summary["pooled"]["n"] == 4000  # 3 seeds of 1000 and "far"; "copy" is not counted again
    assert summary["pooled"]["estimate"] == pytest.approx((100 * 3 + 200) / 4000)
    assert [r["misses"] for r in summary["rows"]] == [not 0.08 <= exact <= 0.12] * 4 + [True]
    assert summary["misses"] == 1
    assert summary["rows"][3]["same_seed_as"] == "s0"


def test_a_pooled_mean_weighs_by_precision():
    rows = [
        dict(estimate=10.0, low=9.0, high=11.0, n=100, seed=1, percent=False),
        dict(estimate=20.0, low=10.0, high=30.0, n=100, seed=2, percent=False),
    ]
    pool = experiments.pooled(rows)
    assert 10 < pool["estimate"] < 10.1  # the narrow interval weighs 100 times the wide one
    assert pool["high"] - pool["low"] < 2.0


def test_the_exact_values_are_the_lessons():
    assert experiments.exact_value("pianitsa", 2, 36, {}, "first_trick_dispute")[0] == Fraction(3, 35)
    assert experiments.exact_value("101", 2, 36, {}, "hand_points_mean")[0] == Fraction(80, 3)
    assert experiments.exact_value("pianitsa", 3, 36, {}, "first_trick_dispute") is None


def test_checks_are_read_from_the_notebook_without_running_it():
    solved = handins.read_checks(json.loads(solution_notebook()))
    assert solved and all(c["status"] == "pass" for c in solved)
    blank = handins.read_checks(json.loads((ROOT / "exercises" / "01_compare.ipynb").read_text()))
    assert blank and all(c["status"] == "not run" for c in blank)


def test_per_exercise_the_pass_count_and_the_most_common_failure():
    fail = [{"check": "check_compare", "status": "fail", "case": "6♠ vs A♥"}]
    rows = [
        {"exercise": "01_compare", "student": s, "checks": c}
        for s, c in [
            (1, fail),
            (2, fail),
            (3, [{"check": "check_compare", "status": "pass", "case": ""}]),
            (4, [{"check": "check_compare", "status": "fail", "case": "K vs K"}]),
        ]
    ]
    assert handins.by_exercise(rows) == [
        {
            "exercise": "01_compare",
            "handed_in": 4,
            "pass": 1,
            "common_failure": "check_compare: 6♠ vs A♥",
            "common_count": 2,
        }
    ]


def test_no_csv_cell_starts_a_formula(client, room):
    student = join(client, room, '=HYPERLINK("http://x")')
    client.post("/api/results", headers=student, json=result(low=0.0, estimate=0.0, high=0.1))
    client.post(
        "/api/handins",
        headers=student,
        json={"exercise": "01_compare", "notebook": solution_notebook(), "idem": "h-csv-00001"},
    )
    for name in ("results.csv", "handins.csv", "tournament.csv"):
        text = client.get(f"/api/board/export/{name}", headers=teacher(room)).text
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        assert cells, name
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")], name
    results = list(
        csv.reader(io.StringIO(client.get("/api/board/export/results.csv", headers=teacher(room)).text))
    )
    assert results[1][0] == '\'=HYPERLINK("http://x")'
    assert results[1][-2] == "0"  # the interval [0, 10%] holds 3/31: it does not miss


def test_the_export_for_make_grade_is_nbgraders_layout(client, room, tmp_path):
    anna, boris = join(client, room, "Anna"), join(client, room, "../Boris")
    for who, tag in ((anna, "a"), (boris, "b")):
        client.post(
            "/api/handins",
            headers=who,
            json={"exercise": "01_compare", "notebook": solution_notebook(), "idem": f"h-{tag}-000001"},
        )
    answer = client.get("/api/board/export/submitted", headers=teacher(room)).json()
    folder = Path(answer["folder"])
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb")) == [
        "Anna/01_compare/01_compare.ipynb",
        "Boris/01_compare/01_compare.ipynb",
    ]
    from pianitsa101.checks.grade import find_notebooks

    assert sorted(student for student, _ in find_notebooks([folder])) == ["Anna", "Boris"]


def test_the_store_keeps_a_class_code_and_token(tmp_path):
    first = Classroom(tmp_path / "c")
    code, token = first.code, first.token
    first.store.close()
    again = Classroom(tmp_path / "c")
    assert (again.code, again.token) == (code, token)
    assert Store(tmp_path / "c" / "class.sqlite3")._read("PRAGMA journal_mode")[0][0] == "wal"


def test_under_a_prefix_every_route_moves_with_it(tmp_path):
    room = Classroom(tmp_path / "class", prefix="/services/class-7b/")
    with TestClient(create_app(room)) as client:
        assert client.get("/services/class-7b/class").status_code == 200
        assert client.get("/class").status_code == 404
        answer = client.post("/services/class-7b/api/join", json={"name": "Anna", "code": room.code})
        assert answer.status_code == 200
        assert client.get(f"/services/class-7b/board?token={room.token}").status_code == 200


def test_a_share_of_none_is_taken_though_its_low_end_rounds_above_zero(client, room):
    from pianitsa101.strategy.stats import wilson_interval

    low, high = wilson_interval(0, 1000)
    assert low > 0.0  # the rounding the service must forgive
    answer = client.post("/api/results", headers=join(client, room),
                         json=result(estimate=0.0, low=low, high=high))
    assert answer.status_code == 200, answer.text
