"""101 against bad input: records that load are positions the rules can reach, rules and
positions that cannot work are refused, agents cannot corrupt a match, and the engine is friendly at
the Python prompt (text moves, text tables, plurals)."""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest

from pianitsa101 import Card, Rank, Suit, cards
from pianitsa101.game101 import (
    AgentError,
    Draw,
    FlushQueens,
    HeuristicAgent,
    IllegalMove,
    Match101,
    PenaltyTaken,
    Play,
    RandomAgent,
    Round101,
    Rules101,
    StockRecycled,
    parse_move,
)

C = Card.parse


def record(rnd: Round101) -> dict:
    return json.loads(rnd.to_json())


def state(rnd: Round101) -> tuple:
    return (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, rnd.direction, rnd.ordered_suit, rnd.pending_draw,
            rnd.pending_rank, rnd.must_cover, rnd.skip_to_answer, rnd.drawn, len(rnd.events), len(rnd.moves))


def match_state(match: Match101) -> tuple:
    rnd = match.current
    return (match.totals, len(match.result.records), match.over, None if rnd is None else state(rnd))


# --------------------------------------------------------------------------- round records


def test_R25_round_record_with_a_card_in_two_places_is_refused():
    rec = record(Round101.deal(3, seed=1))
    rec["start"]["hands"][0].append(rec["start"]["stock"][0])  # this record used to load
    with pytest.raises(ValueError, match=r"start is not a position the rules can reach: R25: .* appears tw"):
        Round101.from_json(json.dumps(rec))


# Each bad start, and the from_hands error it must give in a record too (the same checks).
BAD_STARTS = [
    ("R18: seat 0 has no cards", {"hands": [[], ["7♥", "9♦"]]}, dict(hands=["", "7♥ 9♦"])),
    ("R5: direction is", {"direction": 6}, dict(direction=6)),
    ("to_move must be a seat 0..1", {"to_move": 7}, dict(to_move=7)),
    ("R16: a pending_draw needs the pending_rank", {"pending_draw": 2}, dict(pending_draw=2)),
    ("R9: must_cover needs a 6", {"must_cover": True}, dict(must_cover=True)),
    ("R12: skip_to_answer needs an ace", {"skip_to_answer": True}, dict(skip_to_answer=True)),
    ("R14: ordered_suit must be a Suit", {"ordered_suit": "♥"}, dict(ordered_suit=Suit.HEARTS)),
]


@pytest.mark.parametrize(("message", "change", "given"), BAD_STARTS, ids=[b[0][:12] for b in BAD_STARTS])
def test_R24_round_records_are_checked_as_from_hands_checks(message, change, given):
    base = dict(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠")
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        Round101.from_hands(**{**base, **given})
    rec = record(Round101.from_hands(**base))
    rec["start"].update(change)
    reached = "start is not a position the rules can reach: "
    with pytest.raises(ValueError, match=reached + message.replace(".", r"\.")):
        Round101.from_json(json.dumps(rec))


def test_R24_direct_constructor_checks_the_position_too():
    with pytest.raises(ValueError, match="R5: direction"):
        Round101(hands=[cards("7♠"), cards("8♠")], stock=[], discard=cards("9♠"), to_move=0, rules=Rules101(),
                 direction=6)
    with pytest.raises(ValueError, match="R25"):
        Round101(hands=[cards("7♠"), cards("7♠")], stock=[], discard=[], to_move=0, rules=Rules101())
    rnd = Round101(hands=["7♠ 8♥", "8♠"], stock=[], discard="9♠", to_move=0, rules=Rules101())
    assert rnd.legal_moves() == [Play(C("7♠"))]


def test_R2_R3_starter_and_redeals_only_in_a_fresh_deal():
    rules = Rules101(deal="five_and_starter")
    rnd = Round101.deal(3, rules=rules, seed=4)
    assert Round101.from_json(rnd.to_json()).to_json() == rnd.to_json()
    rec = record(rnd)
    moved = copy.deepcopy(rec)
    moved["start"]["stock"].append(moved["start"]["hands"][1].pop())  # a hand of 4 cards: no deal gives it
    with pytest.raises(ValueError, match="R2: a round with a starter card is a fresh deal"):
        Round101.from_json(json.dumps(moved))
    other = copy.deepcopy(rec)
    other["rules"]["deal"] = "four"
    with pytest.raises(ValueError, match="R2: a starter card is turned up only with deal='five_and_starter'"):
        Round101.from_json(json.dumps(other))
    redealt = record(Round101.from_hands(["7♠", "8♠"], discard="9♠"))
    redealt["start"]["redeals"] = [[0, "7"]]
    with pytest.raises(ValueError, match="R3: redeals happen at the deal"):
        Round101.from_json(json.dumps(redealt))
    redealt["start"]["redeals"] = [[5, "7"]]
    with pytest.raises(ValueError, match=r"R3: a redeal is a seat 0\.\.1"):
        Round101.from_json(json.dumps(redealt))


@pytest.mark.parametrize(("text", "message"), [
    ("hello", "not a 101 round record: the text is not JSON"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("[1, 2]", "not a 101 round record of version 1"),
    ('{"game": "101", "version": 1}', "has no 'rules'"),
    ('{"game": "101", "version": 1, "rules": [], "start": {}}', "rules: 101 rules are a dict"),
    ('{"game": "101", "version": 1, "rules": {}, "start": [], "players": 2, "moves": []}',
     "start must be a dict"),
    ('{"game": "101", "version": 1, "rules": {}, "start": {}, "players": 2}', "start has no 'hands'"),
    ("1" * 5000, "the text is not JSON"),
])
def test_R24_non_records_are_refused_with_a_value_error_saying_what(text, message):
    with pytest.raises(ValueError, match=message):
        Round101.from_json(text)


@pytest.mark.parametrize(("where", "value", "message"), [
    (("start", "to_move"), 2**70, "to_move must be a seat"),
    (("start", "to_move"), "0", "to_move must be a whole number"),
    (("start", "shuffle_seed"), 2**70, r"seed \(of the R8 shuffle\) must be a whole number 0\.\.2\*\*64-1"),
    (("start", "hands"), {"0": []}, "hands must be a list"),
    (("start", "stock"), None, "stock must be a list of cards"),
    (("start", "pending_rank"), "X", "pending_rank must be null or a rank"),
    (("start", "must_cover"), 1, "must_cover must be true or false"),
    (("rules", "seven_draw"), 2**70, "R10: seven_draw must be a whole number of at least 1 and at most 52"),
    (("rules", "points"), [1, 2], "R19: points must be a mapping"),
    (("moves",), "draw", "moves must be a list"),
    (("moves",), [None], "move 1 of the 101 round record must be text"),
    (("moves",), ["10♣"], r"move 1 of the 101 round record \('10♣'\) cannot be played there: R6"),
    (("players",), 3, "says 3 players but its start has 2 hands"),
])
def test_R24_damaged_round_records_name_the_place(where, value, message):
    rnd = Round101.from_hands(["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠")
    rec = record(rnd)
    target = rec
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(ValueError, match=message):
        Round101.from_json(json.dumps(rec))


def test_R24_from_json_of_something_that_is_not_text_is_a_type_error():
    with pytest.raises(TypeError, match="JSON text"):
        Round101.from_json(None)
    rnd = Round101.deal(2, seed=3)
    assert Round101.from_json(record(rnd)).to_json() == rnd.to_json()  # its dict is read too


# --------------------------------------------------------------------------- match records


def finished_match(seed: int = 5) -> Match101:
    match = Match101(players=2, seed=seed, agents=[RandomAgent(1), RandomAgent(2)])
    match.play()
    return match


def test_R23_match_record_with_a_round_cut_short_is_refused_not_dropped():
    match = finished_match()
    data = json.loads(match.to_json())
    assert len(data["rounds"]) >= 3
    data["rounds"][1]["round"]["moves"] = data["rounds"][1]["round"]["moves"][:5]
    with pytest.raises(ValueError, match=r"round 2 of the record is not finished .* yet round 3 follows"):
        Match101.from_json(json.dumps(data))


def test_R23_a_record_cut_short_in_its_last_round_is_a_match_in_play():
    match = finished_match()
    data = json.loads(match.to_json())
    data["rounds"][-1]["round"]["moves"] = data["rounds"][-1]["round"]["moves"][:5]
    again = Match101.from_json(json.dumps(data), agents=[RandomAgent(1), RandomAgent(2)])
    assert not again.over and again.current is not None and len(again.current.moves) == 5
    assert len(again.result.records) == len(data["rounds"]) - 1
    assert json.loads(again.to_json()) == data  # nothing lost: the loaded match writes the same record


def swap_with_stock(start: dict) -> None:
    """Swap a card of hand 0 with the top of the stock: a position the rules allow, not this seed's deal."""
    start["hands"][0][0], start["stock"][0] = start["stock"][0], start["hands"][0][0]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("deck"), "the match record has no 'deck'"),
    (lambda d: d.update(seed="x"), "the match record's seed must be a whole number"),
    (lambda d: d.update(players=9), "cannot start a match: R1: 101 is played by 2 to 6 players"),
    (lambda d: d.update(rounds={}), "rounds must be a list"),
    (lambda d: d["rounds"].__setitem__(0, []), "round 1 of the record must be a dict"),
    (lambda d: d["rounds"][0].update(seats="01"), "seats must be a list"),
    (lambda d: d["rounds"][0].update(first=2**80), r"was dealt as \(seats, first, seed\)"),
    (lambda d: d["rounds"][0]["round"].update(start=None), "the record of round 1's start must be a dict"),
    (lambda d: swap_with_stock(d["rounds"][0]["round"]["start"]), "does not start as the match seed"),
    (lambda d: d.update(version=2), "of version 2"),
    (lambda d: d.update(deck=[1]), r"the match record's deck\[0\] must be a card"),
])
def test_R4_damaged_match_records_name_the_place(change, message):
    data = json.loads(finished_match().to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        Match101.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, "[1]", "nope", '{"format": 3}'])
def test_R4_non_match_records_are_value_errors(text):
    with pytest.raises(ValueError, match="not a 101 match record"):
        Match101.from_json(text)


# --------------------------------------------------------------------------- rules that cannot work


@pytest.mark.parametrize(("name", "value"), [("seven_draw", 2**60), ("seven_draw", 53),
                                             ("seven_of_spades_draw", 0),
                                             ("seven_of_spades_draw", 2**63), ("seven_draw", 2.0)])
def test_R10_seven_draws_are_bounded_by_the_deck(name, value):
    with pytest.raises(ValueError, match=f"R10: {name} must be a whole number of at least 1 and at most 52"):
        Rules101(**{name: value})
    assert Rules101(**{name: 52}).penalty(C("7♠")) == 52


def test_R19_points_are_bounded_and_some_rank_scores():
    with pytest.raises(ValueError, match="R19: the points of a card are whole numbers from -1,000 to 1,000"):
        Rules101(points={**{r: 1 for r in Rank}, Rank.ACE: 2**61})
    with pytest.raises(ValueError, match="R19/R23: points must give at least one rank more than 0 points"):
        Rules101(points={r: 0 for r in Rank})
    with pytest.raises(ValueError, match="at least one rank more than 0"):
        Rules101(points={r: -5 for r in Rank})
    assert Rules101(points={**{r: 0 for r in Rank}, Rank.ACE: 1000}).card_points(C("A♠")) == 1000


def test_R23_limit_is_bounded():
    with pytest.raises(ValueError, match="R23: limit must be a whole number of at least 1 and at most 100,0"):
        Rules101(limit=10**6)
    assert Rules101(limit=np.int64(50)).limit == 50 and type(Rules101(limit=np.int64(50)).limit) is int


def test_R23_a_match_that_cannot_end_is_stopped_at_max_rounds():
    # Four queens and four sixes: random bots make the totals fall round after round.
    deck = cards("Q♠ Q♣ Q♦ Q♥ 6♠ 6♣ 6♦ 6♥")
    match = Match101(2, deck=deck, seed=0, agents=[RandomAgent(0), RandomAgent(1)], max_rounds=60)
    result = match.play()
    assert result.over and result.outcome == "limit" and len(result.records) == 60
    assert result.losers == () and result.winner is None
    assert all(total <= 101 for total in result.final)
    assert "stopped after 60 rounds (max_rounds)" in str(result)
    again = Match101.from_json(match.to_json())
    assert again.over and again.result.outcome == "limit" and again.totals == match.totals
    assert Match101(2).max_rounds == 1000
    assert finished_match().result.outcome == "finished"


def test_R19_R23_a_deck_where_no_card_scores_is_refused():
    rules = Rules101(points={**{r: 0 for r in Rank}, Rank.ACE: 5})
    with pytest.raises(ValueError, match="no card of this deck scores a point"):
        Match101(2, deck=cards("Q♠ Q♣ Q♦ Q♥ 6♠ 6♣ 6♦ 6♥"), rules=rules)
    with pytest.raises(ValueError, match="max_rounds must be a whole number of at least 1"):
        Match101(2, max_rounds=0)


# --------------------------------------------------------------------------- from_hands types


def test_R5_direction_must_be_a_whole_number():
    with pytest.raises(ValueError, match="R5: direction is"):
        Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="10♠", direction=1.0)
    rnd = Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="10♠", direction=np.int64(-1), to_move=np.int64(1))
    assert type(rnd.direction) is int and type(rnd.to_move) is int
    assert json.loads(rnd.to_json())["start"]["to_move"] == 1  # numpy integers used to break to_json


def test_R12_skip_to_answer_needs_an_ace_in_the_hand():
    with pytest.raises(ValueError, match="R12: skip_to_answer means seat 0 may answer the ace with an ace"):
        Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="A♠", skip_to_answer=True)
    rnd = Round101.from_hands(["A♥ 8♠", "9♠ 9♥"], discard="A♠", skip_to_answer=True)
    assert rnd.legal_moves() == [Play(C("A♥")), parse_move("pass")]


def test_R16_pending_draw_no_larger_than_the_rules_can_make():
    with pytest.raises(ValueError, match="R16: a penalty of a 7 comes to at most 16 cards"):
        Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="7♥", pending_draw=17, pending_rank=Rank.SEVEN)
    with pytest.raises(ValueError, match="R16: a penalty of a K comes to at most 4"):
        Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="K♠", pending_draw=8, pending_rank=Rank.KING)
    rules = Rules101(chain="off", seven_draw=4)
    with pytest.raises(ValueError, match="at most 4 cards"):
        Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="7♥", pending_draw=8, pending_rank=7, rules=rules)
    deepest = Round101.from_hands(["7♠ 8♠", "9♠ 9♥"], discard="7♥", pending_draw=16, pending_rank=7)
    assert deepest.pending_draw == 16


@pytest.mark.parametrize(("given", "message"), [
    (dict(hands=[None, "9♠"]), "hand 0 must be a list of cards or text such as '7♠ Q♥', got None"),
    (dict(hands=None), "hands must be a list with one hand per seat"),
    (dict(hands=["8♠", "9♠"], stock=None), "stock must be a list of cards"),
    (dict(hands=["8♠", "9♠"], discard=5), "discard must be a list of cards"),
    (dict(hands=["8♠", [1, 2]]), "hand 1 must be Card objects or text"),
    (dict(hands=["8♠", "9♠"], seed=-1), r"seed \(of the R8 shuffle\)"),
    (dict(hands=["8♠", "9♠"], must_cover="yes"), "must_cover must be True or False"),
])
def test_R24_from_hands_names_what_does_not_belong(given, message):
    with pytest.raises(ValueError, match=message):
        Round101.from_hands(**given)


# --------------------------------------------------------------------------- agents


class Reentrant:
    """Calls the match (or its round) back from inside choose()."""

    name = "Reentrant"

    def __init__(self, call):
        self.call, self.match = call, None

    def choose(self, view, legal_moves):
        return self.call(self.match, legal_moves)


@pytest.mark.parametrize(("what", "call"), [
    ("play_move()", lambda m, legal: m.play_move(legal[0])),
    ("play_move()", lambda m, legal: m.play_move()),
    ("play_round()", lambda m, legal: m.play_round()),
    ("play()", lambda m, legal: m.play()),
    ("deal_round()", lambda m, legal: m.deal_round()),
    ("ask_agent()", lambda m, legal: m.ask_agent()),
    ("the round was played from inside an agent's choose()", lambda m, legal: m.current.play(legal[0])),
])
def test_agents_calling_the_match_from_inside_choose_are_refused_at_once(what, call):
    agent = Reentrant(call)
    match = Match101(2, seed=1, agents=[agent, agent])
    agent.match = match
    match.deal_round()
    before = match_state(match)
    with pytest.raises(AgentError) as info:
        match.play_move()
    assert what in str(info.value) and len(str(info.value)) < 600  # no message doubling per level
    assert isinstance(info.value.__cause__, RuntimeError)
    assert match_state(match) == before
    agent.call = lambda m, legal: legal[0]  # the match goes on once the agent behaves
    assert match.play().over


def test_an_answer_that_equals_every_move_is_refused_not_replaced():
    class Everything:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    class Liar:
        name = "Liar"

        def choose(self, view, legal_moves):
            return Everything()

    match = Match101(2, seed=1, agents=[Liar(), Liar()])
    match.deal_round()
    before = match_state(match)
    with pytest.raises(AgentError, match=r"agent Liar in seat \d returned .*Everything.*which is not a lega"):
        match.play_move()
    assert match_state(match) == before
    rnd = match.current
    with pytest.raises(IllegalMove, match=r"R24: .*is not a move"):
        rnd.play(Everything())  # the round itself refuses it too
    assert state(rnd) == state(match.current)


def test_agents_get_their_own_copy_of_the_legal_moves():
    class Emptier:
        def choose(self, view, legal_moves):
            move = legal_moves[-1]
            legal_moves.clear()
            return move

    result = Match101(2, seed=1, agents=[Emptier(), Emptier()]).play()
    assert result.over


def test_an_agent_may_build_its_own_equal_move():
    class Builder:
        def choose(self, view, legal_moves):
            move = legal_moves[0]
            return Play(Card(move.card.rank, move.card.suit), move.suit) if isinstance(move, Play) else Draw()

    match = Match101(2, seed=3, agents=[Builder(), Builder()])
    rnd = match.play_round()
    assert rnd.over and all(m in rnd.legal_moves() or True for m in rnd.moves)


def test_agents_that_are_no_list_are_refused():
    with pytest.raises(TypeError, match="agents must be a list"):
        Match101(2, agents=HeuristicAgent())


# --------------------------------------------------------------------------- seeds and generators


def test_R4_numpy_seeds_deal_as_python_ints_do():
    assert Round101.deal(3, seed=np.int64(7)).to_json() == Round101.deal(3, seed=7).to_json()
    a = Match101(3, seed=np.int64(7))
    assert a.seed == 7 and type(a.seed) is int
    assert a.play().totals == Match101(3, seed=7).play().totals
    assert Round101.deal(np.int64(3), deck=np.int64(36), seed=1, first=np.int64(2)).to_move == 2
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Round101.deal(3, seed=1.5)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Match101(3, seed="abc")


def test_R4_system_random_deals_and_a_wrong_generator_is_refused():
    rnd = Round101.deal(3, rng=random.SystemRandom())
    rnd.check_cards()
    assert Round101.from_json(rnd.to_json()).hands == rnd.hands
    with pytest.raises(ValueError, match=r"rng must be a random\.Random"):
        Round101.deal(3, rng=np.random.default_rng(1))
    with pytest.raises(ValueError, match="a deck is 36, 52 or a list of cards"):
        Match101(2, deck=None)


# --------------------------------------------------------------------------- text moves


def test_R24_play_accepts_the_text_of_a_move():
    rnd = Round101.from_hands(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠")
    assert rnd.play("7♠")[0].card == C("7♠")
    assert rnd.play("draw")[-1] == PenaltyTaken(1, 2, 2)
    assert rnd.moves == [Play(C("7♠")), Draw()]
    assert rnd.moves[0] is rnd.moves[0] and isinstance(rnd.moves[1], Draw)
    queen = Round101.from_hands(hands=["Q♥ 8♣", "7♥ 9♦"], discard="10♥")
    queen.play("Q♥ ♠")
    assert queen.ordered_suit is Suit.SPADES
    before = state(queen)
    with pytest.raises(IllegalMove, match=r"R24: cannot read 'seven' as a move.*Legal moves: draw\."):
        queen.play("seven")
    with pytest.raises(IllegalMove, match="R6: seat 1 does not hold 8♣"):
        queen.play("8♣")
    assert state(queen) == before


def test_R14_a_queen_without_its_suit_says_how_to_write_one():
    rnd = Round101.from_hands(hands=["Q♥ 8♣", "7♥ 9♦"], discard="10♥")
    with pytest.raises(IllegalMove, match=r"R14: a queen orders a suit: .* \(as text: 'Q♥ ♠'\)"):
        rnd.play("Q♥")


def test_R24_match_play_move_accepts_text():
    match = Match101(players=3, seed=1, agents=[None, HeuristicAgent(), HeuristicAgent()])
    match.deal_round()
    before = match_state(match)
    with pytest.raises(IllegalMove, match="R7: seat 0 holds a playable card"):
        match.play_move("draw")
    assert match_state(match) == before
    match.play_move("A♦")
    assert match.current.top == C("A♦")


@pytest.mark.parametrize(("text", "move"), [
    ("Q♥ ♠", Play(C("Q♥"), Suit.SPADES)), ("Q♥ spades", Play(C("Q♥"), Suit.SPADES)),
    ("qh->s", Play(C("Q♥"), Suit.SPADES)), ("Q♥→♠", Play(C("Q♥"), Suit.SPADES)),
    ("Д♥ пики", Play(C("Q♥"), Suit.SPADES)), ("Q♥ > hearts", Play(C("Q♥"), Suit.HEARTS)),
    ("10 ♥", Play(C("10♥"))), ("7♠", Play(C("7♠"))), (" Draw ", Draw()), ("PASS", parse_move("pass")),
    ("flush queens clubs", FlushQueens(Suit.CLUBS)), ("flush queens→♣", FlushQueens(Suit.CLUBS)),
])
def test_R14_parse_move_reads_what_a_new_user_types(text, move):
    assert parse_move(text) == move


def test_R24_parse_move_refuses_with_what_it_expected():
    with pytest.raises(ValueError, match="cannot read the ordered suit in 'Q♥ →': expected ♠ ♣ ♦ ♥"):
        parse_move("Q♥ →")
    with pytest.raises(TypeError, match="parse_move reads text"):
        parse_move(None)


# --------------------------------------------------------------------------- text tables and plurals


def test_print_round_shows_hands_table_turn_duty_and_legal_moves():
    rnd = Round101.from_hands(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠")
    rnd.play("7♠")
    text = str(rnd)
    assert text.splitlines() == [
        "101, 2 players: seat 1 to move",
        "  table: 7♠ on top (2 cards in the discard pile), stock 3 cards",
        "  seat 0: Q♥  (1 card)",
        "▶ seat 1: 7♥ 9♦  (2 cards)",
        "  last: seat 0 plays 7♠; seat 1 must draw 2 (a 7 was played)",
        "seat 1 must draw 2 and lose the turn (a 7 was played), or pass it on with a 7 (R16)",
        "legal moves: 7♥, draw",
    ]
    won = Round101.from_hands(hands=["Q♥", "7♥ 9♦"], discard="10♥")
    won.play("Q♥ ♦")
    assert str(won).splitlines()[0] == "101, 2 players: the round is over"
    assert str(won).splitlines()[-1] == "seat 0 won the round (R18); points: seat 0 -20, seat 1 +16"


@pytest.mark.parametrize(("given", "duty"), [
    (dict(hands=["6♠ 9♠", "7♥"], discard="6♥", must_cover=True),
     "seat 0 must cover the 6♥ with a ♥ or a 6 (R9)"),
    (dict(hands=["A♥ 9♠", "7♥"], discard="A♠", skip_to_answer=True), "seat 0 may answer the ace with an ace"),
    (dict(hands=["Q♥ 9♠", "7♥"], discard="Q♣", ordered_suit=Suit.HEARTS),
     "seat 0 must play a ♥ or a queen (Q♣ ordered ♥, R14)"),
    (dict(hands=["6♠ 9♠", "7♥"]), "seat 0 leads: any card may be played (R4)"),
    (dict(hands=["6♠ 9♠", "7♥"], discard="K♠", pending_draw=4, pending_rank=Rank.KING),
     "seat 0 must draw 4 and lose the turn (K♠, R15)"),
])
def test_print_round_and_view_say_what_the_player_to_move_must_do(given, duty):
    rnd = Round101.from_hands(**given)
    own_only = given.get("skip_to_answer", False)  # R17: only the asked seat's own view says it may answer
    assert duty in str(rnd) and duty in str(rnd.view(0))
    assert (duty in str(rnd.view(1))) is not own_only
    view = str(rnd.view(1))
    assert "seat 0: 2 cards" in view and "9♠" not in view  # another seat's cards stay hidden
    assert "seat 1 (you): 7♥  (1 card)" in view


def test_print_round_after_a_draw_and_when_abandoned():
    rnd = Round101.from_hands(hands=["8♣ 9♣", "7♥"], stock="10♠ J♦", discard="10♥",
                              rules=Rules101(draw="one"))
    rnd.play("draw")
    assert "seat 0 drew 10♠ and must play it or pass (R7, draw='one')" in str(rnd)
    assert "legal moves: 10♠, pass" in str(rnd)
    rnd.abandoned, rnd.over, rnd.to_move = True, True, None
    assert "abandoned: the same position came up three times (R26); nobody scores" in str(rnd)


def test_plurals_read_right_in_events_and_messages():
    assert str(StockRecycled(1, False)) == "the discard pile is turned over into a new stock of 1 card"
    assert str(StockRecycled(2, True)) == "the discard pile is shuffled into a new stock of 2 cards"
    assert str(PenaltyTaken(1, 1, 1)) == "seat 1 takes the penalty: 1 of 1 card"
    assert str(PenaltyTaken(1, 4, 2)) == "seat 1 takes the penalty: 2 of 4 cards"
    match = Match101(2, seed=1)
    match.play_round()
    assert "after 1 round," in repr(match)
    with pytest.raises(ValueError, match="R25: every card must be in exactly one place, but 9♠ appears tw"):
        Round101.from_hands(["9♠ K♠", "9♥ 9♠"])


def test_print_view_shows_the_public_log_not_the_cards_drawn():
    rnd = Round101.from_hands(hands=["8♣ 9♣", "7♥ 8♥"], stock="J♦ 10♥", discard="10♠")
    rnd.play("draw")  # seat 0 draws J♦, then 10♥, and must play the 10♥ (R7)
    assert "last: seat 0 draws J♦ 10♥ (play)" in str(rnd)  # the onlooker sees the cards
    view = str(rnd.view(1))
    assert "last: seat 0 draws 2 cards (play)" in view and "J♦" not in view


class _OwnPlay(Play):
    """A student's subclass of a move: not one of the four kinds of move."""


class _OwnDraw(Draw):
    """The same for Draw."""


@pytest.mark.parametrize("asked_first", [False, True], ids=["cold", "after legal_moves"])
@pytest.mark.parametrize("move", [_OwnPlay(C("7♠")), _OwnDraw(), np.array([1, 2]), None],
                         ids=["Play subclass", "Draw subclass", "numpy array", "None"])
def test_R24_an_object_that_is_not_one_of_the_four_moves_is_refused_and_changes_nothing(move, asked_first):
    rnd = Round101.from_hands(["7♠ 9♣", "8♠ 10♦"], stock="6♣ 8♣ 9♦", discard="9♠")
    if asked_first:
        assert Play(C("7♠")) in rnd.legal_moves()
    before = state(rnd)
    with pytest.raises(IllegalMove, match=r"R24: .* is not a move; a move is Play\(card, suit=None\)"):
        rnd.play(move)
    assert state(rnd) == before and not rnd.over
