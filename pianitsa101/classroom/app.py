"""The class service: an ASGI app (Starlette) with the students' API, the teacher's board and the site.

Routes (all on one origin, so that the browser site's kernels may call them):

- ``/``: the browser site (``make lite``), with the cross-origin isolation headers of ``make lite-serve``;
- ``/class``: a minimal student page (join, a small experiment, hand in, send a strategy);
- ``POST /api/join``: ``{code, name}`` -> a student key (asked again with ``Authorization: Bearer KEY``);
- ``POST /api/results``, ``/api/handins``, ``/api/strategies``: a student's sends, each with an
  idempotency key ``idem``; ``GET /api/handins[/ID]``: the student's own hand-ins only;
- ``/board``: the teacher's board (``/board?token=TOKEN`` once, then a cookie);
  ``/api/board/state``, ``/api/board/events`` (server-sent events), ``/api/board/export/...``,
  ``POST /api/board/tournament``: the teacher's token only.
"""

from __future__ import annotations

import csv
import hmac
import io
import json
import mimetypes
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pianitsa101.classroom import board, contest, experiments, handins, limits, qr, student_page
from pianitsa101.classroom.events import Broker
from pianitsa101.classroom.limits import Refused, csv_cell
from pianitsa101.classroom.store import Store

__all__ = ["ISOLATION", "Classroom", "create_app"]

# The headers of `make lite-serve` (lite/serve.py): the site's kernels may then share memory with the
# page (Kernel > Interrupt). Every answer of this origin carries them, the API's and the board's too.
ISOLATION = {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
    "cross-origin-resource-policy": "same-origin",
}
for _suffix, _type in (
    (".wasm", "application/wasm"),
    (".mjs", "text/javascript"),
    (".ipynb", "application/json"),
    (".whl", "application/zip"),
):
    mimetypes.add_type(_type, _suffix)
COOKIE = "p101_teacher"
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: a code read aloud or off the projector


@dataclass
class Classroom:
    """A running class: its store, its code and token, the students' address and where exports go."""

    data: Path
    address: str = "http://127.0.0.1:8000/"
    site: Path | None = None
    tournament_jobs: int = 2
    prefix: str = ""  # the path the service is mounted at ("" at the root)
    store: Store = field(init=False)
    broker: Broker = field(init=False, default_factory=Broker)
    code: str = field(init=False)
    token: str = field(init=False)

    def __post_init__(self) -> None:
        self.data.mkdir(parents=True, exist_ok=True)
        self.store = Store(self.data / "class.sqlite3")
        self.code = self.store.setting(
            "code", lambda: "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        )
        self.token = self.store.setting("token", lambda: secrets.token_urlsafe(18))

    @property
    def board_url(self) -> str:
        """The board's address with the teacher's token (for the teacher's screen only)."""
        return f"{self.address.rstrip('/')}/board?token={self.token}"


class _Isolate:
    """ASGI middleware: every answer carries ``ISOLATION`` (as ``make lite-serve``'s do)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_isolated(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.decode().lower() not in ISOLATION
                ]
                headers += [(k.encode(), v.encode()) for k, v in ISOLATION.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_isolated)


def _refusal(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to ``limits.MAX_BODY`` bytes; ``Refused`` otherwise."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limits.MAX_BODY):
        raise Refused(f"the request is larger than {limits.MAX_BODY:,} bytes", 413)
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limits.MAX_BODY:
            raise Refused(f"the request is larger than {limits.MAX_BODY:,} bytes", 413)
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks) or b"null")
    except ValueError:
        raise Refused("the request is not JSON") from None
    if not isinstance(body, dict):
        raise Refused("the request must be a JSON object")
    return body


def create_app(room: Classroom) -> Any:
    """The ASGI app of one class."""
    store, broker = room.store, room.broker
    running: dict[str, Any] = {}

    def student_of(request: Request) -> Any:
        auth = request.headers.get("authorization", "")
        key = auth[7:].strip() if auth.lower().startswith("bearer ") else ""
        student = store.student(key) if 8 <= len(key) <= 64 else None
        if student is None:
            raise Refused("not joined: join the class first (join(name, code))", 401)
        return student

    def is_teacher(request: Request) -> bool:
        given = request.headers.get("x-teacher-token") or request.cookies.get(COOKIE) or ""
        return hmac.compare_digest(given.encode(), room.token.encode())

    def teacher_only(request: Request) -> None:
        if not is_teacher(request):
            raise Refused(
                "the board needs the teacher's token: open the board address printed by make class", 403
            )

    def api(handler: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except Refused as refusal:
                return _refusal(str(refusal), refusal.status)

        return endpoint

    # ----- state for the board ------------------------------------------------------------------
    def handins_state() -> dict[str, Any]:
        rows = store.handins()
        latest: dict[tuple[int, str], dict[str, Any]] = {}
        for h in rows:
            latest[h["student"], h["exercise"]] = h
        return {
            "rows": [
                {
                    "id": h["id"],
                    "name": h["name"],
                    "exercise": h["exercise"],
                    "at": h["at"],
                    "checks": h["checks"],
                }
                for h in sorted(latest.values(), key=lambda h: -h["at"])
            ],
            "by_exercise": handins.by_exercise(rows),
            "count": len(rows),
        }

    def experiments_state() -> list[dict[str, Any]]:
        groups: dict[str, list[dict[str, Any]]] = {}
        for r in store.results():
            groups.setdefault(r["experiment"], []).append(r)
        return sorted((experiments.summary(g) for g in groups.values()), key=lambda s: -s["rows"][-1]["at"])

    def tournament_state() -> dict[str, Any]:
        return {"entries": [s["name"] for s in store.strategies()], "latest": store.tournament()}

    def state() -> dict[str, Any]:
        return {
            "class": {"address": room.address, "code": room.code, "students": len(store.students())},
            "experiments": experiments_state(),
            "handins": handins_state(),
            "tournament": tournament_state(),
        }

    # ----- the students' API --------------------------------------------------------------------
    async def join(request: Request) -> Response:
        body = await _body(request)
        code = limits._text(body, "code", 16).strip().upper()
        if not hmac.compare_digest(code.encode(), room.code.encode()):
            raise Refused("code: not this class's code (it is on the board)", 403)
        name = limits.name(body)
        try:
            student = await run_in_threadpool(store.join, name)
        except ValueError as error:
            raise Refused(f"name: {error}; choose another name", 409) from None
        broker.publish("students", {"students": len(store.students())})
        return JSONResponse({"name": student.name, "key": student.key})

    async def send_result(request: Request) -> Response:
        student = student_of(request)
        body = await _body(request)
        idem, result = limits.idem(body), limits.estimate(body)
        rid, repeat = await run_in_threadpool(store.add_result, student.id, idem, result)
        if not repeat:
            rows = store.results(store.results_experiment(rid))
            broker.publish("experiment", {**experiments.summary(rows), "sent": rid})
        return JSONResponse({"id": rid, "repeat": repeat})

    async def send_handin(request: Request) -> Response:
        student = student_of(request)
        body = await _body(request)
        idem, exercise = limits.idem(body), limits.exercise(body)
        nb = limits.notebook(body)
        checks = handins.read_checks(nb)
        hid, repeat = await run_in_threadpool(
            store.add_handin, student.id, idem, exercise, body["notebook"], checks
        )
        if not repeat:
            broker.publish("handins", {**handins_state(), "sent": hid})
        return JSONResponse({"id": hid, "repeat": repeat, "exercise": exercise, "checks": checks})

    async def my_handins(request: Request) -> Response:
        student = student_of(request)
        rows = store.handins(student.id)
        return JSONResponse(
            {
                "name": student.name,
                "handins": [
                    {"id": h["id"], "exercise": h["exercise"], "at": h["at"], "checks": h["checks"]}
                    for h in rows
                ],
            }
        )

    async def my_handin(request: Request) -> Response:
        student = student_of(request)
        try:
            hid = int(request.path_params["hid"])
        except ValueError:
            raise Refused("a hand-in's number is a whole number") from None
        h = store.handin(hid)
        if h is None or h["student"] != student.id:  # another's hand-in: as if it did not exist
            raise Refused("no such hand-in of yours", 404)
        return JSONResponse(
            {
                "id": h["id"],
                "exercise": h["exercise"],
                "at": h["at"],
                "checks": h["checks"],
                "notebook": h["notebook"],
            }
        )

    async def send_strategy(request: Request) -> Response:
        student = student_of(request)
        body = await _body(request)
        idem, source = limits.idem(body), limits.strategy(body)
        sid, repeat = await run_in_threadpool(store.add_strategy, student.id, idem, source)
        if not repeat:
            broker.publish("tournament", {**tournament_state(), "sent": sid})
        return JSONResponse({"id": sid, "repeat": repeat})

    # ----- the teacher's board ------------------------------------------------------------------
    async def board_page(request: Request) -> Response:
        token = request.query_params.get("token")
        if token is not None:
            if not hmac.compare_digest(token.encode(), room.token.encode()):
                return HTMLResponse(board.refused_page(), status_code=403)
            response = RedirectResponse(  # relative: the same under a prefix (a JupyterHub service)
                "board"
                + (
                    f"?lang={request.query_params['lang']}"
                    if request.query_params.get("lang") in ("en", "ru")
                    else ""
                ),
                status_code=303,
            )
            response.set_cookie(COOKIE, room.token, httponly=True, samesite="strict", max_age=12 * 3600)
            return response
        if not is_teacher(request):
            return HTMLResponse(board.refused_page(), status_code=403)
        return HTMLResponse(board.page())

    async def board_state(request: Request) -> Response:
        teacher_only(request)
        return JSONResponse(await run_in_threadpool(state))

    async def board_events(request: Request) -> Response:
        teacher_only(request)
        return StreamingResponse(
            broker.stream(),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )

    def csv_response(rows: list[list[Any]], name: str) -> Response:
        out = io.StringIO()
        writer = csv.writer(out)
        for row in rows:
            writer.writerow([csv_cell(v) for v in row])
        return Response(
            out.getvalue(),
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def export(request: Request) -> Response:
        teacher_only(request)
        what = request.path_params["what"]
        if what == "results.csv":
            head = [
                "student",
                "game",
                "players",
                "deck",
                "rules",
                "quantity",
                "seed",
                "sample size",
                "estimate",
                "low",
                "high",
                "exact",
                "misses",
                "sent (UTC)",
            ]
            rows = [head]
            for r in store.results():
                exact = experiments.exact_value(r["game"], r["players"], r["deck"], r["rules"], r["quantity"])
                value = None if exact is None else float(exact[0])
                rows.append(
                    [
                        r["name"],
                        r["game"],
                        r["players"],
                        r["deck"],
                        json.dumps(r["rules"], sort_keys=True),
                        r["quantity"],
                        r["seed"],
                        r["n"],
                        r["estimate"],
                        r["low"],
                        r["high"],
                        value,
                        "" if value is None else int(not r["low"] <= value <= r["high"]),
                        _utc(r["at"]),
                    ]
                )
            return csv_response(rows, "results.csv")
        if what == "handins.csv":
            rows = [["student", "exercise", "check", "result", "first failing case", "handed in (UTC)"]]
            for h in store.handins():
                for c in h["checks"] or [{"check": "", "status": "no checks", "case": ""}]:
                    rows.append([h["name"], h["exercise"], c["check"], c["status"], c["case"], _utc(h["at"])])
            return csv_response(rows, "handins.csv")
        if what == "tournament.csv":
            latest = store.tournament()
            rows = [["place", "name", "kind", "matches", "wins", "win rate", "low", "high", "note"]]
            for place, line in enumerate((latest or {}).get("leaderboard") or [], 1):
                rows.append(
                    [
                        place,
                        line["name"],
                        line["kind"],
                        line["matches"],
                        line["wins"],
                        line["win_rate"],
                        line["low"],
                        line["high"],
                        line["note"],
                    ]
                )
            return csv_response(rows, "tournament.csv")
        if what == "submitted":
            folder = await run_in_threadpool(
                handins.export_handins, store.handins(with_notebook=True), room.data / "export"
            )
            return JSONResponse({"folder": str(folder), "command": f'make grade DIR="{folder}"'})
        raise Refused("export: results.csv, handins.csv, tournament.csv or submitted", 404)

    async def start_tournament(request: Request) -> Response:
        teacher_only(request)
        body = await _body(request)
        matches = limits._int(body, "matches", 2, 2000, 200)
        seed = limits._int(body, "seed", 0, 2**31 - 1, 0)
        if running.get("thread") is not None and running["thread"].is_alive():
            raise Refused("a tournament is running; wait for its leaderboard", 409)
        strategies = store.strategies()
        if not strategies:
            raise Refused("no strategies yet: students send exercise 12's MyAgent first", 409)
        tid = store.start_tournament([s["name"] for s in strategies])
        broker.publish("tournament", tournament_state())

        def done(status: str, lines: Any, message: str) -> None:
            store.finish_tournament(tid, status, lines, message)
            broker.publish("tournament", tournament_state())

        folder = room.data / "tournament" / f"{tid:03d}"
        running["thread"] = contest.start(strategies, folder, matches, seed, room.tournament_jobs, done)
        return JSONResponse({"id": tid, "entries": len(strategies)})

    async def qr_svg(request: Request) -> Response:
        return Response(qr.svg(room.address), media_type="image/svg+xml")

    async def class_page(request: Request) -> Response:
        return HTMLResponse(student_page.page())

    routes = [
        Route("/class", class_page),
        Route("/board", board_page),
        Route("/board/qr.svg", qr_svg),
        Route("/api/join", api(join), methods=["POST"]),
        Route("/api/results", api(send_result), methods=["POST"]),
        Route("/api/handins", api(send_handin), methods=["POST"]),
        Route("/api/handins", api(my_handins), methods=["GET"]),
        Route("/api/handins/{hid}", api(my_handin), methods=["GET"]),
        Route("/api/strategies", api(send_strategy), methods=["POST"]),
        Route("/api/board/state", api(board_state)),
        Route("/api/board/events", api(board_events)),
        Route("/api/board/export/{what}", api(export)),
        Route("/api/board/tournament", api(start_tournament), methods=["POST"]),
    ]
    if room.site is not None:
        routes.append(Mount("/", StaticFiles(directory=str(room.site), html=True)))
    else:
        routes.append(Route("/", lambda request: RedirectResponse("class")))
    app = Starlette(routes=routes)
    if room.prefix.strip("/"):  # e.g. /services/class-7b/ behind JupyterHub's proxy, which keeps the prefix
        app = Starlette(routes=[Mount("/" + room.prefix.strip("/"), app)])
    app.state.room = room
    return _Isolate(app)


def _utc(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))
