"""Server messages of the claims area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "giftaid.claim_state": {
        "en": "This claim is {state}, so it cannot do that.",
        "es": "Esta reclamación está en estado {state}, así que no puede hacer eso.",
    },
    "giftaid.files_pending": {
        "en": "The claim's files are still being written. Try again in a moment.",
        "es": "Los archivos de la reclamación aún se están generando. Inténtelo de nuevo en un momento.",
    },
    "giftaid.settings_incomplete": {
        "en": "Add the HMRC charity reference and the authorised official in Gift Aid settings.",
        "es": "Añada la referencia de HMRC y el responsable autorizado en los ajustes de Gift Aid.",
    },
    "giftaid.reminder_title": {
        "en": "Gift Aid to claim",
        "es": "Gift Aid por reclamar",
    },
    "giftaid.reminder_body": {
        "en": (
            "£{unclaimed} of Gift Aid is waiting to be claimed ({count} donations); {expiring} "
            "donation(s) reach the 4-year limit within 90 days; {oral} oral declaration(s) await "
            "written confirmation."
        ),
        "es": (
            "Hay £{unclaimed} de Gift Aid por reclamar ({count} donaciones); {expiring} donación(es) "
            "alcanzan el límite de 4 años en 90 días; {oral} declaración(es) orales esperan "
            "confirmación escrita."
        ),
    },
}

CATALOG.update(MESSAGES)
