"""Server messages of the gateways area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "gateways.unknown_provider": {
        "en": "Choose Stripe or PayPal.",
        "es": "Elija Stripe o PayPal.",
    },
    "gateways.publishable_key": {
        "en": "Enter the publishable key: it starts with pk_test_ or pk_live_.",
        "es": "Introduzca la clave publicable: empieza por pk_test_ o pk_live_.",
    },
    "gateways.secret_key": {
        "en": "Enter a secret or restricted key: it starts with sk_ or rk_ then test_ or live_.",
        "es": "Introduzca una clave secreta o restringida: empieza por sk_ o rk_ y luego test_ o live_.",
    },
    "gateways.signing_secret": {
        "en": "Enter the webhook signing secret: it starts with whsec_.",
        "es": "Introduzca el secreto de firma del webhook: empieza por whsec_.",
    },
    "gateways.required_first": {
        "en": "Required to connect the account.",
        "es": "Obligatorio para conectar la cuenta.",
    },
    "gateways.mixed_modes": {
        "en": "The keys are from different modes (test and live): use keys of one mode.",
        "es": "Las claves son de modos distintos (prueba y real): use claves de un solo modo.",
    },
    "gateways.rejected": {
        "en": "{provider} did not accept this key: {reason}",
        "es": "{provider} no aceptó esta clave: {reason}",
    },
    "gateways.unreachable": {
        "en": "{provider} could not check this key just now ({reason}). Try again in a minute.",
        "es": "{provider} no pudo comprobar esta clave ahora ({reason}). Inténtelo de nuevo en un minuto.",
    },
    "gateways.fund": {
        "en": "Choose an active fund of this charity.",
        "es": "Elija un fondo activo de esta organización.",
    },
    "gateways.webhook_id": {
        "en": "Enter the webhook ID PayPal shows for this webhook (letters and digits).",
        "es": "Introduzca el ID del webhook que muestra PayPal (letras y dígitos).",
    },
    "gateways.no_previous": {
        "en": "There is no previous signing secret to remove.",
        "es": "No hay un secreto de firma anterior que eliminar.",
    },
    "gateways.not_connected": {
        "en": "This gateway is not connected.",
        "es": "Esta pasarela no está conectada.",
    },
    "gateways.disconnected": {
        "en": "{provider} disconnected. Its keys were removed; its history is kept.",
        "es": "{provider} desconectado. Sus claves se han eliminado; su historial se conserva.",
    },
}

CATALOG.update(MESSAGES)
