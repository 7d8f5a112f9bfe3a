"""``TournamentBoard``: a class tournament's result shown in class, a leaderboard beside a chart of win rates.

It shows what ``make tournament`` wrote (``tournament.json``, or the folder that holds it, or
the :class:`~pianitsa101.checks.tournament_report.ClassTournament` itself): the first
``rows`` places with their win rates, 95% intervals, matches and wins; the same places as bars
with their intervals (students blue, bots orange: the Okabe-Ito colours, safe for colour-blind
eyes); whether the top places are told apart; and who was out, and why. ``size="projector"``
makes everything large enough for the back of a classroom; ``lang="ru"`` speaks Russian.

>>> from pianitsa101.checks.tournament_report import ClassTournament, Line
>>> lines = (Line("alice", "student", 64, 44, 0, 44 / 64, 0.56, 0.78, 1.0, ""),
...          Line("RandomAgent (bot)", "bot", 64, 20, 0, 20 / 64, 0.21, 0.43, 1.0, ""))
>>> result = ClassTournament(lines, (), 7, 4, 64, 2, 2, ("RandomAgent",), 1.0, 3.0)
>>> board = TournamentBoard(result, lang="ru")
>>> "Турнир класса" in board.html() and "68,8" in board.html() and "бот" in board.html()
True
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from pianitsa101.cardart import pixel_size
from pianitsa101.checks.tournament_report import ClassTournament, Line
from pianitsa101.i18n import NBSP, get_language, russian_number
from pianitsa101.widgets.announcer import Announcer
from pianitsa101.widgets.i18n import check_lang, tr

__all__ = ["TournamentBoard", "bar_svg"]

FONT = "font-family:'DejaVu Sans','Liberation Sans',Arial,Helvetica,sans-serif"
COLORS = {"student": "#0072B2", "bot": "#E69F00"}  # Okabe-Ito blue and orange
_CELL = "padding:2px 10px;border-bottom:1px solid var(--p101-panel_border);white-space:nowrap"


def _name(line: Line, lang: str) -> str:
    """The entry's name, a bot marked in the board's language."""
    name = line.name.removesuffix(" (bot)")
    return f"{name} ({tr('tb_bot', lang)})" if line.kind == "bot" else name


def _pct(x: float, lang: str = "en", spec: str = ".1%") -> str:
    """A share as a percentage: '41.3%', in Russian '41,3 %' (a no-break space before the sign)."""
    text = format(x, spec)
    return russian_number(text[:-1]) + NBSP + "%" if lang == "ru" else text  # Babel writes the number


def _swatch(fill: str) -> str:
    """A legend's colour square, outlined so that it stands out on a light or a dark page."""
    return ('<span aria-hidden="true" style="display:inline-block;width:0.8em;height:0.8em;'
            f'background:{fill};border:1px solid var(--p101-text);border-radius:2px;'
            'vertical-align:-1px"></span>')


def bar_svg(line: Line, width: float = 200, height: float = 18) -> str:
    """One entry's win rate as a bar from 0 to 100%, its 95% interval as a line with ends, 50% dashed."""
    def sx(x: float) -> float:
        return 2 + (width - 4) * x

    mid, color = height / 2, COLORS[line.kind]
    parts = [f'<rect x="0" y="0" width="{width:g}" height="{height:g}" style="fill:var(--p101-panel)"/>',
             f'<rect class="bar" x="{sx(0):.1f}" y="{height * 0.15:.1f}" '
             f'width="{sx(line.win_rate) - sx(0):.1f}" height="{height * 0.7:.1f}" fill="{color}"/>']
    if line.low is not None and line.high is not None:
        x0, x1 = sx(line.low), sx(line.high)
        parts.append(f'<path d="M{x0:.1f} {mid:g}H{x1:.1f}M{x0:.1f} {height * 0.12:.1f}V{height * 0.88:.1f}'
                     f'M{x1:.1f} {height * 0.12:.1f}V{height * 0.88:.1f}" style="stroke:var(--p101-text)" '
                     'stroke-width="1.6"/>')
    parts.append(f'<line x1="{sx(0.5):.1f}" x2="{sx(0.5):.1f}" y1="0" y2="{height:g}" '
                 'style="stroke:var(--p101-axis)" '
                 'stroke-width="1.2" stroke-dasharray="3 2"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" style="vertical-align:middle">{"".join(parts)}</svg>')


def _axis(width: float, size: float, lang: str = "en") -> str:
    """0%, 50% and 100% over the bar column."""
    return (f'<div style="position:relative;width:{width:g}px;height:{size * 1.3:g}px;font-weight:normal;'
            f'color:var(--p101-muted);font-size:{size:g}px">'
            + "".join(f'<span style="position:absolute;left:{2 + (width - 4) * x:.0f}px;'
                      f'transform:translateX({shift}%)">{_pct(x, lang, ".0%")}</span>'
                      for x, shift in ((0, 0), (0.5, -50), (1, -100)))
            + "</div>")


class TournamentBoard(w.VBox):
    """A class tournament's leaderboard and chart, for showing in class (see the module text)."""

    def __init__(self, result: ClassTournament | str | Path, rows: int | None = None, lang: str | None = None,
                 size: int | str = "small") -> None:
        super().__init__()
        if isinstance(result, (str, Path)):
            result = ClassTournament.load(result)
        if not isinstance(result, ClassTournament):
            raise TypeError(f"result must be a ClassTournament or the path of a tournament.json, "
                            f"got {result!r}")
        self._scale = min(1.6, max(1.0, pixel_size(size) / 46))  # the projector: 1.6 times the size
        rows = (8 if self._scale > 1.2 else 10) if rows is None else rows
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
            raise ValueError(f"rows must be a whole number of at least 1 (or None), got {rows!r}")
        lang = get_language() if lang is None else lang  # None: the language set (pianitsa101.set_language)
        self.result, self.rows, self.lang, self.size = result, rows, check_lang(lang), size
        self.heading, self.table, self.notes = w.HTML(), w.HTML(), w.HTML()
        self.heading.value, self.table.value, self.notes.value = self._parts()
        self.voice = Announcer()  # brings the tables' colours (palette.py) into the page
        self.children = [self.heading, self.table, self.notes, self.voice]
        self.add_class("p101-tournament-board")
        self.add_class("p101-table")

    def _parts(self) -> tuple[str, str, str]:
        r, lang, s = self.result, self.lang, self._scale
        playing = [line for line in r.lines if not line.forfeits]
        shown = playing[: self.rows]
        compact = s > 1.2  # a projector: the matches and wins go (every entry played the same matches)
        schedule = tr("tb_schedule", lang, entries=r.playing, deals=r.deals, matches=r.played_per_entry,
                      seed=r.seed)
        heading = (f'<div style="{FONT};line-height:1.25">'
                   f'<div style="font-size:{20 * s:g}px;font-weight:bold">{html.escape(tr("tb_title", lang))}'
                   "</div>"
                   f'<div style="font-size:{11.5 * s:g}px;color:var(--p101-muted);'
                   f'max-width:{900 * min(s, 1.1):g}px">'
                   f"{html.escape(schedule)}</div></div>")
        font, bar_w = 13 * s, (110 if compact else 190) * s
        cell = _CELL.replace("10px", "6px") if compact else _CELL  # a projector: every pixel of width counts
        keys = ["tb_place", "tb_entry", "tb_chart", "tb_win_rate", "tb_interval"]
        if not compact:
            keys += ["tb_matches", "tb_wins"]
        head = []
        for k in keys:
            label = html.escape(tr(k, lang)) if k != "tb_chart" else _axis(bar_w, font * 0.75, lang)
            align = "left" if k in ("tb_entry", "tb_chart") else "right"
            head.append(f'<th style="{cell};text-align:{align};vertical-align:bottom">{label}</th>')
        body = []
        for place, line in enumerate(shown, 1):
            name = _name(line, lang)
            if compact and len(name) > 20:
                name = name[:19] + "…"
            low = "" if line.low is None else _pct(line.low, lang, ".1%").removesuffix("%").rstrip("\u00a0")
            interval = "" if line.low is None else (f"{low}–{_pct(line.high, lang)}" if compact
                                                    else f"{_pct(line.low, lang)} – {_pct(line.high, lang)}")
            cells = [str(place), html.escape(name), bar_svg(line, bar_w, round(font * 1.2)),
                     f"<b>{_pct(line.win_rate, lang)}</b>", interval]
            if not compact:
                cells += [str(line.matches), str(line.wins)]
            body.append("<tr>" + "".join(
                f'<td style="{cell};text-align:{"left" if i in (1, 2) else "right"}">{c}</td>'
                for i, c in enumerate(cells)) + "</tr>")
        more = ""
        if len(playing) > len(shown):
            rest = tr("tb_more", lang, n=len(playing) - len(shown), place=len(shown))
            more = (f'<div style="color:var(--p101-muted);padding-top:4px;font-size:{font * 0.85:g}px">'
                    f"{html.escape(rest)}</div>")
        legend = (f'{_swatch(COLORS["student"])} {html.escape(tr("tb_student", lang))} · '
                  f'{_swatch(COLORS["bot"])} {html.escape(tr("tb_bot", lang))} · '
                  f'{html.escape(tr("tb_chart", lang))}')
        table = (f'<div style="{FONT};font-size:{font:g}px">'
                 f'<table style="border-collapse:collapse;font-size:{font:g}px">'
                 f"<tr>{''.join(head)}</tr>{''.join(body)}</table>"
                 f'<div style="color:var(--p101-muted);font-size:{font * 0.8:g}px;'
                 f'padding-top:3px">{legend}</div>'
                 f"{more}</div>")
        notes = []
        for sep in r.separations:
            values = {"first": sep.first.removesuffix(" (bot)"), "second": sep.second.removesuffix(" (bot)"),
                      "diff": _pct(sep.value, lang, "+.1%"), "low": _pct(sep.low, lang, "+.1%"),
                      "high": _pct(sep.high, lang, "+.1%")}
            if sep.told_apart:
                notes.append(tr("tb_apart", lang, **values))
            elif sep.playoff is None:
                notes.append(tr("tb_level", lang, **values))
            else:
                playoff = f"{sep.playoff:,}".replace(",", "\u202f" if lang == "ru" else ",")  # ru: 40 687
                notes.append(tr("tb_not_apart", lang, playoff=playoff, **values))
        out = [line for line in r.lines if line.forfeits]
        items = "".join(f"<li><b>{html.escape(line.name)}</b>: "
                        f"{html.escape(line.note.removeprefix('forfeited: '))}</li>" for line in out)
        notes_html = "".join(f"<div>{html.escape(n)}</div>" for n in notes)
        if out and compact:  # on a projector the names only; the reasons are for the teacher's screen
            names = ", ".join(line.name for line in out)
            gone = tr("tb_out_names", lang, names=names)
            notes_html += f'<div style="margin-top:6px">{html.escape(gone)}</div>'
        elif out:
            notes_html += (f'<div style="margin-top:6px">{html.escape(tr("tb_out", lang))}</div>'
                           f'<ul style="margin:2px 0;color:var(--p101-muted);font-size:0.85em">{items}</ul>')
        notes_box = (f'<div style="{FONT};font-size:{12 * s:g}px;max-width:{960 * min(s, 1.05):g}px;'
                     f'margin-top:6px">{notes_html}</div>')
        return heading, table, notes_box

    def html(self) -> str:
        """The whole board as one HTML fragment (for a page or a screenshot)."""
        heading, table, notes = self._parts()
        return (f'<div style="background:var(--p101-page);padding:8px">{heading}'
                f'<div style="margin:8px 0">{table}</div>{notes}</div>')
