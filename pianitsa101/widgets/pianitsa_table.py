"""``PianitsaTable``: play and watch Пьяница in a notebook, trick by trick, disputes laid out.

The widget wraps a ``PianitsaGame`` and calls only its public API; every picture comes from
the pure functions of ``pianitsa_view`` (one ``_render`` redraws everything from the game).
Clicks have Python equivalents for tests and lessons: ``next_trick()``, ``play_to_end()``,
``new_deal()``, ``restart()``, ``show_trick(k)``, ``click_seat(seat)`` (a click on a stack),
and the autoplay ``Play`` widget's value. A click that makes no sense now (a stack of a
player who has left, Next trick after the end) changes nothing.

>>> from pianitsa101.pianitsa import PianitsaGame
>>> table = PianitsaTable(game=PianitsaGame.from_stacks(["K♠ 9♠ 6♥", "K♥ 10♥ 7♣"]))
>>> table.next_trick().taker, table.shown
(1, 1)
>>> table.show_trick(0); table.shown, table.played
(0, 1)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import ipywidgets as w

from pianitsa101.cardart import pixel_size
from pianitsa101.cards import Card
from pianitsa101.i18n import get_language, pgettext
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules, PianitsaTrick
from pianitsa101.widgets.announcer import Announcer, autoplay_names
from pianitsa101.widgets.batching import hold_messages
from pianitsa101.widgets.cardrow import CardRow
from pianitsa101.widgets.i18n import check_lang, tr
from pianitsa101.widgets.log import LogArea
from pianitsa101.widgets.pianitsa_view import Moment, end_text, log_line, seat_items, stacks_plot, trick_html
from pianitsa101.widgets.table101_layout import PROJECTOR, PROJECTOR_CSS

__all__ = ["PianitsaTable"]

LOG_JUMP = 20  # after "Play to the end" the log lists this many last tricks, and names the ones it skips
_GATHERS = ("winner_first", "table", "random")
_GOALS = ("shed", "collect")


class PianitsaTable(w.VBox):
    """A Пьяница table: stacks with counts, the trick and its disputes, a plot, controls and a log."""

    def __init__(
        self,
        players: int = 2,
        deck: int | Sequence[Card | str] | None = None,
        rules: PianitsaRules | None = None,
        seed: int | None = None,
        lang: str | None = None,
        *,
        game: PianitsaGame | None = None,
        size: int | str = "small",
    ) -> None:
        super().__init__()
        self.lang = check_lang(get_language() if lang is None else lang)  # None: pianitsa101.set_language
        self.size = size
        px = pixel_size(size)
        self._scale = max(1.0, px / 46)
        self._wide = size == "projector"  # one screen of 1024x768: stacks beside the trick
        if self._wide:
            self._scale = PROJECTOR["text"]
        self._cards = PROJECTOR["cards"] if self._wide else size
        if game is not None and not isinstance(game, PianitsaGame):
            raise TypeError(f"game must be a PianitsaGame; got {type(game).__name__}")
        if game is not None and (deck is not None or rules is not None):
            raise ValueError("give a game, or the deck and rules to deal one; not both (a game has its own)")
        if seed is None:
            seed = random.Random().randrange(1_000_000)  # shown in the header, so the deal can be had again
        if game is None:
            game = PianitsaGame.deal(players=players, deck=deck, rules=rules, seed=seed)
            self._stacked = None
        else:
            self._stacked = _deal_of(game)
        self._game = game
        self._seed = seed
        self._deck = deck if deck is None or isinstance(deck, int) else list(deck)
        self._start = _start_sizes(game)
        self._shown = game.tricks
        self._quiet = False  # True while the widget sets its own controls
        self._build(game.rules)
        self._render()

    # ----- the widgets ----------------------------------------------------------------------
    def _build(self, rules: PianitsaRules) -> None:
        t, lang = tr, self.lang
        self.header = w.HTML()
        self.stacks = CardRow(font_size=round(13 * self._scale), label=t("a11y_stacks", lang),
                              take_focus=True)
        self.stacks.on_click(lambda item: self.click_seat(int(item.removeprefix("seat"))))
        self.trick_view = w.HTML(layout=w.Layout(flex="1 1 auto", min_width="340px"))
        self.plot = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.status = w.HTML()
        self.status.add_class("p101-pianitsa-status")  # what happens now (found by the projector test)
        self.next_button = w.Button(
            description=t("next_trick", lang), button_style="primary", icon="step-forward"
        )
        self.end_button = w.Button(description=t("play_to_end", lang), icon="fast-forward")
        self.autoplay = w.Play(
            value=0,
            min=0,
            max=10**9,
            step=1,
            interval=500,
            show_repeat=False,
            description=t("autoplay", lang),
            tooltip=t("autoplay", lang),
        )
        self.speed = w.IntSlider(
            value=2, min=1, max=20, description=t("speed", lang), layout=w.Layout(width="260px")
        )
        self.trick_slider = w.IntSlider(
            value=0,
            min=0,
            max=0,
            description=t("trick_slider", lang),
            layout=w.Layout(width="100%"),
            continuous_update=True,
        )
        self.new_button = w.Button(description=t("new_deal", lang), icon="random")
        self.restart_button = w.Button(description=t("restart", lang), icon="undo")
        for button in (self.next_button, self.end_button, self.new_button, self.restart_button):
            button.layout.width = "auto"
            if self._scale > 1:  # readable on a projector
                button.style.font_size = f"{13 * self._scale:g}px"
                button.layout.height = f"{30 * self._scale:g}px"
        self.next_button.on_click(lambda _: self.next_trick())
        self.end_button.on_click(lambda _: self.play_to_end())
        self.new_button.on_click(lambda _: self.new_deal())
        self.restart_button.on_click(lambda _: self.restart())
        self.autoplay.observe(self._on_autoplay, names="value")
        self.speed.observe(lambda ch: setattr(self.autoplay, "interval", 1000 // ch["new"]), names="value")
        self.trick_slider.observe(self._on_slider, names="value")
        wide = {"style": {"description_width": "initial"}}
        self.players_control = w.BoundedIntText(
            value=self._game.players,
            min=2,
            max=8,
            description=t("players", lang),
            layout=w.Layout(width="150px"),
            **wide,
        )
        decks = [(t("deck_default", lang), "rules")] + [(t("deck_n", lang, n=n), n) for n in (32, 36, 52)]
        self.deck_control = w.Dropdown(
            options=decks,
            value=self._deck if self._deck in (32, 36, 52) else "rules",
            description=t("deck", lang),
            **wide,
        )
        self.seed_control = w.IntText(
            value=self._seed, description=t("seed", lang), layout=w.Layout(width="170px"), **wide
        )
        self.rule_controls = {
            "low_beats_ace": w.Checkbox(
                value=rules.low_beats_ace, description=t("low_beats_ace", lang), indent=False
            ),
            "dispute_face_down": w.BoundedIntText(
                value=rules.dispute_face_down,
                min=0,
                max=5,
                description=t("dispute_face_down", lang),
                layout=w.Layout(width="190px"),
                **wide,
            ),
            "gather": w.Dropdown(
                options=[(t(f"gather_{g}", lang), g) for g in _GATHERS],
                value=rules.gather,
                description=t("gather", lang),
                **wide,
            ),
            "second_disputes": w.Checkbox(
                value=rules.second_disputes, description=t("second_disputes", lang), indent=False
            ),
            "goal": w.Dropdown(
                options=[(t(f"goal_{g}", lang), g) for g in _GOALS],
                value=rules.goal,
                description=t("goal", lang),
                **wide,
            ),
        }
        self._max_tricks = rules.max_tricks
        r = self.rule_controls
        settings = w.VBox(
            [
                w.HBox([self.players_control, self.deck_control, self.seed_control]),
                w.HBox([r["low_beats_ace"], r["second_disputes"]]),
                w.HBox([r["dispute_face_down"], r["gather"], r["goal"]]),
            ]
        )
        self.settings = w.Accordion(children=[settings], titles=(t("settings", lang),), selected_index=None)
        self.log_area = LogArea(font_px=round(13 * min(self._scale, 1.6)), label=t("a11y_log", lang))
        self.voice = Announcer(names=autoplay_names(lang))  # reads each trick out to a screen reader
        buttons = w.HBox(
            [
                self.next_button,
                self.end_button,
                self.autoplay,
                self.speed,
                self.new_button,
                self.restart_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        if self._wide:  # the stacks in a column beside the trick and what it means; the plot below
            self.stacks.layout = w.Layout(width="220px", flex="0 0 auto")
            right = w.VBox([self.trick_view, self.status], layout=w.Layout(flex="1 1 0", min_width="0"))
            self.trick_view.layout = w.Layout(flex="0 0 auto")
            self.children = [
                self.header,
                w.HBox([self.stacks, right], layout=w.Layout(align_items="flex-start")),
                buttons,
                self.plot,
                self.trick_slider,
                self.settings,
                self.log_area,
                self.voice,
            ]
            self.add_class("p101-projector")
        else:
            middle = w.HBox(
                [self.trick_view, self.plot], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")
            )
            self.children = [
                self.header,
                self.stacks,
                middle,
                self.status,
                buttons,
                self.trick_slider,
                self.settings,
                self.log_area,
                self.voice,
            ]
        self.add_class("p101-pianitsa-table")
        self.add_class("p101-table")  # the themes' style rules; the keyboard's focus stays in here

    # ----- state ------------------------------------------------------------------------------
    @property
    def game(self) -> PianitsaGame:
        """The game on the table (the engine object; the table only calls its public API)."""
        return self._game

    @property
    def shown(self) -> int:
        """The number of tricks played at the moment shown (the back-slider can go back)."""
        return self._shown

    @property
    def played(self) -> int:
        """Tricks played so far in the game."""
        return self._game.tricks

    @property
    def moment(self) -> Moment:
        """What the table shows now (see ``pianitsa_view.Moment``)."""
        return Moment.of(self._game, self._shown, self._start)

    @property
    def at_end(self) -> bool:
        """True when the moment shown is the end of the game."""
        return self._game.over and self._shown == self._game.tricks

    def __repr__(self) -> str:
        """A short text for where the widget cannot be drawn (a notebook viewed before it runs)."""
        game, lang = self._game, self.lang
        outcome = game.outcome if lang == "en" else pgettext("outcome", game.outcome or "")
        state = tr("repr_over", lang, outcome=outcome) if game.over else tr("repr_in_play", lang)
        if game.over and game.outcome == "finished" and lang != "en":
            state = tr("repr_finished", lang)  # not "игра окончена (окончена)"
        return tr("repr_pianitsa", lang, players=game.players, shown=self._shown, tricks=game.tricks,
                  state=state)

    # ----- actions (each a click's Python side) --------------------------------------------------
    def next_trick(self) -> PianitsaTrick | None:
        """Show the next trick: the one already played (after going back), or play a new one."""
        if self.at_end:
            return None  # nothing to play: the game is over
        if self._shown < self._game.tricks:
            self._shown += 1
            trick = self._game.history[self._shown - 1]
        else:
            trick = self._game.play_trick()
            self._shown = self._game.tricks
            self.log_area.add(log_line(trick, self.lang))
        self._render()
        return trick

    def play_to_end(self) -> None:
        """Play on to the end of the game (P11-P13) and show the last trick."""
        if self._game.over:
            self._shown = self._game.tricks
        else:
            first = self._game.tricks
            self._game.play()
            self._shown = self._game.tricks
            played = self._game.history[first:]
            self.log_area.add_many([log_line(trick, self.lang) for trick in played[-LOG_JUMP:]])
            if len(played) > LOG_JUMP:  # the log lists the last tricks and says, on top, which it skips
                low, high = first + 1, self._game.tricks - LOG_JUMP
                key = "log_skipped" if high > low else "log_skipped_one"
                self.log_area.add(tr(key, self.lang, first=low, last=high))
        self.autoplay.playing = False
        self._render()

    def show_trick(self, number: int) -> None:
        """Show the table after ``number`` tricks (0: the deal); the records replay exactly."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"a trick number is a whole number; got {number!r}")
        if not 0 <= number <= self._game.tricks:
            raise ValueError(f"trick {number} has not been played: choose 0 to {self._game.tricks}")
        self._shown = number
        self._render()

    def click_seat(self, seat: int) -> bool:
        """A click on a seat's stack: turns the next trick when that seat is still playing; else nothing."""
        if not any(item["id"] == f"seat{seat}" and item["playable"] for item in self.stacks.items):
            return False
        self.next_trick()
        return True

    def new_deal(self) -> bool:
        """Deal again with the next seed and the settings shown; on bad settings say why, change nothing."""
        return self._deal(self.seed_control.value + 1)

    def restart(self) -> bool:
        """The same deal again (a stacked deal, or the seed shown) with the rules shown."""
        if self._stacked is not None:
            try:
                game = PianitsaGame.from_stacks(self._stacked, rules=self._rules_from_controls())
            except ValueError as error:
                self.status.value = _error_html(tr("error", self.lang, error=error))
                return False
            self._set_game(game, self._seed)
            return True
        return self._deal(self.seed_control.value)

    # ----- helpers ------------------------------------------------------------------------------
    def _rules_from_controls(self) -> PianitsaRules:
        values = {name: control.value for name, control in self.rule_controls.items()}
        return PianitsaRules(**values, max_tricks=self._max_tricks)

    def _deal(self, seed: int) -> bool:
        try:
            game = PianitsaGame.deal(
                players=self.players_control.value,
                deck=None if self.deck_control.value == "rules" else self.deck_control.value,
                rules=self._rules_from_controls(),
                seed=seed,
            )
        except ValueError as error:
            self.status.value = _error_html(tr("error", self.lang, error=error))
            return False
        self._stacked = None
        self._set_game(game, seed)
        return True

    def _set_game(self, game: PianitsaGame, seed: int) -> None:
        self.autoplay.playing = False
        self._game, self._seed, self._start, self._shown = game, seed, _start_sizes(game), game.tricks
        self._quiet = True
        self.seed_control.value = seed
        self._quiet = False
        self.log_area.add(tr("log_deal", self.lang, what=self._describe()))
        self._render()

    def _describe(self) -> str:
        lang = self.lang
        players = tr("n_players", lang, n=self._game.players)
        if self._stacked is not None:
            return tr("header_stacked", lang, players=players, shown=self._shown, played=self._game.tricks)
        deck = tr("n_cards", lang, n=sum(self._start))
        return tr(
            "header",
            lang,
            players=players,
            deck=deck,
            seed=self._seed,
            shown=self._shown,
            played=self._game.tricks,
        )

    def _on_autoplay(self, change: dict) -> None:
        if self._quiet:
            return
        if self.at_end:
            self.autoplay.playing = False
            return
        self.next_trick()
        if self.at_end:
            self.autoplay.playing = False

    def _on_slider(self, change: dict) -> None:
        if not self._quiet and change["new"] != self._shown:
            self.show_trick(min(change["new"], self._game.tricks))

    def _render(self) -> None:
        """Redraw everything from the game and the trick shown."""
        hold_messages(self)  # one message per widget when the running code yields (batching)
        moment = self.moment
        lang = self.lang
        title_px = (13 if self._wide else 16) * self._scale
        self.header.value = (
            (PROJECTOR_CSS if self._wide else "")
            + f"<div style=\"font:bold {title_px:g}px 'DejaVu Sans',Arial,sans-serif\">"
            f'{tr("pianitsa", lang)} <span style="font-weight:normal;color:var(--p101-muted)">'
            f"· {self._describe()}</span></div>"
        )
        self.stacks.items = seat_items(moment, lang, self._cards, clickable=True)
        wide = self._wide
        cards = PROJECTOR["trick_cards"] if wide else self._cards
        text = PROJECTOR["trick_text"] if wide else self._scale
        self.trick_view.value = trick_html(
            moment.trick, moment.rules, moment.low_rank, moment.players, lang, cards, text
        )
        self.plot.value = stacks_plot(moment, lang, scale=min(self._scale, 1.6))
        ending = end_text(moment, lang)
        self.voice.say(" ".join(filter(None, [log_line(moment.trick, lang) if moment.trick else "", ending])))
        hint = tr("click_stack", lang) if moment.shown == 0 else ""
        self.status.value = (
            f"<div style=\"font:bold {15 * self._scale:g}px 'DejaVu Sans',Arial,sans-serif;"
            f'color:var(--p101-good);padding:4px 0">{ending}</div>'
            if ending
            else f'<div style="color:var(--p101-muted);font-size:{13 * self._scale:g}px">{hint}</div>'
        )
        over = self.at_end
        self.next_button.disabled = self.end_button.disabled = self.autoplay.disabled = over
        self._quiet = True
        self.trick_slider.max = self._game.tricks
        self.trick_slider.value = self._shown
        self._quiet = False


def _start_sizes(game: PianitsaGame) -> tuple[int, ...]:
    """Stack sizes at the deal (from the game's record when tricks were already played)."""
    if not game.tricks:
        return tuple(len(st) for st in game.stacks)
    return tuple(len(stack) for stack in _deal_of(game))


def _deal_of(game: PianitsaGame) -> list[list[str]]:
    """The deal of a game, each stack top first as card texts (from its public JSON record)."""
    return [text.split() for text in json.loads(game.to_json())["deal"]]


def _error_html(text: str) -> str:
    import html

    return f'<div style="color:var(--p101-bad);font-weight:bold;padding:4px 0">{html.escape(text)}</div>'
