"""How the 101 table is laid out: its child widgets (``_build``) and one ``_render`` that redraws
them all from the match. A mixin of ``Table101``, which holds the state and the actions.

The pictures come from the pure functions of ``table101_view`` and ``scoreboard101``.
"""

from __future__ import annotations

import html

import ipywidgets as w

from pianitsa101.cards import Card
from pianitsa101.game101 import Draw, FlushQueens, Pass, Rules101
from pianitsa101.widgets.announcer import Announcer
from pianitsa101.widgets.cardrow import CardRow
from pianitsa101.widgets.i18n import tr
from pianitsa101.widgets.log import LogArea
from pianitsa101.widgets.pianitsa_view import card_text
from pianitsa101.widgets.scoreboard101 import how_scored_html, scoreboard_html, totals_svg
from pianitsa101.widgets.table101_controls import MatchSettings
from pianitsa101.widgets.table101_view import (
    FONT,
    centre_html,
    hand_items,
    hand_label,
    order_html,
    seats_html,
    status_html,
    suit_items,
)

__all__ = ["PROJECTOR", "TableLayout"]

# size="projector": a wide layout that fits one screen of 1280x720 or 1024x768. The pile and the
# chain, the obligation and your hand side by side and below each other; text 1.4 times the small table's
# (Пьяница's trick, a dispute of up to three rounds, a little smaller: it must fit beside the stacks).
PROJECTOR = {"text": 1.4, "cards": 64, "seats": 40, "status": 1.5, "trick_cards": 50, "trick_text": 1.25}
PROJECTOR_CSS = (  # the settings' title and labels grow with the table (ipywidgets 8 class names)
    "<style>.p101-projector .jupyter-widget-Collapse-header,.p101-projector .widget-label,"
    ".p101-projector .widget-dropdown select,.p101-projector .widget-checkbox label"
    "{font-size:18px!important;line-height:1.4}</style>"
)


class TableLayout:
    """The widgets of the 101 table and their drawing (mixed into ``Table101``)."""

    def _build(self, rules: Rules101, players: int, deck: int, seed: int, human: int | None) -> None:
        self._wide = self.size == "projector"
        if self._wide:  # the projector's sizes, not the small table's scaled up 2.6 times
            self._scale = PROJECTOR["text"]
        self._cards = PROJECTOR["cards"] if self._wide else self.size
        t, lang, s = tr, self.lang, self._scale
        self.header = w.HTML()
        self.seats_view = w.HTML()
        self.centre = w.HTML()
        self.status = w.HTML()
        self.hand_label = w.HTML()
        self.hand = CardRow(arrangement="fan", font_size=round(13 * s), label=t("a11y_hand", lang),
                            take_focus=True)
        self.hand.on_click(self._on_card)
        self.suit_label = w.HTML()
        self.suits = CardRow(font_size=round(13 * s), label=t("a11y_suits", lang))
        self.suits.on_click(lambda symbol: self.choose_suit(symbol))
        self.suit_box = w.HBox(
            [self.suit_label, self.suits], layout=w.Layout(align_items="center", display="none")
        )
        self.draw_button = w.Button(description=t("btn_draw", lang), icon="download")
        self.pass_button = w.Button(description=t("btn_pass", lang), icon="forward")
        self.flush_button = w.Button(description=t("btn_flush", lang), icon="star")
        self.hint_button = w.Button(description=t("btn_hint", lang), icon="lightbulb-o")
        self.next_round_button = w.Button(
            description=t("btn_next_round", lang), button_style="primary", icon="step-forward"
        )
        self.watch_button = w.Button(description=t("btn_pause", lang), icon="pause")
        self.next_move_button = w.Button(description=t("btn_next_move", lang), icon="step-forward")
        self.end_button = w.Button(description=t("play_to_end", lang), icon="fast-forward")
        self.new_button = w.Button(description=t("btn_new_match", lang), icon="random")
        self.restart_button = w.Button(description=t("btn_same_match", lang), icon="undo")
        buttons = (
            self.draw_button,
            self.pass_button,
            self.flush_button,
            self.hint_button,
            self.next_round_button,
            self.watch_button,
            self.next_move_button,
            self.end_button,
            self.new_button,
            self.restart_button,
        )
        for button in buttons:
            button.layout.width = "auto"
            if s > 1:
                button.style.font_size = f"{13 * min(s, 1.25):g}px"
                button.layout.height = f"{30 * min(s, 1.25):g}px"
        self.draw_button.on_click(lambda _: self.draw())
        self.pass_button.on_click(lambda _: self.pass_turn())
        self.flush_button.on_click(lambda _: self.flush_queens())
        self.hint_button.on_click(lambda _: self.hint())
        self.next_round_button.on_click(lambda _: self.next_round())
        self.watch_button.on_click(lambda _: self.pause() if self._watching else self.watch())
        self.next_move_button.on_click(lambda _: self.next_move())
        self.end_button.on_click(lambda _: self.play_to_end())
        self.new_button.on_click(lambda _: self.new_match())
        self.restart_button.on_click(lambda _: self.restart())
        self.hint_view = w.HTML()
        self.settings = MatchSettings(rules, players, deck, seed, human, self.delay, lang)
        self.settings_box = w.Accordion(
            children=[self.settings.box], titles=(t("settings101", lang),), selected_index=None
        )
        self.scoreboard = w.HTML()
        self.totals_plot = w.HTML()
        self.how_scored = w.HTML()
        self.log_area = LogArea(font_px=round(13 * min(s, 1.6)), label=t("a11y_log", lang))
        self.voice = Announcer()  # reads the bots' moves out to a screen reader
        self._yours_said = False

        def flow() -> w.Layout:  # each box its own layout: hiding one must not hide the others
            return w.Layout(flex_flow="row wrap", align_items="center")

        self.move_buttons = w.HBox(
            [self.draw_button, self.pass_button, self.flush_button, self.hint_button], layout=flow()
        )
        self.watch_buttons = w.HBox(
            [self.watch_button, self.next_move_button, self.end_button], layout=flow()
        )
        match_buttons = w.HBox([self.next_round_button, self.new_button, self.restart_button], layout=flow())
        scores = w.HBox(
            [self.scoreboard, self.totals_plot],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        all_buttons = w.HBox([self.move_buttons, self.watch_buttons, match_buttons], layout=flow())
        below = [self.hint_view, scores, self.how_scored, self.settings_box, self.log_area, self.voice]
        if self._wide:  # a row each: the seats, the pile and chain, the obligation, the hand with buttons
            self.order_view = w.HTML()
            seats = w.HBox([self.seats_view, self.order_view],
                           layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="12px"))
            all_buttons.layout = w.Layout(flex_flow="row wrap", align_items="center", flex="0 1 auto")
            play = w.HBox([self.hand, all_buttons],
                          layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="12px"))
            self.children = [self.header, seats, self.centre, self.status, self.hand_label, play,
                             self.suit_box, *below]
            self.add_class("p101-projector")
        else:
            self.children = [self.header, self.seats_view, self.centre, self.status, self.hand_label,
                             self.hand, self.suit_box, all_buttons, *below]
        self.add_class("p101-table101")
        self.add_class("p101-table")  # the themes' style rules; the keyboard's focus stays in here

    def _render(self) -> None:
        """Redraw everything from the match (the log first: when the status says it is your move,
        the browser already has every line of the bots' moves before it)."""
        news = self._flush_log()
        scene = self.scene
        lang, s, size = self.lang, self._scale, self._cards
        watching = self._you is None or self._you not in scene.active
        busy = self.busy
        words = self._describe(max(scene.round_number, 1))
        if self._you is None:
            words += " · " + tr("watching", lang)
        wide = self._wide
        title_px = (13 if wide else 16) * s
        self.header.value = (
            (PROJECTOR_CSS if wide else "")
            + f'<div style="{FONT};font-weight:bold;font-size:{title_px:g}px;line-height:1.3">'
            f"{tr('game101', lang)} "
            f'<span style="font-weight:normal;color:var(--p101-muted)">· {words}</span></div>'
        )
        size = self._cards
        self.seats_view.value = seats_html(scene, lang, PROJECTOR["seats"] if wide else size, s, compact=wide)
        self.centre.value = centre_html(scene, lang, size, s, order=not wide)
        if wide:
            self.order_view.value = order_html(scene, lang, s)
        paused = watching and scene.in_round and not self._watching and not busy
        note = tr("press_watch", lang) if paused else ""
        said = PROJECTOR["status"] if wide else s  # the obligation is what the room must read
        self.status.value = status_html(scene, lang, said, self._message, busy, note)
        yours = scene.your_move and not busy
        if self._you is None:
            self.hand_label.value = ""
        elif self._you not in scene.active:
            key = "your_hand_out" if scene.rules.match == "elimination" else "your_hand_lost"
            self.hand_label.value = (
                f'<div style="{FONT};color:var(--p101-muted)">{tr(key, lang, limit=scene.rules.limit)}</div>'
            )
        else:
            self.hand_label.value = (
                f'<div style="{FONT};font-size:{13 * s:g}px;font-weight:bold">{hand_label(scene, lang)}</div>'
            )
        choosing = self._queen if isinstance(self._queen, Card) else None
        self.hand.items = hand_items(scene, lang, size, choosing=choosing, enabled=yours)
        if news or (yours and not self._yours_said):  # what just happened, then your move: read out
            self.voice.say(" ".join([*news, *([tr("a11y_your_move", lang)] if yours else [])]))
        self._yours_said = yours
        asking = yours and self._queen is not None
        self.suit_box.layout.display = "" if asking else "none"
        if asking:
            label = (
                tr("choose_suit_flush", lang)
                if self._queen == "flush"
                else tr("choose_suit", lang, card=card_text(self._queen, lang))
            )
            self.suit_label.value = f'<b style="{FONT};font-size:{13 * s:g}px">{html.escape(label)}</b>'
        self.suits.items = suit_items(size, active=asking)
        legal = scene.legal if yours else ()
        pending = scene.view.pending_draw if yours else 0  # the amount is yours to draw only on your move
        self.draw_button.description = tr("btn_draw_n", lang, n=pending) if pending else tr("btn_draw", lang)
        self.draw_button.disabled = not any(isinstance(m, Draw) for m in legal)
        self.pass_button.disabled = not any(isinstance(m, Pass) for m in legal)
        self.flush_button.layout.display = "" if any(isinstance(m, FlushQueens) for m in legal) else "none"
        self.hint_button.disabled = not yours
        self.move_buttons.layout.display = "none" if watching else ""
        self.watch_buttons.layout.display = "" if watching and not scene.over else "none"
        self.watch_button.description = tr("btn_pause" if self._watching else "btn_watch", lang)
        self.watch_button.icon = "pause" if self._watching else "play"
        between = not scene.in_round and not scene.over
        self.next_round_button.layout.display = "" if between else "none"
        self.hint_view.value = (
            f'<div class="p101-hint" style="{FONT};font-size:{13 * s:g}px;color:var(--p101-accent);'
            f'padding:2px 0">{html.escape(self._hint_line)}</div>'
            if self._hint_line
            else ""
        )
        self.scoreboard.value = scoreboard_html(scene, lang, s)
        self.totals_plot.value = totals_svg(scene, lang, min(s, 2.2))
        self.how_scored.value = how_scored_html(scene, lang, size, s)
