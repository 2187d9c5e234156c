"""Server messages of the webhooks area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "webhooks.received": {"en": "Received.", "es": "Recibido."},
    "webhooks.unverified": {
        "en": "This request could not be verified as coming from the charity's payment account.",
        "es": "No se pudo verificar que esta solicitud venga de la cuenta de pagos de la organización.",
    },
    "webhooks.not_json": {
        "en": "The body is not a JSON event.",
        "es": "El cuerpo no es un evento JSON.",
    },
    "webhooks.not_connected": {
        "en": "This payment provider is not connected.",
        "es": "Este proveedor de pagos no está conectado.",
    },
    "webhooks.not_stored": {
        "en": "This event's body is no longer stored, so it cannot be replayed.",
        "es": "El cuerpo de este evento ya no se guarda, así que no se puede volver a aplicar.",
    },
    "webhooks.not_verified": {
        "en": "Only a verified event can be replayed.",
        "es": "Solo se puede volver a aplicar un evento verificado.",
    },
    "webhooks.provider_refused": {
        "en": "The payment provider did not answer as expected: {reason}",
        "es": "El proveedor de pagos no respondió como se esperaba: {reason}",
    },
    "webhooks.date_range": {
        "en": "The end date cannot be before the start date.",
        "es": "La fecha de fin no puede ser anterior a la de inicio.",
    },
}

CATALOG.update(MESSAGES)
