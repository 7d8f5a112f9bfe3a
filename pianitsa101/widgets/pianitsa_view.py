"""What the Пьяница table shows, as pure functions from the game's records to HTML and SVG text.

``Moment`` is the game as seen after ``shown`` tricks (the back-slider can show any earlier
trick): stack sizes, who has left, the trick just played, and the end when it is the end.
Every other function turns a ``Moment`` (or a trick record) into a picture or a sentence,
so they are tested without a kernel. Only the engine's public names are used.

>>> from pianitsa101.pianitsa import PianitsaGame
>>> game = PianitsaGame.from_stacks(["K♠ 9♠", "K♥ 10♥"])
>>> trick = game.play_trick()
>>> moment = Moment.of(game, shown=1, start=(2, 2))
>>> moment.sizes, moment.trick.taker
((0, 4), 1)
>>> log_line(moment.trick, "en")
'trick 1: seat 1 takes the trick: 4 cards (1 dispute round); seat 0 has no cards left and leaves the game'
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from pianitsa101.cardart import fan_svg, rank_label, stack_svg
from pianitsa101.cards import Card
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules, PianitsaTrick
from pianitsa101.widgets.cardrow import card_item
from pianitsa101.widgets.i18n import join_words, ordinal, rule_text, tr
from pianitsa101.widgets.svgplot import line_chart

__all__ = [
    "Moment",
    "card_text",
    "end_text",
    "log_line",
    "rule_tag",
    "seat_items",
    "stacks_plot",
    "trick_html",
]

ACE = 14
_FONT = "font-family:'DejaVu Sans','Liberation Sans',Arial,Helvetica,sans-serif"


@dataclass(frozen=True)
class Moment:
    """The game after ``shown`` of its ``played`` tricks, with everything the table draws."""

    players: int
    rules: PianitsaRules
    low_rank: int
    """P5: the lowest rank in play (it beats the ace)."""
    shown: int
    played: int
    sizes: tuple[int, ...]
    """Stack sizes after ``shown`` tricks."""
    trick: PianitsaTrick | None
    """The trick number ``shown`` (None at the deal)."""
    left: tuple[tuple[int, ...], ...]
    """Seats that left, trick by trick, up to ``shown`` (P11)."""
    size_history: tuple[tuple[int, ...], ...]
    """Stack sizes at the deal and after each trick played."""
    outcome: str | None
    """The game's outcome when ``shown`` is its last trick, else None."""
    places: tuple[tuple[int, ...], ...] = ()
    cycle_start: int | None = None
    table: tuple[Card, ...] = ()
    """Cards left on the table by a P12 draw."""

    @classmethod
    def of(cls, game: PianitsaGame, shown: int, start: tuple[int, ...]) -> Moment:
        """The moment after ``shown`` tricks of ``game`` (``start``: the stack sizes at the deal)."""
        history = game.history
        played = len(history)
        shown = min(max(shown, 0), played)
        at_end = shown == played and game.over
        result = game.result() if at_end else None
        return cls(
            players=game.players,
            rules=game.rules,
            low_rank=game.low_rank,
            shown=shown,
            played=played,
            sizes=history[shown - 1].sizes if shown else tuple(start),
            trick=history[shown - 1] if shown else None,
            left=tuple(t.left for t in history[:shown] if t.left),
            size_history=(tuple(start), *(t.sizes for t in history)),
            outcome=game.outcome if at_end else None,
            places=tuple(result.places) if result else (),
            cycle_start=result.cycle_start if result else None,
            table=tuple(game.table) if at_end and game.outcome == "draw" else (),
        )

    @property
    def over(self) -> bool:
        """True when the moment shown is the end of the game."""
        return self.outcome is not None


# ----- small pieces ------------------------------------------------------------------------------


def card_text(card: Card, lang: str) -> str:
    """A card in a sentence: 'K♠' (Russian letters with lang='ru': 'К♠')."""
    return rank_label(card, lang) + card.suit.symbol


def _seat(seat: int, lang: str) -> str:
    return tr("seat", lang, seat=seat)


def _seats(seats: tuple[int, ...] | list[int], lang: str) -> str:
    if len(seats) == 1:
        return _seat(seats[0], lang)
    return tr("seats", lang, seats=join_words([str(s) for s in seats], lang))


def rule_tag(rule: str, lang: str) -> str:
    """A small rule-id label ('P8') whose hover text is the rule in one line."""
    return (
        f'<span class="p101-rule" title="{html.escape(rule + ": " + rule_text(rule, lang))}" '
        "style=\"display:inline-block;font:bold 0.78em/1.5 'DejaVu Sans Mono',monospace;"
        "color:var(--p101-rule_text);"
        "background:var(--p101-rule_bg);border:1px solid var(--p101-rule_border);border-radius:8px;"
        "padding:0 5px;margin:0 2px;"
        f'cursor:help;vertical-align:1px">{rule}</span>'
    )


def _sentence(text: str, *rules: str, lang: str) -> str:
    return html.escape(text) + "".join(rule_tag(r, lang) for r in rules)


# ----- the seats --------------------------------------------------------------------------------


def seat_status(moment: Moment, seat: int, lang: str) -> str:
    """'in the game', 'out: place 1', 'the drunkard', ... for one seat at this moment."""
    if moment.over and moment.outcome == "finished":
        place = next(i for i, group in enumerate(moment.places) if seat in group)
        last = place == len(moment.places) - 1
        if moment.rules.goal == "shed":
            return tr("the_drunkard", lang) if last else tr("out_place", lang, place=place + 1)
        return tr("the_winner", lang) if place == 0 else tr("place_n", lang, place=place + 1)
    for place, group in enumerate(moment.left):
        if seat in group:
            if moment.rules.goal == "shed":
                return tr("out_place", lang, place=place + 1)
            return tr("eliminated", lang)
    return tr("in_game", lang)


def seat_items(moment: Moment, lang: str, size: int | str, clickable: bool) -> list[dict]:
    """The seats' face-down stacks with their counts, for the card row; a click turns the next trick."""
    taker = moment.trick.taker if moment.trick is not None else None
    items = []
    for seat, count in enumerate(moment.sizes):
        playing = count > 0 and not any(seat in g for g in moment.left)
        state = "winner" if seat == taker and count else "normal"
        title = tr("stack_title", lang, seat=tr("Seat", lang, seat=seat), cards=tr("n_cards", lang, n=count))
        items.append(
            card_item(
                f"seat{seat}",
                stack_svg(count, size, state=state, title=title),
                playable=clickable and playing and not moment.over,
                caption=tr("Seat", lang, seat=seat),
                note=f"{tr('n_cards', lang, n=count)} · {seat_status(moment, seat, lang)}",
                title=title,
            )
        )
    return items


# ----- the trick, round by round -----------------------------------------------------------------


def _knocks_out(rules: PianitsaRules, low: int, up: dict[int, Card]) -> bool:
    """P5-P6: a low card and an ace are both among these face-up cards."""
    ranks = {int(c.rank) for c in up.values()}
    return rules.low_beats_ace and low != ACE and low in ranks and ACE in ranks


def _card_states(trick: PianitsaTrick, knocked: list[bool]) -> list[dict[int, str]]:
    """How to draw each face-up card: tied, winner (the card that takes), knocked out, or normal."""
    last = len(trick.rounds) - 1
    states: list[dict[int, str]] = []
    for i, up in enumerate(trick.rounds):
        leaders = trick.leaders[i] if i < len(trick.leaders) else ()
        row = {}
        for seat, card in up.items():
            if knocked[i] and int(card.rank) == ACE:
                row[seat] = "knocked"
            elif len(leaders) > 1 and seat in leaders:
                row[seat] = "tied"
            elif i == last and leaders == (seat,) and seat == trick.taker:
                row[seat] = "winner"
            else:
                row[seat] = "normal"
        states.append(row)
    for i, joiners in enumerate(trick.joined):  # P10: the card that was matched, and the matching cards
        if joiners:
            for seat in trick.leaders[i - 1]:
                states[i - 1][seat] = "tied"
            for seat in joiners:
                states[0][seat] = "tied"
    return states


def _round_notes(
    trick: PianitsaTrick, i: int, rules: PianitsaRules, low: int, knocked: bool, lang: str
) -> list[str]:
    """The sentences under round ``i``: knocked-out aces, who joined and why, who ran out, the tie."""
    up, notes = trick.rounds[i], []
    if knocked:
        low_card = next(c for c in up.values() if int(c.rank) == low)
        notes.append(_sentence(tr("knocked", lang, low=card_text(low_card, lang)), "P5", "P6", lang=lang))
    for seat in trick.joined[i]:
        winner = trick.leaders[i - 1][0]
        notes.append(
            _sentence(
                tr(
                    "joined",
                    lang,
                    seat=tr("Seat", lang, seat=seat),
                    card=card_text(trick.rounds[0][seat], lang),
                    win=card_text(trick.rounds[i - 1][winner], lang),
                ),
                "P10",
                lang=lang,
            )
        )
    for seat in trick.seats[i]:
        if seat not in up:
            notes.append(_sentence(tr("ran_out", lang, seat_n=seat), "P12", lang=lang))
        elif i and len(trick.stakes[i].get(seat, ())) < rules.dispute_face_down:
            notes.append(_sentence(tr("short_stake", lang, seat_n=seat), "P12", lang=lang))
    if i and not up:
        notes.append(_sentence(tr("nobody_put", lang), "P12", lang=lang))
    leaders = trick.leaders[i] if i < len(trick.leaders) else ()
    if len(leaders) > 1:
        rank = rank_label(up[leaders[0]], lang)
        notes.append(_sentence(tr("tie", lang, seats=_seats(leaders, lang), rank=rank), "P8", lang=lang))
    return notes


def _round_label(trick: PianitsaTrick, i: int, lang: str) -> str:
    if i == 0:
        return _sentence(tr("round_all", lang), "P7", lang=lang)
    if trick.joined[i]:
        return _sentence(tr("round_second", lang), "P10", lang=lang)
    return _sentence(tr("round_dispute", lang, i=i), "P8", lang=lang)


def trick_html(
    trick: PianitsaTrick | None,
    rules: PianitsaRules,
    low_rank: int,
    players: int,
    lang: str,
    size: int | str = "small",
    text_scale: float = 1.0,
) -> str:
    """The dispute view: every round of the trick in order, the taker, and the gathered cards (P7-P12)."""
    box = (
        f'<div class="p101-trick" style="{_FONT};font-size:{13.5 * text_scale:g}px;color:var(--p101-text);'
        "line-height:1.4;background:var(--p101-panel);border:1px solid var(--p101-panel_border);"
        "border-radius:10px;padding:8px 12px;"
        'display:inline-block;min-width:20em">'
    )
    if trick is None:
        return box + html.escape(tr("dealt", lang)) + rule_tag("P2", lang) + "</div>"
    knocked = [_knocks_out(rules, low_rank, up) for up in trick.rounds]
    states = _card_states(trick, knocked)
    cell = "padding:4px 10px 4px 0;vertical-align:bottom;text-align:center"
    head = "".join(
        f'<th style="{cell};font-weight:bold">{html.escape(tr("Seat", lang, seat=s))}</th>'
        for s in range(players)
    )
    rows = []
    for i, up in enumerate(trick.rounds):
        cells = []
        for seat in range(players):
            if seat not in trick.seats[i]:
                cells.append(f'<td style="{cell}"></td>')
                continue
            items = [(None, "normal") for _ in trick.stakes[i].get(seat, ())]
            if seat in up:
                items.append((up[seat], states[i][seat]))
            art = (
                fan_svg(items, size, step=0.3, letters=lang)
                if items
                else f'<span style="color:var(--p101-muted);'
                     f'font-style:italic">{html.escape(tr("no_card", lang))}</span>'
            )
            cells.append(f'<td style="{cell}">{art}</td>')
        label = (
            f'<th style="{cell};text-align:left;font-weight:normal;min-width:8em;vertical-align:middle">'
            f"{_round_label(trick, i, lang)}</th>"
        )
        rows.append(f"<tr>{label}{''.join(cells)}</tr>")
        notes = _round_notes(trick, i, rules, low_rank, knocked[i], lang)
        if notes:
            rows.append(
                f'<tr><td></td><td colspan="{players}" style="padding:0 0 6px;color:var(--p101-muted);'
                'font-size:0.93em">'
                + "<br>".join(notes)
                + "</td></tr>"
            )
    number = html.escape(tr("trick_n", lang, n=trick.number))
    title = f'<div style="font-weight:bold;font-size:1.12em;margin-bottom:2px">{number}</div>'
    table = f'<table style="border-collapse:collapse">{f"<tr><th></th>{head}</tr>"}{"".join(rows)}</table>'
    return box + title + table + _outcome_html(trick, rules, lang, size) + "</div>"


def _outcome_html(trick: PianitsaTrick, rules: PianitsaRules, lang: str, size: int | str) -> str:
    """Who takes, the gathered cards in the order they go under the stack (P9), and who left (P11)."""
    if trick.taker is None:
        parts = [_sentence(tr("draw_trick", lang), "P12", lang=lang)]
    else:
        taken = tr(
            "takes",
            lang,
            seat=tr("Seat", lang, seat=trick.taker),
            cards=tr("n_cards", lang, n=len(trick.gathered)),
        )
        parts = [f"<b>{_sentence(taken, 'P7', lang=lang)}</b>"]
        order = tr(f"gather_{rules.gather}", lang)
        parts.append(
            f"{html.escape(tr('gathered', lang, seat_n=trick.taker))} <i>{html.escape(order)}</i>"
            + rule_tag("P9", lang)
            + f"<div>{fan_svg([(c, 'normal') for c in trick.gathered], size, step=0.4, letters=lang)}</div>"
        )
    parts += [
        _sentence(tr("leaves", lang, seat=tr("Seat", lang, seat=s)), "P11", lang=lang) for s in trick.left
    ]
    return '<div style="margin-top:6px">' + "".join(f"<div>{p}</div>" for p in parts) + "</div>"


# ----- the end, the log, the plot -------------------------------------------------------------------


def end_text(moment: Moment, lang: str) -> str | None:
    """The end in words: places ('seat 2 is the drunkard'), or the cycle, limit or draw; None before."""
    if not moment.over:
        return None
    tricks = tr("n_tricks", lang, n=moment.played)
    if moment.outcome == "cycle":
        first = (
            tr("at_the_deal", lang)
            if moment.cycle_start == 0
            else tr("after_trick", lang, n=moment.cycle_start)
        )
        return tr("end_cycle", lang, now=moment.played, first=first)
    if moment.outcome == "limit":
        return tr("end_limit", lang, tricks=tricks)
    if moment.outcome == "draw":
        return tr("end_draw", lang, cards=tr("n_cards", lang, n=len(moment.table)))
    words = []
    places = moment.places
    for index, group in enumerate(places):
        who = _seats(group, lang)
        if index == len(places) - 1 and moment.rules.goal == "shed":
            words.append(tr("end_drunkard", lang, seat=who))
        elif index == 0 and moment.rules.goal == "collect":
            words.append(tr("end_collector", lang, seat=who))
        elif len(group) > 1:
            words.append(tr("end_shared", lang, seats=who, place=index + 1))
        else:
            words.append(tr("end_place", lang, seat=who, ordinal=ordinal(index, lang)))
    text = "; ".join(words)
    return tr("end_finished", lang, tricks=tricks) + " " + text[:1].upper() + text[1:] + "."


def log_line(trick: PianitsaTrick, lang: str) -> str:
    """One line of the log for a trick: who took how many cards, disputes, who left."""
    if trick.taker is None:
        what = tr("draw_trick", lang)
    else:
        what = tr(
            "takes", lang, seat=_seat(trick.taker, lang), cards=tr("n_cards", lang, n=len(trick.gathered))
        )
    if trick.disputes:
        what += f" ({tr('log_disputes', lang, n=trick.disputes)})"
    for seat in trick.left:
        what += "; " + tr("leaves", lang, seat=_seat(seat, lang))
    return tr("log_trick", lang, n=trick.number, what=what)


def stacks_plot(moment: Moment, lang: str, scale: float = 1.0) -> str:
    """Stack sizes over the tricks (SVG), a dashed line at the trick shown."""
    series = [[sizes[s] for sizes in moment.size_history] for s in range(moment.players)]
    names = [_seat(s, lang) for s in range(moment.players)]
    total = sum(moment.size_history[0])
    return line_chart(
        series,
        names,
        title=tr("plot_stacks", lang),
        xlabel=tr("plot_trick", lang),
        marker=moment.shown,
        scale=scale,
        ymax=total,
    )
