"""The one rule for what a published page adds to the site's Content-Security-Policy
(functions/core/csp.py): pure text, so template.yaml's `${FilesBucket}` sources work like any."""

from __future__ import annotations

from functions.core import csp

SITE = "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"


def test_a_source_joins_its_directive_once_after_the_directive_own() -> None:
    policy = csp.with_sources(SITE, "img-src", ["https://files.example", "data:"])
    assert csp.sources(policy, "img-src") == ["'self'", "data:", "https://files.example"]
    assert csp.with_sources(policy, "img-src", ["https://files.example"]) == policy


def test_a_missing_directive_comes_right_after_default_src_with_the_added_sources_only() -> None:
    policy = csp.with_sources(SITE, "frame-src", ["https://player.vimeo.com"])
    assert policy.startswith("default-src 'self'; frame-src https://player.vimeo.com; img-src")


def test_a_published_page_adds_the_two_players_and_the_files_origins_and_nothing_else() -> None:
    page = csp.published_page(SITE, ["https://${FilesBucket}.s3.amazonaws.com", ""])
    assert csp.sources(page, "frame-src") == [
        "https://www.youtube-nocookie.com",
        "https://player.vimeo.com",
    ]
    assert csp.sources(page, "img-src") == ["'self'", "data:", "https://${FilesBucket}.s3.amazonaws.com"]
    untouched = [item for item in csp.parse(page) if item[0] not in ("frame-src", "img-src")]
    assert untouched == [item for item in csp.parse(SITE) if item[0] != "img-src"]


def test_parsing_ignores_spacing_and_case_of_names() -> None:
    assert csp.parse("  Default-Src   'self' ;;img-src data: ") == [
        ("default-src", ["'self'"]),
        ("img-src", ["data:"]),
    ]
    assert csp.sources(SITE, "frame-src") is None
