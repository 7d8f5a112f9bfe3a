"""One trick of Пьяница: cards on the table, disputes, and gathering (P7-P10, P12).

Rules enforced in this module (from ``RULES.md``):

- P3. Seat 0 plays first in every trick, the others follow in seat order; this only fixes
  the order in which cards lie on the table.
- P7. Every player still in the game puts the top card of their stack face up. The
  unique winning card (P6) takes the trick: its player collects every card on the table.
- P8. Dispute: if the winning rank is shared by two or more cards, only those players
  continue; each puts ``dispute_face_down`` cards face down as a stake, then one face up,
  and only the new face-up cards are compared (P6 again), until a single winner remains.
- P9. The taker puts all table cards under their stack. "Table order" is round by round,
  within a round seat order, a player's stakes before their face-up card. ``gather``:
  ``"winner_first"`` the taker's own cards (table order) then the others' (table order);
  ``"table"`` all in table order; ``"random"`` the list of table cards (in table order)
  shuffled by the game's generator: exactly one ``rng.shuffle(cards)`` call per trick that
  has a taker, and no other use of the generator during play.
- P10. Second dispute (option ``second_disputes``): when a dispute ends with a winning card,
  every player who has not yet taken part in a dispute of this trick and whose last face-up
  card (their round-0 card) has the same rank joins a new dispute against the winner. This
  repeats until nobody joins. With the option off the first dispute's winner takes the trick.
- P12. Running out inside a dispute: a tied player with no card stops taking part; with
  stakes, a player with too few cards puts all but the last face down and the last face up.
  If exactly one player put a card, that card wins the dispute (and counts for P10). If
  nobody could put a card, the trick goes to the lowest seat that still holds cards; if no
  seat holds cards, nobody takes it (``taker`` is None) and the game is a draw.

Counting: ``disputes`` is the number of dispute rounds called in the trick, including a
round in which nobody had a card left to put (P12).

Internally a stack is a ``bytearray`` of card indices (``Card.index``, 0..51), top first:
taking the top card is ``pop(0)`` (cheap for at most 52 bytes) and the P13 position key is
just the stacks joined and translated to ranks, with no Python loop.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from dataclasses import dataclass

from pianitsa101.cards import Card, CardList, card_html

__all__ = ["PianitsaTrick", "make_trick_player"]

_CARD = tuple(Card.from_index(i) for i in range(52))
RANK_OF = tuple(int(c.rank) for c in _CARD)  # card index -> rank 2..14


@dataclass(frozen=True)
class PianitsaTrick:
    """What happened in one trick, step by step, for replays, widgets and lessons.

    Round ``i`` is the i-th time cards were put face up: round 0 is everyone's card,
    later rounds are dispute rounds (P8, P10).
    """

    number: int
    """1 for the first trick of the game."""
    seats: list[tuple[int, ...]]
    """Per round, the seats called to put cards, in seat (= table) order."""
    joined: list[tuple[int, ...]]
    """Per round, the seats that joined by a second dispute (P10) at the start of that round."""
    stakes: list[dict[int, CardList]]
    """Per round, the face-down stake cards of each seat that put some (P8, P12)."""
    rounds: list[dict[int, Card]]
    """Per round, the face-up card of each seat that put one (missing seats had no card, P12)."""
    leaders: list[tuple[int, ...]]
    """Per round, the seats whose face-up card has the winning rank (P6); 2+ means a dispute."""
    disputes: int
    """Dispute rounds called in this trick (``len(rounds) - 1``)."""
    taker: int | None
    """The seat that collected the table, or None when nobody could (P12 draw)."""
    table: CardList
    """Every card put on the table, in table order (P9)."""
    gathered: CardList
    """The cards put under the taker's stack, in that order (P9); empty for a draw."""
    left: tuple[int, ...]
    """Seats whose stack became empty in this trick, so they left the game (P11)."""
    sizes: tuple[int, ...]
    """Stack sizes of every seat after the trick."""

    @property
    def second_dispute(self) -> bool:
        """True when some player joined a second dispute (P10) in this trick."""
        return any(self.joined)

    def steps(self) -> list[tuple[int, int, Card, bool]]:
        """Every card in table order as (round, seat, card, face_up), for animations."""
        out = []
        for i, seats in enumerate(self.seats):
            for seat in seats:
                out.extend((i, seat, c, False) for c in self.stakes[i].get(seat, ()))
                if seat in self.rounds[i]:
                    out.append((i, seat, self.rounds[i][seat], True))
        return out

    def __str__(self) -> str:
        parts = []
        for i, up in enumerate(self.rounds):
            cells = []
            for seat in self.seats[i]:
                down = "".join("▮" for _ in self.stakes[i].get(seat, ()))
                cells.append(f"{seat}:{down}{up.get(seat, '-')}")
            parts.append(" ".join(cells))
        who = "nobody (draw)" if self.taker is None else f"seat {self.taker}"
        return f"trick {self.number}: " + " | ".join(parts) + f" -> {who} takes {len(self.table)}"

    def _repr_html_(self) -> str:
        back = ('<span style="display:inline-block;width:1.6em;height:2.2em;margin:0.1em;'
                'border:1px solid #888;border-radius:0.3em;background:#3a5f9f" title="face down"></span>')
        seats = sorted({s for r in self.seats for s in r})
        head = "".join(f"<th>seat {s}</th>" for s in seats)
        rows = []
        for i, up in enumerate(self.rounds):
            label = "round 0" if i == 0 else f"dispute {i}"
            if self.joined[i]:
                label += " (joined: " + ", ".join(map(str, self.joined[i])) + ")"
            cells = []
            for s in seats:
                if s not in self.seats[i]:
                    cells.append("<td></td>")
                    continue
                face = card_html(up[s]) if s in up else "<i>no card</i>"
                style = ' style="background:#ffe9a8"' if s in self.leaders[i] else ""
                cells.append(f"<td{style}>{back * len(self.stakes[i].get(s, ()))}{face}</td>")
            rows.append(f"<tr><th>{html.escape(label)}</th>{''.join(cells)}</tr>")
        who = (f"seat {self.taker} takes {len(self.table)} cards" if self.taker is not None
               else "nobody can take the table: draw (P12)")
        left = f"; left the game: {', '.join(map(str, self.left))}" if self.left else ""
        return (f'<div class="p101-trick"><b>Trick {self.number}</b>: {who}{left}'
                f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"
                f"gathered: {self.gathered._repr_html_()}</div>")


def _faces(seats: list[int], ups: list[int]) -> dict[int, Card]:
    """The face-up cards of a round as {seat: Card}."""
    return dict(zip(seats, map(_CARD.__getitem__, ups), strict=True))


def make_trick_player(judge: Callable[[list[int]], int], face_down: int, gather: str,
                      second_disputes: bool, rng: random.Random | None) -> Callable:
    """The trick procedure for one set of rules: ``judge`` gives a round's winning rank (P6)."""

    def play_trick(stacks: list[bytearray], active: list[int],
                   detail: bool) -> tuple[int | None, int, dict | None]:
        """Play one trick on ``stacks`` (changed in place); return (taker, disputes, details).

        ``active`` lists the seats that hold cards, in seat order. ``details`` holds the
        fields of the trick record when ``detail`` is true, else None.
        """
        seats = active
        ups = [stacks[s].pop(0) for s in seats]  # P3, P7: everyone's top card, in seat order
        table = ups  # P9: every card on the table, in table order
        owner = seats  # the seat that put each table card
        ranks = [RANK_OF[c] for c in ups]
        best = judge(ranks)  # P6
        disputes = 0
        if detail:
            rec_seats, rec_joined, rec_stakes = [tuple(seats)], [()], [{}]
            rec_rounds, rec_leaders = [_faces(seats, ups)], []
        if ranks.count(best) == 1:  # P7: the unique winning card takes the trick
            taker: int | None = seats[ranks.index(best)]
            if detail:
                rec_leaders.append((taker,))
        else:  # P8: a dispute among the players whose cards share the winning rank
            table, owner = ups.copy(), list(seats)
            leaders = [s for s, r in zip(seats, ranks, strict=True) if r == best]
            if detail:
                rec_leaders.append(tuple(leaders))
            first_rank = dict(zip(seats, ranks, strict=True))  # P10: each player's round-0 rank
            took_part = set(leaders)  # P10: players who have taken part in a dispute of this trick
            seats, joiners = leaders, []
            while True:
                disputes += 1  # P8: a dispute round among ``seats``
                ups, put = [], []
                stake: dict[int, CardList] = {}
                for s in seats:
                    st = stacks[s]
                    n = len(st)
                    if not n:
                        continue  # P12: a tied player with no card stops taking part
                    k = face_down if face_down < n else n - 1  # P8 stakes; P12: the last card face up
                    if k:
                        down = list(st[:k])
                        del st[:k]
                        table += down
                        owner += [s] * k
                        if detail:
                            stake[s] = CardList(map(_CARD.__getitem__, down))
                    c = st.pop(0)
                    table.append(c)
                    owner.append(s)
                    ups.append(c)
                    put.append(s)
                if put:
                    ranks = [RANK_OF[c] for c in ups]
                    best = judge(ranks)  # P8: only the new face-up cards are compared (P6)
                    # P12: when only one player could put a card, that card wins alone
                    leaders = [s for s, r in zip(put, ranks, strict=True) if r == best]
                else:
                    leaders = []
                if detail:
                    rec_seats.append(tuple(seats))
                    rec_joined.append(tuple(joiners))
                    rec_stakes.append(stake)
                    rec_rounds.append(_faces(put, ups))
                    rec_leaders.append(tuple(leaders))
                if not put:  # P12: nobody could put a card: the lowest seat still holding cards takes
                    taker = next((s for s in range(len(stacks)) if stacks[s]), None)
                    break
                if len(leaders) > 1:
                    seats, joiners = leaders, []  # P8: tied again, only they continue
                    continue
                if second_disputes:  # P10: players not yet in the dispute with the winning rank join
                    joiners = [s for s in active if s not in took_part and first_rank[s] == best]
                    if joiners:
                        took_part.update(joiners)
                        seats = sorted(leaders + joiners)
                        continue
                taker = leaders[0]
                break
        # P9: the taker puts the table under their stack
        if taker is None:  # P12: nobody holds cards; the table stays
            gathered: list[int] = []
        elif gather == "winner_first":  # the taker's own cards first, then the others', table order
            if disputes:
                gathered = [c for c, o in zip(table, owner, strict=True) if o == taker]
                gathered += [c for c, o in zip(table, owner, strict=True) if o != taker]
            else:  # one card per seat: the taker's card moves to the front
                gathered = table.copy()
                gathered.insert(0, gathered.pop(owner.index(taker)))
        elif gather == "table":  # table order
            gathered = table
        else:  # "random": shuffled with the game's generator, one shuffle call per trick
            gathered = table.copy()
            rng.shuffle(gathered)
        if taker is not None:
            stacks[taker].extend(gathered)
        if not detail:
            return taker, disputes, None
        details = dict(seats=rec_seats, joined=rec_joined, stakes=rec_stakes, rounds=rec_rounds,
                       leaders=rec_leaders, disputes=disputes, taker=taker,
                       table=CardList(map(_CARD.__getitem__, table)),
                       gathered=CardList(map(_CARD.__getitem__, gathered)))
        return taker, disputes, details

    return play_trick
