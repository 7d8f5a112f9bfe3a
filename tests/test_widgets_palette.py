"""The tables' palette: every text colour readable (WCAG 2.1 AA, 4.5:1) on every panel, in both themes."""

from __future__ import annotations

import re

import pytest

from pianitsa101.widgets import PianitsaTable, SimulationPanel, Table101
from pianitsa101.widgets.announcer import Announcer
from pianitsa101.widgets.palette import COLORS, color, contrast, palette_css

TEXTS = ("text", "muted", "accent", "good", "bad", "warn")
PANELS = ("page", "panel", "log", "centre", "chain")


@pytest.mark.parametrize("theme", [1, 2], ids=["light", "dark"])
@pytest.mark.parametrize("text", TEXTS)
def test_every_text_colour_reads_on_every_panel(text, theme):
    for panel in PANELS:
        ratio = contrast(COLORS[text][theme], COLORS[panel][theme])
        assert ratio >= 4.5, f"{text} on {panel}: {ratio:.2f}:1"


@pytest.mark.parametrize("theme", [1, 2], ids=["light", "dark"])
def test_rule_tags_read_on_their_own_background(theme):
    assert contrast(COLORS["rule_text"][theme], COLORS["rule_bg"][theme]) >= 4.5


def test_the_contrast_formula_on_known_pairs():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the classic just-too-light grey


def test_the_style_sheet_defines_every_colour_light_and_dark():
    css = palette_css()
    light, dark = css.split("}", 1)
    for name, (jp, light_value, dark_value) in COLORS.items():
        assert f"--p101-{name}: " in light and light_value in light
        assert f"--p101-{name}: " in dark and dark_value in dark
        if jp:
            assert f"var({jp}, {light_value})" in light
    assert 'body[data-jp-theme-light="false"]' in dark and "vscode-dark" in dark


def test_an_unknown_colour_is_refused():
    with pytest.raises(ValueError, match="no colour 'pink'"):
        color("pink")


def _colours_written(html: str) -> set[str]:
    """The '#rrggbb' colours in ``html`` outside its SVG pictures (nested ones too)."""
    innermost = re.compile(r"<svg\b(?:(?!<svg\b).)*?</svg>", re.S)
    while innermost.search(html):
        html = innermost.sub("", html)
    return set(re.findall(r"#[0-9a-fA-F]{3,6}\b", html))


def test_the_tables_write_no_colour_of_their_own_outside_the_cards():
    """Outside the card art (white faces, red and black suits), every colour comes from the palette."""
    pianitsa = PianitsaTable(seed=1)
    pianitsa.next_trick()
    table = Table101(players=3, seed=3, delay=0)
    table.hint()
    texts = [pianitsa.header.value, pianitsa.trick_view.value, pianitsa.status.value, pianitsa.log_area.value,
             table.seats_view.value, table.centre.value, table.status.value, table.hint_view.value,
             table.scoreboard.value, table.log_area.value]
    found = set().union(*(_colours_written(t) for t in texts))
    assert found == set(), found


def test_every_table_holds_a_live_region():
    for table in (PianitsaTable(seed=1), Table101(players=2, seed=1, delay=0), SimulationPanel(games=10)):
        voices = [c for c in table.children if isinstance(c, Announcer)]
        assert len(voices) == 1, type(table).__name__


def test_the_101_table_reads_the_bots_moves_and_your_turn():
    table = Table101(players=3, seed=3, delay=0)
    table.play(table.legal_moves[0])
    said = table.voice.text
    assert "Seat 1" in said and said.endswith("Your move."), said


def test_the_pianitsa_table_reads_each_trick():
    table = PianitsaTable(seed=1)
    table.next_trick()
    assert table.voice.text.startswith("trick 1:"), table.voice.text


def test_saying_the_same_words_again_is_a_change():
    voice = Announcer()
    voice.say("Your move.")
    first = voice.text
    voice.say("Your move.")
    assert voice.text != first and voice.text.strip() == "Your move."
