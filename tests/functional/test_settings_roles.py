"""Settings → roles and permissions (docs/api.md Settings)."""

from __future__ import annotations

from functions.core import audit
from functions.core.permissions import CHARITY_PERMISSIONS
from tests.functional.helpers import add_user, sign_up_charity


def test_role_permissions_lists_the_signed_in_users_own(client):
    owner = sign_up_charity(client)
    reply = owner.get("/api/settings/role_permissions")
    assert reply.status == 200
    assert reply.json["roles"] == ["owner"]
    assert sorted(reply.json["permissions"]) == sorted(CHARITY_PERMISSIONS)


def test_permission_labels_follow_the_language(client):
    owner = sign_up_charity(client)
    english = owner.get("/api/settings/permissions").json["data"]
    spanish = owner.get("/api/settings/permissions", headers={"Accept-Language": "es"}).json["data"]
    assert {"name": "manage-donors", "label": "Manage donors"} in english
    assert {"name": "manage-donors", "label": "Gestionar donantes"} in spanish
    assert "manage-charities" not in {p["name"] for p in english}  # a platform-only permission


def test_roles_list_counts_the_holders(client):
    owner = sign_up_charity(client)
    add_user(client, owner.tenant_id, "staff", sign_in_now=False)
    roles = {r["id"]: r for r in owner.get("/api/settings/roles").json["data"]}
    assert roles["owner"]["users_count"] == 1 and roles["owner"]["system"] is True
    assert roles["staff"]["users_count"] == 1 and roles["staff"]["system"] is False


def test_create_role_then_edit_it(client):
    owner = sign_up_charity(client)
    created = owner.post("/api/settings/roles", {"name": "Treasurer", "permissions": ["manage-unclaimed"]})
    assert created.status == 201, created
    role = created.json
    assert role["permissions"] == ["manage-unclaimed"] and role["users_count"] == 0
    edited = owner.put(
        f"/api/settings/roles/{role['id']}",
        {"name": "Finance", "permissions": ["manage-unclaimed", "manage-passed-claim"]},
    )
    assert edited.status == 200, edited
    assert edited.json["name"] == "Finance"
    assert edited.json["permissions"] == ["manage-unclaimed", "manage-passed-claim"]
    actions = [event.action for event in audit.recent(owner.tenant_id)]
    assert "role.created" in actions and "role.changed" in actions


def test_role_bodies_are_validated_field_by_field(client):
    owner = sign_up_charity(client)
    reply = owner.post("/api/settings/roles", {"name": "", "permissions": "all", "colour": "red"})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"name", "permissions", "colour"}
    assert reply.json["errors"]["colour"] == ["This field is not allowed."]
    unknown = owner.post("/api/settings/roles", {"name": "X", "permissions": ["fly-to-the-moon"]})
    assert unknown.status == 422 and "permissions" in unknown.json["errors"]
    platform_only = owner.post("/api/settings/roles", {"name": "X", "permissions": ["manage-charities"]})
    assert platform_only.status == 422
    duplicate = owner.post("/api/settings/roles", {"name": "STAFF", "permissions": []})
    assert duplicate.status == 422 and duplicate.json["errors"]["name"] == [
        "A role with this name already exists."
    ]


def test_the_owner_role_cannot_be_changed_or_deleted(client):
    owner = sign_up_charity(client)
    edit = owner.put("/api/settings/roles/owner", {"name": "boss", "permissions": []})
    assign = owner.put("/api/settings/roles/owner/permissions", {"permissions": []})
    delete = owner.delete("/api/settings/roles/owner")
    for reply in (edit, assign, delete):
        assert reply.status == 422
        assert reply.json["message"] == "The owner role cannot be changed."


def test_removing_a_permission_from_a_role_takes_effect_on_the_holders_next_request(client):
    owner = sign_up_charity(client)
    treasurer = owner.post("/api/settings/roles", {"name": "Treasurer", "permissions": ["manage-users"]}).json
    member = add_user(client, owner.tenant_id, treasurer["id"])
    assert member.get("/api/settings/users").status == 200
    # WHEN the owner takes manage-users away from the member's role
    reply = owner.put(
        f"/api/settings/roles/{treasurer['id']}/permissions", {"permissions": ["view-dashboard"]}
    )
    assert reply.status == 200, reply
    # THEN the member's very next request is refused, and their permissions show the change
    assert member.get("/api/settings/users").status == 403
    assert member.get("/api/settings/role_permissions").json["permissions"] == ["view-dashboard"]


def test_a_manager_cannot_grant_a_permission_they_do_not_hold(client):
    owner = sign_up_charity(client)
    managers = owner.post("/api/settings/roles", {"name": "Managers", "permissions": ["manage-users"]}).json
    manager = add_user(client, owner.tenant_id, managers["id"])
    reply = manager.put(
        f"/api/settings/roles/{managers['id']}/permissions",
        {"permissions": ["manage-users", "manage-donations"]},
    )
    assert reply.status == 422
    assert reply.json["errors"]["permissions"] == ["You cannot grant permissions you do not have."]


def test_a_stale_role_edit_is_a_conflict(client):
    owner = sign_up_charity(client)
    role = owner.post("/api/settings/roles", {"name": "Volunteers", "permissions": []}).json
    first = owner.put(
        f"/api/settings/roles/{role['id']}",
        {"name": "Helpers", "permissions": [], "version": role["version"]},
    )
    assert first.status == 200
    stale = owner.put(
        f"/api/settings/roles/{role['id']}",
        {"name": "Friends", "permissions": [], "version": role["version"]},
    )
    assert stale.status == 409


def test_a_role_still_held_cannot_be_deleted(client):
    owner = sign_up_charity(client)
    assert owner.delete("/api/settings/roles/staff").status == 204
    role = owner.post("/api/settings/roles", {"name": "Volunteers", "permissions": []}).json
    add_user(client, owner.tenant_id, role["id"], sign_in_now=False)
    reply = owner.delete(f"/api/settings/roles/{role['id']}")
    assert reply.status == 409
    assert reply.json["message"] == "This role is still assigned to 1 user(s)."


def test_role_routes_need_manage_users_and_a_session(client):
    owner = sign_up_charity(client)
    staff = add_user(client, owner.tenant_id, "staff")
    for method, path in [
        ("GET", "/api/settings/roles"),
        ("POST", "/api/settings/roles"),
        ("GET", "/api/settings/permissions"),
        ("PUT", "/api/settings/roles/staff"),
        ("PUT", "/api/settings/roles/staff/permissions"),
        ("DELETE", "/api/settings/roles/staff"),
    ]:
        assert staff.browser.request(method, path, {}).status == 403, (method, path)
        assert client.http.request(method, path).status_code == 401, (method, path)


def test_another_charitys_roles_are_not_found(client):
    hope = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    theirs = other.post("/api/settings/roles", {"name": "Theirs", "permissions": []}).json
    assert hope.put(f"/api/settings/roles/{theirs['id']}", {"name": "Mine", "permissions": []}).status == 404
    assert hope.put(f"/api/settings/roles/{theirs['id']}/permissions", {"permissions": []}).status == 404
    assert hope.delete(f"/api/settings/roles/{theirs['id']}").status == 404
    unchanged = {r["id"]: r for r in other.get("/api/settings/roles").json["data"]}[theirs["id"]]
    assert unchanged["name"] == "Theirs" and unchanged["version"] == theirs["version"]


def test_assign_permissions_body_is_validated(client):
    owner = sign_up_charity(client)
    reply = owner.put("/api/settings/roles/staff/permissions", {"permissions": "manage-donors", "name": "x"})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"permissions", "name"}
    missing = owner.put("/api/settings/roles/staff/permissions", {})
    assert missing.json["errors"] == {"permissions": ["This field is required."]}
