"""Matches of 101: R4 (who starts), R22 (exactly 101), R23 (end of the match), R26 in a match,
agents that fail, and match records that replay."""

from __future__ import annotations

import json

import pytest

from pianitsa101.game101 import (
    AgentError,
    GreedyAgent,
    HeuristicAgent,
    IllegalMove,
    Match101,
    NotNowError,
    RandomAgent,
    Rules101,
)
from pianitsa101.game101.match import settle_round

LIMIT = 101


def random_match(players, seed, rules=None, deck=36):
    """A match between seeded random agents."""
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    return Match101(players, deck, rules, seed=seed, agents=agents)


def snapshot(rnd):
    """Everything a move could change in a round."""
    return (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, rnd.direction, rnd.ordered_suit,
            rnd.pending_draw, len(rnd.events), len(rnd.moves), rnd.over)


def expected_totals(before, points, reset=True, limit=LIMIT):
    """R22 by hand: add the points; a total of exactly the limit becomes 0."""
    out = []
    for total, pts in zip(before, points, strict=True):
        total += pts or 0
        out.append(0 if reset and pts is not None and total == limit else total)
    return tuple(out)


def check_score_sheet(result, rules):
    """Every round's totals follow from the previous totals and its points (R22, R26)."""
    before = (0,) * result.players
    for rec in result.records:
        if rec.abandoned:
            assert rec.totals == before
            assert all(p == 0 for p in rec.points if p is not None)
        else:
            assert list(rec.points) == [None if m not in rec.seats else rec.round.points()[rec.seats.index(m)]
                                        for m in range(result.players)]
            assert rec.totals == expected_totals(before, rec.points, rules.reset_at_101, rules.limit)
        before = rec.totals
    assert result.totals == tuple(rec.totals for rec in result.records)
    assert result.rounds == tuple(rec.points for rec in result.records)


# --------------------------------------------------------------------------- R22


def test_R22_exactly_101_becomes_0():
    settled = settle_round([90, 60, 30], [11, 0, 40], Rules101())
    assert settled.totals == (0, 60, 70)
    assert settled.reset == (0,)
    assert settled.over == ()


def test_R22_one_more_or_less_than_101_stays():
    settled = settle_round([90, 90, 90], [10, 12, 0], Rules101())
    assert settled.totals == (100, 102, 90)
    assert settled.reset == ()
    assert settled.over == (1,)


def test_R22_off_101_stays_101_and_is_not_over():
    settled = settle_round([90, 60], [11, 0], Rules101(reset_at_101=False))
    assert settled.totals == (101, 60)
    assert settled.reset == () and settled.over == ()


def test_R22_with_another_limit_resets_at_exactly_that_limit():
    settled = settle_round([40, 40], [11, 10], Rules101(limit=51))
    assert settled.totals == (0, 50)


def test_R22_applies_in_played_matches():
    resets = 0
    for seed in range(200):
        rules = Rules101()
        result = random_match(3, seed, rules).play()
        check_score_sheet(result, rules)
        resets += sum(len(rec.reset) for rec in result.records)
        if resets >= 2:
            break
    assert resets >= 2, "no total landed on exactly 101 in 200 matches"


def test_R22_off_in_played_matches_a_total_of_101_stays():
    rules = Rules101(reset_at_101=False)
    for seed in range(300):
        result = random_match(3, seed, rules).play()
        check_score_sheet(result, rules)
        hits = [rec for rec in result.records if LIMIT in rec.totals]
        if hits:
            assert hits[0].reset == ()
            break
    else:
        pytest.fail("no total landed on exactly 101 in 300 matches")


# --------------------------------------------------------------------------- R23


def test_R23_first_over_ends_the_match_and_everybody_over_loses():
    rules = Rules101()
    for seed in range(5):
        result = random_match(4, seed, rules).play()
        check_score_sheet(result, rules)
        *earlier, last = result.totals
        assert all(t <= LIMIT for totals in earlier for t in totals)
        over = tuple(s for s, t in enumerate(last) if t > LIMIT)
        assert over and result.losers == over
        rest = [t for s, t in enumerate(last) if s not in over]
        if rest.count(min(rest)) == 1:
            assert result.winner == last.index(min(rest))
        else:
            assert result.winner is None
        assert result.over


def test_R23_several_losers_at_once():
    settled = settle_round([95, 98, 10, 100], [7, 12, 0, 1], Rules101())
    assert settled.over == (0, 1)
    for seed in range(400):
        result = random_match(4, seed).play()
        if len(result.losers) >= 2:
            last = result.totals[-1]
            assert all(last[s] > LIMIT for s in result.losers)
            assert len(result.totals) == len(result.records)  # the match ended in that same round
            assert sum(t > LIMIT for t in result.totals[-2]) == 0 if len(result.totals) > 1 else True
            break
    else:
        pytest.fail("no match in 400 had two players go over in the same round")


def test_R23_first_over_winner_is_the_lowest_total_or_nobody_on_a_tie():
    settled = settle_round([90, 50, 40], [20, 0, 3], Rules101())
    assert (settled.over, settled.finished, settled.winner) == ((0,), True, 2)
    settled = settle_round([90, 50, 40], [20, 0, 10], Rules101())  # 50 and 50 share the lowest total
    assert (settled.over, settled.finished, settled.winner) == ((0,), True, None)
    settled = settle_round([90, 50, 40], [11, 0, 10], Rules101())  # 101 is not over 101 (and R22 resets it)
    assert (settled.over, settled.finished, settled.winner) == ((), False, None)


def test_R23_elimination_the_last_player_left_wins():
    rules = Rules101(match="elimination")
    settled = settle_round([90, 99, 30, 95], [12, 5, 0, 7], rules)  # three leave at once
    assert settled.over == (0, 1, 3) and settled.still_in == (2,)
    assert settled.finished and settled.winner == 2
    settled = settle_round([130, 99, 30, 60], [None, 0, 4, 50], rules)  # seat 0 left earlier
    assert settled.totals == (130, 99, 34, 110)
    assert settled.over == (3,) and settled.still_in == (1, 2)
    assert not settled.finished and settled.winner is None


def test_R23_limit_option():
    rules = Rules101(limit=30)
    result = random_match(3, 1, rules).play()
    check_score_sheet(result, rules)
    assert all(result.totals[-1][s] > 30 for s in result.losers)
    assert all(t <= 30 for totals in result.totals[:-1] for t in totals)


def test_R23_elimination_deals_later_rounds_among_the_others_only():
    rules = Rules101(match="elimination")
    for seed in range(3):
        match = random_match(4, seed, rules)
        result = match.play()
        check_score_sheet(result, rules)
        out: list[int] = []
        for rec in result.records:
            assert rec.seats == tuple(s for s in range(4) if s not in out)
            assert len(rec.round.hands) == len(rec.seats)
            assert all((rec.points[m] is None) == (m in out) for m in range(4))
            out.extend(rec.out)
        assert result.losers == tuple(out)
        assert len(out) == 3 and result.winner not in out
        assert sorted([*out, result.winner]) == [0, 1, 2, 3]
        assert match.active == (result.winner,)
        assert all(result.totals[-1][s] > LIMIT for s in out)


def test_R23_elimination_several_leave_at_once_and_the_last_one_wins():
    rules = Rules101(match="elimination", limit=40)
    for seed in range(400):
        result = random_match(4, seed, rules).play()
        together = [rec for rec in result.records if len(rec.out) >= 2]
        if together:
            assert result.winner is not None and result.winner not in result.losers
            assert len(result.losers) == 3
            break
    else:
        pytest.fail("nobody left two at a time in 400 matches")


def test_R23_the_match_is_over_and_deals_no_more():
    match = random_match(2, 3)
    match.play()
    with pytest.raises(NotNowError, match="R23"):
        match.deal_round()
    assert match.play() == match.result


# --------------------------------------------------------------------------- R4 and R26


def test_R4_first_round_first_player_at_random_from_the_match_seed():
    firsts = set()
    for seed in range(40):
        match = Match101(3, seed=seed)
        rnd = match.deal_round()
        first = match._current_deal[1]
        assert rnd.to_move == first
        assert Match101(3, seed=seed).deal_round().to_move == first  # the seed decides
        firsts.add(first)
    assert firsts == {0, 1, 2}


def test_R4_winner_of_the_previous_round_starts():
    for rules in (Rules101(), Rules101(match="elimination")):
        match = random_match(4, 11, rules)
        previous = None
        while not match.over:
            rnd = match.deal_round()
            seats, first, _ = match._current_deal
            assert rnd.to_move == seats.index(first)
            if previous is not None:
                expected = previous.first if previous.abandoned else previous.winner
                assert first == expected
            match.play_round()
            previous = match.result.records[-1]
        assert len(match.result.records) >= 3


def test_R26_abandoned_round_is_dealt_again_with_the_same_first_player():
    for seed in range(300):
        result = random_match(4, seed).play()
        abandoned = [i for i, rec in enumerate(result.records) if rec.abandoned]
        if abandoned and abandoned[0] + 1 < len(result.records):
            i = abandoned[0]
            gone, again = result.records[i], result.records[i + 1]
            assert gone.round.winner is None and gone.winner is None
            assert gone.points == (0, 0, 0, 0)
            assert gone.totals == (result.records[i - 1].totals if i else (0, 0, 0, 0))
            assert again.first == gone.first and again.seats == gone.seats
            assert again.seed != gone.seed  # a new shuffle
            return
    pytest.fail("no abandoned round followed by another in 300 matches of 4 random players")


# --------------------------------------------------------------------------- agents that fail


class Raising:
    """Plays like HeuristicAgent until its ``after``-th decision, then raises."""

    name = "Raising"

    def __init__(self, after):
        self.after, self.calls, self.inner = after, 0, HeuristicAgent()

    def choose(self, view, legal_moves):
        self.calls += 1
        if self.calls > self.after:
            raise ZeroDivisionError("oops")
        return self.inner.choose(view, legal_moves)


class Nonsense(Raising):
    """Answers ``answer`` instead of raising."""

    name = "Nonsense"

    def __init__(self, after, answer):
        super().__init__(after)
        self.answer = answer

    def choose(self, view, legal_moves):
        if self.calls >= self.after:
            return self.answer
        return super().choose(view, legal_moves)


def test_agent_that_raises_stops_the_match_naming_agent_and_seat():
    bad = Raising(after=5)
    match = Match101(3, seed=2, agents=[GreedyAgent(), bad, GreedyAgent()])
    with pytest.raises(AgentError) as info:
        while True:
            if match.current is None:
                match.deal_round()
            before = snapshot(match.current)
            match.play_move()
    err = info.value
    assert "agent Raising in seat 1 raised ZeroDivisionError('oops')" in str(err)
    assert isinstance(err.__cause__, ZeroDivisionError)
    assert err.agent is bad and err.seat == 1
    assert snapshot(match.current) == before  # nothing moved
    match.agents[1] = GreedyAgent()  # the match can go on once the agent is replaced
    assert match.play().over


@pytest.mark.parametrize("answer", ["draw", None, 42, "PASS"])
def test_agent_that_returns_nonsense_stops_the_match(answer):
    bad = Nonsense(after=3, answer=answer)
    match = Match101(2, seed=5, agents=[bad, HeuristicAgent()])
    with pytest.raises(AgentError) as info:
        match.play()
    err = info.value
    assert f"agent Nonsense in seat 0 returned {answer!r}, which is not a legal move" in str(err)
    assert err.returned == answer
    rnd = match.current
    before = snapshot(rnd)
    with pytest.raises(AgentError):
        match.play_move()
    assert snapshot(rnd) == before


def test_agent_that_plays_a_card_it_does_not_hold_is_refused_unchanged():
    from pianitsa101.cards import Card
    from pianitsa101.game101 import Play

    class Cheat:
        name = "Cheat"

        def choose(self, view, legal_moves):
            held = set(view.hand)
            return Play(next(c for c in map(Card.from_index, range(52)) if c not in held and c.rank != 12))

    match = Match101(2, seed=1, agents=[Cheat(), Cheat()])
    match.deal_round()
    before = snapshot(match.current)
    with pytest.raises(AgentError, match=r"agent Cheat in seat \d returned Play\(Card.parse\("):
        match.play_move()
    assert snapshot(match.current) == before


def test_agent_that_smuggles_a_move_into_its_list_is_refused_unchanged():
    from pianitsa101.cards import Card
    from pianitsa101.game101 import Play

    class Smuggler:
        name = "Smuggler"

        def choose(self, view, legal_moves):
            absent = [c for c in map(Card.from_index, range(52)) if c not in view.hand and c.rank != 12]
            move = Play(absent[0])
            legal_moves.append(move)  # the list is the agent's own copy: this proves nothing
            return move

    match = Match101(2, seed=1, agents=[Smuggler(), Smuggler()])
    match.deal_round()
    before = snapshot(match.current)
    with pytest.raises(AgentError, match=r"agent Smuggler in seat \d returned Play") as info:
        match.play_move()
    assert info.value.__cause__ is None  # refused by the match: it judges by its own list, not the agent's
    assert snapshot(match.current) == before


def test_agent_error_names_both_seats_after_an_elimination():
    class Stop:
        name = "Stop"

        def choose(self, view, legal_moves):
            raise RuntimeError("stop")

    rules = Rules101(match="elimination")
    match = random_match(3, 0, rules)
    while len(match.active) == 3:
        match.play_round()
    seat = match.active[1]
    match.agents[seat] = Stop()
    with pytest.raises(AgentError, match=rf"agent Stop in seat {seat} \(seat 1 of this round\) raised"):
        match.play()


def test_match_refuses_wrong_agents_and_players():
    with pytest.raises(ValueError, match="needs 3 agents"):
        Match101(3, agents=[GreedyAgent()])
    with pytest.raises(TypeError, match="choose"):
        Match101(2, agents=[GreedyAgent(), object()])
    with pytest.raises(ValueError):
        Match101(7)
    with pytest.raises(ValueError):
        Match101(1)


# --------------------------------------------------------------------------- views and stepping


def test_agents_see_their_own_view_with_totals_in_round_seat_order():
    rules = Rules101(match="elimination")
    seen = []

    class Spy:
        name = "Spy"

        def __init__(self, seat):
            self.seat, self.inner = seat, RandomAgent(seat)

        def choose(self, view, legal_moves):
            rnd, seats = match.current, match.seats
            assert seats[view.seat] == self.seat and view.seat == rnd.to_move
            assert tuple(view.hand) == tuple(rnd.hands[view.seat])
            assert view.totals == tuple(match.totals[m] for m in seats)
            assert view.hand_sizes == tuple(len(h) for h in rnd.hands)
            seen.append(len(seats))
            return self.inner.choose(view, legal_moves)

    match = Match101(4, seed=3, rules=rules, agents=[Spy(s) for s in range(4)])
    match.play()
    assert {4, 3, 2} <= set(seen)  # the checks ran before and after eliminations


def test_play_move_takes_a_given_move_and_refuses_an_illegal_one():
    match = Match101(2, seed=8, agents=[GreedyAgent(), GreedyAgent()])
    from pianitsa101.game101 import Draw

    with pytest.raises(NotNowError, match="no round is being played"):
        match.play_move(Draw())  # before the deal: refused, and nothing was dealt
    assert match.current is None and match.result.records == ()
    rnd = match.deal_round()
    legal = rnd.legal_moves()
    from pianitsa101.cards import Card
    from pianitsa101.game101 import Play

    wrong = Play(next(c for c in map(Card.from_index, range(52)) if c not in rnd.hands[rnd.to_move]))
    before = snapshot(rnd)
    with pytest.raises(IllegalMove):
        match.play_move(wrong)
    assert snapshot(rnd) == before
    events = match.play_move(legal[-1])
    assert events and rnd.moves[-1] == legal[-1]
    with pytest.raises(NotNowError, match="still being played"):
        match.deal_round()
    assert match.play_round() is rnd and rnd.over and match.current is None
    assert match.result.records[0].round is rnd


def test_a_person_plays_a_seat_without_an_agent():
    match = Match101(2, seed=4, agents=[None, GreedyAgent()])
    person_moves = 0
    while not match.over:
        if match.current is None:
            match.deal_round()
        if match.waiting_for_person:
            assert match.to_move == 0
            with pytest.raises(NotNowError, match="seat 0 is played by a person"):
                match.play_round()
            match.play_move(match.current.legal_moves()[0])
            person_moves += 1
        else:
            match.play_move()
    assert person_moves > 0 and match.to_move is None
    assert Match101.from_json(match.to_json()).result.totals == match.result.totals


def test_seeded_matches_are_reproducible():
    def run(seed):
        return Match101(3, seed=seed, agents=[RandomAgent(1), GreedyAgent(), HeuristicAgent()]).play()

    first, again = run(21), run(21)
    assert first.rounds == again.rounds and first.totals == again.totals
    assert first.losers == again.losers and first.winner == again.winner
    assert [r.round.events for r in first.records] == [r.round.events for r in again.records]
    assert run(22).rounds != first.rounds


def test_a_match_without_a_seed_picks_one_and_records_it():
    match = Match101(2)
    assert isinstance(match.seed, int)
    result = match.play()
    assert Match101.from_json(match.to_json()).result.totals == result.totals


def test_score_sheet_prints_points_totals_and_r22_marks():
    result = next(r for r in (random_match(3, seed).play() for seed in range(200))
                  if any(rec.reset for rec in r.records))
    lines = str(result).splitlines()
    assert lines[0].split() == ["round", "seat", "0", "seat", "1", "seat", "2"]
    assert len(lines) == len(result.records) + 2
    for line, rec in zip(lines[1:], result.records, strict=False):
        numbers = line.replace("*", " ").split()
        assert numbers[0] == str(rec.number)
        expected = [v for pair in zip(rec.points, rec.totals, strict=True) for v in pair]
        assert [int(n) for n in numbers[1:7]] == expected
        assert ("*" in line) == bool(rec.reset)
    assert lines[-1].startswith("lost (over the limit): seat")
    page = result._repr_html_()
    assert "<table>" in page and "R22 reset" in page


# --------------------------------------------------------------------------- records


def test_match_json_replays_to_identical_totals_and_events():
    for rules in (Rules101(), Rules101(match="elimination"), Rules101.popular()):
        match = random_match(4, 6, rules)
        result = match.play()
        text = match.to_json()
        data = json.loads(text)
        assert data["seed"] == 6 and len(data["rounds"]) == len(result.records)
        again = Match101.from_json(text)
        replay = again.result
        assert again.over and replay.totals == result.totals and replay.rounds == result.rounds
        assert replay.losers == result.losers and replay.winner == result.winner
        for a, b in zip(result.records, replay.records, strict=True):
            assert a.round.events == b.round.events
            assert (a.seats, a.first, a.seed) == (b.seats, b.first, b.seed)


def test_unfinished_match_record_replays_and_plays_on_the_same():
    agents = [HeuristicAgent(), GreedyAgent(), HeuristicAgent()]
    match = Match101(3, seed=12, agents=agents)
    while match.play_round() and match.over:  # a first round that does not end the match
        match = Match101(3, seed=match.seed + 1, agents=agents)
    for _ in range(5):
        match.play_move()
    text = match.to_json()
    again = Match101.from_json(text, agents=agents)
    assert again.totals == match.totals and not again.over
    assert again.current.events == match.current.events
    assert again.current.hands == match.current.hands
    original, replayed = match.play(), again.play()  # the bots are deterministic
    assert replayed.rounds == original.rounds and replayed.totals == original.totals
    assert (replayed.losers, replayed.winner) == (original.losers, original.winner)
    assert [r.round.events for r in replayed.records] == [r.round.events for r in original.records]


def test_match_json_refuses_a_record_that_does_not_follow_r4():
    match = random_match(3, 2)
    match.play()
    data = json.loads(match.to_json())
    data["rounds"][1]["first"] = (data["rounds"][1]["first"] + 1) % 3
    with pytest.raises(ValueError, match="round 2 of the record"):
        Match101.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not a 101 match record"):
        Match101.from_json('{"format": "chess"}')


def test_wrong_state_and_agent_errors_are_value_errors():
    """A refusal is a ValueError (or TypeError), also when the match is asked at the wrong time
    or an agent fails; both stay RuntimeErrors too, as they were."""
    match = Match101(players=2, seed=1)
    with pytest.raises(ValueError, match="no round is being played") as info:
        match.play_move("draw")
    assert isinstance(info.value, NotNowError) and isinstance(info.value, RuntimeError)

    class Broken:
        def choose(self, view, legal):
            raise KeyError("oops")

    match = Match101(players=2, seed=1, agents=[Broken(), Broken()])
    with pytest.raises(ValueError, match="raised") as info:
        match.play_round()
    assert isinstance(info.value, AgentError) and isinstance(info.value, RuntimeError)
