"""The settings of the 101 table: players, deck, seed, your seat, the bots' pause, and every rule
option of ``Rules101`` (R2, R7-R10, R12, R14, R16, R18-R23); they apply at the next match.

``MatchSettings`` holds the controls (ipywidgets) and reads them back as ``Rules101`` and the
arguments of a new match; a wrong combination is refused by ``Rules101`` itself, with its words.

>>> from pianitsa101.game101 import Rules101
>>> settings = MatchSettings(Rules101(chain="add"), players=3, deck=36, seed=4, human=0, delay=0.6, lang="en")
>>> settings.controls["chain"].value = "off"
>>> settings.rules()
Rules101(chain='off')
>>> settings.controls["limit"].value = 51
>>> settings.rules().limit
51
"""

from __future__ import annotations

import dataclasses

import ipywidgets as w

from pianitsa101.cardart import rank_label
from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101 import Rules101
from pianitsa101.widgets.i18n import tr

__all__ = ["MatchSettings"]

_WIDE = {"style": {"description_width": "initial"}}
_COURT = (("J", Rank.JACK), ("Q", Rank.QUEEN), ("K", Rank.KING), ("A", Rank.ACE))


def _choice(key: str, values: tuple[str, ...], value: str, lang: str) -> w.Dropdown:
    return w.Dropdown(
        options=[(tr(f"opt_{v}", lang), v) for v in values], value=value, description=tr(key, lang), **_WIDE
    )


def _check(key: str, value: bool, lang: str) -> w.Checkbox:
    return w.Checkbox(value=value, description=tr(key, lang), indent=False)


class MatchSettings:
    """The controls of the table's settings box, and what they say (``rules()``, ``players`` ...)."""

    def __init__(
        self, rules: Rules101, players: int, deck: int, seed: int, human: int | None, delay: float, lang: str
    ) -> None:
        t = tr
        self.players = w.BoundedIntText(
            value=players,
            min=2,
            max=6,
            description=t("players", lang),
            layout=w.Layout(width="140px"),
            **_WIDE,
        )
        self.deck = w.Dropdown(
            options=[(t("deck_n", lang, n=n), n) for n in (36, 52)],
            value=deck if deck in (36, 52) else 36,
            description=t("deck", lang),
            **_WIDE,
        )
        self.seed = w.IntText(
            value=seed, description=t("seed", lang), layout=w.Layout(width="170px"), **_WIDE
        )
        self.human = w.Dropdown(description=t("you_play", lang), **_WIDE)
        self._lang = lang
        self._set_seats(players, human)
        self.players.observe(lambda change: self._set_seats(change["new"], self.human.value), names="value")
        self.delay = w.BoundedFloatText(
            value=delay,
            min=0,
            max=10,
            step=0.1,
            description=t("delay", lang),
            layout=w.Layout(width="190px"),
            **_WIDE,
        )
        spades = rules.seven_of_spades_draw
        amounts = sorted({2, 4, 6, 8, spades or 4})  # R10: the 7♠'s choices, with the one of the rules given
        self.controls: dict[str, w.Widget] = {
            "deal": _choice("r_deal", ("four", "five_and_starter"), rules.deal, lang),
            "draw": _choice("sim_draw", ("until_playable", "one"), rules.draw, lang),
            "recycle": _choice("r_recycle", ("flip", "shuffle"), rules.recycle, lang),
            "six": _choice("sim_six", ("cover", "cover_any", "draw2_skip", "draw1_skip"), rules.six, lang),
            "seven_draw": w.BoundedIntText(
                value=rules.seven_draw,
                min=1,
                max=16,
                description=t("sim_seven_draw", lang),
                layout=w.Layout(width="230px"),
                **_WIDE,
            ),
            "seven_of_spades_draw": w.Dropdown(
                options=[(t("opt_like_any_seven", lang), 0), *((str(n), n) for n in amounts)],
                value=spades or 0,
                description=t("r_seven_spades", lang),
                **_WIDE,
            ),
            "ace": _choice("sim_ace", ("skip_unless_ace", "skip"), rules.ace, lang),
            "queen_wild": _check("sim_queen_wild", rules.queen_wild, lang),
            "chain": _choice("sim_chain", ("double", "add", "off"), rules.chain, lang),
            "last_card_effects": _check("r_last_card", rules.last_card_effects, lang),
            "queen_finish_bonus": _check("r_queen_bonus", rules.queen_finish_bonus, lang),
            "flush_queens": _check("r_flush", rules.flush_queens, lang),
            "reset_at_101": _check("r_reset", rules.reset_at_101, lang),
            "match": _choice("r_match", ("first_over", "elimination"), rules.match, lang),
            "limit": w.BoundedIntText(
                value=rules.limit,
                min=1,
                max=1000,
                description=t("r_limit", lang),
                layout=w.Layout(width="180px"),
                **_WIDE,
            ),
        }
        self._points = dict(rules.points)  # R19: the number cards keep the values of the rules given
        self.points = {
            name: w.BoundedIntText(
                value=rules.points[rank],
                min=-100,
                max=100,
                description=rank_label(Card(rank, Suit.SPADES), lang),  # В Д К Т in Russian
                layout=w.Layout(width="90px"),
                style={"description_width": "1.4em"},
            )
            for name, rank in _COURT
        }
        c = self.controls
        points_row = w.HBox([w.Label(t("r_points", lang)), *self.points.values()])
        self.box = w.VBox(
            [
                w.HBox(
                    [self.players, self.deck, self.seed, self.human, self.delay],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([c["deal"], c["draw"], c["recycle"]], layout=w.Layout(flex_flow="row wrap")),
                w.HBox(
                    [c["six"], c["seven_draw"], c["seven_of_spades_draw"]],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([c["ace"], c["chain"], c["queen_wild"]], layout=w.Layout(flex_flow="row wrap")),
                w.HBox(
                    [c["last_card_effects"], c["queen_finish_bonus"], c["flush_queens"]],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([c["reset_at_101"], c["match"], c["limit"]], layout=w.Layout(flex_flow="row wrap")),
                points_row,
            ]
        )

    def _set_seats(self, players: int, human: int | None) -> None:
        options = [(tr("you_play_seat", self._lang, seat=s), s) for s in range(players)]
        options.append((tr("you_watch", self._lang), None))
        keep = human if human is None or human < players else 0
        self.human.options = options
        self.human.value = keep

    def rules(self) -> Rules101:
        """The rules the controls show (``Rules101`` refuses a wrong value with its own words)."""
        values = {name: control.value for name, control in self.controls.items()}
        values["seven_of_spades_draw"] = values["seven_of_spades_draw"] or None
        points = dict(self._points)
        for name, rank in _COURT:
            points[rank] = self.points[name].value
        return dataclasses.replace(Rules101(), **values, points=points)

    def show(self, rules: Rules101, players: int, deck: int, seed: int, human: int | None) -> None:
        """Set the controls to what a match was started with."""
        self.players.value, self.deck.value, self.seed.value = players, deck if deck in (36, 52) else 36, seed
        self._set_seats(players, human)
        for name, control in self.controls.items():
            value = getattr(rules, name)
            control.value = (value or 0) if name == "seven_of_spades_draw" else value
        for name, rank in _COURT:
            self.points[name].value = rules.points[rank]
