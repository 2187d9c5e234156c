"""Server messages of the donations area that concern Gift Aid claims (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "donations.in_claim_locked": {
        "en": (
            "This donation is in the Gift Aid claim of {claim_date} ({claim_state}), so its amount, "
            "date and donor cannot be changed and it cannot be deleted. Cancel that claim first, or "
            "record a refund."
        ),
        "es": (
            "Esta donación está en la reclamación de Gift Aid del {claim_date} ({claim_state}), así "
            "que su importe, fecha y donante no pueden cambiarse y no puede eliminarse. Cancele "
            "primero esa reclamación o registre un reembolso."
        ),
    },
    "donations.claimed_locked": {
        "en": (
            "This donation's Gift Aid was claimed from HMRC in the claim of {claim_date}, so its "
            "amount, date and donor cannot be changed and it cannot be deleted. If the money was "
            "returned, record a refund: its Gift Aid is deducted in the next claim."
        ),
        "es": (
            "El Gift Aid de esta donación se reclamó a HMRC en la reclamación del {claim_date}, así "
            "que su importe, fecha y donante no pueden cambiarse y no puede eliminarse. Si se "
            "devolvió el dinero, registre un reembolso: su Gift Aid se descuenta en la siguiente "
            "reclamación."
        ),
    },
    "donations.bulk_deleted": {
        "en": "{deleted} of {count} donations deleted.",
        "es": "{deleted} de {count} donaciones eliminadas.",
    },
    "donations.bulk_excluded": {
        "en": "{done} of {count} donations excluded from the claim.",
        "es": "{done} de {count} donaciones excluidas de la reclamación.",
    },
    "donations.bulk_included": {
        "en": "{done} of {count} donations added back to the claim.",
        "es": "{done} de {count} donaciones añadidas de nuevo a la reclamación.",
    },
    "donations.bulk_missing": {
        "en": "There is no such donation in your charity (it may have been deleted already).",
        "es": "Esta donación no existe en su organización (puede que ya se haya eliminado).",
    },
}

CATALOG.update(MESSAGES)
