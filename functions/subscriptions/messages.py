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

# ------------------------------------------------------------------ donor self-service, failure emails and
# reconciliation (issue 17 items 3-5)
SELF_SERVICE: dict[str, dict[str, str]] = {
    "subscriptions.link_unknown": {
        "en": "This link is not valid. Ask the charity for a new one.",
        "es": "Este enlace no es válido. Pida uno nuevo a la organización.",
    },
    "subscriptions.link_expired": {
        "en": "This link has expired (links work for 7 days). Ask the charity for a new one.",
        "es": "Este enlace ha caducado (los enlaces valen 7 días). Pida uno nuevo a la organización.",
    },
    "subscriptions.link_ended": {
        "en": "This regular gift has ended, so this link no longer works.",
        "es": "Esta donación periódica ha terminado: este enlace ya no funciona.",
    },
    "subscriptions.link_not_for": {
        "en": "This link cannot do that. Ask the charity for a link to manage your gift.",
        "es": "Este enlace no permite hacer eso. Pida a la organización un enlace para gestionar "
        "su donación.",
    },
    "subscriptions.donor_cancel_reason": {
        "en": "Cancelled by the donor",
        "es": "Cancelada por el donante",
    },
    "subscriptions.email_word_month": {"en": "monthly", "es": "mensual"},
    "subscriptions.email_word_year": {"en": "annual", "es": "anual"},
    "subscriptions.email_failed_subject": {
        "en": "Your {word} gift to {charity}: the payment did not go through",
        "es": "Su donación {word} a {charity}: el pago no se ha podido cobrar",
    },
    "subscriptions.email_failed_body": {
        "en": "Hello {name},\n\nThe payment of £{amount} for your {word} gift to {charity} did not go "
        "through: {reason}\n\nYou can update your card and pay here:\n{url}\n\nThank you for your "
        "support.\n{charity}",
        "es": "Hola, {name}:\n\nNo se ha podido cobrar el pago de {amount} £ de su donación {word} a "
        "{charity}: {reason}\n\nPuede actualizar su tarjeta y pagar aquí:\n{url}\n\nGracias por su "
        "apoyo.\n{charity}",
    },
    "subscriptions.email_welcome_subject": {
        "en": "Thank you for your {word} gift to {charity}",
        "es": "Gracias por su donación {word} a {charity}",
    },
    "subscriptions.email_welcome_body": {
        "en": "Hello {name},\n\nThank you: your {word} gift of £{amount} to {charity} is set up.\n\n"
        "To pause it, change the amount or cancel it, use this link (it works for 7 days):\n{url}\n\n"
        "{charity}",
        "es": "Hola, {name}:\n\nGracias: su donación {word} de {amount} £ a {charity} está en marcha.\n\n"
        "Para pausarla, cambiar el importe o cancelarla, use este enlace (vale 7 días):\n{url}\n\n"
        "{charity}",
    },
    "subscriptions.email_link_subject": {
        "en": "Manage your {word} gift to {charity}",
        "es": "Gestione su donación {word} a {charity}",
    },
    "subscriptions.email_link_body": {
        "en": "Hello {name},\n\nUse this link to manage your {word} gift of £{amount} to {charity} "
        "(it works for 7 days):\n{url}\n\n{charity}",
        "es": "Hola, {name}:\n\nUse este enlace para gestionar su donación {word} de {amount} £ a "
        "{charity} (vale 7 días):\n{url}\n\n{charity}",
    },
    "subscriptions.email_done_subject": {
        "en": "Your {word} gift to {charity}: {done}",
        "es": "Su donación {word} a {charity}: {done}",
    },
    "subscriptions.email_done_body": {
        "en": "Hello {name},\n\nAs you asked, your {word} gift to {charity} is {done}.\n\n{state}\n\n"
        "If you did not ask for this, reply to this email or contact {charity}.\n\n{charity}",
        "es": "Hola, {name}:\n\nComo pidió, su donación {word} a {charity} está {done}.\n\n{state}\n\n"
        "Si no lo ha pedido usted, responda a este correo o contacte con {charity}.\n\n{charity}",
    },
    "subscriptions.done_pause": {"en": "paused until {until}", "es": "en pausa hasta el {until}"},
    "subscriptions.done_resume": {"en": "resumed", "es": "reanudada"},
    "subscriptions.done_amount": {"en": "now £{amount}", "es": "ahora de {amount} £"},
    "subscriptions.done_cancel": {"en": "cancelled", "es": "cancelada"},
    "subscriptions.state_next": {
        "en": "Amount: £{amount}. Next payment: {next}.",
        "es": "Importe: {amount} £. Próximo pago: {next}.",
    },
    "subscriptions.state_ended": {
        "en": "No further payments will be taken.",
        "es": "No se cobrarán más pagos.",
    },
    "subscriptions.donor": {"en": "supporter", "es": "donante"},
    "subscriptions.no_email": {
        "en": "This subscription has no donor email to send the link to.",
        "es": "Esta suscripción no tiene el correo del donante al que enviar el enlace.",
    },
    "subscriptions.attention_closed": {
        "en": "This item was already dealt with.",
        "es": "Este aviso ya se ha resuelto.",
    },
    "subscriptions.attention_gone": {
        "en": "The gateway no longer has this subscription, so its state cannot be applied.",
        "es": "La pasarela ya no tiene esta suscripción: no se puede aplicar su estado.",
    },
}
CATALOG.update(SELF_SERVICE)
