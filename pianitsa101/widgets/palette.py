"""The tables' colours, in one place, for JupyterLab's Light and Dark themes (and hosts without them).

Every colour a table writes is ``color("name")``: a CSS ``var(--p101-name)``. The style sheet
``palette_css()`` defines each ``--p101-*`` variable from JupyterLab's own theme variables
(``--jp-layout-color*``, ``--jp-content-font-color*``, ``--jp-border-color*``, ``--jp-brand-color*``)
where one fits, with this module's values as the fallback; a second rule gives the dark values when
the page says it is dark (JupyterLab, Notebook 7 and Voilà set ``data-jp-theme-light="false"`` on
the body; VS Code sets the class ``vscode-dark``). Every table holds a widget that brings this style
sheet into the page (``CardRow``, ``Announcer``); before it arrives, a text takes the page's own colour
and a panel has none, which reads in either theme.

Each text colour reaches at least 4.5:1 on the panels it is written on, in both themes (WCAG 2.1 AA;
the browser tests measure it on the rendered tables). The cards themselves are not here: a card stays
a card, a white face with red and black suits (``pianitsa101.cardart``), in both themes.

>>> color("text")
'var(--p101-text)'
>>> round(contrast(COLORS["muted"][1], COLORS["panel"][1]), 1) >= 4.5
True
>>> ":root" in palette_css() and "--p101-text: var(--jp-content-font-color1, #222222);" in palette_css()
True
"""

from __future__ import annotations

__all__ = ["COLORS", "color", "contrast", "palette_css"]

COLORS: dict[str, tuple[str | None, str, str]] = {
    # name: (JupyterLab variable it follows, or None; light value; dark value)
    "text": ("--jp-content-font-color1", "#222222", "#e8e8e8"),
    "muted": (None, "#555555", "#bdbdbd"),  # captions, notes, the hint under the stacks
    "page": ("--jp-layout-color0", "#ffffff", "#111111"),  # behind a chart or a board
    "panel": (None, "#f7f4ec", "#262626"),  # the trick, the scoreboard, the seats
    "panel_border": ("--jp-border-color2", "#e4ddca", "#4a4a4a"),
    "log": ("--jp-layout-color1", "#fafafa", "#1e1e1e"),
    "rule_text": (None, "#3f4f70", "#c9d5f0"),  # the small rule ids (P8, R12)
    "rule_bg": (None, "#e8edf6", "#27324a"),
    "rule_border": (None, "#c5d0e4", "#4b5a7e"),
    "accent": (None, "#0b3d91", "#9cc2ff"),  # "Your move", the hint
    "good": (None, "#1d5e2f", "#8fdca0"),  # the end of a game, a round won
    "bad": (None, "#b3261e", "#ff9a8f"),  # errors, penalties
    "warn": (None, "#805600", "#f2c661"),  # whose move it is, an abandoned round
    "amber": (None, "#e09b00", "#e0a82a"),  # the frame of the seat to move (not text)
    "centre": (None, "#eef5ee", "#1d2a1f"),  # the 101 pile
    "centre_border": (None, "#cfe0cf", "#3d5c41"),
    "chain": (None, "#fff6f4", "#33201d"),  # a penalty chain
    "chain_border": (None, "#e7b4ab", "#84504a"),
    "focus": ("--jp-brand-color1", "#2f6fdb", "#8ab4f8"),  # the focus ring and a playable card's glow
    "grid": (None, "#e3e3e3", "#3a3a3a"),  # chart grid lines
    "axis": (None, "#767676", "#9e9e9e"),
    "bar_pale": (None, "#c4c4c4", "#5a5a5a"),
}
"""Each colour: the JupyterLab variable it follows (or None), and its light and dark values."""

_DARK = ('body[data-jp-theme-light="false"]', "body.vscode-dark", "body.vscode-high-contrast")


def color(name: str) -> str:
    """The CSS value of a palette colour: its variable (defined by ``palette_css()``)."""
    if name not in COLORS:
        raise ValueError(f"no colour {name!r} in the palette; choose one of {', '.join(COLORS)}")
    return f"var(--p101-{name})"


def palette_css() -> str:
    """The style sheet that defines every ``--p101-*`` variable, light by default and dark in a dark theme."""
    light, dark = [], []
    for name, (jp, light_value, dark_value) in COLORS.items():
        light.append(f"  --p101-{name}: " + (f"var({jp}, {light_value});" if jp else f"{light_value};"))
        dark.append(f"  --p101-{name}: " + (f"var({jp}, {dark_value});" if jp else f"{dark_value};"))
    return (":root {\n" + "\n".join(light) + "\n}\n" + ",\n".join(_DARK) + " {\n" + "\n".join(dark) + "\n}\n")


def _luminance(hex_color: str) -> float:
    """The relative luminance of an sRGB colour '#rrggbb' (WCAG 2.1)."""
    channels = [int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: str, bg: str) -> float:
    """The WCAG contrast ratio of two colours '#rrggbb' (1 to 21)."""
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)
