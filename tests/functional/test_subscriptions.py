"""Recurring giving (issue 17 §1-4): subscriptions made by the donation page's Checkout in
subscription mode, kept to the gateway's word by its webhooks (through the real delivery route and
the webhooks queue's job), their instalments as donations (one per invoice, Gift Aid per
instalment), and the staff screen's list, summary, detail and actions (gateway first)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest


def test_a_subscription_is_found_by_its_gateway_id_and_a_stale_write_is_refused(aws: dict) -> None:
    from functions.core import clock
    from functions.subscriptions import repository
    from functions.subscriptions.models import Subscription

    sid = repository.subscription_id_of("t1", "stripe", "sub_123")
    item = Subscription(
        *Subscription.key("t1", sid),
        subscription_id=sid,
        tenant_id="t1",
        provider="stripe",
        gateway_subscription_id="sub_123",
        started_on="2026-11-20",
        created_at=clock.now(),
        updated_at=clock.now(),
    )
    repository.save(item)
    found = repository.of_gateway("t1", "stripe", "sub_123")
    assert found is not None and found.subscription_id == sid
    assert repository.of_gateway("t2", "stripe", "sub_123") is None
    stale = repository.get("t1", sid)
    assert stale is not None
    found.status = "active"
    repository.save(found)
    stale.status = "cancelled"
    with pytest.raises(repository.Stale):
        repository.save(stale)
