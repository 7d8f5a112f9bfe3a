"""The student's side: join the class, send a result, hand in an exercise, send a strategy.

The same functions work in JupyterLab (``make lab``: ``urllib``) and in the browser site
(Pyodide: a synchronous ``XMLHttpRequest`` from the kernel's worker, on the page's own origin,
so that a plain function call returns the class's answer without ``await``)::

    from pianitsa101.classroom import join, send_result, hand_in, send_strategy
    join("Anna", "K7QPZX")                              # the code on the board; make lab: address="http://..."
    send_result(Share.of(played.disputes > 0), quantity="first_trick_dispute",
                game="pianitsa", players=2, deck=32, seed=17, rules=ONE_TRICK)
    hand_in("01")                                       # exercise 01's notebook, as last saved
    send_strategy(MyAgent)                              # exercise 12

Every send carries an idempotency key made from what is sent: when the network drops, the
call raises ``NotDelivered`` and the same call can simply be made again; a send the class
already has is answered ``repeat`` and counted once.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, NamedTuple

__all__ = [
    "NotDelivered",
    "Receipt",
    "current",
    "hand_in",
    "join",
    "my_handins",
    "send_result",
    "send_strategy",
]

IN_BROWSER = sys.platform == "emscripten"  # Pyodide (the browser site)


class NotDelivered(ConnectionError):
    """The class did not get a send (no network, the service stopped): nothing was stored; send it again."""


class Receipt(NamedTuple):
    """The class's answer to a send: its number, whether it was a repeat, and what it said."""

    id: int
    repeat: bool
    answer: dict

    def __str__(self) -> str:
        again = ", already there: counted once" if self.repeat else ""
        return f"received by the class (number {self.id}{again})"


# ----- the connection ---------------------------------------------------------------------------
_session: dict[str, str] = {}


def _session_file() -> Path:
    """Where the student's key is kept between kernel restarts (the browser site: its own storage)."""
    if os.environ.get("PIANITSA101_CLASS_FILE"):
        return Path(os.environ["PIANITSA101_CLASS_FILE"])
    if IN_BROWSER and Path("/drive").is_dir():
        return Path("/drive/.pianitsa101-class.json")
    return Path.home() / ".pianitsa101-class.json"


def _default_address() -> str | None:
    if os.environ.get("PIANITSA101_CLASS"):
        return os.environ["PIANITSA101_CLASS"]
    if IN_BROWSER:
        import js  # the page's origin: the site and the class service are served together

        return str(js.location.origin)
    return None


def current() -> dict[str, str] | None:
    """The class this kernel has joined (address and name), or None."""
    if not _session:
        try:
            saved = json.loads(_session_file().read_text(encoding="utf-8"))
            if isinstance(saved, dict) and {"address", "name", "key"} <= set(saved):
                _session.update(saved)
        except (OSError, ValueError):
            return None
    return {"address": _session["address"], "name": _session["name"]} if _session else None


def _http(
    method: str, url: str, body: dict | None, headers: dict[str, str], timeout: float
) -> tuple[int, dict]:
    """One request; (status, JSON answer). ``NotDelivered`` when no answer came."""
    data = None if body is None else json.dumps(body).encode()
    headers = {**headers, "content-type": "application/json"}
    if IN_BROWSER:
        import js
        from pyodide.ffi import JsException

        xhr = js.XMLHttpRequest.new()
        try:
            xhr.open(method, url, False)  # synchronous: allowed in the kernel's worker
            for key, value in headers.items():
                xhr.setRequestHeader(key, value)
            xhr.send(None if data is None else data.decode())
        except JsException as error:
            raise NotDelivered(f"no answer from {url}: {error}") from None
        status, text = int(xhr.status), str(xhr.responseText)
        if status == 0:
            raise NotDelivered(f"no answer from {url}")
    else:
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                status, text = answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
        except (urllib.error.URLError, OSError) as error:
            raise NotDelivered(f"no answer from {url}: {getattr(error, 'reason', error)}") from None
    try:
        return status, json.loads(text)
    except ValueError:
        return status, {"error": text[:200]}


def _call(method: str, path: str, body: dict | None = None, timeout: float = 30) -> dict:
    """A request as the joined student; the class's refusal as ValueError or PermissionError."""
    if current() is None:
        raise PermissionError("join the class first: join(your_name, the_code_on_the_board)")
    status, answer = _http(
        method,
        _session["address"].rstrip("/") + path,
        body,
        {"authorization": f"Bearer {_session['key']}"},
        timeout,
    )
    if status >= 400:
        error = answer.get("error", f"status {status}")
        raise (PermissionError if status in (401, 403) else ValueError)(f"the class refused it: {error}")
    return answer


def join(name: str, code: str, address: str | None = None) -> str:
    """Join the class with your name and the code on the board; ``address`` for ``make lab`` (the browser
    site knows it). Your key is kept, so that a restarted kernel is still you."""
    if not isinstance(name, str) or not isinstance(code, str):
        raise TypeError("join(name, code): both are text, e.g. join('Anna', 'K7QPZX')")
    address = address or _default_address()
    if not address:
        raise ValueError(
            "give the class's address: join(name, code, address='http://...') (it is on the board)"
        )
    saved = current()
    if saved and saved["address"].rstrip("/") == address.rstrip("/") and saved["name"] == name.strip():
        return f"{name.strip()}: already in the class at {address}"
    status, answer = _http("POST", address.rstrip("/") + "/api/join", {"name": name, "code": code}, {}, 30)
    if status >= 400:
        raise ValueError(f"the class refused it: {answer.get('error', status)}")
    _session.clear()
    _session.update({"address": address, "name": answer["name"], "key": answer["key"]})
    with contextlib.suppress(OSError):  # else the key lasts as long as this kernel
        _session_file().write_text(json.dumps(_session), encoding="utf-8")
    return f"{answer['name']}: joined the class at {address}"


def _idem(kind: str, payload: dict) -> str:
    """The idempotency key of a send: a hash of what is sent (the same send twice is one send)."""
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return f"{kind}-{hashlib.sha256(text.encode()).hexdigest()[:40]}"


def _send(path: str, kind: str, payload: dict) -> Receipt:
    answer = _call("POST", path, {**payload, "idem": _idem(kind, payload)})
    return Receipt(answer["id"], answer["repeat"], answer)


# ----- results ------------------------------------------------------------------------------------
def rules_dict(rules: Any) -> dict[str, Any]:
    """A rules object's options that differ from the defaults, as plain values (``{}``: the defaults)."""
    if rules is None:
        return {}
    if isinstance(rules, dict):
        return rules
    if not dataclasses.is_dataclass(rules):
        raise TypeError(f"rules must be PianitsaRules, Rules101 or a dict, got {type(rules).__name__}")
    default = type(rules)()
    out = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if value != getattr(default, f.name):
            value = value.value if isinstance(value, enum.Enum) else value
            out[f.name] = value if isinstance(value, (bool, int, str, type(None))) else str(value)[:40]
    return out


def _estimate_of(
    estimate: Any, n: int | None, low: float | None, high: float | None, percent: bool | None
) -> dict[str, Any]:
    """(estimate, low, high, n, percent) from a lesson's Share or Mean, or from numbers given."""
    if hasattr(estimate, "successes") and hasattr(estimate, "trials"):  # lessons.stats.Share
        lo, hi = estimate.interval
        return {"estimate": estimate.value, "low": lo, "high": hi, "n": int(estimate.trials), "percent": True}
    if hasattr(estimate, "mean") and hasattr(estimate, "sd"):  # lessons.stats.Mean
        lo, hi = estimate.interval
        return {"estimate": estimate.mean, "low": lo, "high": hi, "n": int(estimate.n), "percent": False}
    if isinstance(estimate, (int, float)) and not isinstance(estimate, bool):
        if n is None or low is None or high is None:
            raise TypeError("a number needs its sample size and interval: n=..., low=..., high=...")
        return {
            "estimate": float(estimate),
            "low": float(low),
            "high": float(high),
            "n": int(n),
            "percent": bool(percent),
        }
    raise TypeError(f"send a Share, a Mean or a number, got {type(estimate).__name__}")


def send_result(
    estimate: Any,
    *,
    quantity: str,
    seed: int,
    game: str = "pianitsa",
    players: int = 2,
    deck: int | None = None,
    rules: Any = None,
    n: int | None = None,
    low: float | None = None,
    high: float | None = None,
    percent: bool | None = None,
) -> Receipt:
    """Send one simulated estimate to the class's pooled experiment: the quantity, its game, players, deck
    and rules, the seed and sample size, and the estimate with its 95% interval."""
    payload = {
        "quantity": quantity,
        "game": game,
        "players": players,
        "deck": deck,
        "rules": rules_dict(rules),
        "seed": seed,
        **_estimate_of(estimate, n, low, high, percent),
    }
    return _send("/api/results", "r", payload)


# ----- hand-ins -----------------------------------------------------------------------------------
def _notebook_path(exercise: str | os.PathLike | None) -> Path:
    """The exercise's notebook: a path, ``"01"``/``"01_compare"`` in this folder, or the notebook open now."""
    if exercise is None:
        session = os.environ.get("JPY_SESSION_NAME", "")  # JupyterLab: the notebook this kernel belongs to
        if session.endswith(".ipynb") and Path(session).is_file():
            return Path(session)
        raise ValueError("say which exercise: hand_in('01') (or the notebook's file name)")
    path = Path(exercise)
    if path.suffix == ".ipynb":
        if not path.is_file():
            raise ValueError(f"no notebook {path} here; save it first, or give its path")
        return path
    number = re.match(r"^(\d{1,2})", str(exercise))
    if not number:
        raise ValueError(f"an exercise is its number or its notebook's name, e.g. '01'; got {exercise!r}")
    found = sorted(Path.cwd().glob(f"{int(number.group(1)):02d}_*.ipynb"))
    if len(found) != 1:
        raise ValueError(
            f"{len(found)} notebooks for exercise {exercise} in {Path.cwd()}: give the file name"
        )
    return found[0]


def hand_in(exercise: str | os.PathLike | None = None) -> Receipt:
    """Hand in an exercise's notebook as last saved (save it first), with its checks' results."""
    path = _notebook_path(exercise)
    text = path.read_text(encoding="utf-8")
    receipt = _send("/api/handins", "h", {"exercise": path.stem, "notebook": text})
    saved = time.strftime("%H:%M", time.localtime(path.stat().st_mtime))
    checks = receipt.answer.get("checks", [])
    passed = sum(c["status"] == "pass" for c in checks)
    print(f"{path.name} (saved at {saved}) {receipt}; its checks: {passed} of {len(checks)} passed")
    return receipt


def my_handins() -> list[dict]:
    """Your own hand-ins (exercise, time, checks): the class shows each student only their own."""
    return _call("GET", "/api/handins")["handins"]


# ----- the tournament ----------------------------------------------------------------------------
def _source_of(agent: Any) -> str:
    """The source of class MyAgent: the text given, the class's own source, or the cell that defined it."""
    if isinstance(agent, str):
        return agent
    if isinstance(agent, type):
        import inspect

        try:
            return inspect.getsource(agent)
        except (OSError, TypeError):
            pass
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:
        shell = None
    history = shell.user_ns.get("In", []) if shell is not None else []
    for cell in reversed(history):
        if re.search(r"^class\s+MyAgent\b", cell, re.MULTILINE) and "send_strategy" not in cell:
            return cell
    raise ValueError(
        "no class MyAgent found: run exercise 12's answer cell first, then send_strategy(MyAgent)"
    )


def send_strategy(agent: Any = None) -> Receipt:
    """Send exercise 12's ``MyAgent`` (the class, or its source) to the class tournament."""
    receipt = _send("/api/strategies", "s", {"source": _source_of(agent)})
    print(f"MyAgent {receipt}")
    return receipt
