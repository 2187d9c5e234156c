"""Notifications: the bell's unread list, marking read, and the admin's Send Notification job."""

from __future__ import annotations

from functions.core import email as outbox
from functions.notifications import jobs as notification_jobs
from functions.notifications.service import notify
from tests.functional.helpers import add_user, deliver, platform_admin, receive, sign_up_charity


def test_unread_notifications_newest_first_then_read(client):
    owner = sign_up_charity(client)
    staff = add_user(client, owner.tenant_id, "staff")
    notify(owner.tenant_id, None, "Claim sent", "Your claim was sent to HMRC.")
    notify(owner.tenant_id, [owner.user_id], "Import done", "120 donations imported.")
    mine = owner.get("/api/notifications").json["data"]
    assert [n["data"]["title"] for n in mine] == ["Import done", "Claim sent"]
    assert set(mine[0]) == {"id", "data", "created_at"}
    assert [n["data"]["title"] for n in staff.get("/api/notifications").json["data"]] == ["Claim sent"]
    # marking one read removes it from the bell
    assert owner.post(f"/api/notifications/{mine[0]['id']}/read").status == 204
    assert [n["data"]["title"] for n in owner.get("/api/notifications").json["data"]] == ["Claim sent"]
    assert owner.post("/api/notifications/read-all").status == 204
    assert owner.get("/api/notifications").json["data"] == []
    # someone else's notification is not theirs to mark
    theirs = staff.get("/api/notifications").json["data"][0]["id"]
    assert owner.post(f"/api/notifications/{mine[0]['id']}x/read").status == 404
    assert staff.post(f"/api/notifications/{theirs}/read").status == 204


def test_another_users_notification_cannot_be_marked(client):
    hope = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    notify(other.tenant_id, None, "Theirs", "Private")
    their_id = other.get("/api/notifications").json["data"][0]["id"]
    assert hope.post(f"/api/notifications/{their_id}/read").status == 404
    assert [n["data"]["title"] for n in other.get("/api/notifications").json["data"]] == ["Theirs"]


def test_the_bell_shows_at_most_fifty(client):
    owner = sign_up_charity(client)
    for number in range(53):
        notify(owner.tenant_id, [owner.user_id], f"N{number}", "body")
    assert len(owner.get("/api/notifications").json["data"]) == 50


def test_admin_notification_fans_out_once_even_when_delivered_twice(client, aws):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    staff = add_user(client, hope.tenant_id, "staff")
    other = sign_up_charity(client, "Other Trust")
    staff.put("/api/settings/notifications", {"email_reminders": True, "email_product_updates": True})
    emails_before = len(outbox.outbox(limit=100))
    # WHEN an admin sends to every charity and the queue delivers the message twice
    reply = admin.post(
        "/api/admin/notifications",
        {"title": "New feature", "body": "Claims now go faster.", "tenant_ids": None},
    )
    assert reply.status == 202, reply
    job_id = reply.json["job_id"]
    assert admin.get(f"/api/jobs/{job_id}").json["status"] == "queued"
    deliver(aws, "NotificationsQueue", notification_jobs.handler, times=2)
    # THEN every user has it exactly once, and only the opted-in user got one email
    for person in (hope, staff, other):
        titles = [n["data"]["title"] for n in person.get("/api/notifications").json["data"]]
        assert titles == ["New feature"], (person.email, titles)
    sent = outbox.outbox(limit=100)[: len(outbox.outbox(limit=100)) - emails_before]
    assert [m.to for m in sent] == [staff.email]
    job = admin.get(f"/api/jobs/{job_id}").json
    assert job["status"] == "done" and job["progress"] == {"done": 2, "total": 2}
    assert admin.get("/api/notifications").json["data"] == []  # admins are not a charity's users


def test_admin_notification_to_chosen_charities(client, aws):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    reply = admin.post(
        "/api/admin/notifications",
        {"title": "Hello Hope", "body": "Just you.", "tenant_ids": [hope.tenant_id]},
    )
    assert reply.status == 202
    deliver(aws, "NotificationsQueue", notification_jobs.handler)
    assert [n["data"]["title"] for n in hope.get("/api/notifications").json["data"]] == ["Hello Hope"]
    assert other.get("/api/notifications").json["data"] == []


def test_admin_notification_is_validated_and_admin_only(client, aws):
    admin = platform_admin(client)
    owner = sign_up_charity(client)
    bad = admin.post("/api/admin/notifications", {"title": "", "tenant_ids": "all", "urgent": True})
    assert bad.status == 422
    assert set(bad.json["errors"]) == {"title", "body", "tenant_ids", "urgent"}
    unknown = admin.post("/api/admin/notifications", {"title": "T", "body": "B", "tenant_ids": ["nope"]})
    assert unknown.status == 422 and unknown.json["errors"]["tenant_ids"] == [
        "One or more of these charities do not exist."
    ]
    assert owner.post("/api/admin/notifications", {"title": "T", "body": "B"}).status == 403
    assert client.http.post("/api/admin/notifications").status_code == 401
    assert receive(aws, "NotificationsQueue") == []


def test_notification_routes_need_a_session(client):
    for method, path in [
        ("GET", "/api/notifications"),
        ("POST", "/api/notifications/read-all"),
        ("POST", "/api/notifications/abc/read"),
    ]:
        assert client.http.request(method, path).status_code == 401
