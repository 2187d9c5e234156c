"""A cookie-keeping client over Chalice's test client: behaves like the SPA in a browser
(sends the session cookie, echoes XSRF-TOKEN in X-XSRF-TOKEN on unsafe methods)."""

from __future__ import annotations

import json
from http.cookies import SimpleCookie
from typing import Any

from chalice.test import Client

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


class Reply:
    def __init__(self, raw: Any) -> None:
        self.status = raw.status_code
        self.headers = raw.headers
        self.text = raw.body.decode() if isinstance(raw.body, bytes) else (raw.body or "")

    @property
    def json(self) -> Any:
        return json.loads(self.text) if self.text else None

    def __repr__(self) -> str:
        return f"<Reply {self.status} {self.text[:200]}>"


class Browser:
    def __init__(self, client: Client, *, locale: str = "en") -> None:
        self.client = client
        self.cookies: dict[str, str] = {}
        self.locale = locale
        self.send_xsrf = True

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Reply:
        all_headers = {"Content-Type": "application/json", "Accept-Language": self.locale}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method in UNSAFE and self.send_xsrf and "XSRF-TOKEN" in self.cookies:
            all_headers["X-XSRF-TOKEN"] = self.cookies["XSRF-TOKEN"]
        all_headers.update(headers or {})
        if isinstance(body, bytes):
            payload = body
        elif isinstance(body, str):
            payload = body.encode()
        else:
            payload = json.dumps(body).encode() if body is not None else b""
        raw = self.client.http.request(method, path, headers=all_headers, body=payload)
        reply = Reply(raw)
        self._store_cookies(raw.headers.get("Set-Cookie") or raw.headers.get("set-cookie"))
        return reply

    def _store_cookies(self, header: Any) -> None:
        if not header:
            return
        values = header if isinstance(header, list) else [header]
        for value in values:
            jar: SimpleCookie = SimpleCookie()
            jar.load(value)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or morsel.value == "":
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> Reply:
        return self.request("POST", path, body, **kw)

    def put(self, path: str, body: Any = None, **kw: Any) -> Reply:
        return self.request("PUT", path, body, **kw)

    def delete(self, path: str, body: Any = None, **kw: Any) -> Reply:
        return self.request("DELETE", path, body, **kw)


def register(
    browser: Browser,
    *,
    charity: str = "Hope Trust",
    email: str = "owner@hope.example",
    password: str = "correct horse battery",
) -> Reply:
    return browser.post(
        "/api/register",
        {
            "charity_name": charity,
            "name": "Olive Owner",
            "email": email,
            "password": password,
            "password_confirmation": password,
        },
    )


def login(browser: Browser, email: str, password: str, remember: bool = False) -> Reply:
    return browser.post("/api/login", {"email": email, "password": password, "remember": remember})
