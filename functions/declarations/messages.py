"""Server messages of Gift Aid declarations and eligibility (en, es), added to the one catalog of
`functions.core.messages` on import, with the reasons of `functions.domain.giftaid.reasons`."""

from __future__ import annotations

from functions.core.messages import CATALOG
from functions.domain.giftaid import reasons

MESSAGES: dict[str, dict[str, str]] = {
    "declarations.donation_required": {
        "en": "Choose the donation this declaration covers.",
        "es": "Elija la donación que cubre esta declaración.",
    },
    "declarations.donation_only_with_scope": {
        "en": "A donation can only be named with the 'this donation' scope.",
        "es": "Solo se puede indicar una donación con el alcance 'esta donación'.",
    },
    "declarations.donation_unknown": {
        "en": "This donation does not belong to this donor.",
        "es": "Esta donación no pertenece a este donante.",
    },
    "declarations.confirmation_oral_only": {
        "en": "Only an oral declaration needs a written confirmation.",
        "es": "Solo una declaración oral necesita una confirmación por escrito.",
    },
    "declarations.before_given": {
        "en": "This date cannot be before the declaration was given.",
        "es": "Esta fecha no puede ser anterior a la de la declaración.",
    },
    "declarations.scope_repeated": {
        "en": "Each scope can be chosen once.",
        "es": "Cada alcance solo puede elegirse una vez.",
    },
    "declarations.evidence_unknown": {
        "en": "Upload the evidence file again.",
        "es": "Vuelva a subir el archivo de prueba.",
    },
    "declarations.already_cancelled": {
        "en": "This declaration is already cancelled.",
        "es": "Esta declaración ya está cancelada.",
    },
    "declarations.already_confirmed": {
        "en": "The written confirmation of this declaration is already recorded.",
        "es": "La confirmación por escrito de esta declaración ya está registrada.",
    },
    "declarations.evidence_type": {
        "en": "Upload a PDF, PNG or JPEG file.",
        "es": "Suba un archivo PDF, PNG o JPEG.",
    },
    "declarations.no_evidence": {
        "en": "No evidence file is recorded for this declaration.",
        "es": "Esta declaración no tiene ningún archivo de prueba registrado.",
    },
    "declarations.evidence_missing": {
        "en": "The evidence file of this declaration is missing: its upload did not finish.",
        "es": "Falta el archivo de prueba de esta declaración: su subida no terminó.",
    },
    "giftaid.donation_in_claim": {
        "en": "This donation is in a Gift Aid claim, so it cannot be excluded.",
        "es": "Esta donación está en una reclamación de Gift Aid, así que no puede excluirse.",
    },
    "giftaid.donation_in_claim_add_back": {
        "en": "This donation is in a Gift Aid claim, so it cannot be added back.",
        "es": "Esta donación está en una reclamación de Gift Aid, así que no puede volver a añadirse.",
    },
}

CATALOG.update(reasons.CATALOG)
CATALOG.update(MESSAGES)
