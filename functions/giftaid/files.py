"""A sealed claim's files in S3 (`claims/<tenant>/<claim>/…`): the schedule (one ODS, or a zip of
ODS files when there are more than 1,000 lines), the R68 XML, and the line map that turns HMRC's
GAD indexes back into donation ids. Written under fixed names: a repeat writes the same bytes."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from functions.auth import repository as identities
from functions.core import aws, config, keys
from functions.core import files as stored_files
from functions.domain.giftaid.model import Claim, GadLine
from functions.domain.hmrc import r68, schedule
from functions.giftaid import claimdata, repository
from functions.giftaid.models import ClaimItem, GiftAidSettings
from functions.giftaid.repository import Candidate

SCHEDULE_ODS = "gift-aid-schedule.ods"
SCHEDULE_ZIP = "gift-aid-schedules.zip"
R68_XML = "r68-claim.xml"
LINE_MAP = "line-map.json"
# The downloadable XML is a record of the claim, not a submission: it never carries the gateway
# password (the IRmark covers the Body only, so the submitted copy has the same IRmark).
PASSWORD_PLACEHOLDER = "********"  # noqa: S105 - a placeholder, not a secret
CONTENT_TYPES = {
    SCHEDULE_ODS: "application/vnd.oasis.opendocument.spreadsheet",
    SCHEDULE_ZIP: "application/zip",
    R68_XML: "text/xml",
    LINE_MAP: "application/json",
}


def put(key: str, data: bytes, content_type: str) -> None:
    aws.client("s3").put_object(Bucket=config.files_bucket(), Key=key, Body=data, ContentType=content_type)


def r68_claim_of(claim: ClaimItem, settings: GiftAidSettings, lines: list[GadLine]) -> Claim:
    """The R68 claim of a claim item: the charity's name and settings, its lines, adjustment and GASDS."""
    tenant = identities.get_tenant(claim.tenant_id)
    return claimdata.r68_claim(
        tenant.name if tenant else "",
        settings,
        lines,
        adjustment=claim.adjustment or Decimal("0.00"),
        other_info=claim.other_info,
        gasds=claimdata.gasds_years(claim),
    )


@dataclass(frozen=True)
class Content:
    """What a claim's files are built from: the settings, the donations attached to it and their
    schedule lines (read once per step: sealing checks them and writes the files from them)."""

    settings: GiftAidSettings | None
    attached: list[Candidate]
    lines: list[GadLine]


def content_of(claim: ClaimItem, attached: list[Candidate] | None = None) -> Content:
    """The claim's content; `attached` when the caller has just read the attached donations."""
    settings = repository.get_settings(claim.tenant_id)
    if attached is None:
        attached = repository.attached(claim.tenant_id, claim.claim_id)
    donor_ids = [d.donor_id for d in attached if d.donor_id]
    donors = repository.donors(claim.tenant_id, donor_ids, claimdata.LINE_DONOR_FIELDS)
    return Content(settings, attached, claimdata.claim_lines(attached, donors, settings))


def submission_xml(claim: ClaimItem, password: str, content: Content | None = None) -> r68.Submission:
    """The R68 submission of a sealed claim, rebuilt from its attached donations."""
    content = content or content_of(claim)
    if content.settings is None:
        raise RuntimeError("Gift Aid settings are missing")
    return r68.build_submission(r68_claim_of(claim, content.settings, content.lines), password=password)


def write(claim: ClaimItem, content: Content | None = None) -> dict[str, str]:
    """Write the sealed claim's files (from `content` when the caller has it)."""
    content = content or content_of(claim)
    lines = content.lines
    earliest = min((line.date for line in lines), default=dt.date.today())
    overclaimed = claim.adjustment if claim.adjustment else None
    written: dict[str, str] = {}

    def store(name: str, data: bytes) -> None:
        key = keys.claim_object_key(claim.tenant_id, claim.claim_id, name)
        put(key, data, CONTENT_TYPES[name])
        written[name] = key

    # The schedule is HMRC's Gift Aid donations upload: a claim without Gift Aid lines (GASDS
    # only) has none, since an empty schedule is not a valid upload.
    if len(lines) > schedule.MAX_LINES_PER_FILE:
        store(SCHEDULE_ZIP, schedule.write_schedules_zip(lines, earliest, overclaimed))
    elif lines:
        store(SCHEDULE_ODS, schedule.write_schedule(lines, earliest, overclaimed))
    submission = submission_xml(claim, PASSWORD_PLACEHOLDER, content)
    store(R68_XML, submission.xml)
    store(LINE_MAP, json.dumps([list(line.donation_ids) for line in lines]).encode())
    repository.update_claim(claim, [ClaimItem.files.set(written), ClaimItem.irmark.set(submission.irmark)])
    return written


def links(claim: ClaimItem) -> list[dict[str, Any]]:
    stored = claim.stored_files()
    return [
        {
            "name": name,
            "kind": "schedule" if name.startswith("gift-aid") else "r68",
            "url": stored_files.download_url(key, name),
        }
        for name, key in sorted(stored.items())
        if name != LINE_MAP
    ]


def line_map(claim: ClaimItem) -> list[list[str]]:
    stored = claim.stored_files()
    key = stored.get(LINE_MAP)
    return json.loads(stored_files.read(key)) if key else []
