"""What the 101 engine gives the tables: the penalty chain (R16), the obligations as
events (R2 starter, R9 must cover, R12 may answer), the score sheet (R19-R21, R26), match
seats after an elimination (R23), views with the real match totals, and a ``play_move``
that leaves nothing half done.

Stacked scenarios are worked out by hand from RULES.md; the seeded runs check the same
names against the state fields they describe, over every rule option.
"""

from __future__ import annotations

import json
import random

import pytest
from rules101_options import pick

from pianitsa101 import Card, Rank, Suit
from pianitsa101.game101 import (
    AgentError,
    CardPlayed,
    CardsDrawn,
    ChainLink,
    Draw,
    FlushQueens,
    GreedyAgent,
    MayAnswerAce,
    MustCover,
    NotNowError,
    Pass,
    PenaltyChain,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    Play,
    PublicDraw,
    RandomAgent,
    Redeal,
    Round101,
    RoundAbandoned,
    RoundDealt,
    RoundScore,
    RoundScored,
    RoundWon,
    Rules101,
    Skipped,
    StarterTurnedUp,
    TurnPassed,
    renumber,
)
from pianitsa101.game101 import Match101 as Match

C = Card.parse
S, H = Suit.SPADES, Suit.HEARTS


def stacked(hands, stock="", discard="", to_move=0, obligations=None, **options) -> Round101:
    """A stacked round: rule options go to Rules101, ``obligations`` to from_hands."""
    return Round101.from_hands(hands, stock, discard, to_move, Rules101(**options), **(obligations or {}))


def play(rnd: Round101, card: str, suit: Suit | None = None) -> list:
    return rnd.play(Play(C(card), suit))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


# --------------------------------------------------------------------------- R16: the penalty chain

SEVENS = dict(hands=["7♠ K♦", "7♥ 9♦", "7♣ 8♣", "9♠ 10♠"], stock="6♣ 8♦ A♦ J♦ J♣ 10♦ 10♣ 9♣ 8♥ 6♥ 10♥ J♥ "
              "9♥ A♥ K♥ Q♦ K♣ 8♠", discard="7♦")


def test_R16_chain_double_lists_cards_players_and_amounts():
    rnd = stacked(**SEVENS)
    assert rnd.chain is None
    play(rnd, "7♠")
    assert rnd.chain == PenaltyChain((ChainLink(0, C("7♠"), 2),), seat=1, amount=2)
    play(rnd, "7♥")
    play(rnd, "7♣")
    chain = rnd.chain
    assert chain.links == (ChainLink(0, C("7♠"), 2), ChainLink(1, C("7♥"), 4), ChainLink(2, C("7♣"), 8))
    assert chain.cards == (C("7♠"), C("7♥"), C("7♣"))
    assert (chain.seat, chain.amount) == (3, 8) == (rnd.to_move, rnd.pending_draw)
    assert str(chain) == "7♠ by seat 0 → 2, 7♥ by seat 1 → 4, 7♣ by seat 2 → 8: seat 3 must draw 8"
    assert rnd.view(3).chain == chain and rnd.view(0).chain == chain  # everybody sees the chain
    assert rnd.play(Draw())[-1] == PenaltyTaken(3, 8, 8)
    assert rnd.chain is None and rnd.view(0).chain is None


def test_R16_chain_add_grows_by_each_card_own_amount():
    rnd = stacked(**SEVENS, chain="add")
    for card in ("7♠", "7♥", "7♣"):
        play(rnd, card)
    assert [link.amount for link in rnd.chain.links] == [2, 4, 6]
    spades = stacked(**SEVENS, chain="add", seven_of_spades_draw=4)  # 7♠ counts 4, the others 2
    for card in ("7♠", "7♥", "7♣"):
        play(spades, card)
    assert [link.amount for link in spades.chain.links] == [4, 6, 8]
    double = stacked(**SEVENS, seven_of_spades_draw=4)
    for card in ("7♠", "7♥", "7♣"):
        play(double, card)
    assert [link.amount for link in double.chain.links] == [4, 8, 16]


def test_R16_chain_of_sixes_and_the_king_of_spades():
    sixes = stacked(["6♠ K♦", "6♥ 9♦", "6♣ 8♣"], stock="A♦ J♦ 8♦ 9♣ 10♣ J♣ 10♦ 9♥ K♥", discard="8♠",
                    six="draw2_skip")
    for card in ("6♠", "6♥", "6♣"):
        play(sixes, card)
    assert sixes.chain == PenaltyChain((ChainLink(0, C("6♠"), 2), ChainLink(1, C("6♥"), 4),
                                        ChainLink(2, C("6♣"), 8)), seat=0, amount=8)
    king = stacked(["K♠ 9♠", "9♥ 7♠ K♥", "9♣ 10♣"], stock="A♦ J♦ 8♦ 8♣ 9♦", discard="8♠")
    play(king, "K♠")  # R15: it cannot be passed on, the chain has one card
    assert king.chain == PenaltyChain((ChainLink(0, C("K♠"), 4),), seat=1, amount=4)


def test_R16_chain_of_a_stacked_start_names_nobody_for_the_card_on_the_table():
    rnd = stacked(["7♥ 9♦", "7♣ 8♣"], stock="6♣ 8♦ A♦ J♦ J♣ 10♦", discard="7♠",
                  obligations=dict(pending_draw=2, pending_rank=Rank.SEVEN))
    assert rnd.chain == PenaltyChain((ChainLink(None, C("7♠"), 2),), seat=0, amount=2)
    play(rnd, "7♥")
    assert rnd.chain.links == (ChainLink(None, C("7♠"), 2), ChainLink(0, C("7♥"), 4))
    assert str(rnd.chain.links[0]) == "7♠ on the table at the start → 2"


def test_R10_penalty_pending_carries_the_card_and_who_played_it():
    rnd = stacked(**SEVENS)
    pending = play(rnd, "7♠")[-1]
    assert pending == PenaltyPending(seat=1, amount=2, rank=Rank.SEVEN, card=C("7♠"), by=0)
    assert (pending.seat, pending.amount, pending.rank) == (1, 2, Rank.SEVEN)  # the old fields, in order
    assert str(pending) == "seat 1 must draw 2 (a 7 was played)"
    last = stacked(["K♠", "7♥ 9♦", "8♣ 9♣"], stock="10♣ J♣ 10♦ J♦", discard="K♥")
    events = play(last, "K♠")  # R18: the last card's penalty is drawn at once, then the round is over
    assert PenaltyPending(1, 4, Rank.KING, C("K♠"), 0) in events and last.over and last.chain is None


# --------------------------------------------------------------------------- R9, R12: obligations as events


def test_R9_must_cover_event_for_every_six_that_must_be_covered():
    rnd = stacked(["6♠ 6♥ 9♥ K♣", "8♦ 9♦"], discard="8♠")
    assert play(rnd, "6♠") == [CardPlayed(0, C("6♠")), MustCover(0, C("6♠"))]
    assert play(rnd, "6♥") == [CardPlayed(0, C("6♥")), MustCover(0, C("6♥"))]  # a 6 on a 6: cover again
    assert play(rnd, "9♥") == [CardPlayed(0, C("9♥"))]
    assert not rnd.must_cover and rnd.to_move == 1
    assert str(MustCover(0, C("6♠"))) == "seat 0 must cover the 6♠ (R9)"
    any_card = stacked(["6♠ K♦", "9♥ 10♥"], discard="8♠", six="cover_any")
    assert play(any_card, "6♠")[-1] == MustCover(0, C("6♠"))
    skip = stacked(["6♠ K♦", "9♥ 6♥", "9♣ 10♣"], stock="A♦ J♦", discard="8♠", six="draw2_skip")
    assert not any(isinstance(e, MustCover) for e in play(skip, "6♠"))  # a penalty, nothing to cover


def test_R9_must_cover_event_for_a_last_six():
    rnd = stacked(["6♠", "8♦ 9♦"], stock="10♠ J♣", discard="8♠")
    assert play(rnd, "6♠") == [CardPlayed(0, C("6♠")), MustCover(0, C("6♠"))]
    assert not rnd.over and rnd.must_cover


def test_R12_may_answer_event_when_the_next_player_holds_an_ace():
    rnd = stacked(["A♠ K♠", "A♥ 9♥", "A♦ 9♣", "9♦ 10♣"], discard="8♠")
    assert play(rnd, "A♠") == [CardPlayed(0, C("A♠")), MayAnswerAce(1, C("A♠"))]
    assert rnd.skip_to_answer and rnd.to_move == 1
    assert play(rnd, "A♥") == [CardPlayed(1, C("A♥")), MayAnswerAce(2, C("A♥"))]  # the skip goes on
    assert rnd.play(Pass()) == [Skipped(2)]
    assert rnd.to_move == 3
    no_ace = stacked(["A♠ K♠", "9♥ 10♥", "9♣ 10♣"], discard="8♠")
    # R17: passed over, after the same MayAnswerAce as a seat that holds an ace
    assert play(no_ace, "A♠") == [CardPlayed(0, C("A♠")), MayAnswerAce(1, C("A♠")), Skipped(1)]
    skip = stacked(["A♠ K♠", "A♥ 9♥", "9♣ 10♣"], discard="8♠", ace="skip")
    assert play(skip, "A♠") == [CardPlayed(0, C("A♠")), Skipped(1)]
    assert str(MayAnswerAce(1, C("A♠"))) == "seat 1 may answer the A♠ with an ace or lose the turn (R12)"


def test_events_of_different_kinds_are_never_equal():
    card = C("9♦")
    assert StarterTurnedUp(2, card) != CardPlayed(2, card)
    assert MustCover(0, C("6♠")) != CardPlayed(0, C("6♠"))
    assert Skipped(1) != TurnPassed(1) and RoundWon(1) != Skipped(1)
    assert CardPlayed(2, card) == CardPlayed(seat=2, card=card)
    assert len({CardPlayed(2, card), CardPlayed(2, card), StarterTurnedUp(2, card)}) == 2


# --------------------------------------------------------------------------- R2: the starter


def _starter_round(rank: Rank, rules: Rules101, players: int = 3, accept=lambda rnd: True) -> Round101:
    """The first seeded deal (seat 0 deals) whose turned-up starter card has ``rank``."""
    for seed in range(3000):
        rnd = Round101.deal(players, rules=rules, seed=seed, first=0)
        if rnd.starter.rank is rank and accept(rnd):
            return rnd
    raise AssertionError(f"no starter {rank!r} found")


def test_R2_starter_field_and_event():
    rules = Rules101(deal="five_and_starter")
    seven = _starter_round(Rank.SEVEN, rules)
    starter = seven.starter
    assert seven.discard == (starter,) and starter not in sum(seven.hands, ())
    dealt = [e for e in seven.events if not isinstance(e, Redeal)]
    assert dealt[0] == StarterTurnedUp(0, starter) and type(dealt[0]) is StarterTurnedUp
    assert not any(isinstance(e, CardPlayed) for e in seven.events)  # not logged as an ordinary play
    assert dealt[1] == PenaltyPending(1, 2, Rank.SEVEN, starter, 0)  # its effect applies, from the dealer
    assert seven.chain == PenaltyChain((ChainLink(0, starter, 2),), seat=1, amount=2)
    assert seven.moves == []
    six = _starter_round(Rank.SIX, rules)
    assert six.events[-1] == MustCover(0, six.starter) and six.must_cover and six.to_move == 0
    ace = _starter_round(Rank.ACE, rules, accept=lambda r: any(c.rank is Rank.ACE for c in r.hands[1]))
    assert ace.events[-1] == MayAnswerAce(1, ace.starter) and ace.skip_to_answer
    assert str(StarterTurnedUp(0, C("9♦"))) == "seat 0 turns up 9♦ to start (R2)"


def test_R2_no_starter_with_the_default_deal():
    rnd = Round101.deal(3, seed=1)
    assert rnd.starter is None and not any(isinstance(e, StarterTurnedUp) for e in rnd.events)
    assert stacked(["9♦", "8♦"]).starter is None


# --------------------------------------------------------------------------- R19-R21, R26: the score sheet


def test_R19_score_sheet_lists_each_card_left_with_its_points():
    rnd = stacked(["9♠", "7♥ K♦ A♣", "Q♣ 10♦ J♠ 6♥"], discard="8♠")
    play(rnd, "9♠")
    sheet = rnd.score_sheet()
    assert sheet == (
        RoundScore(0, (), 0, 0, (C("9♠"),)),
        RoundScore(1, ((C("7♥"), 7), (C("K♦"), 4), (C("A♣"), 11)), 0, 22),
        RoundScore(2, ((C("Q♣"), 3), (C("10♦"), 10), (C("J♠"), 2), (C("6♥"), 6)), 0, 21),
    )
    assert rnd.points() == [0, 22, 21]
    assert str(sheet[1]) == "seat 1: 7♥ 7 + K♦ 4 + A♣ 11 = +22"
    assert sheet[1].text(["Anna", "Boris", "Vera"]) == "Boris: 7♥ 7 + K♦ 4 + A♣ 11 = +22"


def test_R19_score_sheet_follows_the_points_option():
    table = {rank: 1 for rank in Rank} | {Rank.ACE: 20}
    rnd = stacked(["9♠", "7♥ A♣"], discard="8♠", points=table)
    play(rnd, "9♠")
    assert rnd.score_sheet()[1] == RoundScore(1, ((C("7♥"), 1), (C("A♣"), 20)), 0, 21)
    assert rnd.points() == [0, 21]


def test_R20_score_sheet_shows_the_queen_finish_bonus():
    heart = stacked(["Q♥", "9♥ 10♦"], discard="8♥")
    play(heart, "Q♥", S)
    assert heart.score_sheet()[0] == RoundScore(0, (), -20, -20, (C("Q♥"),))
    assert str(heart.score_sheet()[0]) == "seat 0 went out with Q♥, queen bonus -20 (R20): -20"
    spade = stacked(["Q♠", "9♥ 10♦"], discard="8♠")
    play(spade, "Q♠", H)
    assert spade.score_sheet()[0] == RoundScore(0, (), -40, -40, (C("Q♠"),))
    off = stacked(["Q♠", "9♥ 10♦"], discard="8♠", queen_finish_bonus=False)
    play(off, "Q♠", H)
    assert off.score_sheet()[0] == RoundScore(0, (), 0, 0, (C("Q♠"),)) and off.points() == [0, 19]


def test_R21_score_sheet_counts_each_queen_put_down_together():
    rnd = stacked(["Q♥ Q♠", "9♥ 10♦"], discard="8♥", flush_queens=True)
    rnd.play(FlushQueens(S))
    assert rnd.score_sheet()[0] == RoundScore(0, (), -60, -60, (C("Q♥"), C("Q♠")))
    assert rnd.points() == [-60, 19]


def test_R26_score_sheet_of_an_abandoned_round_counts_nothing():
    rnd = stacked(["9♥ 8♦", "K♣ 10♦"], discard="J♠")  # nobody can play, nothing to draw
    for _ in range(4):
        rnd.play(Draw())
    assert rnd.abandoned
    assert rnd.score_sheet() == (RoundScore(0, (), 0, 0), RoundScore(1, (), 0, 0))


def test_R18_score_sheet_only_once_the_round_is_over():
    with pytest.raises(ValueError, match="not over"):
        stacked(["9♠", "7♥"], discard="8♠").score_sheet()


# --------------------------------------------------------------------------- R23: match seats

ELIMINATION = Rules101(match="elimination")


def _match_after_someone_left(players: int = 4) -> Match:
    """A seeded elimination match in which a player has left and the numberings differ."""
    for seed in range(200):
        match = Match(players, seed=seed, rules=ELIMINATION, agents=[RandomAgent(s) for s in range(players)])
        while not match.over and len(match.active) == players:
            match.play_round()
        if not match.over and match.active != tuple(range(len(match.active))):
            match.deal_round()
            return match
    raise AssertionError("no elimination with renumbered seats found")


def test_R23_match_seats_renumber_an_event():
    seats = (0, 1, 3)  # match seat 2 has left: round seat 2 is match seat 3
    assert renumber(CardPlayed(2, C("K♣")), seats) == CardPlayed(3, C("K♣"))
    assert renumber(PenaltyPassedOn(1, C("7♥"), 2, 4), seats) == PenaltyPassedOn(1, C("7♥"), 3, 4)
    assert renumber(PenaltyPending(0, 2, Rank.SEVEN, C("7♠"), 2), seats) == PenaltyPending(0, 2, Rank.SEVEN,
                                                                                           C("7♠"), 3)
    chain = PenaltyChain((ChainLink(None, C("7♠"), 2), ChainLink(2, C("7♥"), 4)), seat=0, amount=4)
    expected = PenaltyChain((ChainLink(None, C("7♠"), 2), ChainLink(3, C("7♥"), 4)), seat=0, amount=4)
    assert renumber(chain, seats) == expected
    assert renumber(RoundScore(2, (), 0, 0), seats).seat == 3
    names = ["Anna", "Boris", "Vera", "Gleb"]
    assert renumber(CardPlayed(2, C("K♣")), seats).text(names) == "Gleb plays K♣"
    assert str(renumber(CardPlayed(2, C("K♣")), seats)) == "seat 3 plays K♣"


def test_R23_match_seats_view_after_an_elimination():
    match = _match_after_someone_left()
    rnd, seats = match.current, match.seats
    out = [m for m in range(match.players) if m not in seats]
    for m in seats:
        i = seats.index(m)
        view, own = match.view(m), rnd.view(i)
        assert view.seat == m and view.players == match.players and view.seats == seats
        assert view.hand == rnd.hands[i] and view.totals == match.totals
        assert view.to_move == match.to_move == seats[rnd.to_move]
        assert all(view.hand_sizes[s] == len(rnd.hands[seats.index(s)]) for s in seats)
        assert all(view.hand_sizes[s] == 0 for s in out)
        assert view.next_seat == seats[own.next_seat]  # the players who left are passed over
        assert view.discard == own.discard and view.stock_size == own.stock_size
    watcher = match.view(out[0])  # a player who has left watches the table, with no hand
    assert watcher.hand == () and watcher.drawn is None
    assert watcher.hand_sizes == match.view(seats[0]).hand_sizes
    with pytest.raises(ValueError, match=r"match seat 0\.\.3"):
        match.view(4)


def test_R23_match_seats_in_the_penalty_chain_of_a_view():
    for seed in range(300):
        match = Match(4, seed=seed, rules=ELIMINATION, agents=[RandomAgent(s) for s in range(4)])
        while not match.over:
            match.play_move()
            rnd = match.current
            if rnd is not None and rnd.chain is not None and match.seats != tuple(range(len(match.seats))):
                seats = match.seats
                chain = match.view(seats[0]).chain
                assert chain.seat == seats[rnd.chain.seat] == match.to_move
                assert [link.seat for link in chain.links] == [seats[link.seat] for link in rnd.chain.links]
                assert chain.amount == rnd.pending_draw
                return
    raise AssertionError("no penalty chain after an elimination found")


def test_R23_match_seats_view_between_rounds_and_before_the_first():
    match = Match(3, seed=2)
    with pytest.raises(NotNowError, match="no round has been dealt yet"):
        match.view(0)
    rnd = match.play_round()
    view = match.view(1)
    assert match.current is None and view.hand == rnd.hands[1] and view.totals == match.totals
    assert view.to_move is None and view.chain is None


def test_R23_match_seats_in_play_move_events_and_the_log():
    """A whole elimination match stepped by play_move(): the events it returns make up match.log."""
    for seed in range(100):
        match = Match(4, seed=seed, rules=ELIMINATION, agents=[RandomAgent(s) for s in range(4)])
        returned = []
        while not match.over:
            returned += match.play_move()
        if any(len(rec.seats) == 3 and rec.seats != (0, 1, 2) for rec in match.result.records):
            break
    else:
        raise AssertionError("no elimination with renumbered seats found")
    log = match.log
    assert returned == list(log)
    records = match.result.records
    assert [e for e in log if isinstance(e, RoundDealt)] == [RoundDealt(r.number, r.seats, r.first)
                                                             for r in records]
    scored = [RoundScored(r.number, r.points, r.totals, r.reset, r.out) for r in records]
    assert [e for e in log if isinstance(e, RoundScored)] == scored
    starts = [i for i, e in enumerate(log) if isinstance(e, RoundDealt)]
    for rec, start in zip(records, starts, strict=True):
        events = list(log[start + 1: start + 1 + len(rec.round.events)])
        assert events == rec.events == [renumber(e, rec.seats) for e in rec.round.events]
        # Independent of renumber: every card a match seat plays was dealt to it or drawn by it.
        held = {rec.seats[i]: set(hand) for i, hand in enumerate(json_start_hands(rec.round))}
        for e in events:
            if isinstance(e, CardsDrawn):
                held[e.seat] |= set(e.cards)
            elif isinstance(e, CardPlayed):
                assert e.card in held[e.seat], (rec.number, e)
                held[e.seat].discard(e.card)
        assert events[-1] == (RoundAbandoned(3) if rec.abandoned else RoundWon(rec.winner))
        assert tuple(s.seat for s in rec.score_sheet()) == rec.seats
        assert [s.points for s in rec.score_sheet()] == [rec.points[m] for m in rec.seats]
    assert str(log[0]).startswith("round 1 is dealt to seats 0, 1, 2, 3;")


def test_R23_match_seats_log_for_a_player_hides_the_others_draws():
    match = _match_after_someone_left()
    while match.current is not None:
        match.play_move()
    seat = match.result.records[-1].seats[0]
    full, seen = match.log, match.log_for(seat)
    assert len(full) == len(seen)
    for whole, part in zip(full, seen, strict=True):
        if isinstance(whole, CardsDrawn) and whole.seat != seat:
            assert part == PublicDraw(whole.seat, len(whole.cards), whole.reason)
        else:
            assert part == whole
    assert any(isinstance(e, PublicDraw) for e in seen) and any(isinstance(e, CardsDrawn) for e in seen)
    # the view's public log (I1) names match seats too, and is the current round's part of the log
    rec = match.result.records[-1]
    view = match.view(seat)
    assert list(view.log) == [e.public() if isinstance(e, CardsDrawn) else e for e in rec.events]


def json_start_hands(rnd: Round101) -> list[list[Card]]:
    """The hands a round started with, read from its JSON record."""
    return [[C(c) for c in hand] for hand in json.loads(rnd.to_json())["start"]["hands"]]


def test_R23_round_views_in_a_match_show_the_real_totals():
    match = Match(3, seed=5, rules=ELIMINATION)
    match.play_round()
    rnd = match.deal_round()
    expected = tuple(match.totals[m] for m in match.seats)
    assert any(expected)
    assert rnd.totals == expected
    assert all(rnd.view(i).totals == expected for i in range(rnd.players))
    assert Match.from_json(match.to_json()).current.totals == expected  # a replayed match knows them too
    assert Round101.deal(3, seed=1).view(0).totals == (0, 0, 0)  # outside a match


# --------------------------------------------------------------------------- play_move with a person


def snapshot(match: Match) -> tuple:
    rnd = match.current
    inner = None if rnd is None else (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, len(rnd.events),
                                      len(rnd.moves))
    return inner, match.totals, len(match.result.records), match._rng.getstate()


def test_R24_play_move_deals_and_stops_when_a_person_moves_first():
    outcomes = set()
    for seed in range(20):
        match = Match(2, seed=seed, agents=[None, GreedyAgent()])
        events = match.play_move()
        first = match.current.moves[0] if match.current.moves else None
        assert type(events[0]) is RoundDealt and events[0][:2] == (1, (0, 1)), events
        if events[0].first == 0:  # dealt, and nothing else: the person moves first
            outcomes.add("person first")
            assert events == [RoundDealt(1, (0, 1), 0)] and match.current.moves == []
            assert match.waiting_for_person
            before = snapshot(match)
            with pytest.raises(NotNowError, match="seat 0 is played by a person"):
                match.play_move()
            assert snapshot(match) == before
            move = match.current.legal_moves()[0]
            assert match.play_move(move) and match.current.moves == [move]
        else:  # the bot started: dealt and moved
            outcomes.add("bot first")
            assert events[0].first == 1 and match.current.moves == [first] and len(events) > 1
    assert outcomes == {"person first", "bot first"}


class Raiser:
    """An agent that fails at its first decision."""

    name = "Raiser"

    def choose(self, view, legal_moves):
        raise ValueError("no idea")


def test_R24_play_move_that_dealt_takes_the_deal_back_when_the_agent_fails():
    outcomes = set()
    for seed in range(20):
        match = Match(2, seed=seed, agents=[Raiser(), GreedyAgent()])
        before = snapshot(match)
        try:
            match.play_move()  # deals; the greedy bot may move first and succeed
        except AgentError:
            outcomes.add("failed on the deal")
            assert snapshot(match) == before and match.current is None  # the deal was taken back
            assert match.log == ()
            continue
        outcomes.add("dealt and moved")
        while match.to_move == 1:
            match.play_move()
        before = snapshot(match)
        with pytest.raises(AgentError, match="Raiser"):
            match.play_move()
        assert snapshot(match) == before  # the failed move changed nothing; the deal stays
    assert outcomes == {"failed on the deal", "dealt and moved"}


def test_R24_play_round_with_a_person_seat_is_refused_before_dealing():
    match = Match(2, seed=3, agents=[None, GreedyAgent()])
    before = snapshot(match)
    with pytest.raises(NotNowError, match="seat 0 is played by a person"):
        match.play_round()
    assert snapshot(match) == before and match.current is None
    assert match.deal_round().hands == Match(2, seed=3, agents=[None, GreedyAgent()]).deal_round().hands


# --------------------------------------------------------------------------- seeded runs over every option

OPTIONS = pick("deal", "draw", "six", "seven_draw", "seven_of_spades_draw", "ace", "chain",
               "last_card_effects", "queen_finish_bonus", "flush_queens")


def _check_move(rnd: Round101, before: dict, move, events: list) -> None:
    """The new names against the state fields they describe, after one move."""
    rules = rnd.rules
    played = [e for e in events if isinstance(e, CardPlayed)]
    # R9: a MustCover for every six left to be covered, and only then
    covers = [e for e in events if isinstance(e, MustCover)]
    if not rnd.over and rnd.must_cover and played and played[-1].card.rank is Rank.SIX:
        assert covers == [MustCover(before["to_move"], played[-1].card)]
    else:
        assert covers == []
    # R12/R17: a MayAnswerAce after every ace that does not end the round, whatever the next seat holds;
    # that seat is asked (skip_to_answer) when it holds an ace, else passed over at once (Skipped)
    answers = [e for e in events if isinstance(e, MayAnswerAce)]
    ace = played and played[-1].card.rank is Rank.ACE and rules.ace == "skip_unless_ace" and not rnd.over
    assert len(answers) == (1 if ace else 0)
    if answers:
        asked = answers[0]
        assert asked.card == played[-1].card
        if rnd.skip_to_answer:
            assert (rnd.to_move, rnd.top) == (asked.seat, asked.card)
        else:
            assert events[events.index(asked) + 1] == Skipped(asked.seat)
    elif rnd.skip_to_answer and not rnd.over:
        raise AssertionError("asked to answer an ace with no MayAnswerAce in the move's events")
    # R16: the chain agrees with the pending fields and grows by the rules
    chain = rnd.chain
    if rnd.over or not rnd.pending_draw:
        assert chain is None
        return
    assert (chain.seat, chain.amount, chain.links[-1].card) == (rnd.to_move, rnd.pending_draw, rnd.top)
    old = before["chain"]
    if old is not None and isinstance(move, Play):  # passed on: one more card
        assert chain.links[:-1] == old.links and chain.links[-1].seat == before["to_move"]
        grown = old.amount * 2 if rules.chain == "double" else old.amount + rules.penalty(move.card)
        assert chain.amount == grown
    else:  # a new penalty, started by the card just played
        assert chain.links == (ChainLink(before["to_move"], move.card, rules.penalty(move.card)),)


@pytest.mark.slow
def test_R16_R9_R12_new_names_agree_with_the_state_and_replay_from_records():
    rng = random.Random(909)
    for number in range(400):
        rules = Rules101(**{name: rng.choice(values) for name, values in OPTIONS.items()})
        rnd = Round101.deal(rng.randint(2, 6), rng.choice([36, 52]), rules, rng=rng)
        while not rnd.over:
            before = {"to_move": rnd.to_move, "chain": rnd.chain}
            move = rng.choice(rnd.legal_moves())
            events = rnd.play(move)
            _check_move(rnd, before, move, events)
        again = Round101.from_json(rnd.to_json())
        assert again.events == rnd.events and kinds(again.events) == kinds(rnd.events), number
        assert again.starter == rnd.starter
        sheet = rnd.score_sheet()
        assert [s.points for s in sheet] == rnd.points()
        for score in sheet:
            assert score.points == sum(p for _, p in score.cards) + score.bonus
            if not rnd.abandoned and score.seat != rnd.winner:
                assert [c for c, _ in score.cards] == list(rnd.hands[score.seat])
                assert all(p == rules.points[c.rank] for c, p in score.cards)
