"""An adversarial run against both engines: damaged records and wrong arguments of every kind.

Part 1 mutates valid records (Пьяница games, 101 rounds and 101 matches) with a seeded
generator: it drops keys, swaps the types of values, moves or copies a card, cuts lists
short, swaps and repeats their items, writes huge numbers and nests lists 100,000 deep.
Every loader must then either refuse with a ValueError (or a TypeError) that says something,
or load a game that is sound: every card in one place (R25), the record written again loads
to the same record, and the game plays on to its end by the rules.

Part 2 calls the public constructors and methods with wrong types and values (hypothesis,
derandomized so that every run tries the same cases): only ValueError or TypeError with a
message may escape (a match asked for something in the wrong state raises NotNowError, a ValueError),
and a refused call leaves the game exactly as it was.

``FUZZ_CASES`` (an environment variable) makes part 1 longer, for a hunt away from ``make test``.
"""

from __future__ import annotations

import copy
import json
import os
import random
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pianitsa101 import Card, Rank, Suit, cards, make_deck
from pianitsa101.game101 import (
    Draw,
    HeuristicAgent,
    Match101,
    Pass,
    Play,
    RandomAgent,
    Round101,
    Rules101,
    parse_move,
)
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.pianitsa.record import trick_from_dict

CASES = int(os.environ.get("FUZZ_CASES", "600"))  # mutated records per kind of record (a third for matches)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))  # hypothesis examples per test of part 2
ALLOWED = (ValueError, TypeError)
DEEP = "__DEEP__"  # stands for a list nested 100,000 deep, put into the JSON text after dumping


# --------------------------------------------------------------------------- the valid records


def pianitsa_records() -> list[str]:
    out = []
    for i, (players, gather, down) in enumerate([(2, "winner_first", 0), (3, "random", 1), (4, "table", 0),
                                                  (2, "random", 2)]):
        game = PianitsaGame.deal(players=players, rules=PianitsaRules(gather=gather, dispute_face_down=down,
                                                                      max_tricks=300), seed=i)
        for _ in range(3 + i):
            if not game.over:
                game.play_trick()
        out.append(game.to_json())
    out.append(PianitsaGame.from_stacks(["K♠ 9♠", "K♥ 10♥"]).to_json())
    return out


def round_records() -> list[str]:
    rng = random.Random(1)
    out = []
    for i, rules in enumerate([Rules101(), Rules101(deal="five_and_starter", six="draw2_skip"),
                               Rules101.popular(), Rules101(flush_queens=True, recycle="shuffle")]):
        rnd = Round101.deal(2 + i, rules=rules, seed=i)
        for _ in range(rng.randrange(40)):
            if rnd.over:
                break
            rnd.play(rng.choice(rnd.legal_moves()))
        out.append(rnd.to_json())
    stacked = [
        dict(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠ 7♣", pending_draw=2,
             pending_rank=Rank.SEVEN),
        dict(hands=["6♠ 9♠", "7♥ 6♦", "A♣"], stock="J♦", discard="6♥", must_cover=True),
        dict(hands=["A♥ 9♠", "7♥"], discard="A♠", skip_to_answer=True, seed=9),
        dict(hands=["Q♥ 9♠", "7♥"], discard="Q♣", ordered_suit=Suit.HEARTS, direction=-1),
    ]
    out += [Round101.from_hands(**given).to_json() for given in stacked]
    return out


def match_records() -> list[str]:
    out = []
    for seed, players, rules in [(1, 2, None), (2, 3, Rules101(match="elimination", limit=40)),
                                 (3, 2, Rules101(deal="five_and_starter"))]:
        match = Match101(players, rules=rules, seed=seed, agents=[RandomAgent(s) for s in range(players)])
        for _ in range(2):
            if not match.over:
                match.play_round()
        if not match.over:
            for _ in range(7):
                match.play_move()
        out.append(match.to_json())
    return out


# --------------------------------------------------------------------------- the mutations


def _places(node, path=()):
    """Every (container, key) in a JSON tree, the root's children first."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield node, key
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield node, i
            yield from _places(value, (*path, i))


def _is_card(value) -> bool:
    try:
        Card.parse(value)
    except (ValueError, TypeError):
        return False
    return True


JUNK = [None, True, False, 0, -1, 1.5, float("nan"), "", "x", "7♠", "11♠", "Q♥→X", [], {}, [[]], [None],
        {"a": 1}, 2**63, 2**64, 2**100, -2**70, 10**30, "10" * 40, DEEP]


def mutate(tree, rng: random.Random) -> tuple[object, list[str]]:
    """A damaged copy of a JSON tree, and what was done to it."""
    tree = copy.deepcopy(tree)
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        places = list(_places(tree))
        if not places:
            break
        box, key = rng.choice(places)
        kind = rng.randrange(8)
        if kind == 0 and isinstance(box, dict):
            del box[key]
            done.append(f"drop {key!r}")
        elif kind == 1:
            box[key] = rng.choice(JUNK)
            done.append(f"set {key!r} to {box[key]!r}"[:80])
        elif kind == 2:  # move or copy a card somewhere else
            card_places = [(b, k) for b, k in places if isinstance(b, list) and _is_card(b[k])]
            lists = [b[k] for b, k in places if isinstance(b[k], list)]
            if card_places and lists:
                b, k = rng.choice(card_places)
                target = rng.choice(lists)
                card = b[k] if rng.random() < 0.5 else b.pop(k)
                target.insert(rng.randrange(len(target) + 1), card)
                done.append(f"move/copy card {card}")
        elif kind == 3 and isinstance(box[key], list) and box[key]:
            cut = rng.randrange(len(box[key]))
            del box[key][cut:]
            done.append(f"cut {key!r} to {cut}")
        elif kind == 4 and isinstance(box[key], list) and len(box[key]) >= 2:
            items = box[key]
            i, j = rng.sample(range(len(items)), 2)
            items[i], items[j] = items[j], items[i]
            done.append(f"swap items of {key!r}")
        elif kind == 5 and isinstance(box[key], list) and box[key]:
            box[key].append(copy.deepcopy(rng.choice(box[key])))
            done.append(f"repeat an item of {key!r}")
        elif kind == 6 and isinstance(box[key], int) and not isinstance(box[key], bool):
            box[key] = rng.choice((box[key] + 1, box[key] - 1, -box[key], box[key] * 2**40, 2**64 - 1, 2**64))
            done.append(f"change number {key!r} to {box[key]}")
        elif kind == 7 and isinstance(box[key], str):
            box[key] = rng.choice(("", box[key] + "x", box[key][::-1], box[key].upper(), "♠", "A♠ A♠"))
            done.append(f"change text {key!r} to {box[key]!r}")
    return tree, done


def dumped(tree) -> str:
    text = json.dumps(tree, ensure_ascii=False)
    return text.replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)


# --------------------------------------------------------------------------- what a loaded game must be


def sound_round(rnd: Round101, rng: random.Random) -> None:
    rnd.check_cards()
    text = rnd.to_json()
    assert Round101.from_json(text).to_json() == text
    str(rnd)
    for seat in range(rnd.players):
        str(rnd.view(seat))
    for _ in range(300):
        if rnd.over:
            assert len(rnd.points()) == rnd.players
            return
        rnd.play(rng.choice(rnd.legal_moves()))
        rnd.check_cards()


def sound_match(match: Match101, rng: random.Random) -> None:
    text = match.to_json()
    again = Match101.from_json(text)
    assert again.to_json() == text and again.totals == match.totals
    str(match.result)
    match.agents = [RandomAgent(rng.randrange(99)) for _ in range(match.players)]
    for _ in range(60):
        if match.over:
            return
        match.play_move()
        if match.current is not None:
            match.current.check_cards()


def sound_game(game: PianitsaGame, rng: random.Random) -> None:
    text = game.to_json()
    assert PianitsaGame.from_json(text).to_json() == text
    str(game)
    result = game.play()
    assert result.outcome in ("finished", "cycle", "limit", "draw")
    cards_now = [c for st in game.stacks for c in st] + list(game.table)
    assert len(cards_now) == len(set(cards_now)) == sum(len(s.split()) for s in json.loads(text)["deal"])


KINDS = {
    "pianitsa": (pianitsa_records, PianitsaGame.from_json, sound_game),
    "round": (round_records, Round101.from_json, sound_round),
    "match": (match_records, Match101.from_json, sound_match),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_R24_P2_damaged_records_are_refused_with_a_message_or_load_as_sound_games(kind):
    make, load, sound = KINDS[kind]
    trees = [json.loads(text) for text in make()]
    rng = random.Random(f"fuzz-{kind}")
    loaded = refused = 0
    cases = CASES // 3 if kind == "match" else CASES  # a match record replays whole rounds: slower
    for case in range(cases):
        tree, done = mutate(rng.choice(trees), rng)
        text = dumped(tree)
        try:
            game = load(text)
        except ALLOWED as error:
            assert str(error), f"case {case} ({done}): {type(error).__name__} without a message"
            refused += 1
            continue
        except Exception as error:  # pragma: no cover - this is what the test is looking for
            raise AssertionError(f"case {case} ({done}): {type(error).__name__}: {error}") from error
        loaded += 1
        sound(game, random.Random(case))
    assert refused > cases // 4 and loaded > 0  # both sides of the loaders were tried


# --------------------------------------------------------------------------- wrong arguments

junk = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True), st.text(max_size=6),
    st.sampled_from(["7♠", "Q♥ ♠", "draw", "pass", "A♠ A♠", "♠", "flush queens→♣", "10"]),
    st.lists(st.sampled_from(["7♠", "K♦", 3, None]), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([Card.parse("7♠"), Suit.HEARTS, Rank.ACE, object(), b"7S", Draw(), Pass(),
                     Play(Card.parse("Q♥"), Suit.SPADES), make_deck(36), cards("7♠ 8♠")]),
)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def refused_or_done(call, *args, **kwargs):
    """Call; a refusal must be a ValueError or TypeError with a message. Returns the result or None."""
    try:
        return call(*args, **kwargs)
    except ALLOWED as error:
        assert str(error), f"{type(error).__name__} without a message"
        return None


@FUZZ
@given(st.sampled_from([f.name for f in fields(Rules101)]), junk)
def test_R1_R26_rules101_take_only_sensible_values(name, value):
    rules = refused_or_done(Rules101, **{name: value})
    if rules is not None:  # accepted: the rules must work (and write a record that reads back)
        assert Rules101.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@FUZZ
@given(st.sampled_from([f.name for f in fields(PianitsaRules)]), junk)
def test_P1_P13_pianitsa_rules_take_only_sensible_values(name, value):
    refused_or_done(PianitsaRules, **{name: value})


CONSTRUCTORS = {
    "deal": (Round101.deal, dict(players=3, deck=36, rules=None, seed=1)),
    "from_hands": (Round101.from_hands, dict(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣", discard="10♠", to_move=0)),
    "match": (Match101, dict(players=2, deck=36, rules=None, seed=1, max_rounds=3)),
    "pianitsa_deal": (PianitsaGame.deal, dict(players=2, deck=None, rules=None, seed=1)),
    "from_stacks": (PianitsaGame.from_stacks, dict(stacks=["A♠ 6♥", "K♦ 6♣"], rules=None, seed=1)),
}


@FUZZ
@given(st.sampled_from(sorted(CONSTRUCTORS)), st.data())
def test_R24_P2_constructors_refuse_wrong_arguments_clearly(name, data):
    make, good = CONSTRUCTORS[name]
    key = data.draw(st.sampled_from(sorted(good)))
    made = refused_or_done(make, **{**good, key: data.draw(junk)})
    if isinstance(made, Round101):
        sound_round(made, random.Random(0))
    elif isinstance(made, PianitsaGame):
        sound_game(made, random.Random(0))
    elif isinstance(made, Match101):
        made.play()
        assert Match101.from_json(made.to_json()).to_json() == made.to_json()


@FUZZ
@given(junk)
def test_R24_parse_move_and_loaders_refuse_non_text(value):
    for call in (parse_move, Round101.from_json, Match101.from_json, PianitsaGame.from_json, Card.parse,
                 cards, Card.from_index, trick_from_dict, Rules101.from_dict, make_deck):
        refused_or_done(call, value)


def snapshot(rnd: Round101) -> tuple:
    return (rnd.hands, rnd.stock, rnd.discard, rnd.to_move, rnd.direction, rnd.ordered_suit, rnd.pending_draw,
            rnd.pending_rank, rnd.must_cover, rnd.skip_to_answer, rnd.drawn, rnd.over, len(rnd.events),
            rnd.moves[:], rnd._rng.getstate())


@FUZZ
@given(st.integers(0, 30), junk, junk)
def test_R24_round_methods_refuse_wrong_arguments_and_change_nothing(moves, first, second):
    rnd = Round101.deal(3, seed=moves)
    rng = random.Random(moves)
    for _ in range(moves):
        if not rnd.over:
            rnd.play(rng.choice(rnd.legal_moves()))
    before = snapshot(rnd)
    legal = rnd.legal_moves()
    played = refused_or_done(rnd.play, first)
    if played is None:
        assert snapshot(rnd) == before
    else:  # it was a legal move (or its text)
        assert len(rnd.moves) == len(before[13]) + 1 and rnd.moves[-1] in legal
        before = snapshot(rnd)
    refused_or_done(rnd.view, first)
    refused_or_done(rnd.view, 0, second)
    refused_or_done(rnd.rules.penalty, first)
    refused_or_done(rnd.rules.card_points, first)
    refused_or_done(rnd.points)
    assert snapshot(rnd) == before


@settings(max_examples=EXAMPLES // 2, deadline=None, derandomize=True)
@given(st.integers(0, 20), junk)
def test_R24_match_refuses_wrong_moves_and_changes_nothing(moves, value):
    match = Match101(3, seed=moves, agents=[None, HeuristicAgent(), RandomAgent(1)])
    match.deal_round()
    for _ in range(moves):
        if match.over:
            break
        if match.current is None:
            match.deal_round()
        elif match.waiting_for_person:
            match.play_move(match.current.legal_moves()[0])
        else:
            match.play_move()
    rnd = match.current
    before = (match.totals, len(match.result.records), None if rnd is None else snapshot(rnd))
    try:
        match.play_move(value)
    except ALLOWED as error:  # 'no round is being played' is a NotNowError, a ValueError
        assert str(error)
        assert (match.totals, len(match.result.records), None if rnd is None else snapshot(rnd)) == before


# --------------------------------------------------------------------------- positions with obligations

OBLIGATION_RULES = [Rules101(), Rules101(six="draw2_skip", chain="add"),
                    Rules101(six="cover_any", draw="one"),
                    Rules101(six="draw1_skip", chain="off", seven_of_spades_draw=4, queen_wild=True),
                    Rules101(ace="skip", flush_queens=True, last_card_effects=False)]


@st.composite
def odd_positions(draw):
    """Any hands, stock and pile, with any obligation at all: from_hands accepts some and refuses the rest."""
    players = draw(st.integers(2, 4))
    deck = [Card.from_index(i) for i in draw(st.permutations(range(52)))]
    sizes = [draw(st.integers(0, 4)) for _ in range(players)]
    cuts, pos = [], 0
    for size in (*sizes, draw(st.integers(0, 5)), draw(st.integers(0, 4))):
        cuts.append(deck[pos:pos + size])
        pos += size
    *hands, stock, discard = cuts
    obligations = {}
    if draw(st.booleans()):
        obligations["pending_draw"] = draw(st.integers(0, 40))
        ranks = [None, Rank.SIX, Rank.SEVEN, Rank.KING, 7, Rank.ACE]
        obligations["pending_rank"] = draw(st.sampled_from(ranks))
    for name in ("must_cover", "skip_to_answer"):
        if draw(st.integers(0, 3)) == 0:
            obligations[name] = True
    if draw(st.integers(0, 3)) == 0:
        obligations["ordered_suit"] = draw(st.sampled_from(list(Suit)))
    obligations["direction"] = draw(st.sampled_from([1, -1]))
    return dict(hands=hands, stock=stock, discard=discard, to_move=draw(st.integers(0, players - 1)),
                rules=draw(st.sampled_from(OBLIGATION_RULES)), seed=draw(st.integers(0, 2**64 - 1)),
                **obligations)


@settings(max_examples=EXAMPLES * 3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(odd_positions(), st.integers(0, 2**32))
def test_R24_R25_an_accepted_position_plays_to_its_end_and_its_record_reads_back(position, seed):
    rnd = refused_or_done(Round101.from_hands, **position)
    if rnd is not None:
        sound_round(rnd, random.Random(seed))
