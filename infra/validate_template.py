"""Validate template.yaml offline: expand the SAM transform, then run cfn-lint on the result.

cfn-lint alone barely checks `AWS::Serverless::*` resources, so the template is first expanded by
aws-sam-translator into plain CloudFormation (the IAM roles, permissions, API deployment and event
source mappings SAM would create), and that expansion is linted. No AWS call is made: local
`CodeUri` values become an `s3://` placeholder, and the managed-policy map the translator would
fetch from IAM is an empty stub (the template names policies by SAM policy template or ARN only).

Exits 1 on any cfn-lint error or translation failure; warnings are printed and allowed.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REGION = "eu-west-2"
PLACEHOLDER_CODE = "s3://almoner-validation-placeholder/artifact.zip"


class OfflinePolicyLoader:
    """Stands in for `ManagedPolicyLoader`, which lists every managed policy through IAM."""

    def load(self) -> dict[str, str]:
        return {}


def load_sam_template(path: Path) -> dict[str, Any]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from chalicelocal.resources import load_template  # the one CloudFormation-aware YAML loader

    return load_template(path)


def with_placeholder_code(template: dict[str, Any]) -> dict[str, Any]:
    """Replace local CodeUri folders (Globals and per function) with an s3:// URI."""
    function_globals = template.get("Globals", {}).get("Function", {})
    if "CodeUri" in function_globals:
        function_globals["CodeUri"] = PLACEHOLDER_CODE
    for resource in template.get("Resources", {}).values():
        properties = resource.get("Properties", {})
        if resource.get("Type") == "AWS::Serverless::Function" and "CodeUri" in properties:
            properties["CodeUri"] = PLACEHOLDER_CODE
    return template


def expand(template: dict[str, Any]) -> dict[str, Any]:
    """The SAM template as plain CloudFormation (raises InvalidDocumentException on errors)."""
    os.environ.setdefault("AWS_DEFAULT_REGION", REGION)  # the translator builds ARNs for a region
    logging.getLogger("samtranslator").setLevel(logging.ERROR)  # feature-toggle chatter, not findings
    from samtranslator.translator.transform import transform

    return transform(template, {}, OfflinePolicyLoader())  # type: ignore[arg-type]


def lint(expanded: dict[str, Any]) -> list[Any]:
    from cfnlint.api import ManualArgs
    from cfnlint.api import lint as cfn_lint

    return cfn_lint(json.dumps(expanded, indent=1), config=ManualArgs(regions=[REGION]))


def main(argv: list[str] | None = None) -> int:
    path = Path(argv[0]) if argv else ROOT / "template.yaml"
    from samtranslator.model.exceptions import InvalidDocumentException

    try:
        expanded = expand(with_placeholder_code(load_sam_template(path)))
    except InvalidDocumentException as error:
        for cause in error.causes:
            print(f"sam-translator error: {cause.message}")
        return 1
    matches = lint(expanded)
    errors = [m for m in matches if m.rule.severity == "error"]
    for match in matches:
        where = "/".join(str(part) for part in match.path) if match.path else f"line {match.linenumber}"
        print(f"{match.rule.severity}: {match.rule.id} {match.message} ({where})")
    resources = expanded.get("Resources", {})
    print(
        f"{path.name}: expanded to {len(resources)} CloudFormation resources; "
        f"{len(errors)} error(s), {len(matches) - len(errors)} warning(s)/info"
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
