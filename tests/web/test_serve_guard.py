"""`dominoes serve` lets in only the page it served, opened with the link it printed.

Each test starts the server (a subprocess on a free loopback port, a fresh home) and
talks to it with aiohttp's client: what a page of another site, a DNS-rebinding page or
someone without the token would send is refused with 403 and starts no game process;
the printed link loads the page, leaves the token in a cookie, and with it the page's
websocket plays; a tab beyond ``--max-games`` is told so and starts nothing.
"""

from __future__ import annotations

import asyncio
import re
import time

import pytest
from web_helpers import TIMEOUT, Served, wait_for

aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
pytest.importorskip("textual_serve", reason="the web extra is not installed")

ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)")


def session() -> aiohttp.ClientSession:
    # the cookie jar keeps cookies of an IP address only when told it may
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def open_page(http: aiohttp.ClientSession, served: Served) -> None:
    async with http.get(served.link) as r:
        assert r.status == 200
        assert "data-session-websocket-url" in await r.text()


async def refused_websocket(http: aiohttp.ClientSession, url: str, **kw) -> str:
    """The refusal's text; fails if the handshake was accepted."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as e:
        async with http.ws_connect(url, **kw):
            pass
    assert e.value.status == 403, e.value
    return e.value.message


async def screen_text(ws, until: str) -> str:
    """What the websocket has sent as text (no escapes), up to and with ``until``."""
    got = ""
    end = time.monotonic() + TIMEOUT
    while until not in ANSI.sub("", got):
        assert time.monotonic() < end, f"{until!r} never came; got {ANSI.sub('', got)[-300:]!r}"
        msg = await asyncio.wait_for(ws.receive(), TIMEOUT)
        assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
        if msg.type == aiohttp.WSMsgType.BINARY:
            got += msg.data.decode("utf-8", "replace")
    return ANSI.sub("", got)


def test_a_page_of_another_site_cannot_open_the_game(serve):
    served = serve()

    async def go():
        async with session() as http:
            await open_page(http, served)  # even with the person's cookie
            for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
                await refused_websocket(http, f"ws://127.0.0.1:{served.port}/ws", origin=origin)
            # a websocket without an Origin at all is no page of ours either
            await refused_websocket(http, f"ws://127.0.0.1:{served.port}/ws")
            assert served.children() == []  # refused before any game process started

    asyncio.run(go())


def test_a_foreign_host_header_is_refused(serve):
    served = serve()

    async def go():
        async with session() as http:
            for host in ("evil.example", f"evil.example:{served.port}", "127.0.0.1:1"):
                async with http.get(served.link, headers={"Host": host}) as r:
                    assert r.status == 403
                    assert "does not answer to that name" in await r.text()
                    assert "Set-Cookie" not in r.headers  # the token is not handed out
            await refused_websocket(
                http,
                f"ws://127.0.0.1:{served.port}/ws?token={served.token}",
                origin=f"http://evil.example:{served.port}",
                headers={"Host": f"evil.example:{served.port}"},
            )
            assert served.children() == []

    asyncio.run(go())


def test_without_the_token_nothing_is_served(serve):
    served = serve()
    origin = served.base

    async def go():
        async with session() as http:
            for path in ("/", "/?token=wrong", "/static/js/textual.js", "/download/x"):
                async with http.get(served.base + path) as r:
                    assert r.status == 403, path
                    text = await r.text()
                    assert text.startswith("403 Forbidden:") and "link" in text
            await refused_websocket(http, f"ws://127.0.0.1:{served.port}/ws", origin=origin)
            await refused_websocket(
                http, f"ws://127.0.0.1:{served.port}/ws?token=wrong", origin=origin
            )
            assert served.children() == []

    asyncio.run(go())


def test_the_printed_link_opens_the_game(serve):
    served = serve()
    assert served.link == f"http://127.0.0.1:{served.port}/?token={served.token}"
    assert len(served.token) >= 32

    async def go():
        async with session() as http:
            async with http.get(served.link) as r:
                assert r.status == 200
                page = await r.text()
                cookie = r.headers["Set-Cookie"]
            assert f"dominoes-token-{served.port}={served.token}" in cookie
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            assert f'data-session-websocket-url="ws://127.0.0.1:{served.port}/ws"' in page
            # the page's own files and websocket go by the cookie
            async with http.get(f"{served.base}/static/js/textual.js") as r:
                assert r.status == 200
            async with http.ws_connect(
                f"ws://127.0.0.1:{served.port}/ws", origin=served.base
            ) as ws:
                assert "New game" in await screen_text(ws, "New game")
                assert len(served.children()) == 1

    asyncio.run(go())


def test_the_links_follow_the_loopback_name_the_browser_used(serve):
    served = serve()
    name = f"localhost:{served.port}"

    async def go():
        async with session() as http:
            async with http.get(served.link, headers={"Host": name}) as r:
                assert r.status == 200
                assert f'data-session-websocket-url="ws://{name}/ws"' in await r.text()

    asyncio.run(go())


def test_a_tab_beyond_the_cap_starts_no_game(serve):
    served = serve("--max-games", "1")
    url = f"ws://127.0.0.1:{served.port}/ws"

    async def go():
        async with session() as http:
            await open_page(http, served)
            async with http.ws_connect(url, origin=served.base) as first:
                await screen_text(first, "New game")
                assert len(served.children()) == 1
                async with http.ws_connect(url, origin=served.base) as second:
                    text = await screen_text(second, "the most at once")
                    assert "1 game is open here already" in text and "--max-games" in text
                    assert len(served.children()) == 1  # no second game process

    asyncio.run(go())
    wait_for("the game to end", lambda: [] if served.children() == [] else None)
