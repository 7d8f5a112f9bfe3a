"""A screen reader's voice at the table: a live region that reads out what just happened.

``Announcer`` is an invisible anywidget whose element is an ``aria-live="polite"`` region (a
``role="status"``). The tables call ``say(text)`` after the bots' moves or a trick; a screen reader
reads the text when it changes, without moving the focus. It also brings the tables' colours
(``palette.palette_css()``) into the page, so every table that holds one follows the theme.

>>> voice = Announcer()
>>> voice.say("Seat 1 plays 7♠.")
>>> voice.text
'Seat 1 plays 7♠.'
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from pianitsa101.widgets.palette import palette_css

__all__ = ["Announcer", "autoplay_names"]

_HERE = Path(__file__).parent

_ESM = """
function render({ model, el }) {
  el.classList.add("p101-sr-only");
  const region = document.createElement("div");
  region.className = "p101-announcer";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.append(region);
  const say = () => { region.textContent = model.get("text"); };
  // Name the table's controls that the widget library leaves unnamed for a screen reader: a
  // slider's handle (named after the slider's label) and the autoplay's icon buttons (`names`).
  let watcher = null;
  const name = (table) => {
    for (const handle of table.querySelectorAll(".noUi-handle:not([aria-label])")) {
      const label = handle.closest(".widget-slider")?.querySelector(".widget-label")?.textContent.trim();
      if (label) handle.setAttribute("aria-label", label);
    }
    const names = model.get("names");
    for (const button of table.querySelectorAll(".widget-play button:not([aria-label])")) {
      const icon = button.querySelector("i");
      const kind = Object.keys(names).find((k) => icon && icon.classList.contains("fa-" + k));
      if (kind) button.setAttribute("aria-label", names[kind]);
    }
  };
  const start = (tries) => {
    const table = el.closest(".p101-table");
    if (!table) {
      if (tries > 0) setTimeout(() => start(tries - 1), 200);
      return;
    }
    name(table);
    watcher = new MutationObserver(() => name(table));
    watcher.observe(table, { childList: true, subtree: true });
  };
  start(50);
  // a region must be in the page before its text changes, or some screen readers stay silent
  setTimeout(say, 50);
  model.on("change:text", say);
  return () => {
    model.off("change:text", say);
    if (watcher) watcher.disconnect();
  };
}
export default { render };
"""


class Announcer(anywidget.AnyWidget):
    """An invisible live region: ``say(text)`` has a screen reader read ``text`` out."""

    _esm = _ESM
    _css = (_HERE / "cardrow.css").read_text(encoding="utf-8") + palette_css()

    text = traitlets.Unicode("").tag(sync=True)
    """What was said last."""
    names = traitlets.Dict({}).tag(sync=True)
    """Names for the table's icon buttons, by their icon ('play', 'pause', 'stop', 'retweet')."""

    def say(self, text: str) -> None:
        """Have a screen reader read ``text`` (the same text again is read again)."""
        if text and text == self.text.rstrip("\u00a0"):
            text = self.text + "\u00a0"  # a change the reader notices; it reads the same words
        self.text = text


def autoplay_names(lang: str) -> dict[str, str]:
    """Names of the autoplay's icon buttons (``ipywidgets.Play``) for a screen reader, in ``lang``."""
    from pianitsa101.widgets.i18n import tr

    return {icon: tr(f"a11y_{key}", lang)
            for icon, key in (("play", "play"), ("pause", "pause"), ("stop", "stop"), ("retweet", "repeat"))}
