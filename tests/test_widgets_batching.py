"""A table played from Python inside a cell sends each widget's update once, when the cell ends.

Lesson 06 drives tables from Python (``play_for_me``: a loop of ``table.play``). Each move used
to send a dozen widget messages at once, hundreds per cell, and the kernel's IOPub socket drops
what does not fit its queue when the browser reads more slowly: a dropped idle status hung
*Run All* for good. These tests count the messages the widgets send, in-process (a counting
comm) and through a real kernel whose front end reads late.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections import Counter
from pathlib import Path
from typing import ClassVar

import comm
import ipywidgets as w
import pytest

from pianitsa101.game101 import HeuristicAgent
from pianitsa101.widgets.batching import hold_messages, widgets_in
from pianitsa101.widgets.table101 import Table101

ROOT = Path(__file__).resolve().parents[1]


class CountingComm:
    """A comm that only counts what a widget sends (``sent``: one entry per update message)."""

    sent: ClassVar[Counter] = Counter()

    def __init__(self, *args, **kwargs) -> None:
        self.comm_id = "test"
        self.kernel = object()  # a widget sends only through a comm with a kernel

    def send(self, data=None, metadata=None, buffers=None) -> None:
        CountingComm.sent[tuple(sorted((data or {}).get("state", {})))] += 1

    def on_msg(self, callback) -> None:
        pass

    def close(self, *args, **kwargs) -> None:
        pass


def in_a_thread_of_its_own(function):
    """``function()``, run in a new thread, where no event loop runs (its result, or its exception)."""
    results: list = []

    def run() -> None:
        try:
            results.append((True, function()))
        except BaseException as error:  # handed back to the test, which raises it
            results.append((False, error))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    ok, value = results[0]
    if not ok:
        raise value
    return value


@pytest.fixture
def sent(monkeypatch):
    """The update messages the widgets send from now on."""
    monkeypatch.setattr(comm, "create_comm", CountingComm)
    CountingComm.sent = Counter()
    return CountingComm.sent


def play_for_me(table: Table101, until) -> None:
    """Lesson 06's helper: click your moves as HeuristicAgent would choose them, until ``until(table)``."""
    bot = HeuristicAgent()
    while not until(table):
        match = table.match
        if match.current is None:
            table.next_round()
            continue
        rnd = match.current
        table.play(bot.choose(rnd.view(match.seats.index(table.human)), rnd.legal_moves()))


def three_rounds(table: Table101) -> bool:
    return len(table.match.result.records) == 3 and table.match.current is None


def test_a_cell_that_plays_a_match_sends_each_widget_once_when_it_ends(sent):
    async def cell():
        table = Table101(players=3, seed=69, delay=0)
        await asyncio.sleep(0)  # the table is shown: what creating it changed has gone out
        sent.clear()
        play_for_me(table, three_rounds)  # dozens of moves, like lesson 06's cell
        during = sum(sent.values())
        hand_now = list(table.hand.items)  # Python sees every change at once
        await asyncio.sleep(0)  # the cell ends: the event loop runs
        return table, during, hand_now

    table, during, hand_now = in_a_thread_of_its_own(lambda: asyncio.run(cell()))
    assert during == 0  # nothing was sent while the cell ran
    assert 0 < sum(sent.values()) <= len(list(widgets_in(table)))  # then one message per widget at most
    assert hand_now == table.hand.items and three_rounds(table)


def test_without_an_event_loop_every_change_goes_out_at_once(sent):
    def script():
        table = Table101(players=3, seed=69, delay=0)
        sent.clear()
        table.play(table.legal_moves[0])

    in_a_thread_of_its_own(script)
    assert sum(sent.values()) > 0  # a script or a test sees the widgets change as before


def test_a_click_reaches_python_and_its_redraw_goes_out_after_it(sent):
    async def click():
        table = Table101(players=2, seed=5, delay=0)
        await asyncio.sleep(0)
        sent.clear()
        card = next(m.card for m in table.legal_moves if hasattr(m, "card") and m.suit is None)
        assert table.click_card(card)
        waiting = dict(sent)
        await asyncio.sleep(0)
        return waiting, sum(sent.values())

    waiting, after = in_a_thread_of_its_own(lambda: asyncio.run(click()))
    assert set(waiting) <= {("clicked",)}  # the click itself (from Python here); the redraw waits
    assert after > len(waiting)


class OrderComm(CountingComm):
    """A comm that notes which widget's comm sent each update message, in order."""

    order: ClassVar[list] = []

    def send(self, data=None, metadata=None, buffers=None) -> None:
        OrderComm.order.append(self)


def test_the_tables_log_goes_out_before_the_status_and_the_hand(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", OrderComm)

    async def move():
        table = Table101(players=3, seed=69, delay=0)
        await asyncio.sleep(0)
        OrderComm.order = []
        table.play(table.legal_moves[0])  # your move, then the bots' replies (no delay): new log lines
        await asyncio.sleep(0)
        return table, list(OrderComm.order)

    table, order = in_a_thread_of_its_own(lambda: asyncio.run(move()))
    log, status, hand = table.log_area.comm, table.status.comm, table.hand.comm
    assert log in order and status in order and hand in order
    assert order.index(log) < order.index(status) and order.index(log) < order.index(hand)


def test_hold_messages_walks_children_layouts_and_styles():
    button = w.Button(description="x")
    box = w.VBox([w.HBox([button])])
    found = list(widgets_in(box))
    assert button in found and button.layout in found and button.style in found and box.layout in found
    in_a_thread_of_its_own(lambda: hold_messages(box))  # no event loop: nothing is held
    assert getattr(box, "_p101_held", None) is None


def test_a_held_slider_sends_its_new_end_before_its_value(monkeypatch):
    """The front end applies a message's changes in order: ``value=106`` before ``max=106`` would be
    clamped to the old end and sent back (the table then jumped back to an earlier trick)."""
    messages: list[list[str]] = []

    class RecordingComm(CountingComm):
        def send(self, data=None, metadata=None, buffers=None) -> None:
            messages.append(list((data or {}).get("state", {})))

    monkeypatch.setattr(comm, "create_comm", RecordingComm)

    async def cell():
        slider = w.IntSlider(value=0, min=0, max=0)
        await asyncio.sleep(0)
        messages.clear()
        hold_messages(slider)
        slider.max, slider.min, slider.value, slider.description = 106, 1, 106, "trick"
        await asyncio.sleep(0)

    in_a_thread_of_its_own(lambda: asyncio.run(cell()))
    assert messages == [["description", "max", "min", "value"]]


LESSON_CELLS = [
    "from pianitsa101.game101 import HeuristicAgent, Rules101\nfrom pianitsa101.widgets import Table101\n"
    "bot = HeuristicAgent()\n"
    "def play_for_me(table, until):\n"
    "    while not until(table):\n"
    "        match = table.match\n"
    "        if match.current is None:\n"
    "            table.next_round()\n"
    "            continue\n"
    "        rnd = match.current\n"
    "        table.play(bot.choose(rnd.view(match.seats.index(table.human)), rnd.legal_moves()))\n",
    *[f"table = Table101(players=3, seed={seed}, delay=0{rules})\nplay_for_me(table, {until})\ntable"
      for seed, rules, until in (  # lesson 06's cells, as they are there
          (32, "", "lambda t: t.match.view(0).chain is not None and len(t.match.view(0).chain.links) == 3"),
          (69, "", "lambda t: len(t.match.result.records) == 3 and t.match.current is None"),
          (37, "", "lambda t: any(record.reset for record in t.match.result.records)"),
          (2, ", rules=Rules101(match='elimination')",
           "lambda t: 1 not in t.match.active and t.match.current is not None"))],
]


def test_a_front_end_that_reads_late_still_gets_every_cells_end():
    """Run All as a busy browser sees it: every cell sent at once, IOPub read only 15 s later."""
    pytest.importorskip("jupyter_client")
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3", cwd=str(ROOT))
    try:
        ids = [client.execute(code, stop_on_error=False) for code in LESSON_CELLS]
        replies, deadline = set(), time.monotonic() + 300
        while not replies >= set(ids) and time.monotonic() < deadline:  # the shell channel drops nothing
            with contextlib.suppress(queue.Empty):
                replies.add(client.get_shell_msg(timeout=5)["parent_header"]["msg_id"])
        time.sleep(15)  # the front end is drawing: IOPub waits
        idle, errors, count = set(), [], 0
        while True:
            try:
                message = client.get_iopub_msg(timeout=5)
            except queue.Empty:
                break
            count += 1
            if message["msg_type"] == "error":
                errors.append(message["content"]["evalue"])
            if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
                idle.add(message["parent_header"].get("msg_id"))
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert replies >= set(ids) and errors == []
    missing = [n for n, msg_id in enumerate(ids) if msg_id not in idle]
    assert missing == [], f"the idle status of cells {missing} was dropped ({count} IOPub messages arrived)"
