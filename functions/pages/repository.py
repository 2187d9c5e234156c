"""Persistence of landing pages: a page, its draft and its slug items change in one
TransactWriteItems (the page's version guards against a stale edit); published versions live in
the page's own partition; the counters item is moved by ADD and read for a page of rows by one
BatchGetItem (docs/access-patterns.md "Landing pages")."""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import ClientError
from pynamodb.exceptions import DeleteError

from functions.core import aws, config, keys
from functions.core.errors import NotFound
from functions.core.table import Entity
from functions.core.table import client as table_client
from functions.funds.models import Fund, FundMonth
from functions.pages.models import Page, PageDraft, PageSlug, PageVersion

MAX_PAGES = 2000  # pages of one charity read at most for its list
MAX_VERSIONS = 200
IMAGE_LINK_SECONDS = 60 * 60
UPLOAD_LINK_SECONDS = 15 * 60
BATCH_GET_KEYS = 100  # DynamoDB's limit per BatchGetItem
STATS = ("visits", "donations", "raised_pence", "gift_aid_donations")


def page(tenant_id: str, page_id: str) -> Page:
    """The charity's page (404 for an unknown, deleted or another charity's page)."""
    try:
        found = Page.get(*Page.key(tenant_id, page_id), consistent_read=True)
    except Page.DoesNotExist as exc:
        raise NotFound("pages.unknown") from exc
    if found.deleted_at is not None:
        raise NotFound("pages.unknown")
    return found


def draft(tenant_id: str, page_id: str) -> dict[str, Any]:
    try:
        return dict(json.loads(PageDraft.get(*PageDraft.key(tenant_id, page_id), consistent_read=True).data))
    except PageDraft.DoesNotExist:
        return {"root": {"props": {}}, "content": []}


def all_pages(tenant_id: str) -> list[Page]:
    """Every page of the charity, deleted ones included (one Query of `PAGE#`, only facts: the
    drafts are separate items)."""
    return [
        item
        for item in Entity.query(
            keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.page_prefix()), limit=MAX_PAGES
        )
        if isinstance(item, Page)
    ]


def stats(tenant_id: str, page_ids: list[str]) -> dict[str, dict[str, int]]:
    """The counters of `page_ids` (one BatchGetItem per 100 pages; a page without any is absent).
    Read as plain attributes: the webhooks' ADD may have created the item."""
    found: dict[str, dict[str, int]] = {}
    client = table_client()
    table = config.table_name()
    for start in range(0, len(page_ids), BATCH_GET_KEYS):
        wanted = page_ids[start : start + BATCH_GET_KEYS]
        request: dict[str, Any] = {
            table: {
                "Keys": [
                    {"PK": {"S": keys.tenant_pk(tenant_id)}, "SK": {"S": keys.page_stats_sk(page_id)}}
                    for page_id in wanted
                ],
                "ProjectionExpression": "SK, " + ", ".join(STATS),
            }
        }
        while request:
            answer = client.batch_get_item(RequestItems=request)
            for item in answer.get("Responses", {}).get(table, []):
                page_id = item["SK"]["S"].split("#", 1)[1]
                found[page_id] = {name: int(item[name]["N"]) if name in item else 0 for name in STATS}
            request = answer.get("UnprocessedKeys") or {}
    return found


def add_visit(tenant_id: str, page_id: str) -> None:
    """One more public view (ADD on the counters item, created by the first one)."""
    table_client().update_item(
        TableName=config.table_name(),
        Key={"PK": {"S": keys.tenant_pk(tenant_id)}, "SK": {"S": keys.page_stats_sk(page_id)}},
        UpdateExpression="SET #entity = if_not_exists(#entity, :entity) ADD visits :one",
        ExpressionAttributeNames={"#entity": "entity"},
        ExpressionAttributeValues={":entity": {"S": "PageStats"}, ":one": {"N": "1"}},
    )


def slug_item(tenant_id: str, slug: str) -> PageSlug | None:
    try:
        return PageSlug.get(*PageSlug.key(tenant_id, slug), consistent_read=True)
    except PageSlug.DoesNotExist:
        return None


def release_redirect(tenant_id: str, slug: str, page_id: str) -> None:
    """Delete an old slug of a deleted page, unless another page has taken it meanwhile."""
    try:
        PageSlug(*PageSlug.key(tenant_id, slug)).delete(condition=PageSlug.page_id == page_id)
    except DeleteError:
        pass


def versions(tenant_id: str, page_id: str) -> list[PageVersion]:
    """A page's published versions, newest first."""
    return [
        item
        for item in Entity.query(
            keys.page_versions_pk(tenant_id, page_id),
            Entity.sk.startswith(keys.page_version_prefix()),
            scan_index_forward=False,
            limit=MAX_VERSIONS,
        )
        if isinstance(item, PageVersion)
    ]


def version(tenant_id: str, page_id: str, number: int) -> PageVersion | None:
    try:
        return PageVersion.get(*PageVersion.key(tenant_id, page_id, number), consistent_read=True)
    except PageVersion.DoesNotExist:
        return None


def funds(tenant_id: str) -> dict[str, Fund]:
    """The charity's funds (one Query of `FUND#`)."""
    return {
        item.fund_id: item
        for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.fund_prefix()))
        if isinstance(item, Fund)
    }


def fund_money(tenant_id: str, fund_ids: set[str]) -> dict[str, dict[str, int]]:
    """Money raised into each of `fund_ids` from the fund ledger's monthly totals (pence):
    `raised` = allocations less refunds, with donations moved in or out; `gift_aid` apart."""
    totals = {fund_id: {"raised": 0, "gift_aid": 0} for fund_id in fund_ids}
    if not fund_ids:
        return totals
    for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.fund_month_prefix())):
        if not isinstance(item, FundMonth):
            continue
        fund_id = str(item.sk).split("#", 2)[2]
        if fund_id in totals:
            totals[fund_id]["raised"] += (
                int(item.allocation or 0)
                + int(item.refund_reversal or 0)
                + int(item.transfer_in or 0)
                + int(item.transfer_out or 0)
            )
            totals[fund_id]["gift_aid"] += int(item.gift_aid or 0)
    return totals


def image_url(key: str) -> str:
    """A presigned GET of a page's image (shown inline)."""
    return str(
        aws.client("s3").generate_presigned_url(
            "get_object", Params={"Bucket": config.files_bucket(), "Key": key}, ExpiresIn=IMAGE_LINK_SECONDS
        )
    )


def image_upload(key: str, content_type: str, size: int) -> dict[str, Any]:
    """A presigned POST that S3 accepts only for this key, this content type and this size."""
    return dict(
        aws.client("s3").generate_presigned_post(
            Bucket=config.files_bucket(),
            Key=key,
            Fields={"Content-Type": content_type},
            Conditions=[{"Content-Type": content_type}, ["content-length-range", size, size]],
            ExpiresIn=UPLOAD_LINK_SECONDS,
        )
    )


def copy_image(source: str, target: str) -> None:
    """Copy a page's image for its duplicate (an upload that never arrived is skipped)."""
    bucket = config.files_bucket()
    try:
        aws.client("s3").copy_object(Bucket=bucket, Key=target, CopySource={"Bucket": bucket, "Key": source})
    except ClientError as exc:
        if str(exc.response.get("Error", {}).get("Code")) not in ("404", "NoSuchKey", "NotFound"):
            raise
