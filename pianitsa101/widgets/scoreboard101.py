"""The 101 scoreboard, as pure functions: points per round, totals as bars toward the limit, and
how the last round was scored (R19-R23, R26).

Everything comes from the match's records (``Match101.result.records``, in match seats) and
their ``score_sheet()``: each card left in a hand with its points (R19), the queen finish
bonus (R20, R21), the reset at exactly the limit (R22) and who went over it (R23).

>>> from pianitsa101.game101 import Match101
>>> from pianitsa101.widgets.table101_view import Scene
>>> match = Match101(players=3, seed=1)
>>> _ = match.play_round()
>>> scene = Scene.of(match, you=None)
>>> "+47" in scoreboard_html(scene, "en") and "How round 1 was scored" in how_scored_html(scene, "en")
True
"""

from __future__ import annotations

import html

from pianitsa101.cardart import pixel_size
from pianitsa101.game101 import PlayedRound, RoundScore
from pianitsa101.widgets.i18n import tr
from pianitsa101.widgets.palette import color
from pianitsa101.widgets.pianitsa_view import card_text, rule_tag
from pianitsa101.widgets.svgplot import bar_chart
from pianitsa101.widgets.table101_view import FONT, Scene, _card, _name
from pianitsa101.widgets.text101 import who

__all__ = ["how_scored_html", "scoreboard_html", "totals_svg"]

_CELL = ("padding:3px 10px;text-align:right;border-bottom:1px solid var(--p101-panel_border);"
         "white-space:nowrap")
_GREEN, _RED = color("good"), color("bad")


def _short(seat: int, scene: Scene, lang: str) -> str:
    return tr("who_You", lang) if seat == scene.you else tr("Seat", lang, seat=seat)


def _cell(record: PlayedRound, seat: int, scene: Scene, lang: str) -> str:
    """One seat's points and new total for a round, with R22's reset and R23's exit marked."""
    points = record.points[seat]
    if points is None:  # not dealt in: this player had left (R23)
        return f'<td style="{_CELL};color:var(--p101-muted)">—</td>'
    total = record.totals[seat]
    reached = f"{scene.rules.limit} → " if seat in record.reset else ""  # R22: the limit exactly, then 0
    marks = []
    if seat in record.reset:
        marks.append(
            f'<span style="color:{_GREEN};font-weight:bold">'
            f"{html.escape(tr('sb_reset', lang, limit=scene.rules.limit))}</span>"
        )
    if seat in record.out:
        word = "sb_out" if scene.rules.match == "elimination" else "sb_lost"
        marks.append(f'<span style="color:{_RED};font-weight:bold">{html.escape(tr(word, lang))}</span>')
    won = record.winner == seat
    shown = f"{points:+d}"
    note = "<br>" + " ".join(marks) if marks else ""
    weight = "font-weight:bold;" if won else ""
    return (
        f'<td style="{_CELL};{weight}"><span style="color:var(--p101-muted)">{shown}</span> → '
        f"{reached}<b>{total}</b>{' ★' if won else ''}{note}</td>"
    )


def scoreboard_html(scene: Scene, lang: str, scale: float = 1.0) -> str:
    """Points per round and the running totals, one column per seat (R19-R23, R26)."""
    seats = range(scene.players)
    head = "".join(f'<th style="{_CELL}">{html.escape(_short(s, scene, lang))}</th>' for s in seats)
    rows = []
    for record in scene.records:
        label = str(record.number)
        if record.abandoned:
            label += f' <span style="color:var(--p101-warn)">{html.escape(tr("sb_abandoned", lang))}</span>'
        cells = "".join(_cell(record, s, scene, lang) for s in seats)
        rows.append(f'<tr><td style="{_CELL};text-align:left">{label}</td>{cells}</tr>')
    if not rows:
        rows.append(
            f'<tr><td colspan="{scene.players + 1}" style="{_CELL};text-align:left;color:var(--p101-muted)">'
            f"{html.escape(tr('sb_no_rounds', lang))}</td></tr>"
        )
    title = html.escape(tr("scoreboard", lang))
    rules = "".join(rule_tag(r, lang) for r in ("R19", "R22", "R23"))
    return (
        f'<div class="p101-scoreboard" style="{FONT};font-size:{13 * scale:g}px;color:var(--p101-text);'
        f"background:var(--p101-panel);border:1px solid var(--p101-panel_border);border-radius:10px;"
        "padding:6px 10px;"
        f'display:inline-block;vertical-align:top">'
        f'<div style="font-weight:bold;margin-bottom:2px">{title} {rules}</div>'
        f'<div style="max-height:16em;overflow-y:auto">'
        f'<table style="border-collapse:collapse"><tr><th style="{_CELL};text-align:left">'
        f"{html.escape(tr('sb_round', lang))}</th>{head}</tr>{''.join(rows)}</table></div></div>"
    )


def totals_svg(scene: Scene, lang: str, scale: float = 1.0) -> str:
    """The totals as bars toward the limit (R23), players who have left drawn pale."""
    names = [_short(s, scene, lang) for s in range(scene.players)]
    out_word = "sb_out" if scene.rules.match == "elimination" else "sb_lost"
    notes = [tr(out_word, lang) if s in scene.losers else "" for s in range(scene.players)]
    faded = [s not in scene.active for s in range(scene.players)]
    return bar_chart(
        list(scene.totals),
        names,
        limit=scene.rules.limit,
        title=tr("sb_totals", lang),
        limit_label=tr("sb_limit", lang, limit=scene.rules.limit),
        notes=notes,
        faded=faded,
        width=400,
        scale=scale,
    )


def _score_row(score: RoundScore, scene: Scene, lang: str, px: int) -> str:
    """One seat of the score sheet: each card left and its points, or the last card and the bonus."""
    name = html.escape(_name(score.seat, scene, lang))
    tile = "display:inline-block;text-align:center;margin-right:4px;line-height:1.2"
    if score.finished_with:
        cards = "".join(
            f'<span style="{tile}">{_card(c, px, "winner", lang)}</span>' for c in score.finished_with
        )
        words = tr("hs_out_with", lang, cards=" ".join(card_text(c, lang) for c in score.finished_with))
        bonus = ""
        if score.bonus:
            text = html.escape(tr("hs_bonus", lang, bonus="{bonus}")).replace(
                "{bonus}", f'<b style="color:{_GREEN}">{score.bonus:+d}</b>'
            )
            bonus = f"; {text}{rule_tag('R21', lang) if len(score.finished_with) > 1 else ''}"
        total = html.escape(tr("hs_sum", lang, points=f"{score.points:+d}"))
        detail = (
            f'{cards}<span style="margin-left:6px">{html.escape(words)}{bonus} '
            f'<b style="font-size:1.1em">{total}</b></span>'
        )
    elif score.cards:
        cells = "".join(
            f'<span style="{tile}">{_card(c, px, "normal", lang)}<br><b>{p}</b></span>'
            for c, p in score.cards
        )
        detail = (
            f'{cells}<span style="margin-left:6px;font-size:1.1em">'
            f"<b>{html.escape(tr('hs_sum', lang, points=f'{score.points:+d}'))}</b></span>"
        )
    else:
        detail = html.escape(tr("hs_nothing", lang))
    return (
        f'<tr><td style="padding:4px 10px 4px 0;vertical-align:middle;white-space:nowrap">'
        f'<b>{name}</b></td><td style="padding:4px 0;vertical-align:middle">{detail}</td></tr>'
    )


def how_scored_html(scene: Scene, lang: str, size: int | str = "small", scale: float = 1.0) -> str:
    """How the last round was scored: each card left with its points (R19), the queen bonus (R20, R21)."""
    if not scene.records:
        return ""
    record = scene.records[-1]
    px = max(26, round(pixel_size(size) * 0.72))
    title = html.escape(tr("how_scored", lang, n=record.number))
    if record.abandoned:
        body = f"<div>{html.escape(tr('hs_abandoned', lang))}{rule_tag('R26', lang)}</div>"
    else:
        rows = "".join(_score_row(s, scene, lang, px) for s in record.score_sheet())
        body = f'<table style="border-collapse:collapse">{rows}</table>'
    winner = record.winner
    won = (
        f" · {html.escape(tr('ev_won', lang, who=who(winner, scene.you, lang)))}"
        if winner is not None
        else ""
    )
    if winner is not None and winner == scene.you:
        won = f" · {html.escape(tr('ev_won_you', lang))}"
    return (
        f'<div class="p101-how-scored" style="{FONT};font-size:{13 * scale:g}px;color:var(--p101-text);'
        f'background:var(--p101-panel);border:1px solid var(--p101-panel_border);border-radius:10px;'
        'padding:6px 10px">'
        f'<div style="font-weight:bold;margin-bottom:4px;line-height:1.3">{title}{won}</div>{body}</div>'
    )
