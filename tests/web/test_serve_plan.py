"""`dominoes serve`'s addresses, before anything listens: the link a browser can use
(IPv6 in brackets), the names the Host and Origin checks accept, and the sentences for
an empty host and a port that cannot be had (privileged, taken)."""

from __future__ import annotations

import errno
import socket

import pytest

from dominoes_tui import serve as serving
from dominoes_tui.serve import ServeError, base_url, bind_problem, listen_problem, plan_serving


@pytest.mark.parametrize(
    ("host", "port", "scheme", "url"),
    [
        ("127.0.0.1", 8000, "http", "http://127.0.0.1:8000"),
        ("::1", 8000, "http", "http://[::1]:8000"),
        ("fe80::1", 443, "http", "http://[fe80::1]:443"),  # http on 443 keeps its port
        ("example.org", 80, "http", "http://example.org"),
        ("example.org", 443, "https", "https://example.org"),
    ],
)
def test_base_url(host, port, scheme, url):
    assert base_url(host, port, scheme) == url


@pytest.mark.parametrize("host", ["::1", "[::1]"])
def test_an_ipv6_host_gives_a_link_in_brackets(host):
    plan = plan_serving(host, 8000)
    assert plan.host == "::1"  # what to listen on
    assert plan.public_url == "http://[::1]:8000"
    assert plan.link == f"http://[::1]:8000/?token={plan.token}"
    assert plan.host_allowed("[::1]:8000") and plan.origin_allowed("http://[::1]:8000")


def test_port_443_is_served_over_http_at_that_port():
    plan = plan_serving("127.0.0.1", 443)
    assert plan.link.startswith("http://127.0.0.1:443/?token=")


def test_each_start_has_its_own_token():
    assert plan_serving("127.0.0.1", 8000).token != plan_serving("127.0.0.1", 8000).token


@pytest.mark.parametrize("host", ["", " ", "[]"])
def test_an_empty_host_is_one_sentence(host):
    with pytest.raises(ServeError) as e:
        plan_serving(host, 8000)
    assert e.value.code == 2
    assert str(e.value).startswith("--host is empty: give the address to listen on")


def test_the_loopback_names_are_served_with_their_port():
    plan = plan_serving("127.0.0.1", 8000)
    for host in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000"):
        assert plan.host_allowed(host), host
    for host in (
        "127.0.0.1",
        "127.0.0.1:8001",
        "evil.example:8000",
        "evil.example",
        "evil@127.0.0.1:8000",
        "127.0.0.1:8000/x",
        "127.0.0.1:port",
        "",
        None,
    ):
        assert not plan.host_allowed(host), host
    assert plan.origin_allowed("http://localhost:8000")
    for origin in (
        "http://evil.example",
        "https://127.0.0.1:8000",
        "http://127.0.0.1:8001",
        "null",
        "",
        None,
    ):
        assert not plan.origin_allowed(origin), origin


def test_a_public_url_is_served_under_its_own_name():
    plan = plan_serving("0.0.0.0", 8000, "https://dominoes.example/")
    assert plan.public_url == "https://dominoes.example"
    assert plan.host_allowed("dominoes.example")  # no port: https's own
    assert plan.host_allowed("dominoes.example:443")
    assert plan.origin_allowed("https://dominoes.example")
    assert not plan.origin_allowed("http://dominoes.example")
    assert plan.host_allowed("127.0.0.1:8000")  # a proxy on this machine
    assert plan.page_base("dominoes.example") == "https://dominoes.example"
    assert plan.page_base("localhost:8000") == "http://localhost:8000"


def test_a_host_given_on_purpose_is_served():
    plan = plan_serving("192.168.1.20", 8000)
    assert plan.public_url == "http://192.168.1.20:8000"
    assert plan.host_allowed("192.168.1.20:8000")
    assert plan.origin_allowed("http://192.168.1.20:8000")
    assert plan.warnings and "192.168.1.20" in plan.warnings[0]


def test_every_address_is_served_under_the_machines_name():
    plan = plan_serving("0.0.0.0", 8000)
    name = socket.gethostname().lower()
    assert plan.public_url == f"http://{name}:8000"
    assert plan.host_allowed(f"{name}:8000")
    assert not plan.host_allowed("0.0.0.0:8000")


def test_a_taken_port_is_said():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert bind_problem("127.0.0.1", port) == (
            f"port {port} is taken on 127.0.0.1: another program listens there; "
            "choose another with --port."
        )
    assert bind_problem("127.0.0.1", port) is None  # free again


def test_a_privileged_port_is_said(monkeypatch):
    class NoRights(socket.socket):
        def bind(self, address):
            raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(serving.socket, "socket", NoRights)  # as for a person without root
    assert bind_problem("127.0.0.1", 443) == (
        "cannot listen on port 443: ports below 1024 need administrator rights; "
        "choose another with --port (8000 is the default)."
    )


def test_a_host_that_is_not_this_machine_is_said():
    problem = listen_problem("192.0.2.7", 8000, OSError(errno.EADDRNOTAVAIL, "x"))
    assert problem == "cannot listen on 192.0.2.7: it is not an address of this machine."
    assert bind_problem("no-such-host.invalid", 8000) == (
        "cannot listen on no-such-host.invalid: it is no address or name this machine knows."
    )
