"""`dominoes serve`: the game in a real browser (headless Chromium), up to the start menu.

The server runs on a free local port; Chromium (Debian's ``chromium``; ``.ci/run``
installs it) loads the page, and the test waits until the start menu has come over
the page's websocket and is drawn (its colours fill the screenshot), then saves the
screenshot (``start_menu.png`` in the test's tmp folder; ``DOMINOES_SCREENSHOTS=DIR``
copies it there). Chromium is driven through its DevTools protocol with aiohttp's
websocket client (aiohttp comes with textual-serve): no other library, no browser
download. The page asks for a web font: that request is blocked, so no traffic
leaves this machine.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import re
import shutil
import signal
import struct
import subprocess
import time
import zlib
from pathlib import Path

import pytest
from web_helpers import TIMEOUT, wait_for

aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
pytest.importorskip("textual_serve", reason="the web extra is not installed")

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1200,800",
    # names resolve to nothing but this machine: the page's web font is not fetched
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
# The start menu's colours, and the least share of the screenshot each covers once drawn
# (before, the page shows textual-serve's own dark blue): the houses' panel, the felt
# around it, the title bar.
START_COLOURS = {(0x1E, 0x2B, 0x26): 0.3, (0x0F, 0x3D, 0x2E): 0.05, (0x0A, 0x2E, 0x22): 0.03}
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)")


def chromium() -> str:
    """Chromium's path; skipped with the reason when it is not installed (never in CI,
    where .ci/run installs it, unless it says it could not)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    why = os.environ.get("DOMINOES_NO_CHROMIUM")
    if os.environ.get("CI") and not why:
        pytest.fail("CI has no chromium: .ci/run installs it (apt-get install chromium)")
    pytest.skip(
        f"no chromium here ({why or 'apt-get install chromium'}): the browser test needs it"
    )


def png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of RGB(A) bytes of an 8-bit, non-interlaced PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color)
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, [bytes(r[i : i + 3]) for r in rows for i in range(0, stride, bpp)]


def drawn(png: bytes) -> bool:
    """Does the screenshot show the start menu (each of its colours covers enough)?"""
    width, height, pixels = png_pixels(png)
    counts = {bytes(rgb): 0 for rgb in START_COLOURS}
    for p in pixels:
        if p in counts:
            counts[p] += 1
    return all(counts[bytes(rgb)] >= share * width * height for rgb, share in START_COLOURS.items())


class DevTools:
    """A page of Chromium, over its DevTools protocol (one websocket, JSON messages)."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.next_id = 0
        self.events: list[dict] = []

    async def call(self, method: str, **params):
        self.next_id += 1
        my_id = self.next_id
        await self.ws.send_json({"id": my_id, "method": method, "params": params})
        while True:
            msg = await asyncio.wait_for(self.ws.receive_json(), TIMEOUT)
            if msg.get("id") == my_id:
                assert "error" not in msg, msg
                return msg.get("result", {})
            self.events.append(msg)

    async def drain(self, seconds: float) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            while True:
                self.events.append(await asyncio.wait_for(self.ws.receive_json(), seconds))

    def received_text(self) -> str:
        """What the page's websocket has received so far, as text without escapes."""
        out = []
        for e in self.events:
            if e.get("method") == "Network.webSocketFrameReceived":
                r = e["params"]["response"]
                data = r["payloadData"]
                raw = base64.b64decode(data) if r.get("opcode") == 2 else data.encode()
                out.append(raw.decode("utf-8", "replace"))
        return ANSI.sub("", "".join(out))


@pytest.fixture
def server(serve):
    """The link ``dominoes serve`` printed, with its token."""
    return serve().link


@pytest.fixture
def browser(tmp_path):
    exe = chromium()
    profile = tmp_path / "chromium-profile"
    proc = subprocess.Popen(
        [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    lines: list[str] = []

    def devtools_port():
        line = proc.stderr.readline()
        assert line or proc.poll() is None, "".join(lines)
        lines.append(line)
        m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        return int(m.group(1)) if m else None

    try:
        yield wait_for("chromium", devtools_port)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stderr.close()


async def load_start_menu(devtools_port: int, url: str, last: Path) -> bytes:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{devtools_port}/json/list") as r:
            pages = [t for t in await r.json(content_type=None) if t["type"] == "page"]
        async with http.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            page = DevTools(ws)
            await page.call("Network.enable")
            await page.call("Network.setBlockedURLs", urls=["*fonts.googleapis.com*"])
            await page.call("Page.enable")
            await page.call("Page.navigate", url=url)
            end = time.monotonic() + TIMEOUT
            while "New game" not in (text := page.received_text()):
                assert time.monotonic() < end, f"no start menu came; received: {text[-500:]!r}"
                await page.drain(0.2)
            assert "D O M I N O E S" in text
            size = await page.call("Page.getLayoutMetrics")
            view = size["cssVisualViewport"]
            small = {"x": 0, "y": 0, "width": view["clientWidth"], "height": view["clientHeight"]}
            while True:  # received; now wait until it is drawn (a small shot is enough)
                shot = await page.call(
                    "Page.captureScreenshot", format="png", clip={**small, "scale": 0.2}
                )
                if drawn(base64.b64decode(shot["data"])):
                    break
                if time.monotonic() > end:
                    shot = await page.call("Page.captureScreenshot", format="png")
                    last.write_bytes(base64.b64decode(shot["data"]))
                    raise AssertionError(f"the start menu came but was not drawn: see {last}")
                await page.drain(0.3)
            shot = await page.call("Page.captureScreenshot", format="png")
            png = base64.b64decode(shot["data"])
            last.write_bytes(png)
            return png


def test_serve_shows_the_start_menu_in_a_browser(server, browser, tmp_path):
    shot = tmp_path / "start_menu.png"
    asyncio.run(load_start_menu(browser, server, shot))
    if folder := os.environ.get("DOMINOES_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(folder) / "start_menu.png")
