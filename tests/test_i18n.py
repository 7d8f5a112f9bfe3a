"""``set_language`` and the gettext catalog of the engines and the simulations.

The catalog must be complete (a Russian text for every English msgid, none fuzzy), formatted
(no ``{...}`` left in what is printed), compiled (the committed .mo is the compiled .po) and
really used: with ``set_language("ru")`` every converted text path is Russian (no Latin word
outside rule ids, card letters of Latin-free symbols and code names), with "en" the same
paths give back the English text byte for byte.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

import pianitsa101
from pianitsa101 import Card, Rank, Suit, i18n
from pianitsa101.game101 import IllegalMove, Match101, Round101, Rules101
from pianitsa101.game101 import events as ev
from pianitsa101.game101.moves import Draw, FlushQueens, NotNowError, Pass, Play
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "pianitsa101" / "locale" / "ru" / "LC_MESSAGES" / "pianitsa101.po"
MO = PO.with_suffix(".mo")


@pytest.fixture
def language():
    """Give the test the switch, and put the language back as it was afterwards."""
    before = i18n.get_language()
    yield i18n.set_language
    i18n.set_language(before)


def catalog():
    with PO.open("rb") as f:
        return read_po(f, locale="ru")


# --- the switch ---------------------------------------------------------------------------------

def test_set_language_is_exported_and_switches(language):
    assert pianitsa101.set_language is i18n.set_language
    language("ru")
    assert pianitsa101.get_language() == "ru"
    language("en")
    assert pianitsa101.get_language() == "en"


@pytest.mark.parametrize("bad", ["de", "RU", "", "english"])
def test_unknown_language_is_refused_naming_the_allowed_ones(language, bad):
    language("ru")
    with pytest.raises(ValueError, match=r"'en', 'ru'"):
        i18n.set_language(bad)
    assert i18n.get_language() == "ru"  # unchanged


def test_a_language_that_is_not_text_is_a_type_error(language):
    with pytest.raises(TypeError, match=r"'en', 'ru'"):
        i18n.set_language(None)


@pytest.mark.parametrize(("env", "expected"), [("ru", "ru"), ("en", "en"), ("", "en")])
def test_the_environment_sets_the_default(env, expected):
    environ = {**os.environ, "PIANITSA101_LANG": env}
    out = subprocess.run([sys.executable, "-c", "import pianitsa101; print(pianitsa101.get_language())"],
                         env=environ, capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == expected


def test_english_numbers_are_pythons_own_and_russian_ones_babels(language):
    language("en")
    assert [i18n.number(1234567), i18n.number(0.0968), i18n.number(2.5, 2), i18n.percent(0.125)] == [
        f"{1234567:,}", "0.0968", "2.50", "12.5%"]
    language("ru")
    assert i18n.number(1234567) == format_decimal(1234567, locale="ru")


# --- the catalog --------------------------------------------------------------------------------

def test_every_msgid_has_a_russian_text_and_none_is_fuzzy():
    cat = catalog()
    assert not cat.fuzzy
    assert cat.num_plurals == 3  # 1 карта, 2 карты, 5 карт
    problems = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings) or len(strings) != (3 if m.pluralizable else 1):
            problems.append(m.id)
    assert problems == []
    assert len(cat) > 150


# {0:>}: a printed line keeps its column (lessons/printed.py)
PLACEHOLDER = re.compile(r"\{(\w*)(?::[<>]{1,2})?\}")


def test_every_russian_text_has_the_same_placeholders_as_its_english_one():
    problems = []
    for m in catalog():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(PLACEHOLDER.findall(ids[-1]))
        # {pc} is a figure's percent sign (lessons/words.py): Russian may write it as a word ("95-процентный")
        problems += [(ids[0], s) for s in strings if set(PLACEHOLDER.findall(s)) | {"pc"} != want | {"pc"}]
    assert problems == []


def test_the_committed_mo_is_the_compiled_po():
    compiled = io.BytesIO()
    write_mo(compiled, catalog())
    assert MO.read_bytes() == compiled.getvalue(), "run `make messages` after editing the .po"


def test_every_wrapped_source_string_is_in_the_catalog():
    """The catalog was extracted after the last change of a wrapped string (`make messages`)."""
    from babel.messages.extract import extract_from_file

    ids = {m.id if not isinstance(m.id, tuple) else m.id[0] for m in catalog() if m.id}
    sources = [ROOT / "pianitsa101" / "i18n.py"]
    sources += [ROOT / "pianitsa101" / name for name in ("cards.py", "_checks.py", "cardart.py")]
    for folder in ("pianitsa", "game101", "simulate", "lessons", "strategy", "checks"):
        sources += sorted((ROOT / "pianitsa101" / folder).glob("*.py"))
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    missing = []
    for path in sources:
        for _line, message, _comments, _context in extract_from_file("python", path, keywords=keywords):
            first = message[0] if isinstance(message, tuple) else message
            if first not in ids:
                missing.append((path.name, first))
    assert missing == []


# --- numbers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("x", [0, 7, 999, 1000, 10_000, 1_234_567])
def test_russian_whole_numbers_are_babels(language, x):
    language("ru")
    assert i18n.number(x) == format_decimal(x, locale="ru")  # CLDR's ru: a no-break space between thousands
    assert "," not in i18n.number(x) and "." not in i18n.number(x)


@pytest.mark.parametrize(("x", "digits"), [(0.0968, 4), (114.9, 1), (0.5, 2), (12345.678, 2)])
def test_russian_decimals_have_a_comma(language, x, digits):
    language("ru")
    fmt = "#,##0." + "0" * digits
    assert i18n.number(x, digits) == format_decimal(x, format=fmt, locale="ru")
    assert i18n.number(0.0968) == "0,0968"


@pytest.mark.parametrize("x", [0.125, 0.5, 0.0305, 1.0])
def test_russian_percent_has_a_no_break_space_before_the_sign(language, x):
    language("ru")
    assert i18n.percent(x) == format_percent(x, format="#,##0.0\u00a0%", locale="ru")
    language("en")
    assert i18n.percent(x) == f"{x:.1%}"


def test_russian_plurals(language):
    language("ru")
    assert [i18n.plural(n, "card") for n in (1, 2, 5, 11, 21, 22, 1000)] == [
        "1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "1\u00a0000 карт"]
    language("en")
    assert [i18n.plural(n, "card") for n in (1, 2, 1000)] == ["1 card", "2 cards", "1,000 cards"]


def test_russian_cards_use_the_russian_letters(language):
    language("ru")
    assert [i18n.card_text(Card.parse(c)) for c in ("J♠", "Q♥", "K♦", "A♣", "10♠")] == [
        "В♠", "Д♥", "К♦", "Т♣", "10♠"]


# --- every text path ----------------------------------------------------------------------------

def stacked(hands, stock="6♣ 10♣ K♦ 9♥ 10♥", discard="10♠", rules=None, **kw):
    return Round101.from_hands(hands=hands, stock=stock, discard=discard, rules=rules, **kw)


def refusal(rnd, move):
    with pytest.raises(IllegalMove) as caught:
        rnd.play(move)
    return str(caught.value)


def drawn_round(**rules):
    rnd = stacked(["7♥ 8♦", "9♦ J♣"], stock="6♠ 9♣ 8♣", discard="10♠", rules=Rules101(**rules))
    rnd.play(Draw())
    return rnd


def refusals():
    """One refusal of every rule id the engine refuses a move by, from stacked positions."""
    out = {}
    rnd = stacked(["7♠ Q♥ 9♦", "7♥ 8♦ 8♣"])
    out["R6 not held"] = refusal(rnd, Play(Card.parse("A♠")))
    out["R6 cannot go"] = refusal(rnd, Play(Card.parse("9♦")))
    out["R14 queen needs a suit"] = refusal(rnd, Play(Card.parse("Q♥")))
    out["R14 only a queen"] = refusal(rnd, Play(Card.parse("7♠"), Suit.HEARTS))
    out["R7 may not draw"] = refusal(rnd, Draw())
    out["R7 pass"] = refusal(rnd, Pass())
    out["R21 off"] = refusal(rnd, FlushQueens(Suit.SPADES))
    out["R24 text"] = refusal(rnd, "чепуха")  # what the user typed comes back as typed
    out["R24 object"] = refusal(rnd, 42)
    ordered = stacked(["7♠ Q♥ 9♦", "7♥"], discard="Q♣", ordered_suit=Suit.HEARTS)
    out["R14 ordered"] = refusal(ordered, Play(Card.parse("7♠")))
    out["R15"] = refusal(stacked(["7♠ 9♦", "7♥"], discard="K♠", pending_draw=4, pending_rank=Rank.KING),
                         Play(Card.parse("7♠")))
    out["R16"] = refusal(stacked(["7♠ 9♦", "7♥"], discard="7♦", pending_draw=2, pending_rank=Rank.SEVEN),
                         Play(Card.parse("9♦")))
    out["R16 off"] = refusal(stacked(["7♠ 9♦", "7♥"], discard="7♦", pending_draw=2, pending_rank=Rank.SEVEN,
                                     rules=Rules101(chain="off")), Play(Card.parse("9♦")))
    out["R12"] = refusal(stacked(["7♠ A♦", "7♥"], discard="A♠", skip_to_answer=True), Play(Card.parse("7♠")))
    cover = stacked(["7♠ 9♦", "7♥"], discard="6♠", must_cover=True)
    out["R9 cover"] = refusal(cover, Play(Card.parse("9♦")))
    out["R9 may not draw"] = refusal(cover, Draw())
    out["R9 any"] = refusal(stacked(["7♠ 9♦", "7♥"], discard="6♠", must_cover=True,
                                    rules=Rules101(six="cover_any")), Pass())
    out["R7 drawn"] = refusal(drawn_round(), Play(Card.parse("8♦")))
    out["R7 drawn, draw one"] = refusal(drawn_round(draw="one"), Play(Card.parse("8♦")))
    queens = stacked(["Q♠ Q♥", "7♥"], discard="8♠", rules=Rules101(flush_queens=True))
    out["R21 hand"] = refusal(stacked(["Q♠ 7♥", "7♦"], rules=Rules101(flush_queens=True)),
                              FlushQueens(Suit.SPADES))
    out["R21 flush"] = queens.legal_moves() and str(queens)
    over = stacked(["7♠", "7♥ 9♦"])
    over.play(Play(Card.parse("7♠")))
    out["R18 round over"] = refusal(over, Draw())
    return out


def not_now():
    """Calls a match refuses in its present state (NotNowError)."""
    def dealt_twice():
        m = Match101(players=2, seed=1)
        m.deal_round()
        m.deal_round()

    def person_to_move():
        m = Match101(players=2, seed=1, agents=[None, None])
        m.deal_round()
        m.play_round()

    def over():
        m = Match101(players=2, seed=1)
        m.play()
        m.deal_round()

    return {"seats": lambda: Match101(players=2, seed=1).seats,
            "ask": lambda: Match101(players=2, seed=1).ask_agent(), "dealt twice": dealt_twice,
            "person": person_to_move, "over": over}


def rule_errors():
    """The refusals of bad rule options and decks (PianitsaRules, Rules101, the deal), values in Russian."""
    calls = {
        "gather": lambda: PianitsaRules(gather="по кругу"),
        "goal": lambda: PianitsaRules(goal="всё"),
        "flag": lambda: PianitsaRules(low_beats_ace=1),
        "face down": lambda: PianitsaRules(dispute_face_down=-1),
        "max tricks": lambda: PianitsaRules(max_tricks=0),
        "players": lambda: PianitsaGame.deal(players=9),
        "P1": lambda: PianitsaGame.deal(players=5),
        "P2 size": lambda: PianitsaGame.deal(players=3, deck=32),
        "P2 cards": lambda: PianitsaGame.deal(players=2, deck=["6♠", "7♠", "8♠"]),
        "D4": lambda: PianitsaGame.deal(players=2, deck=["6♠", "6♠"]),
        "deck size": lambda: PianitsaGame.deal(players=2, deck=33),
        "deck type": lambda: PianitsaGame.deal(players=2, deck=3.5),
        "deck card": lambda: PianitsaGame.deal(players=2, deck=[1, 2]),
        "R9 choice": lambda: Rules101(six="тройка"),
        "R14 flag": lambda: Rules101(queen_wild=1),
        "R10 number": lambda: Rules101(seven_draw=0),
        "R10 optional": lambda: Rules101(seven_of_spades_draw=0),
        "card text": lambda: Card.parse("11♠"),
        "card index": lambda: Card.from_index(52),
        "make_deck size": lambda: pianitsa101.make_deck(33),
        "R1 players": lambda: Round101.deal(players=7),
        "R1 deck": lambda: Round101.deal(players=2, deck=40),
        "R2 too few": lambda: Round101.deal(players=6, deck=["6♠", "7♠", "8♠"]),
        "R25 twice": lambda: stacked(["7♠ 7♠", "8♦"]),
        "R25 twice, two cards": lambda: stacked(["7♠ 7♠ 9♦", "8♦ 9♦"]),
        "hands": lambda: Round101.from_hands(hands="7♠", stock="", discard="8♦"),
        "R5": lambda: stacked(["7♠", "8♦"], direction=2),
        "to move": lambda: stacked(["7♠", "8♦"], to_move=5),
        "from_hands flag": lambda: stacked(["7♠", "8♦"], must_cover="yes"),
        "R14 ordered": lambda: stacked(["7♠", "8♦"], ordered_suit=Suit.HEARTS),
        "R16 pending": lambda: stacked(["7♠", "8♦"], pending_draw=-1),
        "R16 rank": lambda: stacked(["7♠", "8♦"], pending_draw=2),
        "R16 top": lambda: stacked(["7♠", "8♦"], discard="8♠", pending_draw=4, pending_rank=Rank.KING),
        "R16 most": lambda: stacked(["7♠", "8♦"], discard="7♦", pending_draw=40, pending_rank=Rank.SEVEN),
        "R9 penalty": lambda: stacked(["7♠", "8♦"], discard="6♦", pending_draw=2, pending_rank=Rank.SIX),
        "one obligation": lambda: stacked(["7♠", "8♦"], discard="6♦", must_cover=True, skip_to_answer=True),
        "R9 cover": lambda: stacked(["7♠", "8♦"], must_cover=True),
        "R12 answer": lambda: stacked(["7♠", "8♦"], skip_to_answer=True),
        "R12 none": lambda: stacked(["7♠", "8♦"], discard="A♠", skip_to_answer=True),
        "R18": lambda: Round101.from_hands(hands=["7♠", ""], stock="6♣", discard="10♠"),
        "R19/R23": lambda: Match101(players=2, rules=Rules101(points={r: 0 for r in range(2, 15)})),
        "max rounds": lambda: Match101(players=2, max_rounds=0),
        "agents": lambda: Match101(players=3, agents=[None, None]),
        "sample size": lambda: __import__("pianitsa101.simulate", fromlist=["x"]).simulate_pianitsa(-1),
        "workers": lambda: __import__("pianitsa101.simulate", fromlist=["x"]).simulate_pianitsa(5, workers=0),
    }
    type_calls = {
        "card parse": lambda: Card.parse(7),
        "cards": lambda: pianitsa101.cards(7),
        "play": lambda: Play("7♠"),
        "flush": lambda: FlushQueens("♠"),
        "rules": lambda: Round101.deal(players=2, rules=[]),
        "options": lambda: Round101.from_hands(hands=["7♠", "8♦"], stock="", discard="9♦", **{"цвет": 1}),
        "agent method": lambda: Match101(players=2, agents=[Silent(), None]),
    }
    out = {}
    for name, call in not_now().items():
        with pytest.raises(NotNowError) as caught:
            call()
        out["not now " + name] = str(caught.value)
    for name, call in calls.items():
        with pytest.raises(ValueError) as caught:
            call()
        out["error " + name] = str(caught.value)
    for name, call in type_calls.items():
        with pytest.raises(TypeError) as caught:
            call()
        out["type error " + name] = str(caught.value)
    out["agent error"] = agent_error()
    return out


def record_and_argument_errors():
    """Refusals of reading records (both engines), the card art, seeds, and the strategy layer's arguments."""
    from pianitsa101 import cardart
    from pianitsa101._checks import as_seed, check_rng
    from pianitsa101.game101 import GreedyAgent
    from pianitsa101.simulate import simulate_101, simulate_pianitsa
    from pianitsa101.simulate._array import PlainArray
    from pianitsa101.strategy import MonteCarloAgent, matches_needed, tournament, wilson_interval

    match = json.loads(Match101(players=2, seed=1).to_json())
    rnd = json.loads(Round101.deal(players=2, seed=3).to_json())
    game = json.loads(PianitsaGame.deal(players=2, seed=1).to_json())
    pianitsa = {"format": game["format"], "rules": game["rules"], "deal": "стопки", "tricks": []}
    calls = {
        "pianitsa record format": lambda: PianitsaGame.from_json('{"format": 1}'),
        "pianitsa record missing": lambda: PianitsaGame.from_json(json.dumps({"format": game["format"]})),
        "pianitsa record deal": lambda: PianitsaGame.from_json(json.dumps(pianitsa)),
        "101 round record version": lambda: Round101.from_json({"game": "101", "version": 9}),
        "101 round record hands": lambda:
            Round101.from_json({**rnd, "start": {**rnd["start"], "hands": "руки"}}),
        "101 round record moves": lambda: Round101.from_json({**rnd, "moves": [7]}),
        "101 match record version": lambda: Match101.from_json({**match, "version": 9}),
        "101 match record seed": lambda: Match101.from_json({**match, "seed": "семь"}),
        "card art size": lambda: cardart.pixel_size(10),
        "seed": lambda: as_seed("семь"),
        "monte carlo margin": lambda: MonteCarloAgent(margin=-1),
        "monte carlo budget": lambda: MonteCarloAgent(playouts=0),
        "tournament agents": lambda: tournament([GreedyAgent()], matches=2, seed=0),
        "tournament matches": lambda: tournament([GreedyAgent(), GreedyAgent()], matches=0, seed=0),
        "wilson interval": lambda: wilson_interval(5, 3),
        "matches needed": lambda: matches_needed(0.1, confidence=2),
        "pianitsa stacks card twice": lambda: PianitsaGame.from_stacks(["K♠", "K♠"]),
        "pianitsa stack empty": lambda: PianitsaGame.from_stacks(["", "K♠"]),
        "101 rules from a dict": lambda: Rules101.from_dict(3),
        "101 round seat": lambda: Round101.deal(players=2, seed=1).view(9),
        "101 match seat": lambda: Match101(players=2, seed=1).view(7),
        "simulate games and deals": lambda: simulate_pianitsa(games=3, deals=[["K♠"], ["Q♠"]]),
        "simulate deals of different sizes": lambda: simulate_pianitsa(deals=[["K♠", "Q♠"], ["K♠"]]),
        "simulate a card twice in a deal": lambda: simulate_pianitsa(deals=[["K♠", "K♠"]]),
        "simulate an empty stack": lambda: simulate_pianitsa(deals=[["", "K♠"]]),
        "simulate seed": lambda: simulate_pianitsa(10, seed="семь"),
        "simulate engine": lambda: simulate_pianitsa(10, engine="gpu"),
        "simulate 101 decisions": lambda: simulate_101(10, max_decisions=0),
        "simulate 101 deck": lambda: simulate_101(10, deck=["K♠", "K♠"]),
        "the browser's array, asked for one truth value": lambda: bool(PlainArray([1, 2])),
        "simulate an array of deals with a card twice":
            lambda: simulate_pianitsa(deals=__import__("numpy").zeros((1, 2, 2), dtype=int)),
    }
    type_calls = {
        "pianitsa record type": lambda: PianitsaGame.from_json(5),
        "101 round record type": lambda: Round101.from_json(5),
        "monte carlo seed": lambda: MonteCarloAgent(seed="семь"),
        "101 penalty": lambda: Rules101().penalty(3),
        "simulate progress": lambda: simulate_pianitsa(10, progress="семь"),
    }
    out = {}
    for name, call in calls.items():
        with pytest.raises(ValueError) as caught:
            call()
        out["error " + name] = str(caught.value)
    with pytest.raises(ValueError) as caught:
        check_rng(3)
    out["error rng"] = str(caught.value)
    with pytest.raises(NotNowError) as caught:
        Match101(players=2, seed=1).view(0)
    out["not now match view"] = str(caught.value)
    for name, call in type_calls.items():
        with pytest.raises(TypeError) as caught:
            call()
        out["type error " + name] = str(caught.value)
    return out


class Silent:
    """An agent without a choose method (its repr, unlike object()'s, is the same every time)."""

    def __repr__(self) -> str:
        return "Молчун()"


def agent_error() -> str:
    """An agent that answers a move the round cannot play: the match stops with AgentError."""
    from pianitsa101.game101 import AgentError

    class Stubborn:
        name = "Упрямец"

        def choose(self, view, legal_moves):
            return Pass()

    with pytest.raises(AgentError) as caught:
        Match101(players=2, seed=1, agents=[Stubborn(), Stubborn()]).play()
    return str(caught.value)


def sample_events():
    """Every event type of 101, with a seat and with names."""
    c = Card.parse
    link = ev.ChainLink(0, c("6♠"), 2)
    return [ev.Redeal(1, Rank.QUEEN), ev.StarterTurnedUp(0, c("K♥")), ev.CardPlayed(0, c("J♣")),
            ev.SuitOrdered(1, Suit.HEARTS), ev.CardsDrawn(0, (c("A♠"), c("Q♦")), "play"),
            ev.CardsDrawn(0, (), "cover"), ev.MustCover(1, c("6♥")), ev.MayAnswerAce(1, c("A♥")),
            ev.PublicDraw(0, 1, "penalty"), ev.PublicDraw(2, 5, "play"),
            ev.PenaltyPending(1, 2, Rank.SEVEN, c("7♠"), 0), ev.PenaltyPassedOn(1, c("7♥"), 2, 4),
            ev.PenaltyTaken(2, 4, 3), ev.Skipped(1), ev.TurnPassed(0), ev.DirectionReversed(0, -1),
            ev.DirectionReversed(0, 1), ev.StockRecycled(12, True), ev.StockRecycled(1, False),
            ev.RoundWon(2), ev.RoundAbandoned(3), ev.RoundDealt(2, (0, 1, 2), 1),
            ev.RoundScored(1, (0, 101, None), (0, 101, 50), (1,), (2,)), link,
            ev.ChainLink(None, c("6♦"), 2), ev.PenaltyChain((link, ev.ChainLink(1, c("6♥"), 4)), 2, 4)]


def texts():
    """Every converted text path, as (name, text) pairs, in the language set now."""
    out = []
    game = PianitsaGame.from_stacks(["K♠ 9♦ 6♥ Q♣", "K♦ 9♣ 8♥ J♣", "7♠ 10♦ A♥ A♣"])
    trick = game.play_trick()
    out += [("pianitsa game", str(game)), ("pianitsa trick", str(trick)), ("trick summary", trick.summary()),
            ("trick html", trick._repr_html_())]
    for seed, rules in [(1, PianitsaRules()), (2, PianitsaRules(goal="collect")), (3, PianitsaRules())]:
        g = PianitsaGame.deal(players=3, seed=seed, rules=rules)
        g.play()
        out.append((f"finished game {seed}", str(g)))
    draw = PianitsaGame.from_stacks(["K♠", "K♥"])
    draw.play()
    out.append(("drawn game", str(draw)))
    out.append(("drawn trick", draw.last_trick.summary() + draw.last_trick._repr_html_()))
    rnd = stacked(["7♠ Q♥ 9♦", "7♥ 8♦ 8♣", "J♠ A♥"], discard="10♠")
    out += [("round", str(rnd)), ("view", str(rnd.view(1)))]
    ccw = Round101.from_hands(hands=["7♠", "8♣", "9♦"], stock="6♣ 8♥ A♦", discard="10♠", direction=-1)
    out.append(("counter-clockwise", str(ccw) + str(ccw.view(2))))
    for name, kw in [("pending", dict(discard="7♦", pending_draw=2, pending_rank=Rank.SEVEN)),
                     ("king", dict(discard="K♠", pending_draw=4, pending_rank=Rank.KING)),
                     ("ace", dict(discard="A♠", skip_to_answer=True, hands=["7♠ Q♥ A♦", "7♥ 8♦ 8♣"])),
                     ("cover", dict(discard="6♠", must_cover=True)),
                     ("ordered", dict(discard="Q♣", ordered_suit=Suit.HEARTS))]:
        r = stacked(kw.pop("hands", ["7♠ Q♥ 9♦", "7♥ 8♦ 8♣"]), **kw)
        out.append((name, str(r) + "\n" + str(r.view(0))))
    out.append(("cover any", str(stacked(["7♠", "7♥"], discard="6♠", must_cover=True,
                                          rules=Rules101(six="cover_any", queen_wild=True)))))
    out.append(("drawn", str(drawn_round()) + str(drawn_round(draw="one"))))
    out.append(("lead", str(Round101.from_hands(hands=["7♠", "7♥"], stock="8♣"))))
    over = stacked(["7♠", "7♥ 9♦ K♣"])
    over.play(Play(Card.parse("7♠")))
    out += [("round over", str(over) + str(over.view(1))),
            ("score sheet", "\n".join(map(str, over.score_sheet())))]
    queen_out = stacked(["Q♠", "7♥ 9♦"], discard="Q♦")
    queen_out.play(Play(Card.parse("Q♠"), Suit.CLUBS))
    out.append(("queen bonus", "\n".join(s.text(["Аня", "Боря"]) for s in queen_out.score_sheet())))
    for i, e in enumerate(sample_events()):
        out.append((f"event {i} {type(e).__name__}", str(e)))
        out.append((f"event {i} {type(e).__name__} named", e.text(["Аня", "Боря", "Вика"])))
    match = Match101(players=3, seed=4)
    result = match.play()
    out.append(("match result", str(result)))
    out.append(("match events", "\n".join(str(e) for rec in result.records[:2] for e in rec.round.events)))
    out += list(refusals().items())
    out += list(rule_errors().items())
    out += list(record_and_argument_errors().items())
    from pianitsa101.simulate import simulate_101, simulate_pianitsa

    sim = simulate_pianitsa(30, players=2, seed=1, engine="python")
    sim101 = simulate_101(5, seed=1, engine="python")
    out += [("simulate_pianitsa", repr(sim)), ("simulate_pianitsa html", sim._repr_html_()),
            ("simulate_101", repr(sim101))]
    out += lesson_texts()
    out += strategy_texts()
    return out


def strategy_texts():
    """The strategy layer's texts: a tournament's table (text, HTML), a difference, the bot's explanations."""
    from pianitsa101.game101 import GreedyAgent, HeuristicAgent
    from pianitsa101.strategy import MonteCarloAgent, tournament
    from pianitsa101.strategy.sampling import SampleTally

    result = tournament([HeuristicAgent(), GreedyAgent()], matches=4, seed=1)
    queen = Round101.from_hands(hands=["Q♠ 6♦ 9♥ 8♦", "K♥ 10♠ 8♥"], stock="K♠ J♦ K♦ 7♠ 7♥ 6♣", discard="A♠")
    bot = MonteCarloAgent(seed=0, playouts=4)
    budgets = [bot.budget, MonteCarloAgent(seed=0).budget, MonteCarloAgent(seed=0, seconds=0.5).budget]
    return [("tournament table", str(result)), ("tournament html", result._repr_html_()),
            ("tournament difference", str(result.difference(0, 1))),
            ("monte carlo explain", "\n".join(map(str, bot.explain(queen.view(0), queen.legal_moves())))),
            ("monte carlo budgets", "; ".join(budgets)), ("sample tally", str(SampleTally(1200, 3400, 1, 0))),
            ("tournament board", tournament_board()), *repr_texts()]


def repr_texts():
    """What a stored notebook shows of a widget that cannot be drawn (its repr), and a printed card list."""
    from pianitsa101.widgets import PianitsaTable, SimulationPanel, Table101

    over = PianitsaTable(players=2, seed=1)
    over.play_to_end()
    return [("pianitsa table repr", repr(PianitsaTable(players=3, seed=1)) + repr(over)),
            ("table101 repr", repr(Table101(players=2, seed=1)) + repr(Table101(3, human=None, seed=2))),
            ("simulation panel repr", repr(SimulationPanel())),
            ("printed cards", str(pianitsa101.cards("A♠ K♥ Q♦ J♣ 10♠")))]


def tournament_board() -> str:
    """The class tournament's board (a widget) in the language set, its numbers included."""
    from pianitsa101.checks.tournament_report import ClassTournament, Line
    from pianitsa101.widgets.tournament_board import TournamentBoard

    lines = (Line("Аня", "student", 64, 44, 0, 44 / 64, 0.56, 0.78, 1.0, ""),
             Line("Боря (bot)", "bot", 64, 20, 0, 20 / 64, 0.21, 0.43, 1.0, ""))
    board = TournamentBoard(ClassTournament(lines, (), 7, 4, 64, 2, 2, ("Боря",), 1.0, 3.0))
    text = board.html()
    assert ("68,8\u00a0%" in text) == (i18n.get_language() == "ru")
    return text


def lesson_chart():
    """A lesson's chart (lesson 04's first figure, its texts as the lesson writes them) with decimal ticks."""
    from pianitsa101.lessons import Chart

    chart = Chart("A dispute on the first trick", xlabel="players", ylabel="chance of a dispute (%)",
                  xticks=[2, 3, 4], ylim=(0, 2.5), legend="upper left")
    chart.points([2, 3, 4], [1.5, 1.9, 2.2], label="32 cards, exact")
    chart.points([2, 3, 4], [1.4, 2.0, 2.1], hollow=True, marker="D")
    chart.points([], [], label="simulated, 200,000 deals each", color="#666666", marker="D", hollow=True)
    chart.hline(1, label="simulated minus exact, 95% interval")
    return chart


def svg_texts(svg: str) -> str:
    """The words an SVG figure shows (its <text> elements), one a line."""
    import html

    shown = re.findall(r"<text[^>]*>(.*?)</text>", svg)
    return "\n".join(html.unescape(re.sub(r"<[^>]+>", " ", t)) for t in shown)


def figure_texts(fig) -> str:
    """The words a matplotlib figure shows: title, axis labels, tick labels, legend."""
    fig.canvas.draw()
    out = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        out += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        out += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        if ax.get_legend():
            out += [t.get_text() for t in ax.get_legend().get_texts()]
    return "\n".join(t for t in out if t)


def lesson_texts():
    """What the lessons' helpers print and draw: estimates, versus(), the figures (SVG and matplotlib)."""
    from fractions import Fraction

    from pianitsa101.lessons import Chart, Mean, Share, versus
    from pianitsa101.lessons.mplchart import chart_figure, close
    from pianitsa101.lessons.stats import number, percent

    numbers = f"{percent(0.0967741)} {percent(0)} {number(4.62034)}"
    out = [("lesson share", f"{Share(9_678, 100_000, 'games')} {numbers}"),
           ("lesson share of none", str(Share.of([False] * 21, "experiments"))),
           ("lesson mean", str(Mean.of([2, 4, 4, 4, 5, 5, 7, 9], "games that end"))),
           ("lesson versus outside", versus(Fraction(13, 77), Share(33_436, 200_000, "deals"))),
           ("lesson versus inside", versus(Fraction(3, 31), Share(9_678, 100_000, "batches"))),
           ("lesson versus mean", versus(Fraction(9, 2), Mean.of([2, 4, 4, 4, 5, 5, 7, 9], "losing hands"))),
           ("lesson units", "; ".join(str(Share(1, 2, unit)) for unit in (
               "trials", "rounds", "hands", "cards", "matches", "blocks", "tricks", "deals made"))),
           ]
    chart = lesson_chart()
    out.append(("lesson chart svg", svg_texts(chart.svg())))
    fig = chart_figure([chart, Chart("Long games become rare geometrically", xlabel="t (tricks)",
                                     ylabel="share of games longer than t", ylog=True)],
                       "101 rule variants: 8,000 rounds of 3 random bots each (95% intervals)")
    out.append(("lesson chart matplotlib", figure_texts(fig)))
    close(fig)
    from pianitsa101.lessons.svgchart import row_svg

    out.append(("lesson row svg", svg_texts(row_svg([chart], "Length of a round"))))
    return out


# Latin text allowed in Russian output: rule ids, code a reader types, class names of results, HTML.
CODE = re.compile(
    r"<svg.*?</svg>"                                   # card pictures (cardart draws them, with aria labels)
    r"|<[a-z/][^>]*>"                                  # HTML tags and their attributes
    r"|\b[PRD]\d+(?:-R?\d+)?\b"                         # rule ids
    r"|\b(?:Play|Draw|Pass|FlushQueens|Card\.parse)\([^)]*\)(?:\))?"  # moves written as code
    r"|\bSuit\.[A-Z]+|\b\w+='?[\w.]+'?"                # Suit.SPADES, chain='off', flush_queens=False
    r"|\bseed\b"                                       # the argument's name
    r"|\b\w+\(\w*\)|\b[a-z]+(?:_[a-z]+)+\b"              # calls and methods: play_move(move), legal_moves
    r"|\bPianitsaSimulation\b|\bSimulation101\b|\bmax_rounds\b|\bnumba\b|\bPython\b|`make lab`"
    r"|\bPIANITSA101_\w+"
    r"|(?<![\w'])[ntp](?![\w'])",                       # a formula's variables in a figure: 1/√n, t (tricks)
    re.S,
)


_NAMES = sorted({f.name for f in dataclasses.fields(PianitsaRules)}
                | {f.name for f in dataclasses.fields(Rules101)})
def _arguments() -> set[str]:
    """The argument names of the public calls whose refusals name them (hands, direction, workers, ...)."""
    import inspect

    from pianitsa101.simulate import simulate_101, simulate_pianitsa

    calls = [Round101.from_hands, Round101.deal, Match101.__init__, simulate_pianitsa, simulate_101,
             pianitsa101.cards, Card.parse]
    from pianitsa101.game101.deal import _OBLIGATIONS
    from pianitsa101.strategy import MonteCarloAgent, matches_needed, tournament, wilson_interval

    calls += [MonteCarloAgent.__init__, tournament, wilson_interval, matches_needed]
    named = {name for call in calls for name in inspect.signature(call).parameters}
    record = json.loads(Round101.deal(players=2, seed=1).to_json())  # a record's keys, named by its refusals
    keys = set(record) | set(record["start"]) | set(json.loads(Match101(players=2, seed=1).to_json()))
    return named | set(_OBLIGATIONS) | {"games", "rounds", "cards"} | keys


_NAMES += sorted(_arguments())
OPTIONS = re.compile(r"\b(?:" + "|".join(_NAMES) + r")\b")  # option and argument names a reader types
# code values: quoted options, Rank.KING, calls like choose(view, legal_moves), class names, a widget's repr
VALUES = re.compile(r"'[A-Za-z_0-9]+'|\bRank\.[A-Z]+|\bCard\.parse\b|\b\w+\([\w, ]*\)"
                    r"|\b(?:PianitsaRules|Rules101|Card|True|False|None|Suit|Rank|Play|FlushQueens)\b"
                    r"|<(?:PianitsaTable|Table101|SimulationPanel)\b|\bJupyter\b|<object object at \w+>"
                    r"|'[\w/.-]+'|\bJSON\b|\brandom\.Random\b|\b(?:int|str)\b"  # a record's format, types
                    r"|\bnumpy\b|\bSeedSequence\b|\bGenerator\b")  # what a simulator's seed may be


def latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", OPTIONS.sub("", VALUES.sub("", CODE.sub("", text))))


def test_the_walk_covers_every_path():
    names = [name for name, _ in texts()]
    assert len(names) == len(set(names))
    assert {type(e).__name__ for e in sample_events()} >= {
        n for n in ev.__all__ if isinstance(getattr(ev, n), type) and hasattr(getattr(ev, n), "_fields")}
    assert {k.split()[0] for k in refusals()} >= {"R6", "R7", "R9", "R12", "R14", "R15", "R16", "R21", "R24"}


def test_russian_texts_have_no_english_word_and_nothing_unformatted(language):
    language("ru")
    problems = []
    for name, text in texts():
        if latin_words(text):
            problems.append((name, latin_words(text), text))
        if re.search(r"[{}]|%\(", text):
            problems.append((name, "unformatted", text))
        if not re.search("[а-яё]", text, re.IGNORECASE):
            problems.append((name, "no Russian", text))
    assert problems == []


def test_english_texts_come_back_unchanged_after_russian(language):
    language("en")
    before = texts()
    language("ru")
    russian = texts()
    language("en")
    assert texts() == before
    assert [t for _, t in russian] != [t for _, t in before]
    # names and values typed in the cases
    names = re.compile("Аня|Боря|Вика|чепуха|по кругу|всё|тройка|Упрямец|Молчун|цвет|семь|руки|стопки")
    assert all(not re.search("[а-яё]", names.sub("", t.replace("Пьяница", ""))) for _, t in before)


def test_the_lessons_figures_write_numbers_the_russian_way(language):
    from pianitsa101.lessons.mplchart import chart_figure, close

    for lang, point, comma in (("en", "0.5", "0,5"), ("ru", "0,5", "0.5")):
        language(lang)
        fig = chart_figure([lesson_chart()])
        for texts_shown in (svg_texts(lesson_chart().svg()), figure_texts(fig)):
            ticks = texts_shown.split("\n")
            assert point in ticks and comma not in ticks, (lang, ticks)
        close(fig)
    assert "200\u00a0000" in svg_texts(lesson_chart().svg())  # "по 200 000 раздач", from "200,000 deals each"


def test_russian_refusals_keep_their_rule_ids(language):
    language("en")
    english = refusals()
    language("ru")
    russian = refusals()
    for key, text in english.items():
        ids = re.findall(r"\bR\d+\b", text)
        assert re.findall(r"\bR\d+\b", russian[key]) == ids, key


def test_a_russian_move_list_is_read_back_by_play(language):
    language("ru")
    rnd = stacked(["7♥ 8♦", "9♦ J♣"], stock="6♠ 9♣ 8♣", discard="10♠")
    assert "взять" in str(rnd)
    rnd.play("взять")
    assert rnd.drawn is not None


# the English texts of these refusals before they went through the catalog
OLD_ENGLISH = {
    "error 101 round record version":
        'not a 101 round record of version 1 (it needs "game": "101" and "version": 1)',
    "error pianitsa record format":
        "not a Пьяница game record: expected format 'pianitsa101/pianitsa-game/1'",
    "error 101 match record seed": "the match record's seed must be a whole number, got 'семь'",
    "error card art size": "card size must be a width in pixels from 16 to 400; got 10",
    "error wilson interval": "need 0 <= successes <= trials, got 5 of 3",
    "error tournament matches": "matches must be a whole number of at least 1, got 0",
    "error pianitsa stacks card twice": "K♠ appears twice; every card must be distinct (D4)",
}


def test_record_and_argument_refusals_keep_their_old_english_text(language):
    language("ru")
    russian = record_and_argument_errors()
    language("en")
    english = record_and_argument_errors()
    assert {key: english[key] for key in OLD_ENGLISH} == OLD_ENGLISH
    assert all(russian[key] != text for key, text in OLD_ENGLISH.items())


def test_R21_a_russian_score_line_speaks_of_several_queens_in_the_plural():
    """One queen: «последней картой …, за даму»; several put down together (R21): «… картами …, за дам»."""
    from pianitsa101.cards import Suit
    from pianitsa101.game101 import FlushQueens, Round101, Rules101

    rnd = Round101.from_hands(["Q♥ Q♠", "9♠ 8♠ 7♦"], discard=["10♥"], rules=Rules101(flush_queens=True))
    rnd.play(FlushQueens(Suit.CLUBS))
    one = Round101.from_hands(["Q♥", "9♠ 8♠ 7♦"], discard=["10♥"])
    one.play("Q♥ ♣")
    i18n.set_language("ru")
    try:
        several_text, one_text = str(rnd.score_sheet()[0]), str(one.score_sheet()[0])
    finally:
        i18n.set_language("en")
    assert several_text == "место 0 вышло последними картами Д♥ Д♠, за дам -60 (R20, R21): -60"
    assert one_text == "место 0 вышло последней картой Д♥, за даму -20 (R20): -20"
    assert str(rnd.score_sheet()[0]) == "seat 0 went out with Q♥ Q♠, queen bonus -60 (R20): -60"


def test_no_number_is_written_the_russian_way_by_hand():
    """Russian numbers come from Babel (``i18n.number``, ``percent``, ``russian_number``), not replace()."""
    package = Path(__file__).resolve().parents[1] / "pianitsa101"
    by_hand = re.compile(r"""replace\(\s*["']\.["']\s*,\s*["'],["']\s*\)"""
                         r"""|replace\(\s*["'],["']\s*,\s*(?:THIN|GROUP)""")
    found = [f"{path.relative_to(package)}:{number}: {line.strip()}"
             for path in sorted(package.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if by_hand.search(line)]
    assert found == []
    assert by_hand.search('text.replace(".", ",")') and by_hand.search("s.replace(',', THIN)")
