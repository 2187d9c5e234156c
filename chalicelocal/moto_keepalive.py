"""moto's server with keep-alive connections.

werkzeug's development server, which moto's `ThreadedMotoServer` runs, ends every response with
`Connection: close`, and after each response waits 10 ms for more bytes from the client to
discard them. So every AWS call of the local stack opened a TCP connection of its own (connect,
name lookup and close in the app: ~1.5 ms of CPU a call, 4-5 % of an import's worker CPU) and
moto started a thread for it. DynamoDB, S3 and SQS keep connections open, and botocore's pool
reuses them.

`KeepAliveHandler` answers each request whole: it reads the request's body first (by its
Content-Length, or dechunked), runs moto's WSGI app, and sends the answer with its length, so the
connection is left at the start of the next request and can serve it. The client's own
`Connection: close` (or HTTP/1.0) still closes it, as does an error in moto (a 500, then close).
An idle connection is closed after `IDLE_SECONDS`; botocore's pool opens a new one then.
"""

from __future__ import annotations

import io
import traceback
from typing import Any

from moto.moto_server.threaded_moto_server import ThreadedMotoServer
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import make_server

IDLE_SECONDS = 60
# answers that carry no body, whatever their headers say (RFC 9110 §6.4.1)
_NO_BODY = (204, 304)


class KeepAliveHandler(MotoRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    disable_nagle_algorithm = True

    def run_wsgi(self) -> None:
        if self.headers.get("Expect", "").lower().strip(" \t") == "100-continue":
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        self.environ = environ = self.make_environ()
        body = _whole_body(environ)
        if body is None:  # a length that is not one: where this request ends is unknown
            self.close_connection = True
            body = b""
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("wsgi.input_terminated", None)
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        try:
            status, headers, payload = _answer(self.server.app, environ)
        except Exception:  # (moto failed: a 500, as werkzeug answers, then the connection ends)
            traceback.print_exc()
            status, headers, payload = "500 INTERNAL SERVER ERROR", [("Content-Type", "text/plain")], b""
            self.close_connection = True
        code_text, _, message = status.partition(" ")
        code = int(code_text)
        self.send_response(code, message)
        bodiless = self.command == "HEAD" or code in _NO_BODY or code < 200
        for name, value in headers:
            lowered = name.lower()
            if lowered in ("connection", "transfer-encoding"):
                continue
            if lowered == "content-length" and not bodiless:
                continue  # set below, from the body sent
            self.send_header(name, value)
        if not bodiless:
            self.send_header("Content-Length", str(len(payload)))
        if self.close_connection:
            self.send_header("Connection", "close")
        # the head and the body in one write: in two, the body would wait for the client's
        # delayed acknowledgement of the head (Nagle), ~40 ms a call
        self._headers_buffer.append(b"\r\n")
        if not bodiless:
            self._headers_buffer.append(payload)
        self.flush_headers()


def _whole_body(environ: dict[str, Any]) -> bytes | None:
    """The request's body, all of it (werkzeug dechunks a chunked one in `make_environ`); None
    when its Content-Length is not a length."""
    stream = environ["wsgi.input"]
    if environ.get("wsgi.input_terminated"):
        return bytes(stream.read())
    length = (environ.get("CONTENT_LENGTH") or "0").strip()
    if not length.isdigit():
        return None
    size = int(length)
    return bytes(stream.read(size)) if size else b""


def _answer(app: Any, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], bytes]:
    started: list[Any] = []
    parts: list[bytes] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started[:] = [status, headers]
        return parts.append

    result = app(environ, start_response)
    try:
        parts.extend(result)
    finally:
        if hasattr(result, "close"):
            result.close()
    return started[0], started[1], b"".join(parts)


class KeepAliveMotoServer(ThreadedMotoServer):
    """moto's threaded server, its connections served by `KeepAliveHandler`."""

    def _server_entry(self) -> None:
        app = DomainDispatcherApplication(create_backend_app)
        self._server = make_server(self._ip_address, self._port, app, True, request_handler=KeepAliveHandler)
        self._server_ready_event.set()
        self._server.serve_forever()
