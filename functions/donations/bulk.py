"""Bulk actions on selected donations, each donation done on its own with one result per id: the
Donations list's "Delete selected" and New Claim's "Exclude from claim…" / "Add back"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from functions.core.access import Principal
from functions.core.errors import Conflict, NotFound
from functions.core.messages import t
from functions.donations import messages as _messages  # noqa: F401  (registers the messages)
from functions.donations import service


def remove_many(who: Principal, donation_ids: list[str]) -> dict[str, Any]:
    """Delete each donation on its own (the list's "Delete selected"): one result per distinct id,
    in the order sent. An id of no donation of the caller's charity (another charity's included) is
    reported missing; a donation held by a Gift Aid claim is refused with the claim's reason."""
    results: list[dict[str, Any]] = []
    for donation_id in dict.fromkeys(donation_ids):
        try:
            service.remove(who, donation_id)
        except NotFound:
            results.append({"id": donation_id, "deleted": False, "message": t("donations.bulk_missing")})
        except Conflict as exc:
            results.append({"id": donation_id, "deleted": False, "message": exc.message})
        else:
            results.append({"id": donation_id, "deleted": True, "message": None})
    deleted = sum(1 for result in results if result["deleted"])
    return {
        "message": t("donations.bulk_deleted", deleted=deleted, count=len(results)),
        "deleted": deleted,
        "results": results,
    }


def exclude_many(who: Principal, donation_ids: list[str], reason: str) -> dict[str, Any]:
    """New Claim's "Exclude from claim…": each donation parked out of Gift Aid claims with the
    reason, by the single-donation exclude (its rules, its audit)."""
    results = _each(donation_ids, lambda donation_id: service.exclude(who, donation_id, reason), "excluded")
    done = sum(1 for result in results if result["outcome"] == "excluded")
    return {
        "message": t("donations.bulk_excluded", done=done, count=len(results)),
        "excluded": done,
        "results": results,
    }


def include_many(who: Principal, donation_ids: list[str]) -> dict[str, Any]:
    """New Claim's "Add back": each excluded donation assessed again, by the single-donation
    include (its rules, its audit)."""
    results = _each(donation_ids, lambda donation_id: service.include(who, donation_id), "included")
    done = sum(1 for result in results if result["outcome"] == "included")
    return {
        "message": t("donations.bulk_included", done=done, count=len(results)),
        "included": done,
        "results": results,
    }


def _each(donation_ids: list[str], act: Callable[[str], object], outcome: str) -> list[dict[str, Any]]:
    """`act` on each distinct id in the order sent: `outcome`, or `not_found` (no donation of the
    caller's charity) or `refused` with the conflict's message (e.g. held by a claim)."""
    results: list[dict[str, Any]] = []
    for donation_id in dict.fromkeys(donation_ids):
        try:
            act(donation_id)
        except NotFound:
            missing = t("donations.bulk_missing")
            results.append({"id": donation_id, "outcome": "not_found", "message": missing})
        except Conflict as exc:
            results.append({"id": donation_id, "outcome": "refused", "message": exc.message})
        else:
            results.append({"id": donation_id, "outcome": outcome, "message": None})
    return results
