"""What the 101 table shows, as pure functions from the match (in match seats) to HTML and SVG text.

``Scene.of(match, you)`` reads everything the table draws at one moment from the match's
public names (``Match101.view`` in match seats, ``totals``, ``active``, ``result``); every
other function turns a ``Scene`` into a picture, so they are tested without a kernel.
``you`` is the person's match seat, or None when watching bots: a view never shows another
player's hand, and neither does any picture here.

>>> from pianitsa101.game101 import HeuristicAgent, Match101
>>> match = Match101(players=3, seed=2, agents=[None, HeuristicAgent(), HeuristicAgent()])
>>> _ = match.deal_round()
>>> scene = Scene.of(match, you=0)
>>> len(scene.view.hand), scene.view.hand_sizes, scene.in_round
(4, (4, 4, 4), True)
>>> [item["id"] for item in hand_items(scene, "en", "small")] == sorted_ids(scene.view.hand)
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pianitsa101.cardart import back_svg, card_svg, fan_svg, pixel_size, stack_svg, suit_svg
from pianitsa101.cards import Card, Suit
from pianitsa101.game101 import Match101, PenaltyChain, Play, PlayedRound, PlayerView, Rules101
from pianitsa101.game101.agents import agent_name
from pianitsa101.widgets.cardrow import card_item
from pianitsa101.widgets.i18n import tr
from pianitsa101.widgets.palette import color
from pianitsa101.widgets.pianitsa_view import card_text, rule_tag
from pianitsa101.widgets.text101 import obligation, who

__all__ = [
    "FONT",
    "Scene",
    "centre_html",
    "chain_html",
    "hand_items",
    "hand_label",
    "order_html",
    "seats_html",
    "sorted_ids",
    "status_html",
    "suit_items",
]

FONT = "font-family:'DejaVu Sans','Liberation Sans',Arial,Helvetica,sans-serif"
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # black, red, black, red: easy to tell apart
_PANEL = "background:var(--p101-panel);border:1px solid var(--p101-panel_border);border-radius:10px"
_GREEN, _AMBER, _RED = color("good"), color("amber"), color("bad")
_AMOUNT = f"font-weight:bold;font-size:1.55em;line-height:1.1;color:{_RED}"  # an amount of a penalty chain


@dataclass(frozen=True)
class Scene:
    """The match at one moment, with everything the table draws (match seats throughout)."""

    view: PlayerView | None
    """``match.view`` of the person (of seat 0 when watching; its hand is never drawn then)."""
    you: int | None
    players: int
    names: tuple[str, ...]
    """The agent of each seat by name ('' for the person's seat)."""
    rules: Rules101
    totals: tuple[int, ...]
    active: tuple[int, ...]
    """Seats still in the match (R23)."""
    in_round: bool
    """A round is being played (False between rounds and at the end)."""
    round_number: int
    """The round shown: the one being played, or the last one."""
    records: tuple[PlayedRound, ...]
    over: bool
    losers: tuple[int, ...]
    winner: int | None
    legal: tuple = ()
    """The person's legal moves now (empty when it is not their move)."""

    @classmethod
    def of(cls, match: Match101, you: int | None) -> Scene:
        """Read the scene from the match's public API."""
        result = match.result
        records = result.records
        in_round = match.current is not None
        dealt = in_round or bool(records)
        view = match.view(0 if you is None else you) if dealt else None
        legal = ()
        if you is not None and in_round and match.to_move == you:
            legal = tuple(match.current.legal_moves())
        return cls(
            view=view,
            you=you,
            players=match.players,
            names=tuple("" if a is None else agent_name(a) for a in match.agents),
            rules=match.rules,
            totals=match.totals,
            active=match.active,
            in_round=in_round,
            round_number=len(records) + (1 if in_round else 0),
            records=records,
            over=match.over,
            losers=result.losers,
            winner=result.winner,
            legal=legal,
        )

    @property
    def your_move(self) -> bool:
        """True when the person is to move."""
        return bool(self.legal)

    def seat_order(self) -> list[int]:
        """The seats around the table, starting after the person (clockwise by seat number)."""
        start = 0 if self.you is None else self.you + 1
        return [(start + i) % self.players for i in range(self.players)]


# ----- small pieces ----------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _card(card: Card | None, px: int, state: str = "normal", letters: str = "en") -> str:
    """A card face (or back for None), cached: the table draws the same cards again and again."""
    return card_svg(card, px, state=state, letters=letters) if card is not None else back_svg(px)


def sorted_ids(hand: Sequence[Card]) -> list[str]:
    """The ids of a hand's cards in the order the table shows them (by suit ♠ ♥ ♣ ♦, then rank)."""
    return [str(c) for c in sorted(hand, key=lambda c: (SUITS.index(c.suit), c.rank))]


def _name(seat: int, scene: Scene, lang: str) -> str:
    """'Seat 2', or 'You (seat 0)' for the person."""
    if seat == scene.you:
        return tr("you_seat", lang, seat=seat)
    return tr("Seat", lang, seat=seat)


def _sentence(text: str, rules: Sequence[str], lang: str) -> str:
    return html.escape(text) + "".join(rule_tag(r, lang) for r in rules)


# ----- the hand and the suit chooser (card rows) ------------------------------------------------------------


def hand_items(
    scene: Scene, lang: str, size: int | str, choosing: Card | None = None, enabled: bool = True
) -> list[dict]:
    """The person's hand for the card row: only the cards with a legal play are clickable.

    ``choosing`` is a queen waiting for its suit (drawn highlighted); ``enabled`` False (bots
    moving) makes every card inert.
    """
    view = scene.view
    if view is None or scene.you is None:
        return []
    px = round(pixel_size(size) * 1.25)  # the hand a little larger than the rest: it is what you click
    playable = {m.card for m in scene.legal if isinstance(m, Play)} if enabled else set()
    items = []
    for card in sorted(view.hand, key=lambda c: (SUITS.index(c.suit), c.rank)):
        ok = card in playable
        state = (
            "tied" if card == choosing else "playable" if ok else "disabled" if scene.your_move else "normal"
        )
        name = card_text(card, lang)
        title = tr("can_play", lang, card=name) if ok else tr("cannot_play", lang, card=name)
        note = tr("drawn_note", lang) if view.drawn is not None and card == view.drawn else ""
        items.append(
            card_item(
                str(card),
                _card(card, px, state, lang),
                playable=ok,
                note=note,
                title=title if scene.your_move else name,
            )
        )
    return items


def hand_label(scene: Scene, lang: str) -> str:
    """'Your hand: 4 cards worth 23 · match total 97': what the hand would count now (R19), then the total."""
    hand = scene.view.hand if scene.view is not None else ()
    worth = sum(scene.rules.card_points(card) for card in hand)
    return html.escape(tr("your_hand", lang, cards=tr("n_cards", lang, n=len(hand)),
                          points=tr("n_points", lang, n=worth), total=scene.totals[scene.you]))


def suit_items(size: int | str, active: bool) -> list[dict]:
    """The suit chooser of R14/R21: four suits drawn as suits (red and black), clickable when ``active``."""
    px = max(30, round(pixel_size(size) * 0.8))
    return [card_item(s.symbol, suit_svg(s, px), playable=active, title=s.symbol) for s in SUITS]


# ----- the seats -------------------------------------------------------------------------------------------


def _seat_box(seat: int, scene: Scene, lang: str, px: int, scale: float, compact: bool = False) -> str:
    view = scene.view
    count = view.hand_sizes[seat] if view is not None else 0
    out = seat not in scene.active
    moving = view is not None and view.to_move == seat
    last = scene.records[-1] if scene.records and not scene.in_round else None
    won = last is not None and last.winner == seat
    back = max(22, round(px * 0.62))
    if out:  # R23: "out" only where leaving is the rule; in a first-over match going over loses it
        word = "out_of_match" if scene.rules.match == "elimination" else "lost_match"
        picture = (
            f'<div style="color:var(--p101-muted);font-style:italic;padding:{8 * scale:g}px 0">'
            f"{html.escape(tr(word, lang, limit=scene.rules.limit))}</div>"
        )
    elif count:
        picture = fan_svg(
            [(None, "normal")] * min(count, 12),
            back,
            step=0.16,
            title=tr("stack_title", lang, seat=_name(seat, scene, lang), cards=tr("n_cards", lang, n=count)),
        )
    else:
        picture = stack_svg(0, back, title=tr("n_cards", lang, n=0))
    quiet = f"1px solid {color('panel_border')}"
    border = f"3px solid {_AMBER}" if moving else f"3px solid {_GREEN}" if won else quiet
    lines = [f"<b>{html.escape(_name(seat, scene, lang))}</b>"]
    if scene.names[seat] and not compact:  # a projector's column has no room for the bot's name
        lines.append(f'<span style="color:var(--p101-muted);'
                     f'font-size:0.85em">{html.escape(scene.names[seat])}</span>')
    lines.append(
        html.escape(f"{tr('n_cards', lang, n=count)} · {tr('total_points', lang, total=scene.totals[seat])}")
    )
    if moving:
        lines.append(f'<b style="color:var(--p101-warn)">▶ {html.escape(tr("to_move", lang))}</b>')
    elif won:
        lines.append(f'<b style="color:{_GREEN}">★ {html.escape(tr("round_winner", lang))}</b>')
    opacity = "opacity:0.55;" if out else ""
    if compact:  # a projector: the backs beside the words, so a seat is one short row
        return (
            f'<div class="p101-seat" data-seat="{seat}" style="{_PANEL};border:{border};{opacity}'
            f'padding:{4 * scale:g}px {8 * scale:g}px;display:flex;align-items:center;gap:{8 * scale:g}px;'
            f'line-height:1.3"><div style="line-height:0;flex:0 0 auto">{picture}</div>'
            f'<div>{"<br>".join(lines)}</div></div>'
        )
    return (
        f'<div class="p101-seat" data-seat="{seat}" style="{_PANEL};border:{border};{opacity}'
        f'padding:{6 * scale:g}px {10 * scale:g}px;text-align:center;line-height:1.35;min-width:9em">'
        f'<div style="line-height:0;min-height:{round(back * 1.4)}px">{picture}</div>'
        f'<div style="margin-top:4px">{"<br>".join(lines)}</div></div>'
    )


def seats_html(scene: Scene, lang: str, size: int | str, scale: float = 1.0, compact: bool = False) -> str:
    """The other players (every player when watching): card backs with counts, names and totals.

    ``compact`` (the projector's wide layout) makes each seat one short box, the backs beside the words.
    """
    px = pixel_size(size)
    seats = [s for s in scene.seat_order() if s != scene.you]
    boxes = "".join(_seat_box(s, scene, lang, px, scale, compact) for s in seats)
    return (
        f'<div class="p101-seats" style="{FONT};font-size:{13 * scale:g}px;color:var(--p101-text);'
        'display:flex;'
        f'flex-wrap:wrap;gap:{(6 if compact else 10) * scale:g}px;align-items:stretch">{boxes}</div>'
    )


# ----- the middle of the table ------------------------------------------------------------------------------


def _order_text(scene: Scene, lang: str) -> str:
    """'play goes clockwise · order: You → Seat 1 → Seat 2' (R5, R13)."""
    view = scene.view
    seats = [s for s in (view.seats or range(scene.players))]
    direction = view.direction
    if direction < 0:
        seats = seats[::-1]
    start = view.to_move if view.to_move in seats else seats[0]
    i = seats.index(start)
    ring = [*seats[i:], *seats[:i]]
    names = [tr("who_You", lang) if s == scene.you else tr("Seat", lang, seat=s) for s in ring]
    way = tr("clockwise" if direction == 1 else "counter_clockwise", lang)
    return (
        _sentence(tr("direction", lang, way=way), ("R5", "R13") if direction < 0 else ("R5",), lang)
        + "<br>"
        + html.escape(tr("order_of_play", lang, seats=" → ".join(names)))
    )


def centre_html(scene: Scene, lang: str, size: int | str, scale: float = 1.0, order: bool = True) -> str:
    """The stock, the discard pile (its top and a few cards under it, fanned), the ordered suit, the
    direction of play (``order`` False: shown elsewhere, by ``order_html``), and the penalty chain."""
    view = scene.view
    if view is None:
        return ""
    px = pixel_size(size)
    caption = "margin-top:4px;font-size:0.95em;color:var(--p101-muted)"
    stock = (
        f'<div style="text-align:center">{stack_svg(view.stock_size, px)}'
        f'<div style="{caption}">{html.escape(tr("stock", lang))}: '
        f"{html.escape(tr('n_cards', lang, n=view.stock_size))}</div></div>"
    )
    shown = view.discard[-4:]
    if shown:
        pile = fan_svg(
            [(c, "normal") for c in shown],
            px,
            step=0.3,
            letters=lang,
            title=" ".join(card_text(c, lang) for c in shown),
        )
        under = len(view.discard) - 1
        words = tr("discard_pile", lang) + ": " + tr("n_cards", lang, n=len(view.discard))
        pile_note = html.escape(words) if under else html.escape(tr("discard_pile", lang))
    else:
        pile = stack_svg(0, px, title=tr("empty_table", lang))
        pile_note = html.escape(tr("empty_table", lang))
    discard = f'<div style="text-align:center">{pile}<div style="{caption}">{pile_note}</div></div>'
    info = [_order_text(scene, lang)] if order else []
    if view.ordered_suit is not None:
        suit = suit_svg(view.ordered_suit, max(26, round(px * 0.55)))
        info.append(
            f'<span style="display:inline-flex;align-items:center;gap:6px">'
            f"{_sentence(tr('ordered_suit', lang), ('R14',), lang)} {suit}</span>"
        )
    info_box = '<div style="line-height:1.5;max-width:22em">' + "<br>".join(info) + "</div>"
    parts = [stock, discard, info_box] if info else [stock, discard]
    if view.chain is not None:
        parts.append(chain_html(view.chain, scene.you, lang, px, scale))
    return (
        f'<div class="p101-centre" style="{FONT};font-size:{13 * scale:g}px;color:var(--p101-text);'
        'display:flex;'
        f"flex-wrap:wrap;align-items:center;gap:{18 * scale:g}px;{_PANEL};"
        "background:var(--p101-centre);border-color:var(--p101-centre_border);"
        f'padding:{10 * scale:g}px {14 * scale:g}px">{"".join(parts)}</div>'
    )


def order_html(scene: Scene, lang: str, scale: float = 1.0) -> str:
    """The direction and order of play on its own (the projector shows it under the seats)."""
    if scene.view is None:
        return ""
    return (f'<div style="{FONT};font-size:{12 * scale:g}px;color:var(--p101-text);line-height:1.45;'
            'padding:4px 2px">'
            f"{_order_text(scene, lang)}</div>")


def chain_html(chain: PenaltyChain, you: int | None, lang: str, px: int, scale: float = 1.0) -> str:
    """The penalty chain (R10, R15, R16): each card passed on, who played it and the amount after it,
    the amount growing (2 → 4 → 8, or 2 → 4 → 6 with chain="add"), and who must draw now."""
    small = max(30, round(px * 0.8))
    cells = []
    for i, link in enumerate(chain.links):
        by = (
            tr("chain_on_table", lang)
            if link.seat is None
            else tr("chain_by", lang, who=who(link.seat, you, lang))
        )
        arrow = (
            f'<div style="font-size:1.7em;color:{_RED};padding:0 2px;align-self:center">→</div>' if i else ""
        )
        cells.append(
            f'{arrow}<div class="p101-link" style="text-align:center">{_card(link.card, small, "tied", lang)}'
            f'<div class="p101-amount" style="{_AMOUNT}">{link.amount}</div>'
            f'<div class="p101-by" style="font-size:0.9em;'
            f'color:var(--p101-muted)">{html.escape(by)}</div></div>'
        )
    seat = chain.seat
    key = "chain_draws_you" if seat == you else "chain_draws"
    must = tr(key, lang, who=who(seat, you, lang), cards=tr("n_cards_acc", lang, n=chain.amount))
    rules = ("R15",) if chain.links and str(chain.links[0].card) == "K♠" else ("R10", "R16")
    return (
        f'<div class="p101-chain" style="background:var(--p101-chain);border:2px solid '
        'var(--p101-chain_border);border-radius:10px;'
        f'padding:{6 * scale:g}px {10 * scale:g}px">'
        f'<div style="font-weight:bold;margin-bottom:4px">{_sentence(tr("chain_title", lang), rules, lang)}'
        f'</div><div style="display:flex;gap:{6 * scale:g}px;align-items:flex-start">{"".join(cells)}</div>'
        f'<div style="margin-top:4px;font-weight:bold;color:{_RED}">'
        f"{html.escape(must[:1].upper() + must[1:])}</div></div>"
    )


# ----- the status line -----------------------------------------------------------------------------------


def status_html(
    scene: Scene, lang: str, scale: float = 1.0, message: str = "", busy: bool = False, note: str = ""
) -> str:
    """Whose move it is and what they must do (the obligation in words), or the end of a round or match.

    ``message`` (a refusal, an error) is shown in red; ``note`` (what to press next) in grey.
    """
    style = f"{FONT};font-size:{14 * scale:g}px;padding:4px 0;line-height:1.45"
    lines = []
    view = scene.view
    if scene.over:
        lines.append(f'<b style="color:{_GREEN}">{html.escape(_match_over(scene, lang))}</b>')
    elif not scene.in_round and scene.records:
        lines.append(f'<b style="color:{_GREEN}">{html.escape(_round_over(scene, lang))}</b>')
    elif view is not None and view.to_move is not None:
        text, rules = obligation(view, scene.you, lang)
        if view.to_move == scene.you:
            text = tr("your_move", lang, what=text)
            lines.append(f'<b style="color:var(--p101-accent)">{_sentence(text, rules, lang)}</b>')
        else:
            lines.append(_sentence(text[:1].upper() + text[1:], rules, lang))
            if busy:
                thinking = tr("bots_turn", lang, who=_name(view.to_move, scene, lang))
                lines.append(f'<span style="color:var(--p101-muted)">{html.escape(thinking)}</span>')
    if note:
        lines.append(f'<span style="color:var(--p101-muted)">{html.escape(note)}</span>')
    if message:
        lines.append(
            f'<span class="p101-message" style="color:{_RED};font-weight:bold">{html.escape(message)}</span>'
        )
    return f'<div class="p101-status" style="{style}">{"<br>".join(lines)}</div>'


def _round_over(scene: Scene, lang: str) -> str:
    last = scene.records[-1]
    if last.abandoned:
        return tr("round_result_abandoned", lang, n=last.number)
    if last.winner == scene.you:
        return tr("round_result_you", lang, n=last.number)
    return tr("round_result", lang, n=last.number, who=who(last.winner, scene.you, lang))


def _match_over(scene: Scene, lang: str) -> str:
    losers = ", ".join(who(s, scene.you, lang) for s in scene.losers)
    winner = tr("no_winner", lang) if scene.winner is None else who(scene.winner, scene.you, lang)
    return tr(
        "match_over",
        lang,
        rounds=tr("n_rounds", lang, n=len(scene.records)),
        limit=scene.rules.limit,
        losers=losers,
        winner=winner,
    )
