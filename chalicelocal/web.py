"""One HTTP server for the browser, as CloudFront is in production: `/api/*` goes to the Chalice
app through Chalice's own API Gateway emulation (`LocalGateway`), everything else is the SPA.
Local only: `POST /fake-hmrc/submission` is the fake HMRC Transaction Engine
(`chalicelocal.fake_hmrc`), the endpoint a charity's Gift Aid settings point at locally;
`GET /fake-address/postcodes/<postcode>` is the fake address lookup (`chalicelocal.fake_address`);
`/fake-stripe/…` and `/fake-paypal/…` are the fake payment providers (`chalicelocal.fake_stripe`,
`chalicelocal.fake_paypal`): their APIs, hosted payment pages and dashboards; `/fake-host/` a
charity's website embedding the donation widget (`chalicelocal.fake_host`)."""

from __future__ import annotations

import base64
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from chalice import Chalice
from chalice.config import Config
from chalice.local import LocalGateway, LocalGatewayException

from chalicelocal import fake_address, fake_hmrc, fake_host, fake_paypal, fake_stripe, static

API_PREFIX = "/api/"
FAKE_HMRC_PREFIX = "/fake-hmrc/"
FAKE_ADDRESS_PREFIX = "/fake-address/"
MAX_PROVIDER_BODY = 1024 * 1024
FAKE_PROVIDERS = re.compile(r"^/fake-(stripe|paypal)(/|\?|$)")
MAX_GATEWAY_BODY = 200 * 1024 * 1024  # a 500,000-line claim is ~100 MB of XML


def gateway(app: Chalice) -> LocalGateway:
    # Chalice's Config has no environment of its own here: chalicelocal puts the template's
    # function environment into os.environ before app.py is imported, so nothing is lost (the
    # `environ=` pitfall of ARCHITECTURE.md §9 concerns Chalice's CLIFactory, not used here).
    config = Config.create(chalice_stage="local", app_name=app.app_name, lambda_timeout=29)
    return LocalGateway(app, config)


def header_lines(response: dict[str, Any]) -> list[tuple[str, str]]:
    """Every header of a Lambda proxy response, one line per value: `multiValueHeaders` (our
    Set-Cookie list of session + XSRF cookies) must reach the browser as separate lines."""
    lines = [(name, str(value)) for name, value in (response.get("headers") or {}).items()]
    for name, values in (response.get("multiValueHeaders") or {}).items():
        lines.extend((name, str(value)) for value in values)
    return lines


def response_body(response: dict[str, Any]) -> bytes:
    body = response.get("body")
    if body is None:
        return b""
    if response.get("isBase64Encoded"):
        return base64.b64decode(body)
    return body if isinstance(body, bytes) else str(body).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    """Routes one request. Attributes set by `make_server`."""

    protocol_version = "HTTP/1.1"
    server_version = "chalicelocal"
    gateway: LocalGateway
    dist: Path
    fake_gateway: fake_hmrc.FakeTransactionEngine
    files_origin = ""  # the S3 endpoint of presigned URLs, allowed in the SPA's connect-src
    # Chalice keeps the current request on the app object (`app.current_request`), shared by all
    # threads: concurrent requests would read each other's. Lambda runs one request per
    # container at a time, so the local stack does the same for the API; static files stay
    # concurrent.
    api_lock = threading.Lock()
    quiet = False

    def _api(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else None
        try:
            with self.api_lock:
                response = self.gateway.handle_request(
                    method=self.command, path=self.path, headers=dict(self.headers), body=body
                )
            self._send(response["statusCode"], header_lines(response), response_body(response))
        except LocalGatewayException as error:
            lines = [(k, str(v)) for k, v in (error.headers or {}).items()]
            self._send(error.CODE, lines, error.body or b"")

    def _fake_hmrc(self) -> None:
        # Not behind api_lock: the claims worker thread posts here while it may be held, and the
        # fake keeps its own state under its own lock.
        if self.path.split("?", 1)[0] != fake_hmrc.PATH:
            self._send(404, [("Content-Type", "text/plain; charset=utf-8")], b"Not found\n")
            return
        if self.command != "POST":
            self._send(405, [("Allow", "POST")], b"")
            return
        declared = self.headers.get("Content-Length") or "0"
        length = int(declared) if declared.isdigit() else -1
        if not 0 <= length <= MAX_GATEWAY_BODY:
            self._send(413 if length > 0 else 411, [("Content-Type", "text/plain; charset=utf-8")], b"")
            return
        body = self.rfile.read(length) if length > 0 else b""
        # The ResponseEndPoint it answers: the URL the caller used (HTTP/1.1 always sends Host).
        endpoint = f"http://{self.headers.get('Host') or '127.0.0.1'}{fake_hmrc.PATH}"
        answer = self.fake_gateway.handle(body, endpoint)
        self._send(200, [("Content-Type", "text/xml; charset=utf-8")], answer)

    def _fake_address(self) -> None:
        # Not behind api_lock: the address lookup route calls it while the API holds the lock.
        if self.command not in ("GET", "HEAD"):
            self._send(405, [("Allow", "GET, HEAD")], b"")
            return
        status, body = fake_address.answer(self.path)
        self._send(status, [("Content-Type", "application/json")], body)

    def _fake_provider(self) -> None:
        # Not behind api_lock: Almoner's API calls the fakes while holding it; each fake keeps its
        # state under its own lock and delivers webhooks from its own threads.
        declared = self.headers.get("Content-Length") or "0"
        length = int(declared) if declared.isdigit() else -1
        if not 0 <= length <= MAX_PROVIDER_BODY:
            self._send(413 if length > 0 else 411, [("Content-Type", "text/plain; charset=utf-8")], b"")
            return
        body = self.rfile.read(length) if length > 0 else b""
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            if self.path.startswith(fake_stripe.PREFIX):
                answer = fake_stripe.FAKE.handle(self.command, self.path, headers, body)
            else:
                answer = fake_paypal.fake().handle(self.command, self.path, headers, body)
        except Exception as exc:  # a fake's own bug: say so plainly rather than drop the connection
            print(f"chalicelocal: fake provider failed on {self.command} {self.path}: {exc!r}", flush=True)
            message = {"error": {"type": "api_error", "message": f"The local fake failed: {exc!r}"}}
            self._send(500, [("Content-Type", "application/json")], json.dumps(message).encode())
            return
        self._send(answer.status, list(answer.headers.items()), answer.body)

    def _fake_host(self) -> None:
        # Not behind api_lock: reads the demo charity's page slug only.
        if self.command not in ("GET", "HEAD"):
            self._send(405, [("Allow", "GET, HEAD")], b"")
            return
        status, body = fake_host.answer(self.path, self.headers.get("Host") or "127.0.0.1")
        self._send(
            status, [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")], body
        )

    def _static(self) -> None:
        if self.command not in ("GET", "HEAD"):
            self._send(405, [("Allow", "GET, HEAD")], b"")
            return
        result = static.serve(self.path, self.dist, self.files_origin)
        self._send(result.status, list(result.headers.items()), result.body)

    def _send(self, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
        self.send_response(status)
        names = {name.lower() for name, _ in headers}
        if "content-type" not in names and body:
            headers.append(("Content-Type", "application/json"))
        for name, value in headers:
            if name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _dispatch(self) -> None:
        if self.path == "/api" or self.path.startswith(API_PREFIX):
            self._api()
        elif self.path.startswith(FAKE_HMRC_PREFIX):
            self._fake_hmrc()
        elif self.path.startswith(FAKE_ADDRESS_PREFIX):
            self._fake_address()
        elif FAKE_PROVIDERS.match(self.path):
            self._fake_provider()
        elif self.path.startswith(fake_host.PREFIX):
            self._fake_host()
        else:
            self._static()

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _dispatch

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(host: str, port: int, dist: Path = static.DIST, quiet: bool = False) -> ThreadingHTTPServer:
    """Bind the port first (a busy port fails fast, before anything is created); requests wait
    in the listen backlog until `attach` and `serve_forever`."""
    bound = {"dist": dist, "quiet": quiet, "fake_gateway": fake_hmrc.FakeTransactionEngine()}
    handler = type("BoundHandler", (Handler,), bound)
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def attach(server: ThreadingHTTPServer, app: Chalice, files_origin: str = "") -> None:
    server.RequestHandlerClass.gateway = gateway(app)  # type: ignore[attr-defined]
    server.RequestHandlerClass.files_origin = files_origin  # type: ignore[attr-defined]
