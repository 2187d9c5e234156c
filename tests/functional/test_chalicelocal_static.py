"""The SPA is served like CloudFront serves it: history fallback, cache headers, a CSP without
inline scripts, and nothing outside frontend/dist/."""

from __future__ import annotations

from pathlib import Path

import pytest

from chalicelocal import static


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    (tmp_path / "secret.txt").write_text("outside dist")
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><div id=root></div>")
    (root / "assets" / "index-abc123.js").write_text("console.log(1)")
    (root / "assets" / "index-abc123.css").write_text("body{}")
    (root / "logo.svg").write_text("<svg/>")
    (root / "leak").symlink_to(tmp_path / "secret.txt")
    return root


def test_index_is_never_cached_and_has_the_csp(dist: Path) -> None:
    response = static.serve("/", dist)
    assert response.status == 200 and b"id=root" in response.body
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Content-Type"].startswith("text/html")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp


@pytest.mark.parametrize("path", ["/donors/42", "/settings/roles?tab=1", "/login", "/index.html"])
def test_history_fallback_serves_index(dist: Path, path: str) -> None:
    response = static.serve(path, dist)
    assert response.status == 200 and b"id=root" in response.body
    assert response.headers["Cache-Control"] == "no-cache"


def test_hashed_assets_are_immutable_with_their_type(dist: Path) -> None:
    script = static.serve("/assets/index-abc123.js", dist)
    assert script.body == b"console.log(1)"
    assert script.headers["Content-Type"].startswith("text/javascript")
    assert script.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert static.serve("/assets/index-abc123.css", dist).headers["Content-Type"].startswith("text/css")
    assert static.serve("/logo.svg", dist).headers["Content-Type"] == "image/svg+xml"


def test_a_missing_asset_is_404_not_html(dist: Path) -> None:
    assert static.serve("/assets/gone-000.js", dist).status == 404


@pytest.mark.parametrize(
    "path",
    [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/assets/../../secret.txt",
        "/..\\secret.txt",
        "/leak",
        "//etc/passwd",
        "/%00",
    ],
)
def test_nothing_outside_dist_is_served(dist: Path, path: str) -> None:
    response = static.serve(path, dist)
    assert b"outside dist" not in response.body
    assert b"root:" not in response.body


def test_without_a_build_a_page_says_how_to_build(tmp_path: Path) -> None:
    response = static.serve("/", tmp_path / "missing")
    assert response.status == 200 and b"make run" in response.body


@pytest.mark.parametrize("path", ["/give/demo", "/give/demo/thanks?intent=1&key=x", "/give"])
def test_the_public_donation_page_gets_its_own_entry(dist: Path, path: str) -> None:
    # GIVEN a build with the public page's entry
    (dist / "give.html").write_text("<!doctype html><div id=give></div>")
    # WHEN a donor opens the page (or its thank-you page)
    response = static.serve(path, dist)
    # THEN they get the small public bundle, never cached, with the same CSP
    assert response.status == 200 and b"id=give" in response.body
    assert response.headers["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    # and the admin app keeps its own fallback
    assert b"id=root" in static.serve("/givers", dist).body


@pytest.mark.parametrize("path", ["/p/riverside/winter-appeal", "/p/riverside/winter-appeal?lang=es"])
def test_a_published_landing_page_gets_its_own_entry(dist: Path, path: str) -> None:
    # GIVEN a build with the landing pages' entry
    (dist / "page.html").write_text("<!doctype html><div id=page></div>")
    # WHEN a visitor opens a published page
    response = static.serve(path, dist, files_origin="https://files.example")
    # THEN they get the page bundle, never cached, whose CSP allows only the two video players
    # and the files bucket's images beyond the SPA's own
    assert response.status == 200 and b"id=page" in response.body
    assert response.headers["Cache-Control"] == "no-cache"
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "frame-src https://www.youtube-nocookie.com https://player.vimeo.com" in csp
    assert "img-src 'self' data: blob: https://files.example" in csp
    # and the admin app keeps its own fallback and CSP
    admin = static.serve("/pages", dist)
    assert b"id=root" in admin.body and "frame-src" not in admin.headers["Content-Security-Policy"]


def test_build_reports_are_not_served(dist: Path) -> None:
    (dist / ".vite").mkdir()
    (dist / ".vite" / "modules.json").write_text('{"src/features/x.ts": 1}')
    response = static.serve("/.vite/modules.json", dist)
    assert b"src/features" not in response.body
