"""Every route of the app, called as a visitor and as a half-signed-in (2FA pending) user."""

from __future__ import annotations

import re

import pyotp

from app import app
from functions.core import clock
from functions.core.access import ACCESS_ATTRIBUTE, PENDING_TWO_FACTOR_ATTRIBUTE
from tests.functional.browser import Browser, login, register

PASSWORD = "correct horse battery"


def all_routes():
    for path, methods in sorted(app.routes.items()):
        for method, entry in sorted(methods.items()):
            yield method, re.sub(r"\{[^}]+\}", "00000000000000000000000000", path), entry.view_function


def test_a_visitor_reaches_only_public_routes(client):
    visitor = Browser(client)
    for method, path, view in all_routes():
        kind, _ = getattr(view, ACCESS_ATTRIBUTE)
        if kind == "public":
            continue
        reply = visitor.request(method, path, {})
        assert reply.status == 401, (method, path, reply)


def test_a_session_pending_two_factor_reaches_only_verify_logout_and_user(client):
    owner = Browser(client)
    register(owner)
    secret = owner.post("/api/2fa/generate").json["secret"]
    owner.post("/api/2fa/enable", {"code": pyotp.TOTP(secret).at(clock.now())})
    pending = Browser(client)
    assert login(pending, "owner@hope.example", PASSWORD).json["two_factor"] is True
    reachable = []
    for method, path, view in all_routes():
        kind, _ = getattr(view, ACCESS_ATTRIBUTE)
        if kind == "public":
            continue
        if getattr(view, PENDING_TWO_FACTOR_ATTRIBUTE):
            reachable.append((method, path))
            continue
        reply = pending.request(method, path, {})
        assert reply.status == 423, (method, path, reply)
    assert sorted(reachable) == [("GET", "/api/user"), ("POST", "/api/2fa/verify"), ("POST", "/api/logout")]
