"""The local HTTP server hands `/api/*` to the Chalice app and every value of a multi-value
header (our two Set-Cookie cookies) to the browser."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from chalice import Chalice, Response

from chalicelocal import web


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    app = Chalice(app_name="cookies", configure_logs=False)

    @app.route("/api/login", methods=["POST"])
    def login() -> Response:
        return Response(
            body={"ok": True}, status_code=200, headers={"Set-Cookie": ["session=s; HttpOnly", "XSRF=x"]}
        )

    @app.route("/api/echo/{name}")
    def echo(name: str) -> dict[str, str]:
        return {"name": name, "q": (app.current_request.query_params or {}).get("q", "")}

    (tmp_path / "index.html").write_text("<!doctype html><p>spa</p>")
    httpd = web.make_server("127.0.0.1", 0, dist=tmp_path, quiet=True)
    web.attach(httpd, app)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(httpd.server_address[1])
    finally:
        httpd.shutdown()
        httpd.server_close()


def request(port: int, method: str, path: str, body: bytes | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
    return connection.getresponse()


def test_both_cookies_reach_the_browser(server: int) -> None:
    response = request(server, "POST", "/api/login", b"{}")
    assert response.status == 200
    assert response.headers.get_all("Set-Cookie") == ["session=s; HttpOnly", "XSRF=x"]


def test_api_paths_and_query_strings_reach_chalice(server: int) -> None:
    response = request(server, "GET", "/api/echo/ada?q=x")
    assert response.status == 200 and response.read() == b'{"name":"ada","q":"x"}'


def test_other_paths_are_the_spa(server: int) -> None:
    response = request(server, "GET", "/donors/1")
    assert response.status == 200 and b"spa" in response.read()
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert request(server, "POST", "/donors/1", b"{}").status == 405


def test_header_lines_expand_multi_value_headers() -> None:
    lines = web.header_lines(
        {"headers": {"Content-Type": "application/json"}, "multiValueHeaders": {"Set-Cookie": ["a=1", "b=2"]}}
    )
    assert lines == [("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]
