"""Live updates for the board: every stored send is announced to every open board as a server-sent event.

A board listens on ``/api/board/events`` (an ``EventSource``). Each subscriber has its own
queue; a board too slow to read (a queue of 1,000 events) misses events and is told to reload
its state, never holding up the students' sends.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

__all__ = ["Broker"]

KEEPALIVE = 15.0  # seconds between comments that keep a quiet connection open through proxies


class Broker:
    """Fan-out of events to the open boards, on the server's event loop."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    def publish(self, kind: str, data: Any) -> None:
        """Announce an event to every board (from the event loop, or from a thread through it)."""
        message = f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # from a thread (the tournament's): through the loop of the boards
            if self.loop is not None and not self.loop.is_closed():
                self.loop.call_soon_threadsafe(self._put, message)
            return
        self._put(message)

    def _put(self, message: str) -> None:
        for queue in list(self._queues):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait("event: reload\ndata: {}\n\n")

    @property
    def boards(self) -> int:
        """How many boards are listening."""
        return len(self._queues)

    async def stream(self) -> AsyncIterator[str]:
        """The events for one board, with a keep-alive comment when quiet."""
        self.loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1000)
        self._queues.add(queue)
        try:
            yield "retry: 1000\nevent: hello\ndata: {}\n\n"
            while True:
                try:
                    yield await asyncio.wait_for(queue.get(), KEEPALIVE)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
        finally:
            self._queues.discard(queue)
