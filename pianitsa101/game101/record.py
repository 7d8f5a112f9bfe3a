"""Records of 101 as JSON, a round (rules, deal, moves) or a match (its rounds), replayed to the same state.

A round's record keeps the position the round started from (after R3's redeals, before
R2's turned-up starter card), the redeals, the starter, the seed of the R8 shuffle
generator and every move as text (``str(move)``: '7♠', 'Q♥→♠', 'draw', 'pass',
'flush queens→♣').  A match's record keeps its players, deck, rules and seed, and every
dealt round's own record.

Loading checks everything: a record that loads is a position the rules can reach.  The
start goes through the same checks as ``Round101.from_hands`` (``deal.check_position``),
every move is replayed through ``Round101.play``, and a match's rounds must be the ones
its seed deals (R4), each finished before the next begins.  Anything else, from a
missing key to a card in two places or text that is not JSON at all, is refused with a
ValueError that names the place in the record and what is wrong there.

>>> from pianitsa101.game101 import Round101
>>> rnd = Round101.deal(3, seed=1)
>>> Round101.from_json(rnd.to_json()).hands == rnd.hands
True
>>> Round101.from_json('{"game": "101", "version": 1, "rules": {}, "players": 2}')
Traceback (most recent call last):
...
ValueError: the 101 round record has no 'start'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pianitsa101._checks import whole_number
from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.moves import IllegalMove, parse_move
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.seats import checked_agents
from pianitsa101.game101.validate import check_position
from pianitsa101.i18n import N_, _

__all__ = ["MATCH_FORMAT", "RECORD_VERSION", "match_from_json", "read_json", "round_from_json",
           "round_record",
           "round_to_json"]

RECORD_VERSION = 1
MATCH_FORMAT = "pianitsa101/match101"  # a match record's "format"
_RANK_BY_SYMBOL = {r.symbol: r for r in Rank}
_SUIT_BY_SYMBOL = {s.symbol: s for s in Suit}
_ROUND = N_("the 101 round record")  # a place name: translated where an error names it


# ----------------------------------------------------------------------------- writing


def round_record(rnd: Any) -> dict[str, Any]:
    """The round's record as a JSON-ready dict."""
    st = rnd.start_position
    start = {
        "hands": [[str(c) for c in h] for h in st["hands"]], "stock": [str(c) for c in st["stock"]],
        "discard": [str(c) for c in st["discard"]], "to_move": st["to_move"], "direction": st["direction"],
        "ordered_suit": st["ordered_suit"].symbol if st["ordered_suit"] else None,
        "pending_draw": st["pending_draw"],
        "pending_rank": st["pending_rank"].symbol if st["pending_rank"] else None,
        "must_cover": st["must_cover"], "skip_to_answer": st["skip_to_answer"],
        "starter": str(st["starter"]) if st["starter"] else None,
        "redeals": [[e.seat, e.rank.symbol] for e in st["redeals"]], "shuffle_seed": st["shuffle_seed"],
    }
    return {"game": "101", "version": RECORD_VERSION, "rules": rnd.rules.to_dict(), "players": rnd.players,
            "start": start, "moves": [str(m) for m in rnd.moves]}


def round_to_json(rnd: Any) -> str:
    """The round's record as JSON text."""
    return json.dumps(round_record(rnd), ensure_ascii=False)


# ----------------------------------------------------------------------------- reading, piece by piece


def read_json(text: object, what: str) -> Any:
    """Parse JSON text (a dict is taken as already parsed); anything unreadable is a ValueError."""
    if isinstance(text, Mapping):
        return text
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(_("{what} is JSON text (a str, as to_json writes it) or its dict, got {kind}").format(
            what=_(what), kind=type(text).__name__))
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(_("not {what}: the JSON is nested too deeply to be one").format(
            what=_(what))) from None
    except ValueError as error:  # json.JSONDecodeError, or a number of more than 4,300 digits
        raise ValueError(_("not {what}: the text is not JSON ({error})").format(
            what=_(what), error=error)) from None


def _get(data: Mapping, key: str, where: str) -> Any:
    if key not in data:
        raise ValueError(_("{where} has no {key}").format(where=where, key=repr(key)))
    return data[key]


def _whole(value: Any, where: str) -> int:
    number = whole_number(value)
    if number is None:
        raise ValueError(_("{where} must be a whole number, got {value}").format(
            where=where, value=_short(value)))
    return number


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(_("{where} must be true or false, got {value}").format(
            where=where, value=_short(value)))
    return value


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise ValueError(_("{where} must be a card written as text such as '7♠', got {value}").format(
            where=where, value=_short(value)))
    try:
        return Card.parse(value)
    except ValueError:
        raise ValueError(_("{where} is {value}, which is not a card such as '7♠' or '10♥'").format(
            where=where, value=repr(value))) from None


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(_("{where} must be a list of cards such as [\"7♠\", \"Q♥\"], got {value}").format(
            where=where, value=_short(value)))
    return [_card(c, f"{where}[{i}]") for i, c in enumerate(value)]


def _symbol(value: Any, table: Mapping[str, Any], where: str, kind: str) -> Any:
    if value is None:
        return None
    if not isinstance(value, str) or value not in table:
        raise ValueError(_("{where} must be null or a {kind} ({allowed}), got {value}").format(
            where=where, kind=_(kind), allowed=", ".join(table), value=_short(value)))
    return table[value]


def _rules(value: Any, where: str) -> Rules101:
    try:
        return Rules101.from_dict(value)
    except (ValueError, TypeError) as error:
        raise ValueError(_("{where}: {error}").format(where=where, error=error)) from None


def _short(value: Any) -> str:
    """A value for an error message, cut to a readable length."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # a list nested thousands deep, an int of 5,000 digits
        text = f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= 60 else text[:57] + "..."


# ----------------------------------------------------------------------------- a round


def round_from_record(cls: Any, data: Any, what: str = _ROUND) -> Any:
    """Check a round record, rebuild its start position (the from_hands checks) and replay its moves."""
    what = _(what)
    rnd, moves = _round_start(cls, data, what)
    return _replay(rnd, moves, what)


def _of(what: str, key: str) -> str:
    """A place in a record for an error message: "the match record's deck"."""
    return _("{what}'s {key}").format(what=what, key=key)


def _round_start(cls: Any, data: Any, what: str) -> tuple[Any, list]:
    """The round at the start of a record (checked as from_hands checks), and the record's moves."""
    if not isinstance(data, Mapping) or data.get("game") != "101" or data.get("version") != RECORD_VERSION:
        raise ValueError(_("not a 101 round record of version {version} "
                           "(it needs \"game\": \"101\" and \"version\": {version})").format(
            version=RECORD_VERSION))
    rules = _rules(_get(data, "rules", what), _of(what, "rules"))
    start = _get(data, "start", what)
    if not isinstance(start, Mapping):
        raise ValueError(_("{what}'s start must be a dict, got {value}").format(
            what=what, value=_short(start)))
    at = _("{what}: start").format(what=what)
    hands = _get(start, "hands", at)
    if not isinstance(hands, list):
        raise ValueError(_("{at}.hands must be a list of hands, got {value}").format(
            at=at, value=_short(hands)))
    hands = [_cards(h, f"{at}.hands[{i}]") for i, h in enumerate(hands)]
    players = _whole(_get(data, "players", what), _of(what, "players"))
    if players != len(hands):
        raise ValueError(_("{what} says {players} players but its start has {hands} hands").format(
            what=what, players=players, hands=len(hands)))
    redeals = _redeals(_get(start, "redeals", at), at)
    position = {
        "stock": _cards(_get(start, "stock", at), f"{at}.stock"),
        "discard": _cards(_get(start, "discard", at), f"{at}.discard"),
        "to_move": _whole(_get(start, "to_move", at), f"{at}.to_move"),
        "direction": _whole(_get(start, "direction", at), f"{at}.direction"),
        "ordered_suit": _symbol(_get(start, "ordered_suit", at), _SUIT_BY_SYMBOL, f"{at}.ordered_suit",
                                N_("suit")),
        "pending_draw": _whole(_get(start, "pending_draw", at), f"{at}.pending_draw"),
        "pending_rank": _symbol(_get(start, "pending_rank", at), _RANK_BY_SYMBOL, f"{at}.pending_rank",
                                N_("rank")),
        "must_cover": _flag(_get(start, "must_cover", at), f"{at}.must_cover"),
        "skip_to_answer": _flag(_get(start, "skip_to_answer", at), f"{at}.skip_to_answer"),
        "starter": None if (s := _get(start, "starter", at)) is None else _card(s, f"{at}.starter"),
        "redeals": redeals,
        "seed": _whole(_get(start, "shuffle_seed", at), f"{at}.shuffle_seed"),
    }
    try:
        checked = check_position(hands, rules=rules, **position)
    except ValueError as error:
        raise ValueError(_("{what}'s start is not a position the rules can reach: {error}").format(
            what=what, error=error)) from None
    moves = _get(data, "moves", what)
    if not isinstance(moves, list):
        raise ValueError(_("{what}'s moves must be a list of moves as text ('7♠', 'draw'), "
                           "got {value}").format(what=what, value=_short(moves)))
    return cls(**checked, _checked=True), moves


def _redeals(redeals: Any, at: str) -> list[tuple[int, Rank]]:
    """The start's R3 redeals: [seat, rank] pairs."""
    if not isinstance(redeals, list) or not all(isinstance(r, list) and len(r) == 2 for r in redeals):
        raise ValueError(_("{at}.redeals must be a list of [seat, rank] pairs, got {value}").format(
            at=at, value=_short(redeals)))
    seat_at, rank_at = _("{at}.redeals seat").format(at=at), _("{at}.redeals rank").format(at=at)
    out = [(_whole(seat, seat_at), _symbol(rank, _RANK_BY_SYMBOL, rank_at, N_("rank")))
           for seat, rank in redeals]
    if any(rank is None for _seat, rank in out):
        raise ValueError(_("{at}.redeals: every redeal names the rank that was dealt four times").format(
            at=at))
    return out


def _replay(rnd: Any, moves: list, what: str) -> Any:
    """Play the record's moves, each through ``Round101.play`` (R24)."""
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            raise ValueError(_("move {number} of {what} must be text such as '7♠' or 'draw', "
                               "got {value}").format(number=number, what=what, value=_short(text)))
        try:
            rnd.play(parse_move(text))
        except IllegalMove as error:
            raise ValueError(_("move {number} of {what} ({text}) cannot be played there: {error}").format(
                number=number, what=what, text=repr(text), error=error)) from None
        except ValueError as error:
            raise ValueError(_("move {number} of {what}: {error}").format(
                number=number, what=what, error=error)) from None
    return rnd


def round_from_json(cls: Any, text: object) -> Any:
    """Rebuild a round from the JSON text of ``round_to_json`` (or its dict), checking everything."""
    return round_from_record(cls, read_json(text, N_("a 101 round record")))


# ----------------------------------------------------------------------------- a match


def match_from_json(cls: Any, round_cls: Any, text: object, agents: Any = None) -> Any:
    """Replay a match record: each round rebuilt from its own record (checked) and scored again (R4, R23).

    ``cls`` is the match class (``Match101``) and ``round_cls`` the round class (``Round101``).
    """
    what = _("the match record")
    data = read_json(text, N_("a 101 match record"))
    match = _match_start(cls, data, what, agents)
    rounds = _get(data, "rounds", what)
    if not isinstance(rounds, list):
        raise ValueError(_("{what}'s rounds must be a list, got {value}").format(
            what=what, value=_short(rounds)))
    for number, entry in enumerate(rounds, start=1):
        if match.over:
            raise ValueError(_("{what} goes on after the match ended (round {number})").format(
                what=what, number=number))
        if match.current is not None:
            raise ValueError(_("round {previous} of the record is not finished (its moves stop before "
                               "the round ends), yet round {number} follows: "
                               "a round's moves were cut short").format(
                previous=number - 1, number=number))
        _match_round(match, round_cls, number, entry)
    return match


def _match_start(cls: Any, data: Any, what: str, agents: Any) -> Any:
    """The match a record starts: its format, players, deck, rules, seed and bound checked."""
    if not isinstance(data, Mapping) or data.get("format") != MATCH_FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else type(data).__name__
        raise ValueError(_("not a 101 match record: format is {found}, expected {format}").format(
            found=_short(found), format=repr(MATCH_FORMAT)))
    if data.get("version") != 1:
        raise ValueError(_("{what} is of version {version}; this version reads version 1").format(
            what=what, version=_short(data.get("version"))))
    deck = _get(data, "deck", what)
    deck = deck if whole_number(deck) is not None else _cards(deck, _of(what, "deck"))
    rules = _rules(_get(data, "rules", what), _of(what, "rules"))
    options = {"seed": _whole(_get(data, "seed", what), _of(what, "seed"))}
    if "max_rounds" in data:
        options["max_rounds"] = _whole(data["max_rounds"], _of(what, "max_rounds"))
    try:
        match = cls(_get(data, "players", what), deck, rules, **options)
    except ValueError as error:
        raise ValueError(_("{what} cannot start a match: {error}").format(what=what, error=error)) from None
    match.agents = checked_agents(agents, match.players)
    return match


def _match_round(match: Any, round_cls: Any, number: int, entry: Any) -> None:
    """Round ``number`` of a match record: dealt as the match seed deals it (R4), replayed, scored."""
    at = _("round {number} of the record").format(number=number)
    if not isinstance(entry, Mapping):
        raise ValueError(_("{at} must be a dict, got {value}").format(at=at, value=_short(entry)))
    seats = _get(entry, "seats", at)
    if not isinstance(seats, list):
        raise ValueError(_("{at}: seats must be a list of match seats, got {value}").format(
            at=at, value=_short(seats)))
    found = (tuple(_whole(s, _("{at}: a seat").format(at=at)) for s in seats),
             _whole(_get(entry, "first", at), f"{at}: first"),
             _whole(_get(entry, "seed", at), f"{at}: seed"))
    expected = match.next_deal()
    if found != expected:
        raise ValueError(_("{at} was dealt as (seats, first, seed) = {found}, "
                           "but R4 and the match seed give {expected}").format(
            at=at, found=found, expected=expected))
    seats, first, seed = expected  # the round must start as that seed deals it, under the match rules
    what_round = _("the record of round {number}").format(number=number)
    rnd, moves = _round_start(round_cls, _get(entry, "round", at), what_round)
    dealt = round_cls.deal(len(seats), match.deck, match.rules, seed=seed, first=seats.index(first))
    if rnd.rules != match.rules or round_record(rnd)["start"] != round_record(dealt)["start"]:
        raise ValueError(_("{at} does not start as the match seed deals it "
                           "(its rules, hands, stock or starter differ)").format(at=at))
    match.take_round(_replay(rnd, moves, what_round), expected)
