"""Persistence of gateway payments (`Payment`): one item per business key, written under its
version (processing reads, decides, writes; a concurrent event makes it read again), with the
index keys of the Payments screen (GSI1: the charity's payments, newest first) and of a payout
(GSI2: its payments, for bank reconciliation). docs/access-patterns.md."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pynamodb.exceptions import PutError

from functions.core import keys
from functions.webhooks.models import Payment


class Stale(Exception):
    """Another event wrote the payment since it was read."""


def get(tenant_id: str, provider: str, business_key: str) -> Payment | None:
    try:
        return Payment.get(*Payment.key(tenant_id, provider, business_key), consistent_read=True)
    except Payment.DoesNotExist:
        return None


def index_keys(payment: Payment) -> None:
    when = payment.created_at.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    payment.gsi1pk = keys.payments_pk(payment.tenant_id)
    payment.gsi1sk = keys.payment_date_sk(when, payment.provider, payment.business_key)
    if payment.payout_id:
        payment.gsi2pk = keys.payout_pk(payment.tenant_id, payment.provider, payment.payout_id)
        payment.gsi2sk = keys.payment_date_sk(when, payment.provider, payment.business_key)
    else:
        payment.gsi2pk = payment.gsi2sk = None


def save(payment: Payment) -> None:
    """Put under the version read (a new payment: only if absent); `Stale` when it moved."""
    index_keys(payment)
    try:
        payment.save()
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise Stale() from exc
        raise


def newest_first(tenant_id: str, **filters: Any) -> Iterator[Payment]:
    """The charity's payments, newest first (GSI1); `start`/`end` bound the time (ISO)."""
    condition: Any = None
    start, end = filters.get("start"), filters.get("end")
    if start and end:
        condition = Payment.gsi1sk.between(f"PAYAT#{start}", f"PAYAT#{end}\uffff")
    elif start:
        condition = Payment.gsi1sk >= f"PAYAT#{start}"
    elif end:
        condition = Payment.gsi1sk <= f"PAYAT#{end}\uffff"
    for item in Payment.gsi1.query(
        keys.payments_pk(tenant_id), condition, scan_index_forward=False, page_size=200
    ):
        if isinstance(item, Payment):
            yield item


def of_payout(tenant_id: str, provider: str, payout_id: str) -> Iterator[Payment]:
    for item in Payment.gsi2.query(
        keys.payout_pk(tenant_id, provider, payout_id), scan_index_forward=False, page_size=200
    ):
        if isinstance(item, Payment):
            yield item
