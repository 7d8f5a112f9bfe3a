"""Game records: Пьяница games and tricks as JSON text and as HTML for notebooks.

A game record holds the deal (each stack top first), the rules, the state of the random
generator at the deal (only for ``gather="random"``) and every trick played so far. Reading
a record replays the tricks from the deal and checks each against the record, so a record
that does not follow from its deal is refused; the game read back then continues exactly as
the saved one would (the generator is where the saved game left it).

>>> from pianitsa101.pianitsa import PianitsaGame
>>> game = PianitsaGame.from_stacks(["A♠ 6♥", "K♦ 6♣"])
>>> trick = game.play_trick()
>>> again = PianitsaGame.from_json(game.to_json())
>>> again.stacks == game.stacks and again.to_json() == game.to_json()
True
"""

from __future__ import annotations

import dataclasses
import html
import json
import random
from typing import Any

from pianitsa101._checks import plural
from pianitsa101.cardart import card_html
from pianitsa101.cards import Card, CardList, cards
from pianitsa101.i18n import _
from pianitsa101.pianitsa.rules import PianitsaRules
from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["game_from_json", "game_html", "game_to_json", "trick_from_dict", "trick_to_dict"]

FORMAT = "pianitsa101/pianitsa-game/1"

# A PianitsaGame, read through its public names only: game.py calls this module (to_json,
# from_json, the HTML view), so this module does not import game.py.
PianitsaGame = Any


def _text(cs: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(map(str, cs))


def trick_to_dict(trick: PianitsaTrick) -> dict[str, Any]:
    """A trick record as plain JSON data (seats as text keys, cards as text)."""
    return {
        "number": trick.number,
        "seats": [list(s) for s in trick.seats],
        "joined": [list(s) for s in trick.joined],
        "stakes": [{str(seat): _text(down) for seat, down in st.items()} for st in trick.stakes],
        "rounds": [{str(seat): str(card) for seat, card in up.items()} for up in trick.rounds],
        "leaders": [list(s) for s in trick.leaders],
        "disputes": trick.disputes,
        "taker": trick.taker,
        "table": _text(trick.table),
        "gathered": _text(trick.gathered),
        "left": list(trick.left),
        "sizes": list(trick.sizes),
    }


def trick_from_dict(data: dict[str, Any]) -> PianitsaTrick:
    """The trick record written by ``trick_to_dict`` (anything else: ValueError)."""
    try:
        return _trick_from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(_("not a Пьяница trick record (as trick_to_dict writes it): {error}").format(
            error=repr(error))) from None


def _trick_from_dict(data: dict[str, Any]) -> PianitsaTrick:
    return PianitsaTrick(
        number=data["number"],
        seats=[tuple(s) for s in data["seats"]],
        joined=[tuple(s) for s in data["joined"]],
        stakes=[{int(seat): cards(down) for seat, down in st.items()} for st in data["stakes"]],
        rounds=[{int(seat): Card.parse(c) for seat, c in up.items()} for up in data["rounds"]],
        leaders=[tuple(s) for s in data["leaders"]],
        disputes=data["disputes"],
        taker=data["taker"],
        table=cards(data["table"]),
        gathered=cards(data["gathered"]),
        left=tuple(data["left"]),
        sizes=tuple(data["sizes"]),
    )


def game_to_json(game: PianitsaGame) -> str:
    """The game as JSON text: deal, rules, generator state at the deal, tricks so far."""
    state = game.dealt_rng_state
    data = {
        "format": FORMAT,
        "rules": dataclasses.asdict(game.rules),
        "deal": [_text(stack) for stack in game.dealt],
        "rng_state": None if state is None else [state[0], list(state[1]), state[2]],
        "tricks": [trick_to_dict(t) for t in game.history],
    }
    return json.dumps(data, ensure_ascii=False)


def _rng_from_state(state: Any) -> random.Random:
    """A generator in the recorded state ``[version, [625 words], gauss]`` (``random.Random.getstate``)."""
    words = state[1] if isinstance(state, list) and len(state) == 3 and isinstance(state[1], list) else None
    if (words is None or len(words) != 625
            or not all(type(w) is int and 0 <= w < 2**32 for w in words) or words[-1] > 624
            or type(state[0]) is not int or not (state[2] is None or isinstance(state[2], float))):
        raise ValueError(_("the record's rng_state is not a random.Random state "
                           "([3, a list of 625 words, null], as getstate() gives it)"))
    rng = random.Random()
    try:
        rng.setstate((state[0], tuple(words), state[2]))
    except (TypeError, ValueError, OverflowError):  # e.g. a version this Python does not know
        raise ValueError(_("the record's rng_state is not a random.Random state")) from None
    return rng


def game_from_json(cls: type[PianitsaGame], text: str) -> PianitsaGame:
    """Read a game written by ``to_json``, replaying and checking every recorded trick.

    Anything that is not such a record (not JSON, a missing key, a value of the wrong kind,
    a trick that does not follow from the deal) is refused with a ValueError saying what.
    """
    data = _read_record(text)
    rules = _read_rules(data["rules"])
    rng = None
    if rules.gather == "random":
        state = data.get("rng_state")
        if state is None:
            raise ValueError(_('the record has gather="random" but no rng_state'))
        rng = _rng_from_state(state)
    if not isinstance(data["deal"], list):
        raise ValueError(_("the record's deal must be a list of stacks, one per seat, got {value}").format(
            value=repr(data['deal'])))
    try:
        game = cls.from_stacks(data["deal"], rules, rng=rng)
    except ValueError as error:
        raise ValueError(_("the record's deal: {error}").format(error=error)) from None
    _replay_tricks(game, data["tricks"])
    return game


def _read_record(text: str | bytes | bytearray) -> dict[str, Any]:
    """The JSON of a game record, with its format and keys checked."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(_("a Пьяница game record is JSON text (as to_json writes it), got {kind}").format(
            kind=type(text).__name__))
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(_("not a Пьяница game record: the JSON is nested too deeply to be one")) from None
    except ValueError as error:  # json.JSONDecodeError, or a number of more than 4,300 digits
        raise ValueError(_("not a Пьяница game record (JSON expected): {error}").format(
            error=error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(_("not a Пьяница game record: expected format {format}").format(format=repr(FORMAT)))
    missing = [key for key in ("rules", "deal", "tricks") if key not in data]
    if missing:
        raise ValueError(_("the Пьяница game record has no {keys}").format(
            keys=', '.join(map(repr, missing))))
    return data


def _read_rules(options: object) -> PianitsaRules:
    """The record's rules, as PianitsaRules."""
    if not isinstance(options, dict):
        raise ValueError(_("the record's rules must be a dict of PianitsaRules options, got {value}").format(
            value=repr(options)))
    try:
        return PianitsaRules(**options)
    except TypeError as error:  # an unknown or missing option name
        raise ValueError(_("the record's rules are not PianitsaRules options: {error}").format(
            error=error)) from None


def _replay_tricks(game: PianitsaGame, tricks: object) -> None:
    """Play the recorded tricks on ``game``, each checked to be the trick the engine plays."""
    if not isinstance(tricks, list) or not all(isinstance(t, dict) for t in tricks):
        raise ValueError(_("the record's tricks must be a list of trick records (dicts)"))
    for recorded in tricks:
        if game.over:
            raise ValueError(_("the record goes on after the game ended (trick {number})").format(
                number=game.tricks + 1))
        played = trick_to_dict(game.play_trick())
        if played != recorded:
            raise ValueError(_("trick {number} of the record does not follow from its deal and rules").format(
                number=played['number']))


_BAR = ('<span style="display:inline-block;height:0.8em;width:{w}px;background:#3a5f9f;'
        'border-radius:2px;vertical-align:middle"></span>')


def game_html(game: PianitsaGame) -> str:
    """An HTML view of the game: every stack's size and next card, status, and the last trick.

    The players never look at their stacks (P2); the next card is shown for the onlooker
    who is learning the game.
    """
    places = {seat: i + 1 for i, group in enumerate(game.places) for seat in group}
    rows = []
    for seat, st in enumerate(game.stacks):
        if st:
            status = "in the game"
            top = card_html(st[0])
        else:
            # P11: a shed place is final when the player leaves; a collect place only at the end
            status = f"out (place {places[seat]})" if game.rules.goal == "shed" else "out (eliminated)"
            top = ""
        if game.over and seat in places:
            status = f"place {places[seat]}" + (" — the drunkard" if seat == game.loser and
                                                 game.rules.goal == "shed" else "")
        rows.append(f"<tr><td>seat {seat}</td><td>{len(st)}</td><td>{_BAR.format(w=3 * len(st))}</td>"
                    f"<td>{top}</td><td>{html.escape(status)}</td></tr>")
    head = (f"<b>Пьяница</b>: {game.players} players, {plural(game.tricks, 'trick')}, "
            f"{plural(game.disputes, 'dispute round')}")
    if game.over:
        head += f", outcome <b>{html.escape(game.outcome)}</b>"
    table = CardList(game.table)
    on_table = f"<div>On the table: {table._repr_html_()}</div>" if table else ""
    last = game.last_trick
    last_html = f"<div>Last trick:{last._repr_html_()}</div>" if last is not None else ""
    return (f'<div class="p101-pianitsa">{head}<table><tr><th>seat</th><th>cards</th><th></th>'
            f"<th>next card</th><th></th></tr>{''.join(rows)}</table>{on_table}{last_html}</div>")
