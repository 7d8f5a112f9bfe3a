"""The log of a table: lines in plain words, newest first, in the table's own output area.

Widgets never print (so notebook outputs stay stable): every message goes into a ``LogArea``,
an ``ipywidgets.HTML`` that keeps the last ``keep`` lines. ``lines`` gives them as text.

>>> log = LogArea(keep=2)
>>> log.add("trick 1: seat 0 takes 2 cards"); log.add("trick 2: seat 1 takes 2 cards")
>>> log.add("trick 3: seat 0 takes 4 cards")
>>> log.lines
['trick 3: seat 0 takes 4 cards', 'trick 2: seat 1 takes 2 cards']
"""

from __future__ import annotations

import html

import ipywidgets

__all__ = ["LogArea"]

_STYLE = (
    "max-height:9.5em;overflow-y:auto;font:{px:g}px/1.45 'DejaVu Sans','Liberation Sans',Arial,sans-serif;"
    "color:var(--p101-text);background:var(--p101-log);border:1px solid var(--p101-panel_border);"
    "border-radius:6px;padding:4px 8px"
)


class LogArea(ipywidgets.HTML):
    """A scrolling list of log lines, newest first; ``add(line)``, ``clear()``, ``lines``."""

    def __init__(self, keep: int = 200, font_px: float = 13, label: str = "log", **kwargs) -> None:
        super().__init__(**kwargs)
        self.label = label
        """What a screen reader calls the log (the keyboard can reach it to scroll it)."""
        self.keep = keep
        self.font_px = font_px
        self._lines: list[str] = []
        self._draw()

    @property
    def lines(self) -> list[str]:
        """The lines kept, newest first."""
        return list(self._lines)

    def add(self, line: str) -> None:
        """Put a line on top of the log."""
        self._lines.insert(0, line)
        del self._lines[self.keep :]
        self._draw()

    def add_many(self, lines: list[str]) -> None:
        """Put lines on top of the log, oldest first (one redraw for them all)."""
        for line in lines:
            self._lines.insert(0, line)
        del self._lines[self.keep :]
        self._draw()

    def clear(self) -> None:
        """Forget every line."""
        self._lines.clear()
        self._draw()

    def _draw(self) -> None:
        rows = "".join(f"<div>{html.escape(line)}</div>" for line in self._lines)
        style = _STYLE.format(px=self.font_px)
        label = html.escape(self.label)
        self.value = (f'<div class="p101-log" tabindex="0" role="region" aria-label="{label}" '
                      f'style="{style}">{rows or "&nbsp;"}</div>')
