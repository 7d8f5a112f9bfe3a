"""``Table101``: play a whole match of 101 (R1-R26) against bots in a notebook, or watch bots play.

The widget wraps a ``Match101`` and calls only its public API; every picture comes from the
pure functions of ``table101_view`` and ``scoreboard101``, and one ``_render`` redraws the
table from the match. Your seat's agent is None in the match: its moves come from your clicks.

Every click has a Python equivalent, for lessons and tests: ``click_card("7♠")`` (a card of
your hand), ``choose_suit("♥")`` (after a queen, R14), ``draw()``, ``pass_turn()``,
``flush_queens()`` (R21), ``play(move)`` (any move, e.g. ``"Q♥→♠"``), ``hint()``,
``next_round()``, ``new_match()``, ``restart()``, and when watching ``watch()``, ``pause()``,
``next_move()``, ``play_to_end()``. A click that makes no sense now (not your move, bots still
moving, a card that does not fit) is refused, says why, and changes nothing.

The bots' moves come one at a time, ``delay`` seconds apart, scheduled on the kernel's asyncio
event loop (``loop.call_later``), which JupyterLab's kernel and JupyterLite's Pyodide (no threads;
``time.sleep`` would freeze the page) both run. ``delay=0`` plays them at once, inside the click.

>>> table = Table101(players=3, seed=3, delay=0)
>>> table.your_move, len(table.hand.items)
(True, 4)
>>> table.play(table.legal_moves[0])
True
>>> table.match.to_move == 0 or table.match.current is None  # the bots have replied, at once
True
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from pianitsa101.cardart import pixel_size
from pianitsa101.cards import Card, Suit
from pianitsa101.game101 import (
    Draw,
    FlushQueens,
    HeuristicAgent,
    IllegalMove,
    Match101,
    Pass,
    Play,
    RoundDealt,
    RoundScored,
    Rules101,
    Skipped,
    parse_move,
)
from pianitsa101.game101.moves import MOVE_TYPES
from pianitsa101.i18n import get_language
from pianitsa101.widgets.batching import hold_messages
from pianitsa101.widgets.i18n import check_lang, tr
from pianitsa101.widgets.table101_layout import TableLayout
from pianitsa101.widgets.table101_setup import (
    check_bots,
    check_delay,
    check_human,
    check_match,
    event_loop,
    make_match,
    suit_of,
)
from pianitsa101.widgets.table101_view import Scene
from pianitsa101.widgets.text101 import hint_text, move_line, public_events

__all__ = ["Table101"]


class Table101(TableLayout, w.VBox):
    """A 101 table: your hand as cards, the bots' backs, the pile, penalty chains, the scoreboard."""

    def __init__(
        self,
        players: int = 3,
        human: int | None = 0,
        bots: Sequence[Any] | None = None,
        rules: Rules101 | None = None,
        seed: int | None = None,
        lang: str | None = None,
        delay: float = 0.6,
        *,
        deck: int = 36,
        size: int | str = "small",
        match: Match101 | None = None,
        hint: Any = None,
    ) -> None:
        super().__init__()
        self.lang = check_lang(get_language() if lang is None else lang)  # None: pianitsa101.set_language
        self.size = size
        self._scale = max(1.0, pixel_size(size) / 46)
        self.delay = check_delay(delay)
        self.hint_agent = hint if hint is not None else HeuristicAgent()
        """The bot whose move the Hint button shows (anything with ``choose``; see ``text101.hint_text``)."""
        if not callable(getattr(self.hint_agent, "choose", None)):
            raise TypeError(f"hint must be an agent with choose(view, legal_moves); got {hint!r}")
        if match is not None:
            if bots is not None or rules is not None or seed is not None:
                raise ValueError(
                    "give a match, or bots, rules and seed to start one; not both (a match has its own)"
                )
            check_match(match, human)
            rules, players, deck, seed, given = match.rules, match.players, match.deck, match.seed, match
        else:
            check_human(human, players)
            if seed is None:
                seed = random.Random().randrange(1_000_000)  # shown in the header: the match can be had again
            match = make_match(players, deck, rules, seed, human, check_bots(bots, players, human))
            given = None
        self._bots = None if bots is None else list(bots)
        self._timer: asyncio.TimerHandle | None = None
        self._watching = human is None
        self._queen: Card | str | None = None  # a queen (or "flush") waiting for its suit (R14, R21)
        self._message = ""
        self._hint_line = ""
        self._lines: list[str] = []  # log lines not yet shown
        self._build(match.rules, match.players, deck if isinstance(deck, int) else 36, seed, human)
        for agent in {id(a): a for a in (*match.agents, self.hint_agent) if hasattr(a, "warm_up")}.values():
            agent.warm_up(match.rules, match.players, background=True)  # a MonteCarloAgent loads its playouts
        self._set_match(match, human, seed, record=None if given is None else match.to_json())

    def _set_match(self, match: Match101, human: int | None, seed: int, record: str | None = None) -> None:
        self._cancel()
        self._match, self._you, self._seed, self._record = match, human, seed, record
        self._watching = human is None
        self._queen, self._message, self._hint_line = None, "", ""
        self.settings.show(
            match.rules, match.players, match.deck if isinstance(match.deck, int) else 36, seed, human
        )
        self._lines.append(tr("log_new_match", self.lang, what=self._describe(1)))
        if not match.over and match.current is None:
            self._deal()
        self._advance()

    @property
    def match(self) -> Match101:
        """The match on the table (the engine object; the table only calls its public API)."""
        return self._match

    @property
    def human(self) -> int | None:
        """Your match seat, or None when watching bots."""
        return self._you

    @property
    def busy(self) -> bool:
        """True while bots' moves are scheduled (your clicks wait until they are done)."""
        return self._timer is not None

    @property
    def scene(self) -> Scene:
        """What the table shows now (see ``table101_view.Scene``)."""
        return Scene.of(self._match, self._you)

    @property
    def legal_moves(self) -> list:
        """Your legal moves now (empty when it is not your move)."""
        return list(self.scene.legal)

    @property
    def your_move(self) -> bool:
        """True when it is your move and no bot is moving."""
        return not self.busy and bool(self.scene.legal)

    @property
    def message(self) -> str:
        """The last refusal or error shown, '' when none."""
        return self._message

    @property
    def log_lines(self) -> list[str]:
        """The log, newest first."""
        self._flush_log()
        return self.log_area.lines

    def __repr__(self) -> str:
        """A short text for where the widget cannot be drawn (a notebook viewed before it runs)."""
        m, lang = self._match, self.lang
        who = tr("repr_watching", lang) if self._you is None else tr("repr_you", lang, seat=self._you)
        number = len(m.result.records) + (m.current is not None)
        state = tr("repr_match_over", lang) if m.over else tr("repr_round", lang, number=number)
        return tr("repr_table101", lang, players=m.players, who=who, state=state)

    # ----- your moves (each a click's Python side) -------------------------------------------------
    def _refusal(self) -> str:
        """Why a move of yours cannot be made now ('' when it can)."""
        m = self._match
        if self._you is None:
            return tr("watch_only", self.lang)
        if not self._playing:
            return tr("you_are_out", self.lang, limit=m.rules.limit)
        if self.busy:
            return tr("wait_bots", self.lang)
        if m.over:
            return tr("match_over_new", self.lang)
        if m.current is None:
            return tr("round_over_next", self.lang)
        if m.to_move != self._you:
            return tr("not_your_move", self.lang)
        return ""

    def _refuse(self, text: str) -> bool:
        self._message = text
        self._render()
        return False

    def play(self, move: Any) -> bool:
        """Make a move of yours: a move or its text ('7♠', 'Q♥→♠', 'draw', 'pass'); False if refused."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                return self._refuse(tr("not_legal", self.lang, error=error))
        if not isinstance(move, MOVE_TYPES):
            raise TypeError(f"a move is Play, Draw, Pass, FlushQueens or its text; got {move!r}")
        refusal = self._refusal()
        if refusal:
            return self._refuse(refusal)
        try:
            events = self._match.play_move(move)
        except IllegalMove as error:
            return self._refuse(tr("not_legal", self.lang, error=error))
        self._queen, self._message, self._hint_line = None, "", ""
        self._log(events)
        self._advance()
        return True

    def click_card(self, card: Card | str) -> bool:
        """Click a card of your hand, as in the browser; only a card with a legal play is accepted."""
        return self.hand.click(str(card if isinstance(card, Card) else Card.parse(card)))

    def _on_card(self, item: str) -> None:
        if self._refusal():
            self._refuse(self._refusal())
            return
        card = Card.parse(item)
        plays = [m for m in self._match.current.legal_moves() if isinstance(m, Play) and m.card == card]
        if len(plays) == 1 and plays[0].suit is None:
            self.play(plays[0])
        elif plays:  # a queen: its suit comes next (R14)
            self._queen, self._message = card, ""
            self._render()

    def choose_suit(self, suit: Suit | str) -> bool:
        """Order a suit for the queen clicked (R14), or for your queens put down together (R21)."""
        suit = suit_of(suit)
        refusal = self._refusal() or ("" if self._queen is not None else tr("queen_first", self.lang))
        if refusal:
            return self._refuse(refusal)
        if self._queen == "flush":
            return self.play(FlushQueens(suit))
        return self.play(Play(self._queen, suit))

    def draw(self) -> bool:
        """The Draw button: draw (R7, R9) or take the penalty (R17)."""
        return self.play(Draw())

    def pass_turn(self) -> bool:
        """The Pass button: keep a drawn card (R7 draw="one"), or not answer an ace (R12)."""
        return self.play(Pass())

    def flush_queens(self) -> bool:
        """The Flush queens button (R21): then choose the suit they order."""
        refusal = self._refusal()
        if refusal:
            return self._refuse(refusal)
        if not any(isinstance(m, FlushQueens) for m in self._match.current.legal_moves()):
            return self._refuse(tr("no_flush", self.lang))
        self._queen, self._message = "flush", ""
        self._render()
        return True

    def hint(self) -> str:
        """Show what the hint bot would play now and why ('' if it is not your move)."""
        refusal = self._refusal()
        if refusal:
            self._refuse(refusal)
            return ""
        rnd, m = self._match.current, self._match
        view, legal = rnd.view(m.seats.index(self._you)), rnd.legal_moves()  # agents see their round's view
        try:
            move = self.hint_agent.choose(view, legal)
            self._hint_line = hint_text(self.hint_agent, view, legal, move, self.lang)
        except Exception as error:  # a hint bot that fails says so, and nothing changes
            self._hint_line = tr("bot_failed", self.lang, error=error)
        self._render()
        return self._hint_line

    # ----- rounds, matches, watching ----------------------------------------------------------------
    def next_round(self) -> bool:
        """Deal the next round once the last one is scored; False while a round is on or the match is over."""
        m = self._match
        if m.over:
            return self._refuse(tr("match_over_new", self.lang))
        if m.current is not None:
            return self._refuse(tr("round_on", self.lang))
        self._deal()
        if not self._playing:  # watching (or out of the match): the bots play the round on
            self._watching = True
        self._advance()
        return True

    def new_match(self) -> bool:
        """A new match with the next seed and the settings shown; on bad settings say why, change nothing."""
        return self._new(self.settings.seed.value + 1)

    def restart(self) -> bool:
        """The same match again from its start (the seed shown, or the match given), with its rules."""
        if self._record is not None:
            agents = [a for a in self._match.agents]
            self._set_match(
                Match101.from_json(self._record, agents=agents), self._you, self._seed, record=self._record
            )
            return True
        return self._new(self.settings.seed.value)

    def _new(self, seed: int) -> bool:
        s = self.settings
        try:
            delay = check_delay(s.delay.value)
            match = make_match(s.players.value, s.deck.value, s.rules(), seed, s.human.value, self._bots)
        except (TypeError, ValueError) as error:
            return self._refuse(tr("error", self.lang, error=error))
        self.delay = delay
        self._set_match(match, s.human.value, seed)
        return True

    def watch(self) -> None:
        """Watching bots: let them play on, a move every ``delay`` seconds, to the end of the round."""
        self._watching = True
        self._advance()

    def pause(self) -> None:
        """Watching bots: stop after the move being made."""
        self._watching = False
        self._cancel()
        self._render()

    def next_move(self) -> bool:
        """Watching bots: one move now (or the next deal); pauses the watching."""
        if self._playing:
            return self._refuse(tr("not_your_move", self.lang))
        self._watching = False
        self._cancel()
        if self._match.over:
            return self._refuse(tr("match_over_new", self.lang))
        if not self._deal_or_step():
            return False
        self._render()
        return True

    def play_to_end(self) -> bool:
        """Watching bots (or after you left the match): play the rest of the match at once."""
        if self._playing:
            return self._refuse(tr("not_your_move", self.lang))
        self._cancel()
        while not self._match.over:
            if not self._deal_or_step():
                return False
        self._render()
        return True

    def _deal_or_step(self) -> bool:
        """The next thing that happens while watching: a deal between rounds, else a bot's move."""
        if self._match.current is None:
            self._deal()
            return True
        return self._step()

    # ----- the bots' moves, one at a time -------------------------------------------------------------
    def _bots_due(self) -> bool:
        """True when a bot's move is due now: always while you play; when watching, unless paused."""
        m = self._match
        if m.over or m.current is None or m.waiting_for_person:
            return False
        return self._watching or self._playing

    @property
    def _playing(self) -> bool:
        """You have a seat in the match and are still in it (R23)."""
        return self._you is not None and self._you in self._match.active

    def _deal(self) -> None:
        """Deal the next round and log it (R2-R4)."""
        rnd = self._match.deal_round()
        log = self._match.log
        self._log(log[len(log) - 1 - len(rnd.events) :])

    def _step(self) -> bool:
        """One bot move; an agent that fails stops the table with its words (the match is unchanged)."""
        try:
            events = self._match.play_move()
        except Exception as error:  # an AgentError, or a student's bot that breaks
            self._watching = False
            self._refuse(tr("bot_failed", self.lang, error=error))
            return False
        self._log(events)
        return True

    def _advance(self) -> None:
        """Let the bots move: at once with ``delay=0``, else one move per ``delay`` on the event loop."""
        loop = event_loop() if self.delay > 0 else None
        if loop is None:
            while self._bots_due():
                if not self._step():
                    return
        elif self._bots_due() and self._timer is None:
            self._timer = loop.call_later(self.delay, self._scheduled, self._match)
        self._render()

    def _scheduled(self, match: Match101) -> None:
        """A bot's move, called by the event loop; a new match meanwhile cancels it."""
        self._timer = None
        if match is not self._match or not self._bots_due():
            return
        if self._step():
            self._advance()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ----- drawing -----------------------------------------------------------------------------------
    def _render(self) -> None:
        """Redraw; the widgets' messages go out once the code running now yields (``batching``), the
        log's first: when the status says it is your move, the bots' moves are already in the log."""
        hold_messages(self, first=[self.log_area])
        super()._render()

    def _log(self, events: Sequence[Any]) -> None:
        """Log a move as one line; a deal, a round's score and a lost turn get lines of their own.

        A lost turn (R12) has its own line so that the log reads the same whether the player held
        no ace (passed over within the ace's move) or held one and passed (a move of its own): R17.
        """
        part: list[Any] = []
        for event in [*public_events(events, self._you), None]:
            if event is None or isinstance(event, (RoundDealt, RoundScored, Skipped)):
                for piece in (part, [event] if event is not None else []):
                    line = move_line(piece, self._you, self.lang, self._match.rules.limit) if piece else ""
                    if line:
                        self._lines.append(line)
                part = []
            else:
                part.append(event)

    def _flush_log(self) -> list[str]:
        """Show the log lines not yet shown; returns them (oldest first)."""
        lines, self._lines = self._lines, []
        if lines:
            self.log_area.add_many(lines)
        return lines

    def _describe(self, round_number: int) -> str:
        m, lang = self._match, self.lang
        deck = m.deck if isinstance(m.deck, int) else len(m.deck)
        values = dict(
            players=tr("n_players", lang, n=m.players),
            deck=tr("n_cards", lang, n=deck),
            round=round_number,
            limit=m.rules.limit,
        )
        if self._record is not None:
            return tr("header101_given", lang, **values)
        return tr("header101", lang, seed=self._seed, **values)
