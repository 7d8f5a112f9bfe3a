"""A round of 101 as a JSON record (rules, deal, moves) that replays to the identical state and events.

The record keeps the position the round started from (after R3's redeals, before R2's
turned-up starter card), the redeals, the starter, the seed of the R8 shuffle generator
and every move as text (``str(move)``: '7♠', 'Q♥→♠', 'draw', 'pass', 'flush queens→♣').
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pianitsa101.cards import Card, Rank, cards
from pianitsa101.game101.events import Redeal
from pianitsa101.game101.moves import parse_move
from pianitsa101.game101.rules import Rules101

if TYPE_CHECKING:
    from pianitsa101.game101.round import Round101

__all__ = ["RECORD_VERSION", "round_from_json", "round_record", "round_to_json"]

RECORD_VERSION = 1
_RANK_BY_SYMBOL = {r.symbol: r for r in Rank}


def round_record(rnd: Round101) -> dict[str, Any]:
    """The round's record as a JSON-ready dict."""
    st = rnd._start
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


def round_to_json(rnd: Round101) -> str:
    """The round's record as JSON text."""
    return json.dumps(round_record(rnd), ensure_ascii=False)


def round_from_record(cls, data: dict[str, Any]) -> Round101:
    """Rebuild the start position of a record and replay its moves."""
    if data.get("game") != "101" or data.get("version") != RECORD_VERSION:
        raise ValueError(f"not a 101 round record of version {RECORD_VERSION}")
    from pianitsa101.cards import Suit

    suits = {s.symbol: s for s in Suit}
    start = data["start"]
    rnd = cls(
        hands=[cards(h) for h in start["hands"]], stock=cards(start["stock"]),
        discard=cards(start["discard"]),
        to_move=start["to_move"], rules=Rules101.from_dict(data["rules"]), direction=start["direction"],
        ordered_suit=suits[start["ordered_suit"]] if start["ordered_suit"] else None,
        pending_draw=start["pending_draw"],
        pending_rank=_RANK_BY_SYMBOL[start["pending_rank"]] if start["pending_rank"] else None,
        must_cover=start["must_cover"], skip_to_answer=start["skip_to_answer"],
        shuffle_seed=start["shuffle_seed"],
        redeals=[Redeal(seat, _RANK_BY_SYMBOL[rank]) for seat, rank in start["redeals"]],
        starter=Card.parse(start["starter"]) if start["starter"] else None)
    for text in data["moves"]:
        rnd.play(parse_move(text))
    return rnd


def round_from_json(cls, text: str) -> Round101:
    """Rebuild a round from the JSON text of ``round_to_json``."""
    return round_from_record(cls, json.loads(text))
