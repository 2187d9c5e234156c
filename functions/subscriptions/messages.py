"""Server messages of the subscriptions area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "subscriptions.gateway_said": {"en": "{reason}", "es": "{reason}"},
    "subscriptions.gateway_unreachable": {
        "en": "{provider} could not be reached. Nothing was changed; try again shortly.",
        "es": "No se pudo contactar con {provider}. No se ha cambiado nada; inténtelo de nuevo en breve.",
    },
    "subscriptions.no_gateway": {
        "en": "The charity's {provider} account is not connected, so this subscription cannot be changed.",
        "es": "La cuenta de {provider} de la organización no está conectada: no se puede cambiar.",
    },
    "subscriptions.not_supported": {
        "en": "{provider} subscriptions cannot be changed from here yet.",
        "es": "Las suscripciones de {provider} aún no pueden cambiarse desde aquí.",
    },
    "subscriptions.stale": {
        "en": "This subscription was changed meanwhile. Reload it and try again.",
        "es": "Esta suscripción ha cambiado mientras tanto. Vuelva a cargarla e inténtelo de nuevo.",
    },
    "subscriptions.wrong_status": {
        "en": "This subscription is {status}: it cannot be {action}.",
        "es": "Esta suscripción está {status}: no se puede {action}.",
    },
    "subscriptions.same_amount": {
        "en": "The subscription already gives this amount.",
        "es": "La suscripción ya dona este importe.",
    },
    "subscriptions.amount_range": {
        "en": "Enter an amount from £1.00 to £10,000.00.",
        "es": "Introduzca un importe entre 1,00 £ y 10.000,00 £.",
    },
    "subscriptions.reason": {
        "en": "Give the reason for cancelling (at most 200 characters).",
        "es": "Indique el motivo de la cancelación (200 caracteres como máximo).",
    },
}
STATUS_LABELS = {
    "active": {"en": "active", "es": "activa"},
    "failing": {"en": "failing", "es": "con pagos fallidos"},
    "paused": {"en": "paused", "es": "en pausa"},
    "cancelled": {"en": "cancelled", "es": "cancelada"},
    "incomplete": {"en": "incomplete", "es": "incompleta"},
    "expired": {"en": "expired", "es": "caducada"},
}
ACTION_LABELS = {
    "pause": {"en": "paused", "es": "pausar"},
    "resume": {"en": "resumed", "es": "reanudar"},
    "amount": {"en": "changed", "es": "cambiar"},
    "charge_date": {"en": "changed", "es": "cambiar"},
    "cancel": {"en": "cancelled", "es": "cancelar"},
}
CATALOG.update(MESSAGES)
