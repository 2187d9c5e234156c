"""Two-factor authentication: set-up, confirmation, sign-in challenge, single-use codes."""

from __future__ import annotations

import datetime as dt

import pyotp
import pytest
from chalice.test import Client

from app import app
from functions.core import clock
from tests.functional.browser import Browser, login, register

PASSWORD = "correct horse battery"
EMAIL = "owner@hope.example"


@pytest.fixture
def client(aws):
    with Client(app) as test_client:
        yield test_client
    clock.set_clock(None)


def freeze(moment: dt.datetime) -> None:
    clock.set_clock(lambda: moment)


def enable_two_factor(browser: Browser) -> tuple[str, list[str]]:
    setup = browser.post("/api/2fa/generate").json
    assert setup["secret"] and setup["qrCode"].startswith("<svg")
    # a standalone document: the SPA shows it as an <img>, which needs the SVG namespace
    assert setup["qrCode"].startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert setup["otpauth_uri"].startswith("otpauth://totp/Almoner")
    code = pyotp.TOTP(setup["secret"]).at(clock.now())
    enabled = browser.post("/api/2fa/enable", {"code": code})
    assert enabled.status == 200, enabled
    return setup["secret"], enabled.json["recoveryCodes"]


def test_a_secret_is_active_only_after_a_confirmed_code(client):
    browser = Browser(client)
    register(browser)
    browser.post("/api/2fa/generate")
    assert browser.post("/api/2fa/enable", {"code": "000000"}).status == 422
    state = browser.get("/api/2fa").json
    assert state["two_factor_enabled"] is False
    # signing in again needs no second step yet
    assert login(Browser(client), EMAIL, PASSWORD).json["two_factor"] is False


def test_sign_in_with_two_factor_needs_the_code(client):
    freeze(dt.datetime(2026, 11, 22, 10, 0, tzinfo=dt.UTC))
    owner = Browser(client)
    register(owner)
    secret, codes = enable_two_factor(owner)
    assert len(codes) == 8
    # GIVEN a fresh sign-in
    freeze(dt.datetime(2026, 11, 22, 10, 5, tzinfo=dt.UTC))
    browser = Browser(client)
    reply = login(browser, EMAIL, PASSWORD)
    assert reply.json["two_factor"] is True
    # THEN only verify, logout and the current user are reachable
    assert browser.get("/api/user").json["two_factor_passed"] is False
    assert browser.get("/api/2fa").status == 423
    assert browser.get("/api/settings/role_permissions").status == 423
    # WHEN the right code is given THEN the session is fully signed in
    code = pyotp.TOTP(secret).at(clock.now())
    assert browser.post("/api/2fa/verify", {"code": code}).status == 200
    assert browser.get("/api/2fa").status == 200


def test_a_totp_code_cannot_be_used_twice(client):
    freeze(dt.datetime(2026, 11, 22, 10, 0, tzinfo=dt.UTC))
    owner = Browser(client)
    register(owner)
    secret, _ = enable_two_factor(owner)
    freeze(dt.datetime(2026, 11, 22, 11, 0, tzinfo=dt.UTC))
    code = pyotp.TOTP(secret).at(clock.now())
    first, second = Browser(client), Browser(client)
    login(first, EMAIL, PASSWORD)
    login(second, EMAIL, PASSWORD)
    assert first.post("/api/2fa/verify", {"code": code}).status == 200
    replay = second.post("/api/2fa/verify", {"code": code})
    assert replay.status == 422
    assert replay.json["errors"]["code"] == ["The two-factor code is invalid."]


def test_a_recovery_code_works_once_and_regenerating_voids_the_old_set(client):
    owner = Browser(client)
    register(owner)
    _, codes = enable_two_factor(owner)
    first = Browser(client)
    login(first, EMAIL, PASSWORD)
    assert first.post("/api/2fa/verify", {"recovery_code": codes[0]}).status == 200
    second = Browser(client)
    login(second, EMAIL, PASSWORD)
    assert second.post("/api/2fa/verify", {"recovery_code": codes[0]}).status == 422
    new_codes = owner.post("/api/2fa/regenerate").json["recoveryCodes"]
    assert second.post("/api/2fa/verify", {"recovery_code": codes[1]}).status == 422
    assert second.post("/api/2fa/verify", {"recovery_code": new_codes[0]}).status == 200


def test_wrong_codes_are_throttled(client, still_clock):
    owner = Browser(client)
    register(owner)
    enable_two_factor(owner)
    browser = Browser(client)
    login(browser, EMAIL, PASSWORD)
    statuses = [browser.post("/api/2fa/verify", {"code": "123456"}).status for _ in range(6)]
    assert statuses[:5] == [422] * 5 and statuses[5] == 429


def test_disabling_needs_the_password(client):
    owner = Browser(client)
    register(owner)
    enable_two_factor(owner)
    assert owner.post("/api/2fa/disable", {"password": "not it at all"}).status == 422
    assert owner.post("/api/2fa/disable", {"password": PASSWORD}).json == {"two_factor_enabled": False}
    assert login(Browser(client), EMAIL, PASSWORD).json["two_factor"] is False
