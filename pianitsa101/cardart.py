"""Card art: every card face, back, fanned pile and counted stack, drawn as SVG text.

The one source of how a card looks, used by ``Card._repr_html_``, ``CardList._repr_html_``
(this module gives them to ``pianitsa101.cards`` when the package is imported: the cards know
no art), the trick views and the widgets. Pure functions from a card (and a state) to an SVG string:
no widget library, no fonts needed for the suits (they are drawn as paths, so they look the
same in every browser and never turn into coloured emoji); only the rank letters are text,
in fonts Debian ships (DejaVu, Liberation) with the usual fallbacks.

A card is drawn in a 100 x 140 box (the 2.5 x 3.5 inch shape of a real card): the rank and a
small suit in the top-left corner and, turned upside down, in the bottom-right one; number
cards carry their pips in the classic layout, an ace one large pip, and the court cards a
framed large letter with its suit. ``size`` is the width in pixels or a name from ``SIZES``.

States (``STATES``): ``"normal"``, ``"tied"`` and ``"winner"`` (highlighted: cards tied in a
dispute, the card that takes the trick), ``"playable"`` (may be clicked), ``"disabled"``,
``"knocked"`` (an ace knocked out by the low card, P5-P6); ``face_down=True`` draws the back.

>>> from pianitsa101 import Card
>>> svg = card_svg(Card.parse("10♥"), size=64)
>>> svg.startswith("<svg") and 'width="64"' in svg and "#c8102e" in svg
True
>>> svg.count("<path")   # ten pips and two corner suits
12
>>> "10♥" in card_svg(Card.parse("10♥"), face_down=True)   # a back does not tell
False
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from pianitsa101.cards import Card, CardList
from pianitsa101.i18n import _

__all__ = [
    "BACK_COLOR",
    "SIZES",
    "STATES",
    "back_svg",
    "card_html",
    "card_svg",
    "cards_html",
    "fan_svg",
    "pixel_size",
    "rank_label",
    "stack_svg",
    "suit_svg",
]

SIZES = {"tiny": 34, "small": 46, "medium": 64, "large": 90, "projector": 120}
"""Card widths in pixels by name; ``"projector"`` is readable from the back of a classroom."""
STATES = ("normal", "tied", "winner", "playable", "disabled", "knocked")

W, H = 100, 140  # the drawing box of one card (real cards are 2.5 x 3.5)
RED, BLACK = "#c8102e", "#1b1b1b"
BACK_COLOR = "#24478f"
_RANK_FONT = ("'DejaVu Sans Condensed','Liberation Sans Narrow','Arial Narrow','DejaVu Sans',"
              "'Liberation Sans',Arial,Helvetica,sans-serif")
_FACE_FONT = "'DejaVu Serif','Liberation Serif','Times New Roman',Georgia,serif"

# The four suits as paths in a 100 x 100 box centred on (50, 50), drawn point up.
_SUIT_PATHS = {
    "HEARTS": ("M50 90C22 68 4 50 4 31C4 15 16 5 29 5C39 5 46 11 50 20"
               "C54 11 61 5 71 5C84 5 96 15 96 31C96 50 78 68 50 90Z"),
    "DIAMONDS": "M50 3Q68 28 86 50Q68 72 50 97Q32 72 14 50Q32 28 50 3Z",
    "SPADES": ("M50 4C78 30 96 44 96 62C96 76 86 85 73 85C64 85 57 80 53 73C54 84 58 91 67 97"
               "H33C42 91 46 84 47 73C43 80 36 85 27 85C14 85 4 76 4 62C4 44 22 30 50 4Z"),
    "CLUBS": ("M50 6A20 20 0 1 1 49.9 6ZM27 41A20 20 0 1 1 26.9 41ZM73 41A20 20 0 1 1 72.9 41Z"
              "M44 50H56V62C56 78 60 89 68 97H32C40 89 44 78 44 62Z"),
}

# Pip centres of the number cards in the 100 x 140 card box (the classic layout).
_L, _C, _R = 32, 50, 68
_ROWS4 = (32, 57.3, 82.7, 108)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 32), (_C, 108)),
    3: ((_C, 32), (_C, 70), (_C, 108)),
    4: ((_L, 32), (_R, 32), (_L, 108), (_R, 108)),
    5: ((_L, 32), (_R, 32), (_C, 70), (_L, 108), (_R, 108)),
    6: ((_L, 32), (_R, 32), (_L, 70), (_R, 70), (_L, 108), (_R, 108)),
    7: ((_L, 32), (_R, 32), (_C, 51), (_L, 70), (_R, 70), (_L, 108), (_R, 108)),
    8: ((_L, 32), (_R, 32), (_C, 51), (_L, 70), (_R, 70), (_C, 89), (_L, 108), (_R, 108)),
    9: (*((x, y) for x in (_L, _R) for y in _ROWS4), (_C, 70)),
    10: (*((x, y) for x in (_L, _R) for y in _ROWS4), (_C, 44.7), (_C, 95.3)),
}
_RU_LETTERS = {11: "В", 12: "Д", 13: "К", 14: "Т"}  # валет, дама, король, туз

# How each state changes the frame: (border colour, border width, background).
_FRAME = {
    "normal": ("#8c8c8c", 1.6, "#ffffff"),
    "tied": ("#e09b00", 5, "#fff4cc"),
    "winner": ("#1f8f45", 5, "#e7f7ec"),
    "playable": ("#2f6fdb", 3, "#ffffff"),
    "disabled": ("#b5b5b5", 1.6, "#f1f1f1"),
    "knocked": ("#8c8c8c", 1.6, "#ffffff"),
}


def pixel_size(size: int | str) -> int:
    """A card width in pixels from a number or a name of ``SIZES``."""
    if isinstance(size, str):
        if size not in SIZES:
            names = ", ".join(SIZES)
            raise ValueError(_("card size must be a width in pixels or one of {names}; got {value}").format(
                names=names, value=repr(size)))
        return SIZES[size]
    if isinstance(size, bool) or not isinstance(size, int) or not 16 <= size <= 400:
        raise ValueError(_("card size must be a width in pixels from 16 to 400; got {value}").format(
            value=repr(size)))
    return size


def _check_state(state: str) -> str:
    if state not in _FRAME:
        raise ValueError(_("card state must be one of {states}; got {value}").format(
            states=', '.join(STATES), value=repr(state)))
    return state


def rank_label(card: Card, letters: str = "en") -> str:
    """The rank as printed in the corner: '10', 'Q', or the Russian 'Д' with ``letters="ru"``."""
    value = int(card.rank)
    if letters == "ru" and value in _RU_LETTERS:
        return _RU_LETTERS[value]
    return card.rank.symbol


def _pip(suit: str, cx: float, cy: float, size: float, color: str, flip: bool = False) -> str:
    """One suit symbol of width ``size`` centred on (cx, cy), turned over when ``flip``."""
    s = size / 100
    turn = f" rotate(180 {cx:g} {cy:g})" if flip else ""
    return (f'<path d="{_SUIT_PATHS[suit]}" fill="{color}" '
            f'transform="{turn.strip()} translate({cx - size / 2:g} {cy - size / 2:g}) scale({s:g})"/>')


def _corner(label: str, suit: str, color: str) -> str:
    """The index in the top-left corner: rank above a small suit."""
    fit = ' textLength="16" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return (f'<text x="11.5" y="22" text-anchor="middle" font-family="{_RANK_FONT}" font-weight="bold" '
            f'font-size="19" fill="{color}"{fit}>{html.escape(label)}</text>'
            + _pip(suit, 11.5, 32, 11, color))


def _frame(state: str) -> str:
    stroke, width, fill = _FRAME[state]
    inset = 1 + width / 2
    return (f'<rect x="{inset:g}" y="{inset:g}" width="{W - 2 * inset:g}" height="{H - 2 * inset:g}" '
            f'rx="7" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>')


def _face(card: Card, state: str, letters: str) -> str:
    """The drawing of a card face (inside the 100 x 140 box)."""
    suit = card.suit.name
    color = RED if card.is_red else BLACK
    value = int(card.rank)
    label = rank_label(card, letters)
    corner = _corner(label, suit, color)
    parts = [_frame(state), corner, f'<g transform="rotate(180 50 70)">{corner}</g>']
    if value in _PIPS:
        size = 22 if value <= 3 else (18 if value >= 9 else 20)
        parts += [_pip(suit, x, y, size, color, flip=y > 70) for x, y in _PIPS[value]]
    elif value == 14:  # the ace: one large pip
        parts.append(_pip(suit, 50, 70, 50, color))
    else:  # a court card: a frame, a large letter and its suit above and (turned) below
        tint = "#fdecee" if card.is_red else "#edf0f6"
        parts.append(f'<rect x="23" y="21" width="54" height="98" rx="4" fill="{tint}" '
                     f'stroke="{color}" stroke-width="1.4"/>')
        parts.append(_pip(suit, 50, 36, 16, color))
        parts.append(_pip(suit, 50, 104, 16, color, flip=True))
        parts.append(f'<text x="50" y="85" text-anchor="middle" font-family="{_FACE_FONT}" '
                     f'font-weight="bold" font-size="42" fill="{color}">{html.escape(label)}</text>')
    if state == "disabled":
        parts.append(f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="7" fill="#ffffff" '
                     'fill-opacity="0.55"/>')
    elif state == "knocked":  # P5-P6: struck through
        parts.append(f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="7" fill="#ffffff" '
                     'fill-opacity="0.45"/>'
                     '<path d="M14 20L86 120M86 20L14 120" stroke="#c8102e" stroke-width="6" '
                     'stroke-linecap="round" stroke-opacity="0.8"/>')
    return "".join(parts)


def _back(state: str) -> str:
    """The drawing of a card back: a blue field with a lattice of diamonds and a white border."""
    stroke, width, _ = _FRAME[state]
    inset = 1 + width / 2
    parts = [f'<rect x="{inset:g}" y="{inset:g}" width="{W - 2 * inset:g}" height="{H - 2 * inset:g}" '
             f'rx="7" fill="#ffffff" stroke="{stroke}" stroke-width="{width:g}"/>',
             f'<rect x="9" y="9" width="82" height="122" rx="4" fill="{BACK_COLOR}"/>']
    cells = []
    for row in range(8):
        for col in range(5):
            cx, cy = 17.2 + col * 16.4, 16.6 + row * 15.25
            cells.append(f"M{cx:g} {cy - 6.5:g}L{cx + 6.5:g} {cy:g}L{cx:g} {cy + 6.5:g}L{cx - 6.5:g} {cy:g}Z")
    parts.append(f'<path d="{"".join(cells)}" fill="#3d68b8"/>')
    parts.append('<rect x="13" y="13" width="74" height="114" rx="3" fill="none" stroke="#ffffff" '
                 'stroke-opacity="0.55" stroke-width="1.5"/>')
    if state == "disabled":
        parts.append(f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="7" fill="#ffffff" '
                     'fill-opacity="0.55"/>')
    return "".join(parts)


def _svg(body: str, width: float, height: float, box: str, label: str, extra: str = "") -> str:
    """An SVG element of the given pixel size around ``body``, with a tooltip and a label."""
    text = html.escape(label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="{box}" role="img" aria-label="{text}"{extra}><title>{text}</title>{body}</svg>')


def card_svg(card: Card | None, size: int | str = "medium", state: str = "normal",
             face_down: bool = False, letters: str = "en", title: str | None = None) -> str:
    """One card as SVG: its face (or its back when ``face_down`` or ``card`` is None)."""
    px = pixel_size(size)
    _check_state(state)
    down = face_down or card is None
    body = _back(state) if down else _face(card, state, letters)
    label = title if title is not None else ("face down" if down else str(card))
    return _svg(body, px, round(px * H / W), f"0 0 {W} {H}", label)


def back_svg(size: int | str = "medium", state: str = "normal", title: str = "face down") -> str:
    """A card back as SVG."""
    return card_svg(None, size=size, state=state, title=title)


def fan_svg(items: Sequence[tuple[Card | None, str]], size: int | str = "medium", step: float = 0.34,
            title: str | None = None, letters: str = "en") -> str:
    """Cards overlapping from left to right (a fanned pile): ``items`` are (card or None, state).

    ``step`` is how much of a card's width each next card moves right; None draws a back.
    """
    px = pixel_size(size)
    if not items:
        return _svg("", 0, round(px * H / W), "0 0 0 1", title or "no cards")
    shift = W * step
    width = W + shift * (len(items) - 1)
    inner = []
    for i, (card, state) in enumerate(items):
        _check_state(state)
        body = _back(state) if card is None else _face(card, state, letters)
        inner.append(f'<svg x="{i * shift:g}" y="0" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
                     f"{body}</svg>")
    label = title if title is not None else " ".join("▮" if c is None else str(c) for c, _ in items)
    return _svg("".join(inner), px * width / W, round(px * H / W), f"0 0 {width:g} {H}", label)


def stack_svg(count: int, size: int | str = "medium", state: str = "normal", title: str | None = None) -> str:
    """A face-down stack seen from the side, with its number of cards written on it (0: an empty place)."""
    px = pixel_size(size)
    _check_state(state)
    layers = min(count, 5) if count > 0 else 0
    depth = 3.2 * max(layers - 1, 0)
    width, height = W + depth, H + depth
    if count <= 0:
        body = (f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="7" fill="none" stroke="#9a9a9a" '
                'stroke-width="2.5" stroke-dasharray="8 6"/>')
    else:
        body = "".join(
            f'<svg x="{depth - 3.2 * i:g}" y="{depth - 3.2 * i:g}" width="{W}" height="{H}" '
            f'viewBox="0 0 {W} {H}">{_back(state if i == layers - 1 else "normal")}</svg>'
            for i in range(layers))
        body += (f'<rect x="18" y="{H / 2 - 21:g}" width="64" height="42" rx="21" fill="#ffffff" '
                 'stroke="#1b1b1b" stroke-width="1.5"/>'
                 f'<text x="50" y="{H / 2 + 11:g}" text-anchor="middle" font-family="{_RANK_FONT}" '
                 f'font-weight="bold" font-size="31" fill="#1b1b1b">{count}</text>')
    label = title if title is not None else f"{count} cards face down"
    return _svg(body, px * width / W, round(px * height / W), f"0 0 {width:g} {height:g}", label)


def suit_svg(suit: object, size: int | str = "small", title: str | None = None, framed: bool = True) -> str:
    """A suit symbol as SVG, red or black, on a white tile when ``framed`` (a suit chooser's button).

    ``suit`` is a ``Suit`` (or its name, 'HEARTS'); ``size`` is the tile's width as for cards.

    >>> from pianitsa101 import Suit
    >>> svg = suit_svg(Suit.HEARTS, size=40)
    >>> 'width="40"' in svg and RED in svg and "<title>♥</title>" in svg
    True
    """
    name = getattr(suit, "name", suit)
    if name not in _SUIT_PATHS:
        raise ValueError(_("suit must be one of {suits}; got {value}").format(
            suits=', '.join(_SUIT_PATHS), value=repr(suit)))
    px = pixel_size(size)
    color = RED if name in ("HEARTS", "DIAMONDS") else BLACK
    symbol = {"HEARTS": "♥", "DIAMONDS": "♦", "SPADES": "♠", "CLUBS": "♣"}[name]
    body = _pip(name, 50, 50, 62, color)
    if framed:
        body = ('<rect x="2" y="2" width="96" height="96" rx="12" fill="#ffffff" stroke="#8c8c8c" '
                'stroke-width="2"/>' + body)
    return _svg(body, px, px, "0 0 100 100", title if title is not None else symbol)


_WRAP = 'display:inline-block;margin:2px;line-height:0;vertical-align:middle'


def card_html(card: Card, size: int | str = "small", state: str = "normal", letters: str = "en") -> str:
    """A card face as an inline HTML element (an SVG in a span), for notebooks."""
    return f'<span class="p101-card" style="{_WRAP}">{card_svg(card, size, state, letters=letters)}</span>'


def cards_html(cards: Iterable[Card], size: int | str = "small", empty: str = "(no cards)") -> str:
    """Cards side by side as HTML; ``empty`` is shown when there are none."""
    faces = "".join(card_html(c, size) for c in cards)
    return f'<div class="p101-cards">{faces or f"<i>{html.escape(empty)}</i>"}</div>'


def _card_repr_html(card: Card) -> str:
    """A card's picture in a notebook."""
    return card_html(card)


def _cards_repr_html(cards: CardList) -> str:
    """A list of cards' picture in a notebook."""
    return cards_html(cards)


# Registered from here, the floor above, so that ``cards.py`` imports no art.
# ``pianitsa101/__init__.py`` imports this module, so it runs whenever anything of the package is.
Card._repr_html_ = _card_repr_html
CardList._repr_html_ = _cards_repr_html
