"""The loop that plays tricks of Пьяница: every rule of play, in one function (P3-P13).

Rules enforced in this module (from ``RULES.md``):

- P3. Seat 0 plays first in every trick, the others follow in seat order; this only fixes
  the order in which cards lie on the table.
- P4. Suits do not matter. Ranks are ordered A > K > Q > J > 10 > ... > lowest.
- P5. Low beats ace (option ``low_beats_ace``): the lowest rank of the deck in play (6 in
  the 32/36-card decks, 2 in the 52-card deck, the lowest rank present in a custom deck)
  beats the ace, and only the ace. (With a deck of aces only, there is nothing to beat.)
- P6. Resolving a round of face-up cards: if a low card and an ace are both among the
  compared cards, every ace is knocked out; among the remaining cards the highest rank
  wins. {6, A} -> 6; {A, 6, K, 9} -> K; {A, 6, 6} -> the sixes tie; {A, A, 6} -> 6.
- P7. Every player still in the game puts the top card of their stack face up. The
  unique winning card takes the trick: its player collects every card on the table.
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
- P11. A player whose stack is empty after a trick leaves the game (places: ``game.py``).
- P12. Running out inside a dispute: a tied player with no card stops taking part; with
  stakes, a player with too few cards puts all but the last face down and the last face up.
  If exactly one player put a card, that card wins the dispute (and counts for P10). If
  nobody could put a card, the trick goes to the lowest seat that still holds cards; if no
  seat holds cards, nobody takes it (``taker`` None): the table stays and the game is a draw.
- P13. Before each trick the position (the ranks in every stack, in order) is compared with
  every earlier position; the first repetition ends the game with outcome ``"cycle"`` (only
  for a deterministic ``gather``); ``game.cycle_start`` keeps the number of tricks played
  when that position was first seen. ``max_tricks`` ends it with ``"limit"``.

After each trick the checks come in this order: draw, finished (at most one player holds
cards), limit (``tricks == max_tricks``), cycle (the new position was seen before). A
position can only repeat while nobody leaves (the number of non-empty stacks never grows),
so the seen positions are forgotten whenever a player leaves.

Counting: a trick's ``disputes`` is the number of dispute rounds called in it, including a
round in which nobody had a card left to put (P12).

A stack is a ``bytearray`` of card indices (``Card.index``, 0..51), top first: taking the
top card is ``pop(0)`` (cheap for at most 52 bytes), and the P13 position key is the stacks
joined and translated to ranks, with no Python loop. The loop is written for speed (it is
the reference engine that simulations are checked against); ``detail`` adds the records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pianitsa101.cards import CardList
from pianitsa101.pianitsa.trick import _CARD, RANK_OF, PianitsaTrick, faces

if TYPE_CHECKING:
    from pianitsa101.pianitsa.game import PianitsaGame

__all__ = ["RANK_BYTES", "play_tricks", "position_key"]

ACE = 14
RANK_BYTES = bytes(RANK_OF) + bytes(range(52, 256))  # translate table: card index -> rank
SEP = b"\xff"  # between stacks in a position key (no rank is 255)
_NOBODY: dict[int, int] = {}  # an empty "outside" (never changed)


def position_key(stacks: list[bytearray]) -> bytes:
    """P13: the position, the ranks of every stack in order, as one bytes value."""
    return SEP.join(stacks).translate(RANK_BYTES)


def play_tricks(game: PianitsaGame, stop: int, detail: bool, ranks_only: bool = False) -> None:
    """Play tricks until the game ends or ``stop`` tricks have been played (-1: to the end).

    Updates the game's stacks, counters, leavers, seen positions and outcome; with
    ``detail`` appends a ``PianitsaTrick`` record per trick to the game's history. With
    ``ranks_only`` the stacks hold ranks instead of card indices: since suits never change
    the play (P4), the game goes exactly the same way, only faster (no records then).
    """
    to_rank = None if ranks_only else RANK_BYTES  # how to read ranks from the stacks' bytes
    rules = game.rules
    face_down, gather, second_disputes = rules.dispute_face_down, rules.gather, rules.second_disputes
    max_tricks, rng, low = rules.max_tricks, game._rng, game.low_rank
    knock = ACE if rules.low_beats_ace and low != ACE else 0  # P5: the rank a low card knocks out
    stacks, active, seen = game._stacks, game._active, game._seen
    live = [stacks[s] for s in active]  # the stacks of the seats in the game, in seat order
    tricks, all_disputes, outcome = game.tricks, game.disputes, None
    outside: dict[int, int] = _NOBODY  # P10: seats not yet in a dispute of this trick -> round-0 rank
    while outcome is None and tricks != stop:
        # ----- one trick --------------------------------------------------------------------
        ups = [st.pop(0) for st in live]  # P3, P7: everyone's top card, face up, in seat order
        table = ups  # P9: every card on the table, in table order
        put = owner = active  # the seats that put ``ups`` / the seat of each card of ``table``
        disputes = 0
        if detail:
            rec_seats, rec_joined, rec_stakes = [tuple(active)], [()], [{}]
            rec_rounds, rec_leaders = [faces(active, ups)], []
        while True:
            ranks = ups if to_rank is None else bytes(ups).translate(to_rank)  # face-up ranks
            best = max(ranks)  # P4: the highest rank wins, suits do not matter
            if best == knock and low in ranks:  # P5, P6: a low card knocks out every ace
                best = max([r for r in ranks if r != ACE])
            if ranks.count(best) == 1:  # a single winning card (P12: also when it is alone)
                winner = put[ranks.index(best)]
                if detail:
                    rec_leaders.append((winner,))
                if not disputes or not outside:
                    taker = winner  # P7; or no player is left outside the dispute to join (P10)
                    break
                # P10: players not yet in a dispute of this trick whose round-0 rank matches join
                joiners = [s for s, r in outside.items() if r == best]
                if not joiners:
                    taker = winner
                    break
                for s in joiners:
                    del outside[s]
                seats = sorted([winner, *joiners])
            else:  # P8: only the players whose cards share the winning rank continue
                tied = [s for s, r in zip(put, ranks, strict=False) if r == best]
                if detail:
                    rec_leaders.append(tuple(tied))
                if not disputes:  # the first dispute of the trick
                    table, owner = ups.copy(), list(active)
                    # P10: the players outside the dispute, with their round-0 rank (in seat order)
                    outside = ({s: r for s, r in zip(active, ranks, strict=False) if r != best}
                               if second_disputes and len(tied) < len(active) else _NOBODY)
                seats, joiners = tied, []
            disputes += 1  # P8: a dispute round among ``seats``
            ups, put = [], []
            stake = {}
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
            if detail:
                rec_seats.append(tuple(seats))
                rec_joined.append(tuple(joiners))
                rec_stakes.append(stake)
                rec_rounds.append(faces(put, ups))
            if not put:  # P12: nobody could put a card: the lowest seat still holding cards takes
                taker = next((s for s in range(len(stacks)) if stacks[s]), None)
                if detail:
                    rec_leaders.append(())
                break
        # P9: the taker puts the table under their stack
        if detail:
            rec_table = CardList(map(_CARD.__getitem__, table))
        gathered = table
        if taker is None:  # P12: nobody holds cards; the table stays
            gathered = []
        elif gather == "winner_first":  # the taker's own cards first, then the others', table order
            if disputes:
                gathered = [c for c, o in zip(table, owner, strict=False) if o == taker]
                gathered += [c for c, o in zip(table, owner, strict=False) if o != taker]
            else:  # one card per seat: the taker's card moves to the front
                table.insert(0, table.pop(owner.index(taker)))
            stacks[taker].extend(gathered)
        else:
            if gather == "random":  # one shuffle of the table order with the game's generator
                gathered = table.copy()
                rng.shuffle(gathered)
            stacks[taker].extend(gathered)  # ("table": in table order)
        # ----- after the trick: P11-P13 -----------------------------------------------------
        tricks += 1
        all_disputes += disputes
        left: tuple[int, ...] = ()
        if not all(live):  # P11: an empty stack leaves the game; leaving together shares a place
            left = tuple(s for s in active if not stacks[s])
            game._left.append(left)
            active = game._active = [s for s in active if stacks[s]]
            live = [stacks[s] for s in active]
            if seen is not None:
                seen.clear()  # P13: earlier positions had more players and cannot come back
        if taker is None:  # P12: nobody holds cards
            outcome = "draw"
            game._table = table  # card indices (ranks with ``ranks_only``)
        elif len(active) <= 1:  # P11: one player holds the whole deck
            outcome = "finished"
        elif tricks >= max_tricks:  # P13: safety cap
            outcome = "limit"
        elif seen is not None:  # P13: the first repetition of a position (ranks only)
            key = SEP.join(stacks) if to_rank is None else SEP.join(stacks).translate(to_rank)
            first = seen.setdefault(key, tricks)  # the trick after which the position was first seen
            if first != tricks:
                outcome = "cycle"
                game.cycle_start = first
        if detail:
            game._history.append(PianitsaTrick(
                number=tricks, seats=rec_seats, joined=rec_joined, stakes=rec_stakes, rounds=rec_rounds,
                leaders=rec_leaders, disputes=disputes, taker=taker,
                table=rec_table, gathered=CardList(map(_CARD.__getitem__, gathered)),
                left=left, sizes=tuple(map(len, stacks))))
    game.tricks, game.disputes, game.outcome = tricks, all_disputes, outcome
