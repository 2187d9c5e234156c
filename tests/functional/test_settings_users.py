"""Settings → users: list, invite, change role, disable (docs/api.md Settings)."""

from __future__ import annotations

import re

from functions.core import email as outbox
from tests.functional.browser import Browser, login
from tests.functional.helpers import PASSWORD, add_user, sign_up_charity


def test_users_list_searches_filters_sorts_and_pages(client):
    owner = sign_up_charity(client, email="olive@hope.example")
    for name in ("Zara Zed", "Amy Able", "Bob Brown"):
        add_user(client, owner.tenant_id, "staff", name=name, sign_in_now=False)
    by_name = owner.get("/api/settings/users?sortBy=name&sortDesc=false").json
    assert [u["name"] for u in by_name["data"]] == ["Amy Able", "Bob Brown", "Olive Owner", "Zara Zed"]
    assert by_name["meta"]["total"] == 4 and by_name["meta"]["next_cursor"] is None
    assert set(by_name["data"][0]) >= {
        "id",
        "name",
        "email",
        "role",
        "disabled",
        "two_factor_enabled",
        "last_login_at",
        "created_at",
    }
    assert [u["name"] for u in owner.get("/api/settings/users?search=bro").json["data"]] == ["Bob Brown"]
    assert [u["email"] for u in owner.get("/api/settings/users?search=olive@").json["data"]] == [
        "olive@hope.example"
    ]
    owners = owner.get('/api/settings/users?filters={"role":"owner","applied":true}').json
    assert [u["name"] for u in owners["data"]] == ["Olive Owner"]


def test_users_list_pages_with_a_cursor(client):
    owner = sign_up_charity(client)
    for number in range(21):
        add_user(client, owner.tenant_id, "staff", name=f"User {number:02}", sign_in_now=False)
    first = owner.get("/api/settings/users?sortBy=name&sortDesc=false&length=20").json
    assert len(first["data"]) == 20 and first["meta"]["total"] == 22
    second = owner.get(
        f"/api/settings/users?sortBy=name&sortDesc=false&length=20&page=2"
        f"&cursor={first['meta']['next_cursor']}"
    ).json
    assert [u["name"] for u in second["data"]] == ["User 19", "User 20"]
    assert second["meta"]["next_cursor"] is None


def test_users_list_rejects_bad_query_values(client):
    owner = sign_up_charity(client)
    reply = owner.get("/api/settings/users?length=7&sortBy=password_hash&colour=red")
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"length", "sortBy", "colour"}


def test_invited_user_sets_a_password_from_the_email_and_signs_in(client):
    owner = sign_up_charity(client)
    reply = owner.post(
        "/api/settings/users", {"name": "Ivy Invitee", "email": "Ivy@Example.org", "role": "staff"}
    )
    assert reply.status == 201, reply
    assert reply.json["email"] == "ivy@example.org" and reply.json["role"] == "staff"
    message = outbox.outbox(limit=1)[0]
    assert message.to == "ivy@example.org"
    link = re.search(r"/password/reset/([^?\s]+)\?email=", message.text)
    assert link, message.text
    token = link.group(1)
    visitor = Browser(client)
    done = visitor.post(
        "/api/password/reset",
        {"token": token, "email": "ivy@example.org", "password": PASSWORD, "password_confirmation": PASSWORD},
    )
    assert done.status == 200, done
    assert login(Browser(client), "ivy@example.org", PASSWORD).status == 200


def test_invite_is_validated(client):
    owner = sign_up_charity(client, email="olive@hope.example")
    reply = owner.post("/api/settings/users", {"name": "", "email": "nope", "role": "staff", "admin": True})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"name", "email", "admin"}
    taken = owner.post("/api/settings/users", {"name": "X", "email": "olive@hope.example", "role": "staff"})
    assert taken.status == 422 and "email" in taken.json["errors"]
    no_role = owner.post("/api/settings/users", {"name": "X", "email": "x@example.org", "role": "wizard"})
    assert no_role.status == 422 and no_role.json["errors"]["role"] == ["This role does not exist."]


def test_changing_a_users_role_changes_what_they_can_do_next_request(client):
    owner = sign_up_charity(client)
    member = add_user(client, owner.tenant_id, "staff")
    assert member.get("/api/settings/users").status == 403
    reply = owner.put(f"/api/settings/users/{member.user_id}", {"role": "owner"})
    assert reply.status == 200, reply
    assert reply.json["role"] == "owner"
    assert member.get("/api/settings/users").status == 200
    roles = {r["id"]: r["users_count"] for r in owner.get("/api/settings/roles").json["data"]}
    assert roles == {"owner": 2, "staff": 0}


def test_disabling_a_user_ends_their_sessions_and_blocks_sign_in(client):
    owner = sign_up_charity(client)
    member = add_user(client, owner.tenant_id, "staff")
    assert member.get("/api/user").status == 200
    reply = owner.put(f"/api/settings/users/{member.user_id}", {"disabled": True})
    assert reply.status == 200 and reply.json["disabled"] is True
    assert member.get("/api/user").status == 401
    assert login(Browser(client), member.email, PASSWORD).status == 422
    # re-enabled, the user signs in again, but the old session stays ended
    assert owner.put(f"/api/settings/users/{member.user_id}", {"disabled": False}).json["disabled"] is False
    assert member.get("/api/user").status == 401
    assert login(Browser(client), member.email, PASSWORD).status == 200


def test_you_cannot_disable_yourself_or_leave_no_active_owner(client):
    owner = sign_up_charity(client)
    myself = owner.put(f"/api/settings/users/{owner.user_id}", {"disabled": True})
    assert myself.status == 422
    assert myself.json["errors"]["disabled"] == ["You cannot disable your own account."]
    demote = owner.put(f"/api/settings/users/{owner.user_id}", {"role": "staff"})
    assert demote.status == 422
    assert demote.json["errors"]["role"] == ["A charity must keep at least one active owner."]
    # with a second owner, one of them may step down
    second = add_user(client, owner.tenant_id, "owner")
    assert second.put(f"/api/settings/users/{owner.user_id}", {"role": "staff"}).status == 200
    assert second.put(f"/api/settings/users/{second.user_id}", {"role": "staff"}).status == 422


def test_user_update_is_validated(client):
    owner = sign_up_charity(client)
    member_id = add_user(client, owner.tenant_id, "staff", sign_in_now=False)
    reply = owner.put(f"/api/settings/users/{member_id}", {"disabled": "maybe", "email": "x@y.z"})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"disabled", "email"}


def test_user_routes_need_manage_users_and_a_session(client):
    owner = sign_up_charity(client)
    staff = add_user(client, owner.tenant_id, "staff")
    for method, path in [
        ("GET", "/api/settings/users"),
        ("POST", "/api/settings/users"),
        ("PUT", f"/api/settings/users/{owner.user_id}"),
    ]:
        assert staff.browser.request(method, path, {}).status == 403, (method, path)
        assert client.http.request(method, path).status_code == 401, (method, path)


def test_another_charitys_users_are_not_found_and_not_listed(client):
    hope = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    theirs = add_user(client, other.tenant_id, "staff", name="Their User", sign_in_now=False)
    assert hope.put(f"/api/settings/users/{theirs}", {"disabled": True}).status == 404
    assert hope.put(f"/api/settings/users/{other.user_id}", {"role": "staff"}).status == 404
    assert "Their User" not in hope.get("/api/settings/users").text
    listed = {u["id"]: u for u in other.get("/api/settings/users").json["data"]}
    assert listed[theirs]["disabled"] is False
