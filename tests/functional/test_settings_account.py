"""Settings of the signed-in user: profile, password, notification preferences, account deletion."""

from __future__ import annotations

from functions.core import email as outbox
from tests.functional.browser import Browser, login
from tests.functional.helpers import PASSWORD, add_user, sign_in, sign_up_charity

NEW_PASSWORD = "a brand new passphrase"


def test_profile_changes_name_and_language(client):
    owner = sign_up_charity(client)
    reply = owner.put("/api/settings/profile", {"name": "Olivia", "email": owner.email, "locale": "es"})
    assert reply.status == 200, reply
    assert reply.json["name"] == "Olivia" and reply.json["locale"] == "es"
    assert owner.get("/api/user").json["name"] == "Olivia"


def test_changing_email_needs_the_current_password_and_a_new_verification(client):
    owner = sign_up_charity(client)
    missing = owner.put("/api/settings/profile", {"name": "Olive", "email": "new@hope.example"})
    assert missing.status == 422 and missing.json["errors"]["current_password"] == ["This field is required."]
    wrong = owner.put(
        "/api/settings/profile",
        {"name": "Olive", "email": "new@hope.example", "current_password": "not my password"},
    )
    assert wrong.status == 422 and wrong.json["errors"]["current_password"] == ["The password is incorrect."]
    done = owner.put(
        "/api/settings/profile", {"name": "Olive", "email": "New@Hope.example", "current_password": PASSWORD}
    )
    assert done.status == 200, done
    assert done.json["email"] == "new@hope.example" and done.json["email_verified_at"] is None
    assert outbox.outbox(limit=1)[0].to == "new@hope.example"
    assert login(Browser(client), "new@hope.example", PASSWORD).status == 200
    assert login(Browser(client), owner.email, PASSWORD).status == 422


def test_an_email_in_use_is_refused(client):
    owner = sign_up_charity(client)
    add_user(client, owner.tenant_id, "staff", email="taken@example.org", sign_in_now=False)
    reply = owner.put(
        "/api/settings/profile", {"name": "Olive", "email": "taken@example.org", "current_password": PASSWORD}
    )
    assert reply.status == 422 and "email" in reply.json["errors"]
    assert owner.get("/api/user").json["email"] == owner.email


def test_profile_is_validated(client):
    owner = sign_up_charity(client)
    reply = owner.put("/api/settings/profile", {"name": "", "email": "x", "locale": "fr", "role": "owner"})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"name", "email", "locale", "role"}


def test_password_change_can_end_the_other_sessions(client):
    owner = sign_up_charity(client)
    laptop = sign_in(client, owner.email)
    phone = sign_in(client, owner.email)
    keep = owner.put(
        "/api/settings/password",
        {"current_password": PASSWORD, "password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD},
    )
    assert keep.status == 200 and keep.json["message"] == "Your password has been changed."
    assert laptop.get("/api/user").status == 200
    end = owner.put(
        "/api/settings/password",
        {
            "current_password": NEW_PASSWORD,
            "password": PASSWORD,
            "password_confirmation": PASSWORD,
            "logout_other_sessions": True,
        },
    )
    assert end.status == 200
    assert laptop.get("/api/user").status == 401 and phone.get("/api/user").status == 401
    assert owner.get("/api/user").status == 200
    assert login(Browser(client), owner.email, PASSWORD).status == 200


def test_password_change_is_validated(client):
    owner = sign_up_charity(client)
    wrong = owner.put(
        "/api/settings/password",
        {"current_password": "nope nope", "password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD},
    )
    assert wrong.status == 422 and wrong.json["errors"]["current_password"] == ["The password is incorrect."]
    reply = owner.put(
        "/api/settings/password",
        {"current_password": PASSWORD, "password": "short", "password_confirmation": "other", "extra": 1},
    )
    assert reply.status == 422 and set(reply.json["errors"]) == {"password", "extra"}
    mismatch = owner.put(
        "/api/settings/password",
        {"current_password": PASSWORD, "password": NEW_PASSWORD, "password_confirmation": "something else"},
    )
    assert mismatch.json["errors"] == {"password": ["The two passwords do not match."]}


def test_notification_preferences_are_saved(client):
    owner = sign_up_charity(client)
    reply = owner.put(
        "/api/settings/notifications", {"email_reminders": False, "email_product_updates": True}
    )
    assert reply.status == 200
    assert owner.get("/api/user").json["preferences"] == {
        "notifications": {"email_reminders": False, "email_product_updates": True}
    }
    bad = owner.put("/api/settings/notifications", {"email_reminders": "often"})
    assert bad.status == 422 and set(bad.json["errors"]) == {"email_reminders", "email_product_updates"}


def test_deleting_your_account(client):
    owner = sign_up_charity(client)
    member = add_user(client, owner.tenant_id, "staff")
    wrong = member.delete("/api/settings/account", {"password": "not it at all"})
    assert wrong.status == 422 and "password" in wrong.json["errors"]
    assert member.delete("/api/settings/account", {"password": PASSWORD}).status == 204
    assert member.get("/api/user").status == 401
    assert login(Browser(client), member.email, PASSWORD).status == 422
    assert [u["id"] for u in owner.get("/api/settings/users").json["data"]] == [owner.user_id]


def test_the_last_owner_cannot_delete_their_account(client):
    owner = sign_up_charity(client)
    reply = owner.delete("/api/settings/account", {"password": PASSWORD})
    assert reply.status == 422
    assert reply.json["errors"]["password"] == ["A charity must keep at least one active owner."]
    assert owner.get("/api/user").status == 200


def test_own_settings_need_a_session(client):
    for method, path in [
        ("PUT", "/api/settings/profile"),
        ("PUT", "/api/settings/password"),
        ("PUT", "/api/settings/notifications"),
        ("DELETE", "/api/settings/account"),
    ]:
        assert client.http.request(method, path).status_code == 401


def test_delete_account_body_is_validated(client):
    owner = sign_up_charity(client)
    reply = owner.delete("/api/settings/account", {"confirm": True})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"password", "confirm"}
