"""Two browser tabs on one `dominoes serve`: what the README says they do.

Every tab runs its own game process, but all of them play in the same home (saves,
history, the one-table lock): while one tab has a table open, New game in another says
so and offers to watch that match, read only.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time

import pytest
from web_helpers import TIMEOUT, Served

aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
pytest.importorskip("textual_serve", reason="the web extra is not installed")

ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)")


class Tab:
    """A tab's websocket, read all the time (its pings answered), its screen as text."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.raw = ""
        self.news = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.raw += msg.data.decode("utf-8", "replace")
                self.news.set()
        self.news.set()

    def text(self) -> str:
        return ANSI.sub("", self.raw)

    async def wait(self, words: str, start: int = 0) -> None:
        """Until ``words`` are shown (after the first ``start`` characters received)."""
        end = time.monotonic() + TIMEOUT
        while words not in ANSI.sub("", self.raw[start:]):
            assert not self.reader.done(), f"the tab closed; it showed {self.text()[-300:]!r}"
            left = end - time.monotonic()
            assert left > 0, f"{words!r} never came: {self.text()[-300:]!r}"
            self.news.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.news.wait(), left)

    async def key(self, key: str, then: str) -> None:
        """Press ``key``, wait until ``then`` is shown after it."""
        start = len(self.raw)
        await self.ws.send_json(["stdin", key])
        await self.wait(then, start)


def test_a_second_tab_may_watch_the_match_of_the_first(serve):
    served: Served = serve()
    url = f"ws://127.0.0.1:{served.port}/ws?width=100&height=40"

    async def go():
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            async with http.get(served.link) as r:
                assert r.status == 200
            async with (
                http.ws_connect(url, origin=served.base) as ws_a,
                http.ws_connect(url, origin=served.base) as ws_b,
            ):
                a, b = Tab(ws_a), Tab(ws_b)
                await a.wait("New game")
                await a.key("\r", "Start (s)")  # New game: the table options
                await a.key("s", "Hint")  # the table
                await b.wait("New game")
                await b.key("\r", "A match is open in another dominoes window")
                assert "Watch" in b.text() and len(served.children()) == 2
                await b.key("w", "Watching the match in the other window")
                assert "closed its table" not in b.text()
                for tab in (a, b):
                    tab.reader.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await tab.reader

    asyncio.run(go())
