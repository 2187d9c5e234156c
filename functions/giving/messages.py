"""Server messages of the giving area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "giving.slug": {
        "en": "Use 3 to 60 lower-case letters, digits and hyphens (not at the start or end).",
        "es": "Use de 3 a 60 letras minúsculas, dígitos y guiones (no al principio ni al final).",
    },
    "giving.slug_taken": {"en": "That address is taken.", "es": "Esa dirección ya está en uso."},
    "giving.stale": {
        "en": "The donation page was changed by someone else meanwhile. Reload it and try again.",
        "es": "Otra persona ha cambiado la página de donaciones. Vuelva a cargarla e inténtelo de nuevo.",
    },
    "giving.max_below_min": {
        "en": "The largest amount cannot be below the smallest.",
        "es": "El importe máximo no puede ser inferior al mínimo.",
    },
    "giving.preset_range": {
        "en": "Each suggested amount must be between £{min} and £{max}.",
        "es": "Cada importe sugerido debe estar entre {min} £ y {max} £.",
    },
    "giving.presets_repeated": {
        "en": "Each suggested amount may appear only once.",
        "es": "Cada importe sugerido solo puede aparecer una vez.",
    },
    "giving.fund": {
        "en": "Choose active funds of this charity.",
        "es": "Elija fondos activos de esta organización.",
    },
    "giving.page_unavailable": {
        "en": "This donation page is not available.",
        "es": "Esta página de donaciones no está disponible.",
    },
    "giving.amount_range": {
        "en": "Give an amount between £{min} and £{max}.",
        "es": "Indique un importe entre {min} £ y {max} £.",
    },
    "giving.fund_not_offered": {
        "en": "This page does not offer that fund. Choose one of the funds listed.",
        "es": "Esta página no ofrece ese fondo. Elija uno de los fondos de la lista.",
    },
    "giving.cover_not_offered": {
        "en": "This page does not offer covering the fees.",
        "es": "Esta página no ofrece cubrir las comisiones.",
    },
    "giving.provider": {
        "en": "This way of paying is not available. Choose another.",
        "es": "Esta forma de pago no está disponible. Elija otra.",
    },
    "giving.tax_statement": {
        "en": "To add Gift Aid, confirm that you are a UK taxpayer.",
        "es": "Para añadir Gift Aid, confirme que paga impuestos en el Reino Unido.",
    },
    "giving.address_required": {
        "en": "Gift Aid needs your home address.",
        "es": "Gift Aid necesita su domicilio.",
    },
    "giving.postcode": {
        "en": "Enter a full UK postcode, like SW1A 1AA (or tick that you live outside the UK).",
        "es": "Introduzca un código postal del Reino Unido, como SW1A 1AA (o marque si vive fuera).",
    },
    "giving.country": {
        "en": "Enter the country you live in.",
        "es": "Introduzca el país en el que vive.",
    },
    "giving.rejected": {
        "en": "We could not accept this donation. Please try again.",
        "es": "No hemos podido aceptar esta donación. Inténtelo de nuevo.",
    },
    "giving.provider_failed": {
        "en": "{provider} could not start the payment just now. Nothing was charged. Try again shortly.",
        "es": "{provider} no pudo iniciar el pago ahora. No se ha cobrado nada. Inténtelo de nuevo en breve.",
    },
    "giving.provider_refused": {
        "en": "{provider} did not accept the payment: {reason}",
        "es": "{provider} no aceptó el pago: {reason}",
    },
    "giving.not_paypal": {
        "en": "This gift is not paid with PayPal.",
        "es": "Este donativo no se paga con PayPal.",
    },
    "giving.frequency": {
        "en": "Regular gifts cannot be made with {provider} yet: choose a one-off gift or another payment.",
        "es": (
            "Aún no se pueden hacer donativos periódicos con {provider}: "
            "elija un donativo único u otra forma de pago."
        ),
    },
    "giving.page_closed": {
        "en": "This appeal is closed: its page is no longer published.",
        "es": "Esta campaña está cerrada: su página ya no está publicada.",
    },
    "giving.frequency_not_offered": {
        "en": "This page does not offer that kind of regular gift: choose another.",
        "es": "Esta página no ofrece ese tipo de donativo periódico: elija otro.",
    },
    "giving.description": {
        "en": "Donation to {charity}",
        "es": "Donativo a {charity}",
    },
}

CATALOG.update(MESSAGES)
