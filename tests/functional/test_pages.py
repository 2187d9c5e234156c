"""Landing pages through the API (issue 17): create from templates, slug rules (format, reserved
words, unique per charity but free across charities, a redirect after a published slug change,
freed on delete), the draft checked against the block schema, publish as an immutable version,
restore, duplicate, soft delete, the list with its counters, the image upload, the preview data
and the public page (only a published version, a visit counted, live fund progress), another
charity's page (404) and the permission (403)."""

from __future__ import annotations

from typing import Any

from functions.core import keys
from functions.domain.funds import Movement
from functions.donors.transaction import Transaction
from functions.funds import ledger
from functions.pages import repository as pages_repository
from tests.functional.browser import Browser
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import add_user, sign_up_charity
from tests.functional.test_funds import make_fund


def make_page(who: Any, title: str = "Spring Appeal", **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/pages", {"title": title, "type": "landing", "template": "blank", **fields})
    assert reply.status == 201, reply.json
    return reply.json


def charity_slug(who: Any) -> str:
    return who.get("/api/giving-page").json["slug"]


def rename(who: Any, page: dict[str, Any], **changes: Any) -> Any:
    body = {
        "title": page["title"],
        "slug": page["slug"],
        "locale": page["locale"],
        "version": page["version"],
    }
    return who.put(f"/api/pages/{page['id']}", {**body, **changes})


def save_draft(who: Any, page: dict[str, Any], content: list[dict[str, Any]]) -> Any:
    data = {"root": {"props": {"title": page["title"]}}, "content": content}
    return who.put(f"/api/pages/{page['id']}/draft", {"data": data, "version": page["version"]})


def publish(who: Any, page: dict[str, Any]) -> dict[str, Any]:
    reply = who.post(f"/api/pages/{page['id']}/publish", {"version": page["version"]})
    assert reply.status == 200, reply.json
    return reply.json


def public(client: Any, charity: str, slug: str) -> Any:
    return Browser(client).get(f"/api/public/pages/{charity}/{slug}")


def rich(block_id: str, body: str) -> dict[str, Any]:
    return {"type": "RichText", "props": {"id": block_id, "body": body}}


# ------------------------------------------------------------------ create and templates
def test_templates_are_listed_in_the_users_language_and_donation_pages_start_with_their_form(client):
    owner = sign_up_charity(client, "Hope Trust")
    listed = owner.get("/api/pages/templates").json["data"]
    assert [(item["id"], item["type"]) for item in listed] == [
        ("blank", "landing"),
        ("appeal", "donation"),
        ("monthly", "donation"),
        ("event", "landing"),
    ]
    spanish = owner.get("/api/pages/templates", headers={"Accept-Language": "es"}).json["data"]
    assert spanish[0]["title"] == "Página en blanco"
    for template in ("blank", "appeal", "monthly", "event"):
        page = make_page(owner, f"From {template}", type="donation", template=template)
        forms = [block for block in page["data"]["content"] if block["type"] == "DonationForm"]
        assert len(forms) == 1, template
        assert page["status"] == "draft" and page["visits"] == 0 and page["gift_aid_rate"] is None
    event = make_page(owner, "Summer Fair", template="event")
    assert "DonationForm" not in [block["type"] for block in event["data"]["content"]]
    assert event["public_url"] == f"/p/{charity_slug(owner)}/summer-fair"


# ------------------------------------------------------------------ slugs
def test_slug_rules_are_named_on_the_slug_field(client):
    owner = sign_up_charity(client, "Hope Trust")
    page = make_page(owner)
    assert page["slug"] == "spring-appeal"
    for slug in (
        "ab",
        "x" * 61,
        "Upper",
        "with space",
        "-start",
        "end-",
        "dou--ble",
        "café",
        "admin",
        "api",
        "p",
    ):
        reply = rename(owner, page, slug=slug)
        assert reply.status == 422, slug
        assert list(reply.json["errors"]) == ["slug"], slug
    assert "reserved" in rename(owner, page, slug="preview").json["errors"]["slug"][0]
    assert rename(owner, page, slug="abc").status == 200


def test_slugs_are_unique_per_charity_made_unique_by_default_and_shared_across_charities(client):
    hope = sign_up_charity(client, "Hope Trust")
    first = make_page(hope, "Spring Appeal")
    second = make_page(hope, "Spring Appeal")
    assert (first["slug"], second["slug"]) == ("spring-appeal", "spring-appeal-2")
    taken = hope.post("/api/pages", {"title": "Other", "slug": "spring-appeal", "type": "landing"})
    assert taken.status == 422 and "slug" in taken.json["errors"]
    assert rename(hope, second, slug="spring-appeal").json["errors"]["slug"]
    other = sign_up_charity(client, "Beta Trust")
    assert make_page(other, "Elsewhere", slug="spring-appeal")["slug"] == "spring-appeal"


def test_a_published_slug_change_keeps_a_redirect_and_delete_frees_every_slug(client):
    owner = sign_up_charity(client, "Hope Trust")
    charity = charity_slug(owner)
    page = publish(owner, make_page(owner, "Spring Appeal"))
    moved = rename(owner, page, slug="spring-2026")
    assert moved.status == 200, moved.json
    assert public(client, charity, "spring-appeal").json == {"redirect": "spring-2026"}
    assert public(client, charity, "spring-2026").json["page"]["id"] == page["id"]
    # a draft page's slug change keeps nothing
    draft = make_page(owner, "Draft Page")
    assert rename(owner, draft, slug="draft-two").status == 200
    assert make_page(owner, "Another", slug="draft-page")["slug"] == "draft-page"
    # delete: the page, its slug and its redirect are gone
    assert owner.delete(f"/api/pages/{page['id']}").status == 204
    assert public(client, charity, "spring-2026").status == 404
    assert public(client, charity, "spring-appeal").status == 404
    assert make_page(owner, "Reuse", slug="spring-2026")["slug"] == "spring-2026"
    assert make_page(owner, "Reuse Old", slug="spring-appeal")["slug"] == "spring-appeal"
    assert owner.get(f"/api/pages/{page['id']}").status == 404
    assert page["id"] not in [row["id"] for row in owner.get("/api/pages").json["data"]]


# ------------------------------------------------------------------ the draft
def test_the_draft_is_checked_against_the_block_schema_with_paths_in_english_and_spanish(client):
    owner = sign_up_charity(client, "Hope Trust")
    page = make_page(owner)
    cta = {"id": "c", "heading": "Go", "label": "Give", "href": "javascript:alert(1)"}
    reply = save_draft(owner, page, [rich("a", "Hello"), {"type": "CallToAction", "props": cta}])
    assert reply.status == 422
    assert "https://" in reply.json["errors"]["data.content.1.props.href"][0]
    for content, path in (
        ([{"type": "Marquee", "props": {"id": "m"}}], "data.content.0.type"),
        (
            [{"type": "RichText", "props": {"id": "r", "body": "x", "colour": "red"}}],
            "data.content.0.props.colour",
        ),
        ([rich("r", "See [this](http://example.org)")], "data.content.0.props.body"),
        ([{"type": "Image", "props": {"id": "i", "image_key": "pages/other/x.png", "alt": "A"}}], None),
        (
            [{"type": "Video", "props": {"id": "v", "provider": "youtube", "video_id": "abc", "title": "T"}}],
            None,
        ),
        ([{"type": "FundProgress", "props": {"id": "f", "fund_id": "nope", "target": "100"}}], None),
    ):
        reply = save_draft(owner, page, content)
        assert reply.status == 422, content
        if path:
            assert path in reply.json["errors"], reply.json
    spanish = owner.put(
        f"/api/pages/{page['id']}/draft",
        {
            "data": {"root": {"props": {}}, "content": [{"type": "Marquee", "props": {"id": "m"}}]},
            "version": 1,
        },
        headers={"Accept-Language": "es"},
    )
    assert spanish.json["errors"]["data.content.0.type"] == ["Este tipo de bloque no existe."]


def test_a_donation_page_keeps_exactly_one_donation_form_and_a_stale_draft_is_409(client):
    owner = sign_up_charity(client, "Hope Trust")
    page = make_page(owner, "Give", type="donation", template="blank")
    reply = save_draft(owner, page, [rich("a", "Hello")])
    assert reply.status == 422
    assert reply.json["errors"]["data.content"] == ["A donation page needs its donation form."]
    form = page["data"]["content"][0]
    saved = save_draft(owner, page, [rich("a", "  Hello  "), form])
    assert saved.status == 200, saved.json
    assert saved.json["data"]["content"][0]["props"]["body"] == "Hello"
    assert save_draft(owner, page, [form]).status == 409  # the version moved on


# ------------------------------------------------------------------ publish, restore, duplicate
def test_publish_makes_an_immutable_version_and_restore_brings_it_back_into_the_draft(client):
    owner = sign_up_charity(client, "Hope Trust")
    charity = charity_slug(owner)
    page = make_page(owner)
    assert public(client, charity, page["slug"]).status == 404  # a draft is not public
    page = save_draft(owner, page, [rich("a", "First words")]).json
    first = publish(owner, page)
    assert (first["status"], first["published_version"], first["has_unpublished_changes"]) == (
        "published",
        1,
        False,
    )
    changed = save_draft(owner, first, [rich("a", "Second words")]).json
    assert changed["has_unpublished_changes"] is True
    # the public page still shows version 1
    shown = public(client, charity, page["slug"]).json
    assert shown["page"]["data"]["content"][0]["props"]["body"] == "First words"
    second = publish(owner, changed)
    versions = owner.get(f"/api/pages/{page['id']}/versions").json["data"]
    assert [item["number"] for item in versions] == [2, 1]
    assert versions[0]["published_by_name"]
    restored = owner.post(f"/api/pages/{page['id']}/versions/1/restore", {"version": second["version"]})
    assert restored.status == 200, restored.json
    assert restored.json["data"]["content"][0]["props"]["body"] == "First words"
    assert public(client, charity, page["slug"]).json["page"]["data"]["content"][0]["props"]["body"] == (
        "Second words"
    )
    missing = owner.post(f"/api/pages/{page['id']}/versions/9/restore", {"version": restored.json["version"]})
    assert missing.status == 404
    # unpublish: the public route answers 404
    gone = owner.post(f"/api/pages/{page['id']}/unpublish", {"version": restored.json["version"]})
    assert gone.status == 200 and gone.json["status"] == "unpublished"
    assert public(client, charity, page["slug"]).status == 404


def test_duplicate_copies_the_draft_with_a_new_title_slug_and_its_own_images(client):
    owner = sign_up_charity(client, "Hope Trust")
    page = make_page(owner)
    upload = owner.post(f"/api/pages/{page['id']}/images", {"content_type": "image/png", "size": 1000})
    assert upload.status == 201, upload.json
    key = upload.json["key"]
    assert key.startswith(keys.page_image_prefix(owner.tenant_id, page["id"]))
    assert "url" in upload.json["upload"] and "fields" in upload.json["upload"]
    image = {"type": "Image", "props": {"id": "img", "image_key": key, "alt": "Our roof"}}
    page = save_draft(owner, page, [image]).json
    copy = owner.post(f"/api/pages/{page['id']}/duplicate")
    assert copy.status == 201, copy.json
    assert copy.json["title"] == "Copy of Spring Appeal" and copy.json["slug"] == "copy-of-spring-appeal"
    copied_key = copy.json["data"]["content"][0]["props"]["image_key"]
    assert copied_key.startswith(keys.page_image_prefix(owner.tenant_id, copy.json["id"]))
    assert copy.json["status"] == "draft"
    too_big = owner.post(f"/api/pages/{page['id']}/images", {"content_type": "image/gif", "size": 6_000_000})
    assert set(too_big.json["errors"]) == {"content_type", "size"}


# ------------------------------------------------------------------ list and counters
def test_the_list_shows_counters_newest_edit_first_with_search_and_filters(client):
    owner = sign_up_charity(client, "Hope Trust")
    older = make_page(owner, "Autumn Fair", template="event")
    newer = publish(owner, make_page(owner, "Winter Appeal", type="donation", template="appeal"))
    charity = charity_slug(owner)
    for _ in range(3):
        assert public(client, charity, newer["slug"]).status == 200
    pages_repository_add(owner.tenant_id, newer["id"], donations=4, raised_pence=10000, gift_aid_donations=1)
    listed = owner.get("/api/pages").json
    assert [row["id"] for row in listed["data"]] == [newer["id"], older["id"]]
    assert listed["meta"]["total"] == 2
    top = listed["data"][0]
    assert (top["visits"], top["donations"], top["raised"], top["gift_aid_rate"]) == (3, 4, "100.00", "0.25")
    assert [row["id"] for row in owner.get("/api/pages?search=autu").json["data"]] == [older["id"]]
    published = owner.get('/api/pages?filters={"status":"published"}').json["data"]
    assert [row["id"] for row in published] == [newer["id"]]
    assert [row["id"] for row in owner.get('/api/pages?filters={"type":"landing"}').json["data"]] == [
        older["id"]
    ]
    assert "filters.colour" in owner.get('/api/pages?filters={"colour":"red"}').json["errors"]


def pages_repository_add(tenant_id: str, page_id: str, **counts: int) -> None:
    """What the webhooks' processing does for a donation from the page (ADD on PAGESTATS)."""
    from functions.core import aws, config

    aws.client("dynamodb").update_item(
        TableName=config.table_name(),
        Key={"PK": {"S": keys.tenant_pk(tenant_id)}, "SK": {"S": keys.page_stats_sk(page_id)}},
        UpdateExpression="ADD " + ", ".join(f"{name} :{name}" for name in counts),
        ExpressionAttributeValues={f":{name}": {"N": str(value)} for name, value in counts.items()},
    )


# ------------------------------------------------------------------ public page and preview
def test_the_public_page_shows_live_fund_progress_with_gift_aid_and_the_charity(client):
    owner = sign_up_charity(client, "Hope Trust")
    roof = make_fund(owner, "Roof", fund_class="restricted", goal="500.00")
    make_donation(
        owner, amount="30.00", date="2026-02-01", allocations=[{"fund_id": roof["id"], "amount": "30.00"}]
    )
    transaction = Transaction()
    ledger.add_movements(
        transaction,
        owner.tenant_id,
        [Movement(roof["id"], "2026-03-01", "gift_aid", 750)],
        source_type="test",
        source_id="t",
        user_id=owner.user_id,
    )
    transaction.commit()
    page = make_page(owner)
    progress = {"id": "p", "fund_id": roof["id"], "target": "500", "show_gift_aid": True, "heading": "Roof"}
    page = save_draft(owner, page, [{"type": "FundProgress", "props": progress}]).json
    assert page["data"]["content"][0]["props"]["target"] == "500.00"
    preview = owner.get(f"/api/pages/{page['id']}/preview-data").json
    assert preview["funds"][roof["id"]] == {
        "name": "Roof",
        "raised": "30.00",
        "gift_aid": "7.50",
        "target": "500.00",
    }
    assert preview["giving"] is None
    publish(owner, page)
    shown = public(client, charity_slug(owner), page["slug"])
    assert shown.status == 200
    assert shown.json["charity"]["name"] == "Hope Trust"
    assert shown.json["funds"][roof["id"]] == {"name": "Roof", "raised": "30.00", "gift_aid": "7.50"}
    assert pages_repository.stats(owner.tenant_id, [page["id"]])[page["id"]]["visits"] == 1
    assert public(client, "no-such-charity", page["slug"]).status == 404
    assert public(client, charity_slug(owner), "no-such-page").status == 404


# ------------------------------------------------------------------ access
def test_another_charitys_page_is_404_and_without_the_permission_403(client):
    owner = sign_up_charity(client, "Hope Trust")
    page = make_page(owner)
    other = sign_up_charity(client, "Beta Trust")
    for method, path, body in (
        ("get", f"/api/pages/{page['id']}", None),
        ("put", f"/api/pages/{page['id']}", {"title": "X", "slug": "xyz", "locale": "en", "version": 1}),
        ("post", f"/api/pages/{page['id']}/publish", {"version": 1}),
        ("post", f"/api/pages/{page['id']}/duplicate", None),
        ("get", f"/api/pages/{page['id']}/preview-data", None),
        ("delete", f"/api/pages/{page['id']}", None),
    ):
        reply = getattr(other, method)(path, body) if body is not None else getattr(other, method)(path)
        assert reply.status == 404, (method, path, reply.json)
    assert owner.get(f"/api/pages/{page['id']}").status == 200
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/pages").status == 403
    assert staff.post("/api/pages", {"title": "X", "type": "landing"}).status == 403


def test_the_demo_seeds_a_published_monthly_page_and_a_draft_once(client, owner):
    from functions.core.identity import User
    from functions.pages.demo import seed_pages

    user = User.get(keys.tenant_pk(owner.tenant_id), keys.user_sk(owner.user_id))
    assert seed_pages(user) is True
    rows = {row["slug"]: row for row in owner.get("/api/pages").json["data"]}
    assert {slug: row["status"] for slug, row in rows.items()} == {
        "monthly-friends": "published",
        "spring-appeal": "draft",
    }
    shown = public(client, charity_slug(owner), "monthly-friends")
    assert shown.status == 200, shown.json
    [form] = [block for block in shown.json["page"]["data"]["content"] if block["type"] == "DonationForm"]
    assert (form["props"]["allow_monthly"], form["props"]["default_frequency"]) == (True, "monthly")
    assert public(client, charity_slug(owner), "spring-appeal").status == 404
    assert seed_pages(user) is False
    assert len(owner.get("/api/pages").json["data"]) == 2
