"""The clickable card row: an anywidget whose ES module draws what Python sends and reports clicks.

Python gives ``items``, each a dict ``{"id", "html", "playable", "caption", "note", "title"}``
(``html`` is card art from ``pianitsa101.cardart``); a click on a playable item in the browser
sets ``clicked`` to ``{"id": ..., "n": count}``. With the keyboard, the arrow keys move through
the row and Enter plays the card in focus (``cardrow.js``); ``label`` names the row for a screen
reader. ``click(item_id)`` does the same from Python
(tests, lessons). Clicks on an item that is not playable, or not shown, are refused here
too, so a stale click from the browser changes nothing. Callbacks get the item id.

>>> row = CardRow(items=[card_item("A♠", "<svg/>", playable=True), card_item("K♦", "<svg/>")])
>>> seen = []
>>> row.on_click(seen.append)
>>> row.click("A♠"), row.click("K♦"), row.click("Q♣")
(True, False, False)
>>> seen
['A♠']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets

from pianitsa101.widgets.palette import palette_css

__all__ = ["CardRow", "card_item"]

_HERE = Path(__file__).parent


def card_item(
    item_id: str, html: str, playable: bool = False, caption: str = "", note: str = "", title: str = ""
) -> dict:
    """One item of a ``CardRow``: an id, its drawing, whether it may be clicked, and texts under it."""
    return {
        "id": str(item_id),
        "html": html,
        "playable": bool(playable),
        "caption": caption,
        "note": note,
        "title": title,
    }


class CardRow(anywidget.AnyWidget):
    """A row (or fan) of cards or stacks; playable ones are clickable, in the browser and from Python."""

    _esm = (_HERE / "cardrow.js").read_text(encoding="utf-8")
    _css = (_HERE / "cardrow.css").read_text(encoding="utf-8") + palette_css()

    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    """What to draw, left to right (see ``card_item``)."""
    arrangement = traitlets.Unicode("row").tag(sync=True)
    """'row' (side by side) or 'fan' (overlapping). Not ``layout``: that name is the widget library's
    own ``Layout`` (size, margins), and a text there breaks the view in the browser."""
    font_size = traitlets.Int(13).tag(sync=True)
    """Size of the captions in pixels (larger for a projector)."""
    label = traitlets.Unicode("").tag(sync=True)
    """What a screen reader calls the row ('Your hand'); empty: no name."""
    take_focus = traitlets.Bool(False).tag(sync=True)
    """When the keyboard's focus falls out of the table (a pressed button hides), it comes back here."""
    clicked = traitlets.Dict({}).tag(sync=True)
    """The last click: {'id': item id, 'n': a count that grows with every click}."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.refused = 0
        """Clicks refused because the item was not playable (or not shown)."""
        self.observe(self._on_clicked, names="clicked")

    def playable_ids(self) -> list[str]:
        """The ids of the items that may be clicked now."""
        return [item["id"] for item in self.items if item.get("playable")]

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(item_id)`` after every accepted click."""
        self._callbacks.append(callback)

    def click(self, item_id: str) -> bool:
        """Click an item from Python, as a person would in the browser; True if it was playable."""
        before = self.refused
        self.clicked = {"id": str(item_id), "n": int(self.clicked.get("n", 0)) + 1}
        return self.refused == before

    def _on_clicked(self, change: dict) -> None:
        item_id = (change["new"] or {}).get("id")
        if item_id is None:
            return
        if item_id not in self.playable_ids():
            self.refused += 1
            return
        for callback in list(self._callbacks):
            callback(item_id)
