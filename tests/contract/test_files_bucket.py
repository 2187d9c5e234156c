"""The files bucket takes browser uploads and fetches through presigned URLs (declaration evidence
PUT, imports POST, downloads): its CORS rules allow the site's origin, the SPA's CSP lets the page
connect to it, and the local stack applies the same rules (docs/decisions/0007-files-bucket-cors.md)."""

from __future__ import annotations

import re
from typing import Any

from chalicelocal import resources as local_resources
from chalicelocal import static


def cors_rule(resources: dict[str, Any]) -> dict[str, Any]:
    cors = resources["FilesBucket"]["Properties"]["CorsConfiguration"]
    [rule] = cors["CorsRules"]
    return rule


def spa_csp(resources: dict[str, Any]) -> str:
    config = resources["SecurityHeadersPolicy"]["Properties"]["ResponseHeadersPolicyConfig"]
    policy = config["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    return str(policy["Fn::Sub"] if isinstance(policy, dict) else policy)


def directive(csp: str, name: str) -> list[str]:
    match = re.search(rf"(?:^|;)\s*{name}\s+([^;]*)", csp)
    assert match, f"no {name} in {csp!r}"
    return match.group(1).split()


def test_the_files_bucket_allows_the_site_origin_for_presigned_get_put_and_post(
    resources: dict[str, Any],
) -> None:
    rule = cors_rule(resources)
    assert rule["AllowedOrigins"] == [{"Ref": "AppUrl"}]  # the site only, never "*"
    assert set(rule["AllowedMethods"]) == {"GET", "PUT", "POST"}
    assert "ETag" in rule["ExposedHeaders"]  # a multipart upload reads each part's ETag
    assert int(rule["MaxAge"]) > 0


def test_the_spa_may_connect_to_the_files_bucket_and_nowhere_else(resources: dict[str, Any]) -> None:
    sources = directive(spa_csp(resources), "connect-src")
    assert sources == [
        "'self'",
        "https://${FilesBucket}.s3.amazonaws.com",
        "https://${FilesBucket.RegionalDomainName}",
    ]


def test_the_local_stack_applies_the_same_rules_to_its_bucket(template: dict[str, Any]) -> None:
    cors = template["Resources"]["FilesBucket"]["Properties"]["CorsConfiguration"]
    values = local_resources.parameter_values(template, {"AppUrl": "http://127.0.0.1:8123"})
    applied = local_resources.cors_rules(cors, values, ("http://localhost:5173",))
    assert applied == {
        "CORSRules": [
            {
                "ID": "spa-presigned",
                "AllowedOrigins": ["http://127.0.0.1:8123", "http://localhost:5173"],
                "AllowedMethods": ["GET", "PUT", "POST"],
                "AllowedHeaders": ["*"],
                "ExposeHeaders": ["ETag"],
                "MaxAgeSeconds": int(cors_rule(template["Resources"])["MaxAge"]),
            }
        ]
    }


def test_the_local_spa_may_connect_to_the_local_s3_endpoint_only() -> None:
    csp = static.security_headers("http://127.0.0.1:45678")["Content-Security-Policy"]
    assert directive(csp, "connect-src") == ["'self'", "http://127.0.0.1:45678"]
    assert directive(static.security_headers()["Content-Security-Policy"], "connect-src") == ["'self'"]
