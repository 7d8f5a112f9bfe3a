"""Rules101 (the options of R2-R23), the move values and their text, events, and bad input."""

from __future__ import annotations

import dataclasses
import json

import pytest

from pianitsa101 import Card, Rank, Suit
from pianitsa101.game101 import (
    CardPlayed,
    Draw,
    FlushQueens,
    IllegalMove,
    Pass,
    Play,
    PlayerView,
    Round101,
    Rules101,
    parse_move,
)
from pianitsa101.game101.rules import DEFAULT_POINTS

C = Card.parse


def test_defaults_are_the_main_rules_of_the_source():
    r = Rules101()
    assert (r.deal, r.draw, r.recycle, r.six, r.seven_draw, r.seven_of_spades_draw, r.ace, r.queen_wild,
            r.chain, r.last_card_effects, r.queen_finish_bonus, r.flush_queens, r.reset_at_101, r.match,
            r.limit) == ("four", "until_playable", "flip", "cover", 2, None, "skip_unless_ace", False,
                         "double", True, True, False, True, "first_over", 101)
    assert dict(r.points) == {Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6,
                              Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10, Rank.JACK: 2,
                              Rank.QUEEN: 3, Rank.KING: 4, Rank.ACE: 11}
    assert Rules101.standard() == r


def test_popular_preset():
    p = Rules101.popular()
    assert p == dataclasses.replace(Rules101(), deal="five_and_starter", draw="one", queen_wild=True,
                                    match="elimination")


@pytest.mark.parametrize(("option", "value", "message"), [
    ("deal", "five", "R2: deal must be one of 'four', 'five_and_starter', got 'five'"),
    ("draw", "two", "R7: draw must be one of 'until_playable', 'one'"),
    ("recycle", "burn", "R8: recycle must be one of 'flip', 'shuffle'"),
    ("six", "draw3_skip", "R9: six must be one of 'cover', 'cover_any', 'draw2_skip', 'draw1_skip'"),
    ("ace", "answer", "R12: ace must be one of 'skip_unless_ace', 'skip'"),
    ("chain", "triple", "R16: chain must be one of 'double', 'add', 'off'"),
    ("match", "last_one", "R23: match must be one of 'first_over', 'elimination'"),
    ("queen_wild", 1, "R14: queen_wild must be True or False"),
    ("flush_queens", "yes", "R21: flush_queens must be True or False"),
    ("seven_draw", 0, "R10: seven_draw must be a whole number of at least 1"),
    ("seven_of_spades_draw", 2.5, "R10: seven_of_spades_draw must be a whole number"),
    ("limit", True, "R23: limit must be a whole number"),
    ("points", {"A": 11}, "R19: points must give every rank 2..A, missing 2, 3"),
    ("points", {**{r: 1 for r in Rank}, "Z": 3}, "R19: points keys are ranks"),
])
def test_bad_options_are_refused_with_the_rule_and_allowed_values(option, value, message):
    with pytest.raises(ValueError) as info:
        Rules101(**{option: value})
    assert str(info.value).startswith(message)


def test_rules_round_trip_through_dict_and_json():
    custom = Rules101(six="draw1_skip", seven_of_spades_draw=4, chain="add", points={**DEFAULT_POINTS,
                                                                                     Rank.ACE: 15})
    for rules in (Rules101(), Rules101.popular(), custom):
        assert Rules101.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert custom.points[Rank.ACE] == 15
    assert eval(repr(custom), {"Rules101": Rules101}) == custom  # the repr is code
    with pytest.raises(ValueError, match="unknown 101 option"):
        Rules101.from_dict({"jokers": 2})


def test_rules_are_frozen_and_hashable():
    r = Rules101()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.six = "cover_any"
    with pytest.raises(TypeError):
        r.points[Rank.ACE] = 1
    assert hash(r) == hash(Rules101())


def test_moves_are_values_with_pasteable_repr_and_text():
    moves = [Play(C("7♠")), Play(C("Q♥"), Suit.SPADES), Draw(), Pass(), FlushQueens(Suit.CLUBS)]
    namespace = {"Play": Play, "Draw": Draw, "Pass": Pass, "FlushQueens": FlushQueens, "Card": Card,
                 "Suit": Suit}
    for move in moves:
        assert eval(repr(move), namespace) == move
        assert parse_move(str(move)) == move
        assert hash(move) == hash(eval(repr(move), namespace))
    assert [str(m) for m in moves] == ["7♠", "Q♥→♠", "draw", "pass", "flush queens→♣"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        moves[0].card = C("8♠")
    with pytest.raises(TypeError, match="Play needs a Card"):
        Play("7♠")
    with pytest.raises(ValueError, match="cannot read 'jump' as a move"):
        parse_move("jump")


def test_events_are_values_and_print_as_sentences():
    assert CardPlayed(0, C("7♠")) == CardPlayed(seat=0, card=C("7♠"))
    rnd = Round101.from_hands(["7♠ K♦", "9♥ 10♥"], stock="A♦ J♦", discard="8♠")
    assert [str(e) for e in rnd.play(Play(C("7♠")))] == ["seat 0 plays 7♠",
                                                          "seat 1 must draw 2 (a 7 was played)"]
    assert [str(e) for e in rnd.play(Draw())] == ["seat 1 draws A♦ J♦ (penalty)",
                                                  "seat 1 takes the penalty: 2 of 2 cards"]


def test_bad_stacked_positions_are_refused():
    with pytest.raises(ValueError, match="R1: 101 is played by 2 to 6 players"):
        Round101.from_hands(["7♠"])
    with pytest.raises(ValueError, match=r"to_move must be a seat 0\.\.1"):
        Round101.from_hands(["7♠", "8♠"], to_move=2)
    with pytest.raises(ValueError, match="R18: seat 1 has no cards"):
        Round101.from_hands(["7♠", ""])
    with pytest.raises(ValueError, match="R14: ordered_suit"):
        Round101.from_hands(["7♠", "8♠"], discard="9♠", ordered_suit=Suit.HEARTS)
    with pytest.raises(ValueError, match="R16: a pending_draw needs the pending_rank"):
        Round101.from_hands(["7♠", "8♠"], discard="7♥", pending_draw=2)
    with pytest.raises(ValueError, match="R9: must_cover needs a 6"):
        Round101.from_hands(["7♠", "8♠"], discard="7♥", must_cover=True)
    with pytest.raises(TypeError, match="unknown option"):
        Round101.from_hands(["7♠", "8♠"], pending=2)
    with pytest.raises(ValueError, match="cannot read"):
        Round101.from_hands(["7♠", "8X"])
    with pytest.raises(ValueError, match="either seed or rng"):
        import random

        Round101.deal(3, seed=1, rng=random.Random(1))
    with pytest.raises(ValueError, match="first must be a seat"):
        Round101.deal(3, seed=1, first=3)
    with pytest.raises(ValueError, match="R2: dealing to 3 players needs at least 12 cards"):
        Round101.deal(3, deck=[C("7♠"), C("8♠")], seed=1)


def test_illegal_input_to_play():
    rnd = Round101.from_hands(["7♠ K♦", "9♥ 10♥"], discard="8♠")
    with pytest.raises(IllegalMove, match="R24: 42 is not a move"):
        rnd.play(42)
    with pytest.raises(IllegalMove, match="R24: cannot read 'jump' as a move"):  # read as parse_move does
        rnd.play("jump")
    with pytest.raises(IllegalMove, match="R6: seat 0 does not hold 9♥"):
        rnd.play(Play(C("9♥")))
    with pytest.raises(IllegalMove, match="R14: only a queen orders a suit"):
        rnd.play(Play(C("7♠"), Suit.HEARTS))
    assert isinstance(IllegalMove("x"), ValueError)


def test_a_user_built_move_equal_to_a_legal_one_is_accepted():
    rnd = Round101.from_hands(["7♠ K♦", "9♥ 10♥"], discard="8♠")
    rnd.play(Play(Card(Rank.SEVEN, Suit.SPADES)))  # not the engine's interned object
    assert rnd.top == C("7♠") and rnd.moves[0] == Play(C("7♠"))


def test_record_is_plain_json():
    rnd = Round101.deal(3, rules=Rules101(deal="five_and_starter"), seed=4)
    rnd.play(rnd.legal_moves()[0])
    data = json.loads(rnd.to_json())
    assert data["game"] == "101" and data["players"] == 3 and data["rules"]["deal"] == "five_and_starter"
    assert data["moves"] == [str(rnd.moves[0])]
    assert len(data["start"]["hands"]) == 3 and data["start"]["starter"] == str(rnd.discard[0])
    with pytest.raises(ValueError, match="not a 101 round record"):
        Round101.from_json(json.dumps({"game": "chess"}))


def test_view_is_immutable():
    view = Round101.deal(3, seed=1).view(0)
    assert isinstance(view, PlayerView)
    with pytest.raises(AttributeError):
        view.hand = ()
