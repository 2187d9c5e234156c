"""The Donations list's "Delete selected": each donation deleted on its own, one result per id."""

from __future__ import annotations

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
