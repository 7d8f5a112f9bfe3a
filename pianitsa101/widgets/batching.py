"""One message per widget per cell: a table's updates wait until the event loop runs again.

A table played from Python (a loop of ``table.play(...)`` in a cell, like lesson 06's
``play_for_me``) redraws after every move, and each redraw changes a dozen widgets: hundreds of
messages within a second or two. The kernel publishes them on IOPub, a ZeroMQ PUB socket that
*drops* whatever does not fit its queue (1,000 messages by default) when the front end reads
more slowly than that, as a browser busy drawing the table does. A dropped "idle" status leaves
the cell at ``[*]`` for good, the server says the kernel is busy, and the kernel sits idle:
lesson 06's *Run All* hang in JupyterLab.

``hold_messages(root)`` holds the updates of ``root`` and every widget inside it while the code
that runs now (a cell, a click's handler, a bot's scheduled move) goes on; when it yields to the
event loop, each widget sends one message with its last state. The widgets' values in Python are
current all along; only their messages wait. Without a running event loop (a script, a test) it
does nothing and every change goes out at once, as before.

A held message carries several changes of one widget at once, and their order matters to the
front end, which applies them one by one: a slider told ``value=106`` before ``max=106`` clamps
the value to its old end and sends that back, and the table jumps to an earlier trick. So a
widget's bounds and options go first and its ``value`` (or ``index``) last (``ordered_keys``).
Between widgets the order is fixed but says nothing, unless ``first`` names the widgets whose
messages go before the others': the 101 table sends its log before the status line that says
it is your move, so the bots' moves are on the page when you are asked for yours.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator, Sequence

import ipywidgets as w

__all__ = ["hold_messages", "ordered_keys", "widgets_in"]

_LAST = ("index", "value")  # what a front end checks against the widget's other traits


def widgets_in(root: w.Widget) -> Iterator[w.Widget]:
    """``root`` and every widget it holds (children, layouts, styles), each once."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, w.Widget):
                    todo.append(item)


def ordered_keys(keys) -> list[str]:
    """The changed traits in the order a front end can apply them: bounds and options, then the value.

    >>> ordered_keys({"value", "max", "description"})
    ['description', 'max', 'value']
    """
    return sorted(keys, key=lambda name: (_LAST.index(name) + 1 if name in _LAST else 0, name))


@contextlib.contextmanager
def _held(widget: w.Widget) -> Iterator[None]:
    """``widget.hold_sync()`` that sends what changed in ``ordered_keys`` order (ipywidgets' own
    ``hold_sync`` sends a set, in no fixed order)."""
    if widget._holding_sync:
        yield
        return
    widget._holding_sync = True
    try:
        yield
    finally:
        widget._holding_sync = False
        keys, widget._states_to_send = widget._states_to_send, set()
        if keys:
            widget.send_state(ordered_keys(keys))


def hold_messages(root: w.Widget, first: Sequence[w.Widget] = ()) -> None:
    """Hold the messages of ``root``'s widgets until the running event loop gets control back;
    then the widgets of ``first`` send theirs before the others (a log before the status that reads it)."""
    if getattr(root, "_p101_held", None) is not None:
        return  # held already: released when the loop runs
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # no event loop running: changes are sent at once
    early = {id(widget) for widget in first}
    held = contextlib.ExitStack()  # it closes in the reverse order: what is entered last goes out first
    for widget in [*(x for x in widgets_in(root) if id(x) not in early), *reversed(first)]:
        held.enter_context(_held(widget))
    root._p101_held = held

    def release() -> None:
        root._p101_held = None
        held.close()  # each widget sends what changed, once, with its last value

    loop.call_soon(release)
