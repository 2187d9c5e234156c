"""A published landing page (issue 17) plays its videos and shows its uploaded images in AWS as it
does locally: template.yaml's CloudFront policy for `/p/*` is the site's policy with the video
players and the files bucket's images, by the same rule (functions/core/csp.py) that the local
stack (chalicelocal/static.py) and the widget's frame (functions/pages/embed.py) apply; the admin
paths never get frame-src, and their img-src has the files bucket for the page builder's images."""

from __future__ import annotations

import urllib.parse
from typing import Any

from chalicelocal import static
from functions.core import csp
from functions.pages import embed, repository

PLAYERS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"]
# The files bucket's origins as template.yaml names them (for !Sub).
TEMPLATE_FILES = ["https://${FilesBucket}.s3.amazonaws.com", "https://${FilesBucket.RegionalDomainName}"]


def policy_of(resources: dict[str, Any], name: str) -> str:
    config = resources[name]["Properties"]["ResponseHeadersPolicyConfig"]
    policy = config["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    return str(policy["Fn::Sub"] if isinstance(policy, dict) else policy)


def behaviour(resources: dict[str, Any], pattern: str | None) -> dict[str, Any]:
    """The distribution's cache behaviour for a path pattern (None: the default one)."""
    config = resources["Distribution"]["Properties"]["DistributionConfig"]
    if pattern is None:
        return dict(config["DefaultCacheBehavior"])
    [found] = [item for item in config["CacheBehaviors"] if item["PathPattern"] == pattern]
    return dict(found)


def normal(policy: str) -> str:
    return csp.render(csp.parse(policy))


def test_published_pages_get_their_own_policy_the_site_policy_with_the_players_and_the_images(
    resources: dict[str, Any],
) -> None:
    # GIVEN the site's policy and the published pages' one
    site = policy_of(resources, "SecurityHeadersPolicy")
    page = policy_of(resources, "PageHeadersPolicy")
    # THEN the page's is exactly the site's with the published page's additions, by the shared rule
    assert normal(page) == csp.published_page(site, TEMPLATE_FILES)
    assert csp.sources(page, "frame-src") == PLAYERS
    assert csp.sources(page, "img-src") == ["'self'", "data:", "blob:", *TEMPLATE_FILES]
    assert csp.sources(page, "frame-ancestors") == ["'none'"]  # still framed by nobody (ADR 0025)
    assert csp.sources(page, "script-src") == ["'self'"]


def test_cloudfront_serves_p_paths_with_the_page_policy_through_the_page_html_rewrite(
    resources: dict[str, Any],
) -> None:
    page = behaviour(resources, "/p/*")
    assert page["ResponseHeadersPolicyId"] == {"Ref": "PageHeadersPolicy"}
    assert page["TargetOriginId"] == "spa"
    # the same viewer-request function as the default behaviour: /p/<charity>/<slug> → /page.html
    default = behaviour(resources, None)
    assert page["FunctionAssociations"] == default["FunctionAssociations"]
    assert page["CachePolicyId"] == default["CachePolicyId"]
    code = resources["SpaRouteFunction"]["Properties"]["FunctionCode"]
    assert "'/page.html'" in code and "indexOf('/p/')" in code


def test_admin_paths_never_get_frame_src_and_show_the_files_bucket_images(resources: dict[str, Any]) -> None:
    config = resources["Distribution"]["Properties"]["DistributionConfig"]
    by_behaviour = [config["DefaultCacheBehavior"], *config["CacheBehaviors"]]
    policies = {item["ResponseHeadersPolicyId"]["Ref"] for item in by_behaviour}
    assert policies == {"SecurityHeadersPolicy", "FrameHeadersPolicy", "PageHeadersPolicy"}
    for name in ("SecurityHeadersPolicy", "FrameHeadersPolicy"):
        assert csp.sources(policy_of(resources, name), "frame-src") is None, name
    # only /p/* has the page policy: the admin SPA, its assets and the API keep the site's
    for item in by_behaviour:
        if item.get("PathPattern") != "/p/*":
            assert item["ResponseHeadersPolicyId"]["Ref"] != "PageHeadersPolicy", item.get("PathPattern")
    site = policy_of(resources, "SecurityHeadersPolicy")
    assert csp.sources(site, "img-src") == ["'self'", "data:", "blob:", *TEMPLATE_FILES]


def test_the_local_stack_adds_the_same_sources_as_the_template() -> None:
    # GIVEN the local stack's files endpoint in place of the bucket's
    local_files = "http://127.0.0.1:45678"
    admin = static.security_headers(local_files)["Content-Security-Policy"]
    page = static.landing_page_csp(admin, local_files)
    # THEN the published page has the players and the images, the admin the images only
    assert csp.sources(page, "frame-src") == PLAYERS
    assert csp.sources(page, "img-src") == ["'self'", "data:", "blob:", local_files]
    assert csp.sources(admin, "frame-src") is None
    assert csp.sources(admin, "img-src") == ["'self'", "data:", "blob:", local_files]


def test_the_template_names_the_origin_of_the_image_urls_the_renderer_gets() -> None:
    # GIVEN AWS as deployed (no endpoint override; tests/conftest.py) and the bucket's name
    url = repository.image_url("pages/p1/hero.png")
    origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
    bucket = "almoner-test-filesbucket"
    named = [
        source.replace("${FilesBucket.RegionalDomainName}", f"{bucket}.s3.eu-west-2.amazonaws.com").replace(
            "${FilesBucket}", bucket
        )
        for source in TEMPLATE_FILES
    ]
    # THEN the presigned GET's origin (what the page's <img> loads) is one the template allows
    assert origin in named, (origin, named)
    assert embed.files_origin() == origin


def test_the_widget_frame_has_the_published_page_policy_and_the_charity_websites() -> None:
    policy = embed.frame_policy(["https://hope.example"])
    assert csp.sources(policy, "frame-src") == PLAYERS
    assert csp.sources(policy, "img-src") == ["'self'", "data:", "blob:", embed.files_origin()]
    assert csp.sources(policy, "frame-ancestors") == ["'self'", "https://hope.example"]


def test_the_site_policy_in_aws_is_the_one_the_local_stack_serves(resources: dict[str, Any]) -> None:
    # GIVEN the SPA's policy in template.yaml and the one chalicelocal serves
    site = policy_of(resources, "SecurityHeadersPolicy")
    local = static.security_headers("http://127.0.0.1:45678")["Content-Security-Policy"]
    # THEN both are the one rule (functions/core/csp.py site) with their files bucket: a screen the
    # local policy lets work (the browser tests fail on any refusal) works in AWS too
    assert normal(site) == csp.site(TEMPLATE_FILES)
    assert local == csp.site(["http://127.0.0.1:45678"])
    # no inline style but the page builder's one, by its hash (SECURITY.md: no 'unsafe-inline')
    assert csp.sources(site, "style-src") == ["'self'", csp.EDITOR_CANVAS_STYLE]
    assert "'unsafe-inline'" not in local and "'unsafe-inline'" not in embed.FRAME_BASE_POLICY
