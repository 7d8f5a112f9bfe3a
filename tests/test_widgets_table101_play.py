"""Table101 over many seeded matches: the log never tells a bot's hidden card, every click of a
legal move is taken, the bots' pause runs on the asyncio event loop, and the hints explain."""

from __future__ import annotations

import asyncio
import itertools
import random
import subprocess
import sys
import threading

import pytest
from rules101_options import pick
from table101_driver import chosen, click_move, play_until, snapshot

from pianitsa101.game101 import (
    CardPlayed,
    CardsDrawn,
    HeuristicAgent,
    Match101,
    PenaltyPassedOn,
    Play,
    Rules101,
    StarterTurnedUp,
)
from pianitsa101.game101.agents import REASONS
from pianitsa101.widgets import Table101
from pianitsa101.widgets.pianitsa_view import card_text
from pianitsa101.widgets.text101 import move_line, public_events

OPTIONS = pick("deal", "draw", "six", "chain", "queen_wild", "flush_queens", "match")


def random_rules(rng: random.Random) -> Rules101:
    return Rules101(**{name: rng.choice(values) for name, values in OPTIONS.items()})


class Spy:
    """Records what every ``play_move`` and deal of a match added to its log (the full events)."""

    def __init__(self, table: Table101) -> None:
        self.moves: list[list] = []
        match = table.match
        play, deal = match.play_move, match.deal_round

        def play_move(move=None):
            events = play(move)
            self.moves.append(list(events))
            return events

        def deal_round():
            rnd = deal()
            self.moves.append(list(match.log[len(match.log) - 1 - len(rnd.events) :]))
            return rnd

        match.play_move, match.deal_round = play_move, deal_round  # this match object only


def hidden_cards(events: list, you: int | None) -> set:
    """Cards a bot drew in these events (one click's worth) and did not show by playing them."""
    drawn = {c for e in events if type(e) is CardsDrawn and e.seat != you for c in e.cards}
    shown = {e.card for e in events if type(e) in (CardPlayed, PenaltyPassedOn, StarterTurnedUp)}
    return drawn - shown


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_log_never_shows_a_bot_hidden_card(lang):
    rng = random.Random(2024)
    checked = 0
    for game in range(6):
        human = None if game % 3 == 2 else 0
        table = Table101(
            players=rng.randint(2, 5),
            human=human,
            seed=rng.randrange(10**6),
            delay=0,
            rules=random_rules(rng),
            lang=lang,
        )
        table.log_area.keep = 10**6
        spy = Spy(table)
        seen = len(table.log_lines)
        while not table.match.over:
            before = len(spy.moves)
            if table.match.current is None:
                table.next_round()
            elif human is None or human not in table.match.active:
                table.next_move()
            else:
                click_move(table, chosen(table))
            new_lines = table.log_lines[: len(table.log_lines) - seen]
            seen = len(table.log_lines)
            secret = hidden_cards([e for events in spy.moves[before:] for e in events], human)
            for line in new_lines:
                for card in secret:
                    assert card_text(card, lang) not in line, (line, card)
                checked += 1
    assert checked > 1000


def test_log_lines_agree_with_the_engines_public_log():
    table = Table101(players=4, seed=8, delay=0)
    spy = Spy(table)
    play_until(table, lambda t: t.match.over)
    match = table.match
    public = match.log_for(0)
    mine = [e for events in spy.moves for e in public_events(events, 0)]
    assert mine == list(public[len(public) - len(mine) :])  # what the table shows is the engine's public log
    lines = [move_line(public_events(events, 0), 0, "en") for events in spy.moves]
    assert all(
        "draws" not in line.split(";")[0] or line.startswith("You") or "card" in line for line in lines
    )


def test_seeded_matches_every_legal_click_is_taken_and_the_table_shows_the_view():
    rng = random.Random(7)
    for _ in range(4):
        rules = random_rules(rng)
        table = Table101(players=rng.randint(2, 4), seed=rng.randrange(10**6), delay=0, rules=rules)
        moves = 0
        while not table.match.over and moves < 400:
            match = table.match
            if match.current is None:
                assert table.next_round()
                continue
            if 0 not in match.active:
                assert table.play_to_end()
                break
            view = match.view(0)
            legal = table.legal_moves
            assert sorted(i["id"] for i in table.hand.items) == sorted(str(c) for c in view.hand)
            assert set(table.hand.playable_ids()) == {str(m.card) for m in legal if isinstance(m, Play)}
            move = rng.choice(legal)
            click_move(table, move)
            match.current and match.current.check_cards()  # R25: nothing lost at the table
            moves += 1


def in_own_loop(scenario):
    """Run ``scenario()`` on an asyncio loop of its own, in a thread of its own: a kernel's loop.

    (Another test's loop may be running in this thread already: Playwright's, for instance.)
    """
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(scenario())
        except BaseException as error:  # handed back to the test's thread
            out["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=120)
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_bots_move_one_at_a_time_on_the_event_loop_and_clicks_wait():
    async def scenario():
        table = Table101(players=4, seed=3, delay=0.01)
        waited = 0
        refused = 0
        while table.busy or not table.your_move:
            if table.busy:
                before = snapshot(table)
                assert table.draw() is False and "Wait" in table.message
                assert table.play(Play(table.match.view(0).hand[0])) is False
                assert snapshot(table) == before
                refused += 1
            await asyncio.sleep(0.005)
            waited += 1
            assert waited < 2000
        assert table.match.to_move == 0 and not table.busy
        first = len(table.log_lines)
        click_move(table, chosen(table))
        assert table.busy or table.match.to_move == 0 or table.match.current is None  # replies are scheduled
        while table.busy:
            await asyncio.sleep(0.005)
        assert len(table.log_lines) > first
        table.new_match()  # a new match cancels what was scheduled for the old one
        return refused

    assert in_own_loop(scenario) >= 0


def test_watching_with_a_pause_then_pause_and_play_to_the_end():
    async def scenario():
        table = Table101(players=3, human=None, seed=4, delay=0.005)
        assert table.busy and not table.match.result.records
        await asyncio.sleep(0.05)
        moved = len(table.match.current.moves) if table.match.current else 99
        assert moved >= 1
        table.pause()
        assert not table.busy
        stopped = table.match.to_json()
        await asyncio.sleep(0.03)
        assert table.match.to_json() == stopped  # paused: nothing moves
        assert table.play_to_end() and table.match.over and not table.busy

    in_own_loop(scenario)


def test_R24_the_hint_explains_every_move_and_names_a_rule_of_thumb():
    bot = HeuristicAgent()
    keys = set()
    for seed, rules in zip(
        range(12),
        itertools.cycle(
            [Rules101(), Rules101(flush_queens=True, draw="one"), Rules101(six="draw2_skip", chain="add")]
        ),
    ):
        match = Match101(players=3, seed=seed, rules=rules)
        for _ in range(4):
            if match.over:
                break
            rnd = match.deal_round() if match.current is None else match.current
            while not rnd.over:
                view, legal = rnd.view(rnd.to_move), rnd.legal_moves()
                move = bot.choose(view, legal)
                key, _ = bot.rule_of_thumb(view, move, legal)
                assert key in REASONS and bot.reason(view, move, legal)
                keys.add(key)
                for other in legal:  # any move, not only the bot's choice, gets a reason
                    assert bot.reason(view, other)
                match.play_move(move)
    assert {"only_move", "expensive", "follow_suit", "pass_on", "go_out", "attack", "draw"} <= keys


class WebLoopLike:
    """Like Pyodide's WebLoop in JupyterLite: never 'running' for get_running_loop, but is_running()
    is True, and call_later hands the callback to the browser's timer (here: a list we run by hand)."""

    def __init__(self) -> None:
        self.timers: list = []

    def is_running(self) -> bool:
        return True

    def call_later(self, delay, callback, *args):
        handle = asyncio.Handle(callback, args, self)
        self.timers.append((delay, handle))
        return handle

    def fire(self) -> None:
        _, handle = self.timers.pop(0)
        if not handle.cancelled():
            handle._run()

    def get_debug(self) -> bool:
        return False


def test_in_jupyterlite_the_bots_wait_on_the_browser_timers(monkeypatch):
    loop = WebLoopLike()

    def no_running_loop():
        raise RuntimeError("no running event loop")

    monkeypatch.setattr(asyncio, "get_running_loop", no_running_loop)
    monkeypatch.setattr(asyncio, "get_event_loop", lambda: loop)
    table = Table101(players=3, seed=5, delay=0.4)  # seat 2 plays first
    assert table.busy and [delay for delay, _ in loop.timers] == [0.4] and not table.match.current.moves
    fired = 0
    while loop.timers:
        loop.fire()  # the browser's timer runs one bot move, which schedules the next one
        fired += 1
    assert fired >= 1 and table.your_move and not table.busy
    click_move(table, chosen(table))
    assert table.busy or table.match.current is None  # the replies wait for the timers again
    assert all(delay == 0.4 for delay, _ in loop.timers)


def test_table101_runs_without_numpy_matplotlib_or_numba():
    """In the browser (JupyterLite) they do not exist: a whole match at the table must not import them."""
    code = (
        "import sys\n"
        "from pianitsa101.widgets import Table101\n"
        "t = Table101(players=4, human=None, seed=1, delay=0, lang='ru'); t.play_to_end()\n"
        "t = Table101(players=3, seed=2, delay=0); t.hint(); t.play(t.legal_moves[0])\n"
        "print(sorted(m for m in ('numpy', 'matplotlib', 'numba') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
