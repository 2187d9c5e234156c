"""The donation widget's backend (issue 17 item 9): the charity's embed allow-list (https origins,
localhost for testing, at most 20, named per item in English and Spanish) and the frame document
`GET /api/public/pages/{charity}/{slug}/frame`, whose CSP frame-ancestors names that charity's
websites only; a page that is not published answers 404 (the widget says the appeal is closed)."""

from __future__ import annotations

from typing import Any

import pytest

from functions.pages import embed
from tests.functional.browser import Browser
from tests.functional.helpers import add_user, sign_up_charity
from tests.functional.test_pages import charity_slug, make_page, publish

SHELL = (
    '<!doctype html><html lang="en"><head><script type="module" src="/assets/page-x.js"></script>'
    "</head></html>"
)


@pytest.fixture(autouse=True)
def page_shell(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The built page.html as the site would answer it (the test has no web server)."""
    fetched: list[str] = []

    def fetch(url: str) -> str:
        fetched.append(url)
        return SHELL

    monkeypatch.setattr(embed, "fetch_shell", fetch)
    monkeypatch.setitem(embed._shell, "html", None)
    return fetched


def frame(client: Any, charity: str, slug: str) -> Any:
    return Browser(client).get(f"/api/public/pages/{charity}/{slug}/frame")


def ancestors(reply: Any) -> list[str]:
    policy = reply.headers["Content-Security-Policy"]
    [directive] = [part.strip() for part in policy.split(";") if part.strip().startswith("frame-ancestors")]
    return directive.split()[1:]


def test_the_allow_list_keeps_https_origins_normalised_and_localhost_for_testing(owner):
    assert owner.get("/api/pages/embed-settings").json == {"origins": []}
    origins = [
        "https://www.Hope.org.uk/",
        "https://shop.hope.org.uk:8443",
        "http://localhost:5173",
        "http://127.0.0.1:*",
    ]
    saved = owner.put("/api/pages/embed-settings", {"origins": origins})
    assert saved.status == 200, saved.json
    expected = [
        "https://www.hope.org.uk",
        "https://shop.hope.org.uk:8443",
        "http://localhost:5173",
        "http://127.0.0.1:*",
    ]
    assert saved.json == {"origins": expected}
    assert owner.get("/api/pages/embed-settings").json == {"origins": expected}


def test_each_refused_origin_is_named_in_english_and_spanish(owner):
    bad = [
        "https://www.hope.org.uk",
        "http://www.hope.org.uk",
        "https://www.hope.org.uk/donate",
        "https://*.hope.org.uk",
        "https://user@hope.org.uk",
        "javascript:alert(1)",
        "https://hope",
        "https://www.hope.org.uk:99999",
        "",
    ]
    reply = owner.put("/api/pages/embed-settings", {"origins": bad})
    assert reply.status == 422
    errors = reply.json["errors"]
    assert sorted(errors) == [f"origins.{index}" for index in range(1, 9)]
    assert errors["origins.1"] == [
        "Enter a website address like https://www.example.org (https, no path; "
        "http only for localhost or 127.0.0.1)."
    ]
    answer = owner.put(
        "/api/pages/embed-settings",
        {"origins": ["https://a.org", "https://A.org/"]},
        headers={"Accept-Language": "es"},
    )
    assert answer.json["errors"] == {"origins": ["Cada sitio web solo puede aparecer una vez."]}
    many = [f"https://site{number}.org" for number in range(21)]
    assert owner.put("/api/pages/embed-settings", {"origins": many}).json["errors"] == {
        "origins": ["List at most 20 websites."]
    }
    assert owner.put("/api/pages/embed-settings", {"origins": "https://a.org"}).status == 422
    assert owner.get("/api/pages/embed-settings").json == {"origins": []}


def test_only_page_managers_see_or_change_the_allow_list(client, owner):
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/pages/embed-settings").status == 403
    assert staff.put("/api/pages/embed-settings", {"origins": ["https://evil.example"]}).status == 403


def test_the_frame_of_a_published_page_may_be_framed_by_the_charitys_websites_only(client, owner, page_shell):
    page = make_page(owner, "Winter Appeal")
    publish(owner, page)
    charity = charity_slug(owner)
    before = frame(client, charity, page["slug"])
    assert before.status == 200
    assert before.text == SHELL
    assert before.headers["Content-Type"].startswith("text/html")
    assert ancestors(before) == ["'self'"]
    owner.put("/api/pages/embed-settings", {"origins": ["https://www.hope.org.uk", "http://localhost:*"]})
    after = frame(client, charity, page["slug"])
    assert ancestors(after) == ["'self'", "https://www.hope.org.uk", "http://localhost:*"]
    policy = after.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "https://www.youtube-nocookie.com" in policy
    # Another charity's list never reaches this charity's frames, and the reverse.
    other = sign_up_charity(client, "Beta Trust")
    other.put("/api/pages/embed-settings", {"origins": ["https://beta.example"]})
    other_page = make_page(other, "Beta Appeal")
    publish(other, other_page)
    assert ancestors(frame(client, charity_slug(other), other_page["slug"])) == [
        "'self'",
        "https://beta.example",
    ]
    assert "https://beta.example" not in ancestors(frame(client, charity, page["slug"]))
    assert len(page_shell) == 1  # the shell is kept, not fetched per request


def test_a_page_that_is_not_published_is_404_and_an_unknown_charity_cannot_be_framed(client, owner):
    owner.put("/api/pages/embed-settings", {"origins": ["https://www.hope.org.uk"]})
    draft = make_page(owner, "Draft Appeal")
    charity = charity_slug(owner)
    closed = frame(client, charity, draft["slug"])
    assert closed.status == 404
    assert closed.text == SHELL  # the page itself says "This appeal is closed" in the widget
    assert ancestors(closed) == ["'self'", "https://www.hope.org.uk"]
    published = publish(owner, make_page(owner, "Old Appeal"))
    owner.post(f"/api/pages/{published['id']}/unpublish", {"version": published["version"]})
    assert frame(client, charity, published["slug"]).status == 404
    unknown = frame(client, "no-such-charity", "anything")
    assert unknown.status == 404
    assert ancestors(unknown) == ["'none'"]
    assert frame(client, charity, "x" * 300).status == 404


def test_the_frame_is_503_while_the_site_cannot_give_the_page_shell(client, owner, monkeypatch):
    def down(url: str) -> str:
        raise OSError("connection refused")

    monkeypatch.setattr(embed, "fetch_shell", down)
    page = publish(owner, make_page(owner, "Winter Appeal"))
    reply = frame(client, charity_slug(owner), page["slug"])
    assert reply.status == 503
    assert reply.json["message"] == "The page cannot be shown right now. Try again in a minute."


def test_the_demo_allows_the_local_fake_host_and_it_embeds_the_monthly_page(owner):
    from chalicelocal import fake_host
    from functions.core import keys
    from functions.core.identity import User
    from functions.pages.demo import seed_pages

    seed_pages(User.get(keys.tenant_pk(owner.tenant_id), keys.user_sk(owner.user_id)))
    assert owner.get("/api/pages/embed-settings").json == {
        "origins": ["http://localhost:*", "http://127.0.0.1:*"]
    }
    status, body = fake_host.answer("/fake-host/?page=hope-trust/monthly-friends", "localhost:8000")
    assert status == 200
    text = body.decode()
    assert '<script src="http://127.0.0.1:8000/widget.js" async></script>' in text
    assert '<almoner-donate page="hope-trust/monthly-friends" mode="inline">' in text
    assert "iframe { height: 10px !important; display: none !important; }" in text
    # the button mode labels its button with the page's title, as Website Integration's code does
    status, body = fake_host.answer(
        "/fake-host/?page=hope-trust/monthly-friends&mode=button", "localhost:8000"
    )
    assert status == 200
    assert 'mode="button" label="Become a monthly friend">' in body.decode()
    assert fake_host.other_origin("127.0.0.1:8000") == "http://localhost:8000"
    assert fake_host.answer("/fake-host/?page=../../x", "localhost:8000")[0] == 404
