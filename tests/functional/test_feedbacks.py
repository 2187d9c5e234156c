"""Support Centre: a charity user files a ticket; platform administrators handle it."""

from __future__ import annotations

import pytest

from functions.auth import service as accounts
from tests.functional.browser import Browser, login, register


@pytest.fixture
def admin(client):
    accounts.create_platform_admin("Ada Admin", "admin@almoner.local", "almoner-admin")
    browser = Browser(client)
    assert login(browser, "admin@almoner.local", "almoner-admin").status == 200
    return browser


def test_a_ticket_reaches_the_support_centre_and_its_counts(client, admin):
    owner = Browser(client)
    register(owner)
    filed = owner.post(
        "/api/feedbacks/store", {"title": "Export is slow", "type": "bug", "description": "It takes long"}
    )
    assert filed.status == 201 and filed.json["message"]
    ticket_id = filed.json["data"]["id"]
    assert admin.get("/api/feedbacks/count").json == 1
    listing = admin.get("/api/feedbacks").json
    assert [t["title"] for t in listing["data"]] == ["Export is slow"]
    assert listing["data"][0]["charity"]["name"] == "Hope Trust"
    assert admin.post("/api/feedbacks/status", {"id": ticket_id, "status": "resolved"}).status == 200
    assert admin.get("/api/feedbacks/count").json == 0
    assert admin.get("/api/feedbacks/stats").json["resolved"] == 1
    assert admin.get(f"/api/feedbacks/{ticket_id}").json["data"]["status"] == "resolved"
    assert admin.delete(f"/api/feedbacks/{ticket_id}/delete").status == 200
    assert admin.get("/api/feedbacks/stats").json["total"] == 0
    assert admin.get(f"/api/feedbacks/{ticket_id}").status == 404


def test_the_owner_edits_their_ticket_but_not_someone_elses(client):
    owner = Browser(client)
    register(owner)
    ticket = owner.post("/api/feedbacks/store", {"title": "A", "type": "bug", "description": "d"}).json[
        "data"
    ]
    edited = owner.post(
        "/api/feedbacks/store", {"id": ticket["id"], "title": "B", "type": "feature", "description": "d"}
    )
    assert edited.status == 200 and edited.json["data"]["title"] == "B"
    other = Browser(client)
    register(other, charity="Other", email="other@other.example")
    assert (
        other.post(
            "/api/feedbacks/store", {"id": ticket["id"], "title": "C", "type": "bug", "description": "d"}
        ).status
        == 404
    )


def test_ticket_fields_are_validated_and_charity_users_cannot_manage(client):
    owner = Browser(client)
    register(owner)
    reply = owner.post("/api/feedbacks/store", {"title": "", "type": "question", "description": ""})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"title", "type", "description"}
    assert owner.get("/api/feedbacks").status == 403
    assert owner.get("/api/feedbacks/count").status == 403
