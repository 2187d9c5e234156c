"""Platform admins: the charities screens and the global charity search; charity users' search."""

from __future__ import annotations

from functions.auth import service as auth_service
from functions.charities import repository as charity_repository
from functions.core import audit
from functions.search import repository as search_index
from tests.functional.browser import Browser, login
from tests.functional.helpers import PASSWORD, add_user, platform_admin, sign_up_charity


def quick_charity(name: str) -> None:
    """A charity made without the API (sign-up through the API is covered elsewhere), indexed."""
    email = f"{name.replace(' ', '').lower()}@example.org"
    owner = auth_service.register_charity(name, "Owner", email, "", verified=True)  # no password: no hashing
    search_index.index_charity(charity_repository.get_tenant(owner.tenant_id))


def edit(admin, charity_id: str, **changes):
    current = admin.get(f"/api/charities/{charity_id}").json
    body = {k: current[k] for k in ("name", "registration_number", "phone", "country", "disabled")}
    return admin.put(f"/api/charities/{charity_id}", {**body, **changes})


def test_admin_lists_charities_by_name_with_their_user_counts(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    add_user(client, hope.tenant_id, "staff", sign_in_now=False)
    sign_up_charity(client, "Ark Animal Rescue")
    listed = admin.get("/api/charities?sortDesc=false").json
    assert [c["name"] for c in listed["data"]] == ["Ark Animal Rescue", "Hope Trust"]
    assert listed["meta"]["total"] == 2
    assert {c["name"]: c["users_count"] for c in listed["data"]} == {"Ark Animal Rescue": 1, "Hope Trust": 2}
    assert [c["name"] for c in admin.get("/api/charities?search=hop").json["data"]] == ["Hope Trust"]


def test_charities_list_pages_with_a_cursor(client):
    admin = platform_admin(client)
    for number in range(21):
        quick_charity(f"Charity {number:02}")
    first = admin.get("/api/charities?sortDesc=false&length=20").json
    assert len(first["data"]) == 20 and first["meta"]["total"] == 21
    second = admin.get(
        f"/api/charities?sortDesc=false&length=20&page=2&cursor={first['meta']['next_cursor']}"
    ).json
    assert [c["name"] for c in second["data"]] == ["Charity 20"]


def test_admin_edits_a_charity_and_it_is_audited_in_that_charity(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    reply = edit(
        admin, hope.tenant_id, name="Hope Foundation", registration_number="1098765", phone="+44 113 496 0000"
    )
    assert reply.status == 200, reply
    assert reply.json["name"] == "Hope Foundation"
    assert hope.get("/api/user").json["tenant"]["name"] == "Hope Foundation"
    event = audit.recent(hope.tenant_id, limit=1)[0]
    assert event.action == "charity.updated" and event.actor_id == admin.user_id


def test_disabling_a_charity_signs_its_users_out_and_keeps_them_out(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    assert edit(admin, hope.tenant_id, disabled=True).json["disabled"] is True
    assert hope.get("/api/user").status == 401
    assert login(Browser(client), hope.email, PASSWORD).status == 422
    assert edit(admin, hope.tenant_id, disabled=False).status == 200
    assert login(Browser(client), hope.email, PASSWORD).status == 200


def test_charity_edits_are_validated(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    reply = admin.put(f"/api/charities/{hope.tenant_id}", {"name": "", "country": "Britain", "owner": "me"})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"name", "country", "owner"}
    version = admin.get(f"/api/charities/{hope.tenant_id}").json["version"]
    assert edit(admin, hope.tenant_id, version=version).status == 200
    assert edit(admin, hope.tenant_id, name="Late", version=version).status == 409


def test_charities_are_for_platform_admins_only(client):
    owner = sign_up_charity(client, "Hope Trust")
    assert owner.get("/api/charities").status == 403
    assert owner.get(f"/api/charities/{owner.tenant_id}").status == 403
    assert owner.put(f"/api/charities/{owner.tenant_id}", {"name": "Mine"}).status == 403
    assert client.http.get("/api/charities").status_code == 401
    admin = platform_admin(client)
    assert admin.get("/api/charities/no-such-charity").status == 404
    assert admin.get(f"/api/charities/{admin.tenant_id}").status == 404  # the platform is not a charity


def test_admin_search_finds_charities_by_name_number_phone_and_country(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    ark = sign_up_charity(client, "Ark Animal Rescue")
    edit(admin, hope.tenant_id, registration_number="1098765", phone="+44 113 496 0000", country="GB")
    edit(admin, ark.tenant_id, registration_number="SC012345", phone="0131 496 0000", country="IE")

    def titles(query: str) -> list[str]:
        reply = admin.get(f"/api/search?q={query}")
        assert reply.status == 200, reply
        return sorted(result["title"] for result in reply.json["data"])

    assert titles("hop") == ["Hope Trust"]
    assert titles("ANIMAL rescue") == ["Ark Animal Rescue"]  # the first word only
    assert titles("10987") == ["Hope Trust"]
    assert titles("sc0123") == ["Ark Animal Rescue"]
    assert titles("0113") == ["Hope Trust"]  # +44 numbers are found in national form too
    assert titles("0131") == ["Ark Animal Rescue"]
    assert titles("ie") == ["Ark Animal Rescue"]
    assert titles("zzz") == [] and titles("") == []
    result = admin.get("/api/search?q=hope").json["data"][0]
    assert result == {"type": "charity", "title": "Hope Trust", "url": f"/charities/{hope.tenant_id}"}


def test_renaming_a_charity_moves_it_in_the_search(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    edit(admin, hope.tenant_id, name="Bright Future")
    assert admin.get("/api/search?q=hope").json["data"] == []
    assert [r["title"] for r in admin.get("/api/search?q=bright").json["data"]] == ["Bright Future"]


def test_a_charity_is_searchable_as_soon_as_it_signs_up(client):
    admin = platform_admin(client)
    sign_up_charity(client, "Hope Trust")
    assert [r["title"] for r in admin.get("/api/search?q=hope").json["data"]] == ["Hope Trust"]


def test_search_returns_at_most_twenty_charities(client):
    admin = platform_admin(client)
    for number in range(22):
        quick_charity(f"Shelter {number:02}")
    assert len(admin.get("/api/search?q=shelter").json["data"]) == 20


def test_charity_users_search_donors_and_see_no_charities(client):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    edit(admin, hope.tenant_id)
    assert hope.get("/api/search?q=hope").json == {"data": []}
    too_long = hope.get("/api/search?q=" + "x" * 101)
    assert too_long.status == 422 and "q" in too_long.json["errors"]
    assert client.http.get("/api/search?q=hope").status_code == 401


def test_dev_outbox_shows_sent_emails_on_the_local_stage_only(client, monkeypatch):
    sign_up_charity(client, "Hope Trust", email="olive@hope.example")
    reply = client.http.get("/api/dev/outbox")
    assert reply.status_code == 200
    latest = Browser(client).get("/api/dev/outbox").json["data"][0]
    assert latest["to"] == "olive@hope.example" and "/email/verify/" in latest["text"]
    assert set(latest) == {"id", "to", "subject", "text", "html", "sent_at"}
    monkeypatch.setenv("ALMONER_STAGE", "prod")
    assert client.http.get("/api/dev/outbox").status_code == 404
