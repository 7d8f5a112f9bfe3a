"""R17 (revised): the public record tells no secrets. Twin positions, built from stacked decks.

In one twin the player an ace hits holds an ace and chooses not to answer; in the other it
holds no ace (that ace lies at the bottom of the stock, in place of the card the first twin's
player holds). The public history is the same; so must be every other seat's view, the public
events, and every text of them (the events' own sentences, the views' texts, the table's log
lines in English and Russian). Only the player's own view may differ: its hand, and while it
is asked, ``skip_to_answer``.
"""

from __future__ import annotations

import pytest
from rules101_options import OPTION_VALUES

from pianitsa101.cards import cards
from pianitsa101.game101 import (
    HeuristicAgent,
    Match101,
    MayAnswerAce,
    Pass,
    Round101,
    Rules101,
    Skipped,
    parse_move,
)
from pianitsa101.game101 import match as match_module
from pianitsa101.game101.laws import next_seat
from pianitsa101.widgets.text101 import event_sentence, move_line, obligation, public_events

LANGS = ("en", "ru")

# One option changed at a time from the defaults: every value of every option that changes play.
VARIANTS = [Rules101()] + [Rules101(**{name: value}) for name, values in OPTION_VALUES.items()
                           if name != "match" for value in values[1:]]


def _names(players: int) -> list[str]:
    return ["Anna", "Boris", "Vera", "Gleb"][:players]


def _twins(players: int, hit: int, rules: Rules101) -> tuple[Round101, Round101, int]:
    """Two rounds with the same public history up to seat ``hit`` being hit by an ace (A♠ on 10♠).

    The ace is played by the seat before ``hit``; in the first twin ``hit`` holds A♥, in the
    second it holds 9♣ and the A♥ lies at the bottom of the stock. Returns the twins and the
    seat that played the ace.
    """
    by = (hit - 1) % players
    others = ["8♦ 9♦ J♦", "8♣ 10♣ J♣", "8♥ 9♥ J♥"]
    hands_a, hands_b = [], []
    k = 0
    for seat in range(players):
        if seat == by:
            hand = "A♠ 7♦ K♦"
            hands_a.append(hand), hands_b.append(hand)
        elif seat == hit:
            hands_a.append("A♥ K♣ 6♥"), hands_b.append("9♣ K♣ 6♥")
        else:
            hands_a.append(others[k]), hands_b.append(others[k])
            k += 1
    stock_a, stock_b = "6♦ Q♣ 7♥ 9♠ 9♣", "6♦ Q♣ 7♥ 9♠ A♥"  # top first: the bottom card differs
    twin_a = Round101.from_hands(hands_a, stock_a, "10♠", to_move=by, rules=rules)
    twin_b = Round101.from_hands(hands_b, stock_b, "10♠", to_move=by, rules=rules)
    return twin_a, twin_b, by


def _play_ace(rnd: Round101, by: int, hit: int) -> list[list]:
    """The ace, then (when asked) the hit seat's Pass: the events of each move."""
    moves = [rnd.play("A♠")]
    if rnd.skip_to_answer:
        assert rnd.to_move == hit and rnd.view(hit).skip_to_answer
        assert Pass() in rnd.legal_moves()
        moves.append(rnd.play(Pass()))
    return moves


def _texts_of(rnd: Round101, seat: int, names: list[str]) -> list[str]:
    """Everything seat ``seat`` may read of the table, as text."""
    view = rnd.view(seat)
    out = [str(view)] + [e.text(names) for e in view.log] + [str(e) for e in view.log]
    for lang in LANGS:
        out += [event_sentence(e, seat, lang) for e in view.log]
        out.append(" | ".join(obligation(view, seat, lang)[0:1]))
    return out


def _table_lines(moves: list[list], you: int) -> list[str]:
    """The table's log lines (Table101._log): one per move, a lost turn on a line of its own."""
    lines = []
    for lang in LANGS:
        for events in moves:
            part = []
            for event in [*public_events(events, you), None]:
                if event is None or isinstance(event, Skipped):
                    for piece in (part, [event] if event is not None else []):
                        if piece:
                            lines.append(move_line(piece, you, lang))
                    part = []
                else:
                    part.append(event)
    return lines


def _variant_id(rules: Rules101) -> str:
    default = Rules101().to_dict()
    return ",".join(f"{k}={v}" for k, v in rules.to_dict().items() if v != default[k]) or "defaults"


@pytest.mark.parametrize("rules", VARIANTS, ids=_variant_id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R17_an_ace_declined_and_no_ace_leave_the_same_public_record(rules, players):
    names = _names(players)
    for hit in range(players):
        twin_a, twin_b, by = _twins(players, hit, rules)
        before = twin_a.view(by)
        assert before == twin_b.view(by)  # the same public history so far, seen by the ace's player
        moves_a, moves_b = _play_ace(twin_a, by, hit), _play_ace(twin_b, by, hit)
        answers = rules.ace == "skip_unless_ace"
        assert len(moves_a) == (2 if answers else 1) and len(moves_b) == 1  # the holder was asked
        # the public events: the same, and the same texts
        assert twin_a.events == twin_b.events
        assert twin_a.public_log == twin_b.public_log
        assert [type(e) for e in twin_a.events[-2 if answers else -1:]] == (
            [MayAnswerAce, Skipped] if answers else [Skipped])
        for seat in range(players):
            if seat == hit:
                continue
            assert twin_a.view(seat) == twin_b.view(seat), (hit, seat)
            assert _texts_of(twin_a, seat, names) == _texts_of(twin_b, seat, names), (hit, seat)
            assert _table_lines(moves_a, seat) == _table_lines(moves_b, seat), (hit, seat)
        # the player itself: the same public log, its own hand differs as it should
        own_a, own_b = twin_a.view(hit), twin_b.view(hit)
        assert own_a.log == own_b.log and own_a.hand != own_b.hand
        assert own_a._replace(hand=(), deck=frozenset()) == own_b._replace(hand=(), deck=frozenset())
        # and the rest of the round goes on alike until the swapped card shows
        assert twin_a.to_move == twin_b.to_move == next_seat(hit, twin_a.direction, twin_a.players)


@pytest.mark.parametrize("players", [2, 3])
def test_R17_while_asked_only_the_asked_seat_sees_it_may_answer(players):
    twin_a = _twins(players, 1 % players, Rules101())[0]
    hit = 1 % players
    twin_a.play("A♠")
    assert twin_a.skip_to_answer and twin_a.view(hit).skip_to_answer
    for seat in range(players):
        if seat != hit:
            view = twin_a.view(seat)
            assert not view.skip_to_answer  # the others see whose turn it is, and the log's MayAnswerAce
            assert view.log[-1] == MayAnswerAce(hit, cards("A♠")[0])
            for lang in LANGS:  # the table says what the rule allows, not what the hand holds
                said = obligation(view, seat, lang)
                assert said[1] == ("R12",)


def test_R17_a_starter_ace_is_public_the_same_way():
    # R2 five_and_starter: the dealer's turned-up ace hits the next seat; holder or not, the same log
    rules = Rules101(deal="five_and_starter")
    starter = cards("A♠")[0]
    dealer = cards("7♦ K♦ 10♥ J♥")  # R2: 4 cards for the dealer, 5 for everyone else, an empty table
    a = Round101(hands=[dealer, cards("A♥ K♣ 6♥ 8♣ 10♣"), cards("8♦ 9♦ J♦ 6♠ 7♠")],
                 stock=cards("6♦ Q♣ 9♣"), discard=[], to_move=0, rules=rules, starter=starter)
    b = Round101(hands=[dealer, cards("9♣ K♣ 6♥ 8♣ 10♣"), cards("8♦ 9♦ J♦ 6♠ 7♠")],
                 stock=cards("6♦ Q♣ A♥"), discard=[], to_move=0, rules=rules, starter=starter)
    assert a.skip_to_answer and not b.skip_to_answer
    a.play(Pass())
    assert a.events == b.events and a.public_log == b.public_log
    for seat in (0, 2):
        assert a.view(seat) == b.view(seat)
        assert _texts_of(a, seat, _names(3)) == _texts_of(b, seat, _names(3))


class _Script:
    """Plays the given moves in order (a stacked first round), then as HeuristicAgent."""

    def __init__(self, moves: list[str]) -> None:
        self.moves, self.bot = list(moves), HeuristicAgent()

    def choose(self, view, legal):
        if self.moves and view.totals == (0, 0):
            move = self.moves.pop(0)
            assert parse_move(move) in legal
            return parse_move(move)
        return self.bot.choose(view, legal)


def _match_twin(hit_hand: str, stock: str, monkeypatch) -> Match101:
    """A heads-up match whose first round is stacked: seat 0 plays A♠ then its last card, 8♠."""
    real_deal = Round101.deal
    first_round = []

    def deal(players, deck=36, rules=None, seed=None, first=None):
        if first is not None and not first_round:  # the first round (Match101() checks with one of its own)
            assert first == 0  # R4: seed 3 gives seat 0 the first move, as the stacked round has it
            rnd = Round101.from_hands(["A♠ 8♠", hit_hand], stock, "10♠", to_move=0, rules=rules)
            first_round.append(rnd)
            return rnd
        return real_deal(players, deck, rules, seed=seed, first=first)

    monkeypatch.setattr(match_module.Round101, "deal", staticmethod(deal))
    # an ace scores 9 here, as the 9♣ does, so the holder's round points tell nothing either (R19)
    points = {**{r: p for r, p in Rules101().points.items()}}
    points[max(points)] = 9
    rules = Rules101(points=points)
    match = Match101(2, rules=rules, seed=3, agents=[_Script(["A♠", "8♠"]), _Script(["pass"])])
    match.play()
    monkeypatch.setattr(match_module.Round101, "deal", staticmethod(real_deal))
    return match


def test_R17_whole_match_twin(monkeypatch):
    a = _match_twin("A♥ K♣ 6♥", "6♦ Q♣ 7♥ 9♠ 9♣", monkeypatch)
    b = _match_twin("9♣ K♣ 6♥", "6♦ Q♣ 7♥ 9♠ A♥", monkeypatch)
    first = a.result.records[0].round
    assert [type(e).__name__ for e in first.events][:4] == [
        "CardPlayed", "MayAnswerAce", "Skipped", "CardPlayed"]
    assert first.moves != b.result.records[0].round.moves  # the holder made a move of its own: Pass
    assert len(a.result.records) > 1  # the match went on past the twin round
    assert (a.result.rounds, a.result.totals, a.result.losers, a.result.winner) == (
        b.result.rounds, b.result.totals, b.result.losers, b.result.winner)
    assert a.log_for(0) == b.log_for(0)
    names = ["Anna", "Boris"]
    assert [e.text(names) for e in a.log_for(0)] == [e.text(names) for e in b.log_for(0)]
    for lang in LANGS:
        assert ([event_sentence(e, 0, lang) for e in a.log_for(0)]
                == [event_sentence(e, 0, lang) for e in b.log_for(0)])
    assert a.view(0) == b.view(0)
    # the round's full log (every draw with its cards) is the same too: the swapped card was never drawn
    assert a.log == b.log
