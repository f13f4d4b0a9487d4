"""`dominoes serve`: the game as a web page, that only the person who started it can open.

textual-serve (the web extra) runs one game process per websocket and checks nothing.
This module wraps its aiohttp application, as Jupyter guards its local server:

- a secret token, made at start and printed in the link to open
  (``http://127.0.0.1:8000/?token=…``), then kept in a cookie (HttpOnly, SameSite=Strict)
  by the browser; every route wants it, from the link or the cookie;
- the ``Host`` header must be one of the served names (the loopback names with the port,
  the ``--host`` when it is one address, the ``--public-url`` host), against DNS
  rebinding; a websocket's ``Origin`` must be one of those addresses, since browsers let
  any page open a websocket anywhere;
- at most ``max_games`` game processes at once; a tab beyond them is told so in the
  page and starts nothing.

Anything refused gets 403 and a one-line plain page, before any game process starts.

The helpers that build addresses and try the port need no web extra; textual-serve is
imported by :func:`guarded_server_class` only, when serving starts (a bare ``dominoes``
never loads this module).
"""

from __future__ import annotations

import errno
import ipaddress
import secrets
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names of this machine a browser on it uses; always served."""
WILDCARDS = ("0.0.0.0", "::")
"""Listen on every address of the machine."""
DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_GAMES = 4
"""Game processes at once, by default."""
SEAT_GRACE = 3.0
"""Seconds a tab beyond the cap waits for a game to end before it is told the cap is
reached (a reloaded tab's old game is still stopping when its new page asks)."""


class ServeError(Exception):
    """One sentence for the person; ``code`` is the exit code (2 bad input, 1 cannot listen)."""

    def __init__(self, sentence: str, code: int = 1) -> None:
        super().__init__(sentence)
        self.code = code


def is_local(host: str) -> bool:
    """Does ``host`` only take connections from this machine (a loopback address)?"""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may well be reachable from elsewhere
        return False


def url_host(host: str) -> str:
    """``host`` as it goes in a URL: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


def base_url(host: str, port: int, scheme: str = "http") -> str:
    """``scheme://host:port`` with no trailing slash, the port left out when it is the
    scheme's own (``http://[::1]:8000``, ``http://example.org``)."""
    own = DEFAULT_PORTS.get(scheme)
    return f"{scheme}://{url_host(host)}" + ("" if port == own else f":{port}")


Address = tuple[str, str, int]
"""(scheme, host name in lower case and without brackets, port)."""


def _address(url: str) -> Address | None:
    """The origin of ``url`` as an :data:`Address`; None when it is not http(s)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def _host_in(header: str | None, served: Iterable[Address | None]) -> bool:
    """Does a ``Host`` header (``name[:port]``) name one of ``served``? Without a port it
    names the scheme's own port."""
    if not header or any(c in header for c in "@/?#\\ "):  # a name and a port, no more
        return False
    try:
        parts = urlsplit(f"//{header}")
        name, port = parts.hostname, parts.port
    except ValueError:
        return False
    return bool(name) and any(
        a is not None
        and a[1] == name
        and a[2] == (port if port is not None else DEFAULT_PORTS[a[0]])
        for a in served
    )


@dataclass(frozen=True)
class Plan:
    """What ``dominoes serve`` will do: where it listens, the names it answers to."""

    host: str
    """The address to listen on (no brackets)."""
    port: int
    public_url: str
    """The base of every link the page makes, without a trailing slash."""
    served: frozenset[Address]
    """Every address the browsers may use: the Host and Origin checks accept only these."""
    max_games: int = MAX_GAMES
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
    warnings: tuple[str, ...] = ()

    @property
    def link(self) -> str:
        """The link the person opens: the page, with the token."""
        return f"{self.public_url}/?token={self.token}"

    @property
    def cookie(self) -> str:
        """The token's cookie; named by port, as cookies do not tell ports apart."""
        return f"dominoes-token-{self.port}"

    def host_allowed(self, header: str | None) -> bool:
        """Is a request's ``Host`` header one of the served names (with their port)?"""
        return _host_in(header, self.served)

    def origin_allowed(self, header: str | None) -> bool:
        """Is a websocket's ``Origin`` one of the served addresses?"""
        return header is not None and _address(header) in self.served

    def page_base(self, host_header: str) -> str:
        """The base of the page's links for a request that came by ``host_header`` (one
        of the served names): the links go back to the name the browser used, where its
        cookie is."""
        public = _address(self.public_url)
        return self.public_url if _host_in(host_header, {public}) else f"http://{host_header}"

    def token_ok(self, given: str | None) -> bool:
        return given is not None and secrets.compare_digest(
            given.encode("utf-8", "replace"), self.token.encode()
        )


def plan_serving(
    host: str, port: int, public_url: str | None = None, max_games: int = MAX_GAMES
) -> Plan:
    """Check the options and build the :class:`Plan`; :class:`ServeError` when they
    cannot be served (no traceback for the person)."""
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host:
        raise ServeError(
            "--host is empty: give the address to listen on, such as 127.0.0.1 "
            "(this machine only) or 0.0.0.0 (every address of this machine).",
            code=2,
        )
    if max_games < 1:
        raise ServeError("--max-games must be 1 or more.", code=2)
    warnings: list[str] = []
    if not is_local(host):
        warnings.append(
            f"{host} is not a local address: anyone who can reach this machine on "
            f"port {port} can play here, with your saves, once they have the link."
        )
    served = {("http", name, port) for name in LOOPBACK_NAMES}
    if host not in WILDCARDS:
        served.add(("http", host.lower(), port))
    if public_url is not None:
        public = _address(public_url)
        if public is None:
            raise ServeError(
                f"--public-url {public_url!r} is not a web address: give one such as "
                "https://dominoes.example or http://myhost:8000.",
                code=2,
            )
        public_url = public_url.rstrip("/")
    elif host in WILDCARDS:
        # every address of the machine: the page's own links need a name for it
        public = ("http", socket.gethostname().lower(), port)
        public_url = base_url(public[1], port)
    else:
        public = ("http", host.lower(), port)
        public_url = base_url(host, port)
    served.add(public)
    return Plan(host, port, public_url, frozenset(served), max_games, warnings=tuple(warnings))


def bind_problem(host: str, port: int) -> str | None:
    """Try to listen on ``host``:``port`` as the server will (every address the name
    has); the sentence saying why it cannot, or None when it can."""
    where = f"{url_host(host)}:{port}"
    try:
        infos = socket.getaddrinfo(
            None if host in WILDCARDS else host,
            port,
            socket.AF_INET6 if host == "::" else socket.AF_INET if host == "0.0.0.0" else 0,
            socket.SOCK_STREAM,
            0,
            socket.AI_PASSIVE,
        )
    except socket.gaierror:
        return f"cannot listen on {host}: it is no address or name this machine knows."
    for family, kind, proto, _, address in infos:
        try:
            with socket.socket(family, kind, proto) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:  # as asyncio does: IPv6 only on this one
                    s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                s.bind(address)
        except OSError as e:
            return listen_problem(host, port, e) or f"cannot listen on {where}."
    return None


def listen_problem(host: str, port: int, error: OSError) -> str:
    """The sentence for an ``OSError`` met listening on ``host``:``port``."""
    where = f"{url_host(host)}:{port}"
    if error.errno == errno.EACCES and port < 1024:
        return (
            f"cannot listen on port {port}: ports below 1024 need administrator rights; "
            "choose another with --port (8000 is the default)."
        )
    if error.errno == errno.EADDRINUSE:
        return (
            f"port {port} is taken on {url_host(host)}: another program listens there; "
            "choose another with --port."
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host}: it is not an address of this machine."
    return f"cannot listen on {where}: {error.strerror or error}."


def _cap_text(max_games: int) -> str:
    games = "1 game is" if max_games == 1 else f"{max_games} games are"
    return (
        f"{games} open here already, the most at once (dominoes serve --max-games N "
        "allows more). Close the tab of one of them, then reload this one."
    )


def guarded_server_class() -> type:
    """textual-serve's ``Server`` with the checks of this module's docstring (imported
    here: the web extra is needed only to serve)."""
    import asyncio
    import copy

    from aiohttp import web
    from textual_serve.server import Server

    class GuardedServer(Server):
        """textual-serve's server behind a token, Host and Origin checks, and a cap on
        game processes. Only the app's middleware, the page's links, the websocket's
        seat and the start-up line differ from textual-serve's."""

        def __init__(self, command: str, plan: Plan) -> None:
            super().__init__(
                command,
                host=plan.host,
                port=plan.port,
                title="Dominoes",
                public_url=plan.public_url,
            )
            self.plan = plan
            self.games = 0
            self._seats: asyncio.Condition | None = None

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(self._guard())
            return app

        def _guard(self) -> Any:
            plan = self.plan

            def refuse(sentence: str) -> web.Response:
                return web.Response(status=403, text=f"403 Forbidden: {sentence}\n")

            @web.middleware
            async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
                if not plan.host_allowed(request.headers.get("Host")):
                    # the page behind a name it does not serve may be a rebinding one:
                    # it is told nothing of the served names
                    return refuse(
                        "this server does not answer to that name; "
                        "open the link dominoes serve printed."
                    )
                if request.path == "/ws" and not plan.origin_allowed(request.headers.get("Origin")):
                    return refuse("only the game's own page may open the game.")
                given = request.query.get("token")
                if not plan.token_ok(given) and not plan.token_ok(request.cookies.get(plan.cookie)):
                    return refuse("open the game with the link dominoes serve printed.")
                response = await handler(request)
                if plan.token_ok(given) and request.cookies.get(plan.cookie) != given:
                    response.set_cookie(
                        plan.cookie,
                        plan.token,
                        httponly=True,
                        samesite="Strict",
                        path="/",
                        secure=plan.public_url.startswith("https:"),
                    )
                return response

            return guard

        async def handle_index(self, request: web.Request) -> Any:
            # the same page, its links based on the name this browser used
            view = copy.copy(self)
            view.public_url = self.plan.page_base(request.host)
            return await Server.handle_index(view, request)

        async def on_startup(self, app: web.Application) -> None:
            print(f"Serving Dominoes on {self.plan.link}", flush=True)
            print("Open that link in your browser; Ctrl+C stops the server.", flush=True)

        async def _take_seat(self) -> bool:
            """A place for one more game process: True when taken (waits a little for
            one to free)."""
            if self._seats is None:
                self._seats = asyncio.Condition()
            async with self._seats:
                try:
                    await asyncio.wait_for(
                        self._seats.wait_for(lambda: self.games < self.plan.max_games),
                        SEAT_GRACE,
                    )
                except TimeoutError:
                    return False
                self.games += 1
                return True

        async def _free_seat(self) -> None:
            assert self._seats is not None
            async with self._seats:
                self.games -= 1
                self._seats.notify()

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if not await self._take_seat():
                return await self._cap_reached(request)
            try:
                return await super().handle_websocket(request)
            finally:  # textual-serve's handler returns once the game process has ended
                await self._free_seat()

        async def _cap_reached(self, request: web.Request) -> web.WebSocketResponse:
            """No game for this tab: the page shows why, until the tab goes away."""
            websocket = web.WebSocketResponse(heartbeat=15)
            await websocket.prepare(request)
            text = _cap_text(self.plan.max_games)
            await websocket.send_bytes(f"\x1b[2J\x1b[H\r\n  {text}\r\n".encode())
            async for _ in websocket:  # the page's keys and sizes go nowhere
                pass
            return websocket

    return GuardedServer


def serve_game(plan: Plan, command: str) -> None:
    """Serve ``command`` (the game) as :class:`Plan` says, until Ctrl+C."""
    server = guarded_server_class()(command, plan)
    try:
        server.serve()
    except OSError as e:  # taken between the try and now
        raise ServeError(listen_problem(plan.host, plan.port, e)) from None
