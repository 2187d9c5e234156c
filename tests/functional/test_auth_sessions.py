"""Sign-up, sign-in, sessions, XSRF, throttling, password reset and email verification."""

from __future__ import annotations

import re

from functions.core import email as outbox
from tests.functional.browser import Browser, login, register

PASSWORD = "correct horse battery"


def last_link(pattern: str) -> str:
    message = outbox.outbox(limit=1)[0]
    found = re.search(pattern, message.text)
    assert found, message.text
    return found.group(0)


def test_register_signs_in_the_owner_with_every_charity_permission(client):
    # GIVEN a visitor
    browser = Browser(client)
    # WHEN they register a charity
    reply = register(browser)
    # THEN they are signed in as its owner
    assert reply.status == 201, reply
    user = browser.get("/api/user").json
    assert user["tenant"]["name"] == "Hope Trust"
    assert user["role"] == "owner" and "manage-users" in user["permissions"]
    assert user["email_verified_at"] is None
    assert "almoner_session" in browser.cookies and "XSRF-TOKEN" in browser.cookies


def test_register_rejects_bad_fields_with_their_names(client):
    browser = Browser(client)
    reply = browser.post(
        "/api/register",
        {
            "charity_name": "",
            "email": "not-an-email",
            "password": "short",
            "password_confirmation": "x",
            "colour": "red",
        },
    )
    assert reply.status == 422
    errors = reply.json["errors"]
    assert set(errors) >= {"charity_name", "name", "email", "password", "colour"}
    assert errors["colour"] == ["This field is not allowed."]


def test_register_with_a_taken_email_is_refused(client):
    register(Browser(client))
    reply = register(Browser(client), charity="Other")
    assert reply.status == 422
    assert "email" in reply.json["errors"]


def test_malformed_json_is_a_400_not_a_500(client):
    reply = Browser(client).post("/api/login", "{not json")
    assert reply.status == 400
    assert reply.json["message"]


def test_wrong_password_and_unknown_email_answer_identically(client):
    register(Browser(client))
    wrong = login(Browser(client), "owner@hope.example", "wrong password!")
    unknown = login(Browser(client), "nobody@hope.example", "wrong password!")
    assert wrong.status == unknown.status == 422
    assert wrong.json == unknown.json
    assert wrong.json["message"] == "These credentials do not match our records."


def test_messages_follow_accept_language(client):
    reply = login(Browser(client, locale="es"), "nobody@hope.example", "whatever1")
    assert reply.json["message"] == "Estas credenciales no coinciden con nuestros registros."


def test_repeated_failures_are_throttled_with_retry_after(client, still_clock):
    register(Browser(client))
    replies = [login(Browser(client), "owner@hope.example", "wrong password!") for _ in range(6)]
    assert [r.status for r in replies[:5]] == [422] * 5
    assert replies[5].status == 429
    assert int(replies[5].headers["Retry-After"]) > 0
    # even the right password waits until the window ends
    assert login(Browser(client), "owner@hope.example", PASSWORD).status == 429


def test_remember_me_makes_the_cookie_persistent(client):
    register(Browser(client))
    browser = Browser(client)
    reply = login(browser, "owner@hope.example", PASSWORD, remember=True)
    cookies = reply.headers["Set-Cookie"]
    cookies = cookies if isinstance(cookies, list) else [cookies]
    session_cookie = next(c for c in cookies if c.startswith("almoner_session="))
    assert "Max-Age=31536000" in session_cookie and "HttpOnly" in session_cookie
    short = login(Browser(client), "owner@hope.example", PASSWORD).headers["Set-Cookie"]
    short = short if isinstance(short, list) else [short]
    assert "Max-Age" not in next(c for c in short if c.startswith("almoner_session="))


def test_logout_revokes_the_token(client):
    browser = Browser(client)
    register(browser)
    stolen = dict(browser.cookies)
    assert browser.post("/api/logout").status == 204
    thief = Browser(client)
    thief.cookies = stolen
    assert thief.get("/api/user").status == 401


def test_unsafe_requests_need_the_xsrf_header(client):
    browser = Browser(client)
    register(browser)
    browser.send_xsrf = False
    assert browser.post("/api/logout").status == 419
    browser.send_xsrf = True
    assert browser.post("/api/logout").status == 204


def test_password_reset_by_email_link_works_once_and_ends_sessions(client):
    owner = Browser(client)
    register(owner)
    visitor = Browser(client)
    assert visitor.post("/api/password/email", {"email": "owner@hope.example"}).status == 200
    same = visitor.post("/api/password/email", {"email": "nobody@hope.example"})
    assert same.status == 200  # no hint whether the account exists
    link = outbox.outbox(limit=5)
    reset_mail = next(m for m in link if m.to == "owner@hope.example" and "reset" in m.text)
    token = re.search(r"/password/reset/([^?\s]+)", reset_mail.text).group(1)
    body = {
        "token": token,
        "email": "owner@hope.example",
        "password": "a new long password",
        "password_confirmation": "a new long password",
    }
    assert visitor.post("/api/password/reset", body).status == 200
    assert visitor.post("/api/password/reset", body).status == 422  # used once
    assert owner.get("/api/user").status == 401  # old session ended
    assert login(Browser(client), "owner@hope.example", "a new long password").status == 200


def test_email_verification_link(client):
    browser = Browser(client)
    user = register(browser).json["user"]
    mail = next(m for m in outbox.outbox(limit=5) if "verify" in m.text)
    token = re.search(r"token=([^\s]+)", mail.text).group(1)
    assert browser.post(f"/api/email/verify/{user['id']}", {"token": "x" * 20}).status == 422
    assert browser.post(f"/api/email/verify/{user['id']}", {"token": token}).status == 200
    assert browser.get("/api/user").json["email_verified_at"] is not None
