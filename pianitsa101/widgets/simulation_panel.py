"""``SimulationPanel``: many games at once, a histogram of their lengths, estimates with 95% intervals.

Pick a game (Пьяница, or rounds of 101 between random bots), players, deck, rule options and
a number of games; Run plays them with ``pianitsa101.simulate`` (imported only when Run is
pressed), showing progress and, the first time on a machine, that the compiled simulator is
being built. With "compare" a second rule set runs on the same settings, side by side. The
panel converts results to plain lists, so it needs no numpy itself (in the browser simulate
runs a pure-Python path). ``run()`` is the Run button's Python side.
"""

from __future__ import annotations

import html
import time

import ipywidgets as w

from pianitsa101.i18n import get_language
from pianitsa101.widgets.announcer import Announcer
from pianitsa101.widgets.estimates import as_list, estimates_html, game101_estimates, pianitsa_estimates
from pianitsa101.widgets.i18n import check_lang, tr
from pianitsa101.widgets.svgplot import histogram

__all__ = ["SimulationPanel"]

GAMES = ("pianitsa", "101")
_SIZES = (1_000, 10_000, 100_000, 1_000_000)


def _pianitsa_controls(lang: str) -> dict[str, w.Widget]:
    """One set of Пьяница rule controls (P5, P8-P11)."""
    wide = {"style": {"description_width": "initial"}}
    return {
        "low_beats_ace": w.Checkbox(value=True, description=tr("low_beats_ace", lang), indent=False),
        "dispute_face_down": w.BoundedIntText(
            value=0,
            min=0,
            max=5,
            description=tr("dispute_face_down", lang),
            layout=w.Layout(width="190px"),
            **wide,
        ),
        "gather": w.Dropdown(
            options=[(tr(f"gather_{g}", lang), g) for g in ("winner_first", "table", "random")],
            description=tr("gather", lang),
            **wide,
        ),
        "second_disputes": w.Checkbox(value=True, description=tr("second_disputes", lang), indent=False),
        "goal": w.Dropdown(
            options=[(tr(f"goal_{g}", lang), g) for g in ("shed", "collect")],
            description=tr("goal", lang),
            **wide,
        ),
    }


def _game101_controls(lang: str) -> dict[str, w.Widget]:
    """One set of 101 round rule controls (R7, R9, R10, R12, R14, R16)."""
    wide = {"style": {"description_width": "initial"}}

    def choice(key: str, values: tuple[str, ...]) -> w.Dropdown:
        return w.Dropdown(options=[(tr(f"opt_{v}", lang), v) for v in values], description=tr(key, lang),
                          **wide)

    return {
        "draw": choice("sim_draw", ("until_playable", "one")),
        "six": choice("sim_six", ("cover", "cover_any", "draw2_skip", "draw1_skip")),
        "seven_draw": w.Dropdown(options=[2, 4], description=tr("sim_seven_draw", lang), **wide),
        "ace": choice("sim_ace", ("skip_unless_ace", "skip")),
        "queen_wild": w.Checkbox(value=False, description=tr("sim_queen_wild", lang), indent=False),
        "chain": choice("sim_chain", ("double", "add", "off")),
    }


class SimulationPanel(w.VBox):
    """Run many games with chosen rules; see the spread of game lengths and estimates with intervals."""

    def __init__(
        self,
        game: str = "pianitsa",
        players: int = 2,
        games: int | None = None,
        seed: int = 0,
        compare: bool = False,
        lang: str | None = None,
        scale: float = 1.0,
    ) -> None:
        super().__init__()
        self.lang = check_lang(get_language() if lang is None else lang)  # None: pianitsa101.set_language
        self.scale = scale
        if game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}; got {game!r}")
        lang = self.lang
        wide = {"style": {"description_width": "initial"}}
        self.game_control = w.ToggleButtons(
            options=[("Пьяница", "pianitsa"), ("101", "101")],
            value=game,
            description=tr("sim_game", lang),
            **wide,
        )
        self.players_control = w.BoundedIntText(
            value=players,
            min=2,
            max=8,
            description=tr("players", lang),
            layout=w.Layout(width="150px"),
            **wide,
        )
        self.deck_control = w.Dropdown(description=tr("deck", lang), **wide)
        if games is None:  # a sample that takes a few seconds on the engine that runs here
            from pianitsa101.simulate._engine import choose_engine

            games = 10_000 if choose_engine(None) == "compiled" else 1_000
        sizes = sorted({*_SIZES, games})
        self.games_control = w.Dropdown(
            options=[(f"{n:,}", n) for n in sizes], value=games, description=tr("sim_games", lang), **wide
        )
        self.seed_control = w.IntText(
            value=seed, description=tr("seed", lang), layout=w.Layout(width="170px"), **wide
        )
        self.compare_control = w.Checkbox(value=compare, description=tr("sim_compare", lang), indent=False)
        self.run_button = w.Button(description=tr("sim_run", lang), button_style="primary", icon="play")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="260px"))
        self.progress_text = w.HTML(tr("sim_press_run", lang))
        self.rules_boxes = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.chart = w.HTML()
        self.voice = Announcer()  # reads the end of a run (or what went wrong) out to a screen reader
        self.table = w.HTML()
        self.rule_controls: list[dict[str, w.Widget]] = []
        self.results: list = []
        """The simulation results of the last run (rule set A, then B)."""
        self.run_button.on_click(lambda _: self.run())
        self.game_control.observe(lambda _: self._game_changed(), names="value")
        self.compare_control.observe(lambda _: self._show_rule_boxes(), names="value")
        self._game_changed()
        self.children = [
            w.HTML(f'<b style="font-size:{16 * scale:g}px">{html.escape(tr("sim_title", lang))}</b>'),
            self.game_control,
            w.HBox(
                [self.players_control, self.deck_control, self.games_control, self.seed_control],
                layout=w.Layout(flex_flow="row wrap"),
            ),
            self.compare_control,
            self.rules_boxes,
            w.HBox(
                [self.run_button, self.progress, self.progress_text], layout=w.Layout(align_items="center")
            ),
            w.HBox([self.chart, self.table], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.voice,
        ]
        self.add_class("p101-simulation-panel")
        self.add_class("p101-table")
        from pianitsa101.classroom.panel import add_send_button  # "Send to the class", once a class is joined

        add_send_button(self)

    # ----- controls -------------------------------------------------------------------------------
    def _game_changed(self) -> None:
        pianitsa = self.game_control.value == "pianitsa"
        self.players_control.max = 8 if pianitsa else 6
        decks = ([(tr("deck_default", self.lang), "rules")] if pianitsa else []) + [
            (tr("deck_n", self.lang, n=n), n) for n in ((32, 36, 52) if pianitsa else (36, 52))
        ]
        self.deck_control.options = decks
        self.deck_control.value = "rules" if pianitsa else 36
        make = _pianitsa_controls if pianitsa else _game101_controls
        self.rule_controls = [make(self.lang), make(self.lang)]
        self._show_rule_boxes()

    def _show_rule_boxes(self) -> None:
        count = 2 if self.compare_control.value else 1
        boxes = []
        for i, controls in enumerate(self.rule_controls[:count]):
            title = tr("sim_rules_a" if i == 0 else "sim_rules_b", self.lang)
            boxes.append(
                w.VBox(
                    [w.HTML(f"<b>{html.escape(title)}</b>"), *controls.values()],
                    layout=w.Layout(border="1px solid var(--p101-panel_border)", padding="4px 8px",
                                    margin="0 8px 4px 0"),
                )
            )
        self.rules_boxes.children = boxes

    def _rules(self, i: int):
        values = {name: control.value for name, control in self.rule_controls[i].items()}
        if self.game_control.value == "pianitsa":
            from pianitsa101.pianitsa import PianitsaRules

            return PianitsaRules(**values)
        from pianitsa101.game101 import Rules101

        return Rules101(**values)

    # ----- running ----------------------------------------------------------------------------------
    def _on_progress(self, label: str):
        """A progress callable for simulate (interface I2): done, total, and a message (first compile)."""

        def progress(done: int, total: int, message: str = "") -> None:
            self.progress.max = max(int(total), 1)
            self.progress.value = min(int(done), self.progress.max)
            if message:
                text = tr("sim_compiling", self.lang) if "compil" in message.lower() else message
            else:
                text = tr("sim_running", self.lang, label=label, done=f"{done:,}", total=f"{total:,}")
            self.progress_text.value = html.escape(text)

        return progress

    def _simulate(self, rules, label: str):
        """One run of the chosen game with these rules; simulate is imported only now."""
        games, players = self.games_control.value, self.players_control.value
        seed, deck = self.seed_control.value, self.deck_control.value
        deck = None if deck == "rules" else deck  # P1: the default deck for the players
        if self.game_control.value == "pianitsa":
            from pianitsa101.simulate import simulate_pianitsa

            return simulate_pianitsa(
                games=games,
                players=players,
                deck=deck,
                rules=rules,
                seed=seed,
                progress=self._on_progress(label),
            )
        from pianitsa101.simulate import simulate_101

        return simulate_101(
            games, players=players, deck=deck, rules=rules, seed=seed, progress=self._on_progress(label)
        )

    def __repr__(self) -> str:
        """A short text for where the widget cannot be drawn (a notebook viewed before it runs)."""
        game = self.game_control.value if self.lang == "en" else self.game_control.label  # ru: Пьяница
        return tr("repr_simulation", self.lang, game=game)

    def run(self) -> bool:
        """Play the games (rule set A, and B when comparing) and show the histogram and the estimates."""
        names = [tr("sim_rules_a", self.lang)] + (
            [tr("sim_rules_b", self.lang)] if self.compare_control.value else []
        )
        self.run_button.disabled = True
        start = time.perf_counter()
        try:
            rules = [self._rules(i) for i in range(len(names))]
            self.results = [self._simulate(r, name) for r, name in zip(rules, names, strict=True)]
        except (ValueError, TypeError) as error:
            self.progress_text.value = (
                f'<span style="color:var(--p101-bad);font-weight:bold">'
                f"{html.escape(tr('sim_error', self.lang, error=error))}</span>"
            )
            self.voice.say(tr("sim_error", self.lang, error=error))
            return False
        finally:
            self.run_button.disabled = False
        self._show(names, time.perf_counter() - start)
        return True

    def _show(self, names: list[str], seconds: float) -> None:
        lang = self.lang
        pianitsa = self.game_control.value == "pianitsa"
        lengths, columns = [], []
        for name, res in zip(names, self.results, strict=True):
            if pianitsa:
                length = as_list(res.tricks)
                rows = pianitsa_estimates(
                    length, as_list(res.disputes), as_list(res.outcome), as_list(res.loser), lang
                )
            else:
                length = as_list(res.decisions)
                points0 = [row[0] for row in as_list(res.points)]
                rows = game101_estimates(length, as_list(res.winner), as_list(res.outcome), points0, lang)
            lengths.append(length)
            columns.append((name, rows))
        xlabel = tr("sim_hist_x_tricks" if pianitsa else "sim_hist_x_moves", lang)
        self.chart.value = histogram(
            lengths, names, bins=40, width=520, height=260, title=tr("sim_hist", lang), xlabel=xlabel,
            ylabel="%", scale=self.scale)
        self.table.value = estimates_html(columns, lang, self.scale)
        total = sum(len(x) for x in lengths)
        self.progress.value = self.progress.max
        count = tr("n_games" if pianitsa else "n_rounds", lang, n=total).replace(str(total), f"{total:,}")
        done = tr("sim_done", lang, games=count, seconds=seconds)
        if getattr(self.results[0], "engine", "compiled") == "python":  # in the browser: say why it is slower
            done += " · " + tr("sim_pure", lang)
        self.progress_text.value = html.escape(done)
        self.voice.say(done)
