"""Server messages of the claims area (English and Spanish), and the readable texts of a claim:
its state, why a donation was skipped, and each pre-flight problem with its line, field and the
HMRC rule it breaks."""

from __future__ import annotations

from typing import Any

from functions.core.errors import Conflict
from functions.core.messages import CATALOG, current_locale, t
from functions.domain.hmrc import preflight

MESSAGES: dict[str, dict[str, str]] = {
    "giftaid.cannot_mark_paid": {
        "en": "This claim is {state}: only a claim HMRC accepted can be marked as paid.",
        "es": "Esta reclamación está {state}: solo una reclamación aceptada por HMRC se marca como pagada.",
    },
    "giftaid.already_paid": {
        "en": "This claim is already marked as paid.",
        "es": "Esta reclamación ya está marcada como pagada.",
    },
    "giftaid.paid_before_submission": {
        "en": "HMRC cannot have paid before the claim was submitted on {date}.",
        "es": "HMRC no puede haber pagado antes de que se presentara la reclamación el {date}.",
    },
    "giftaid.cannot_cancel": {
        "en": "This claim is {state}: only a draft or sealed claim can be cancelled.",
        "es": "Esta reclamación está {state}: solo se puede cancelar una reclamación en borrador o sellada.",
    },
    "giftaid.cannot_seal": {
        "en": "This claim is {state}: only a draft claim can be sealed.",
        "es": "Esta reclamación está {state}: solo se puede sellar una reclamación en borrador.",
    },
    "giftaid.cannot_submit": {
        "en": "This claim is {state}: only a sealed claim can be submitted to HMRC.",
        "es": "Esta reclamación está {state}: solo se puede enviar a HMRC una reclamación sellada.",
    },
    "giftaid.claim_building": {
        "en": "Donations are still being added to this claim. Try again when it is ready.",
        "es": "Aún se están añadiendo donaciones a esta reclamación. Inténtelo de nuevo cuando esté lista.",
    },
    "giftaid.claim_states.draft": {"en": "a draft", "es": "en borrador"},
    "giftaid.claim_states.sealed": {"en": "sealed", "es": "sellada"},
    "giftaid.claim_states.submitted": {"en": "submitted", "es": "enviada"},
    "giftaid.claim_states.accepted": {"en": "accepted", "es": "aceptada"},
    "giftaid.claim_states.rejected": {"en": "rejected", "es": "rechazada"},
    "giftaid.claim_states.cancelled": {"en": "cancelled", "es": "cancelada"},
    "giftaid.files_pending": {
        "en": "The claim's files are still being written. Try again in a moment.",
        "es": "Los archivos de la reclamación aún se están generando. Inténtelo de nuevo en un momento.",
    },
    "giftaid.endpoint": {
        "en": (
            "Choose HMRC's test or live service, or enter one of HMRC's Transaction Engine URLs "
            "(https://transaction-engine.tax.service.gov.uk/submission or its test- form)."
        ),
        "es": (
            "Elija el servicio de pruebas o el real de HMRC, o indique una de las URL del Transaction "
            "Engine de HMRC (https://transaction-engine.tax.service.gov.uk/submission o su forma test-)."
        ),
    },
    "giftaid.settings_incomplete": {
        "en": "Add the HMRC charity reference and the authorised official in Gift Aid settings.",
        "es": "Añada la referencia de HMRC y el responsable autorizado en los ajustes de Gift Aid.",
    },
    "giftaid.skipped.not_found": {
        "en": "not found among this charity's donations",
        "es": "no se encuentra entre las donaciones de esta organización",
    },
    "giftaid.skipped.not_claimable": {
        "en": "no longer claimable",
        "es": "ya no se puede reclamar",
    },
    "giftaid.skipped.in_another_claim": {
        "en": "already in another claim",
        "es": "ya está en otra reclamación",
    },
    "giftaid.line_problem": {
        "en": "Line {line}, {field}: {rule}",
        "es": "Línea {line}, {field}: {rule}",
    },
    # The schedule's column names (HMRC's spreadsheet), for the field of a pre-flight problem.
    "giftaid.field.title": {"en": "Title", "es": "Tratamiento"},
    "giftaid.field.first_name": {"en": "First name or initial", "es": "Nombre o inicial"},
    "giftaid.field.last_name": {"en": "Last name", "es": "Apellido"},
    "giftaid.field.house": {"en": "House name or number", "es": "Nombre o número de la casa"},
    "giftaid.field.postcode": {"en": "Postcode", "es": "Código postal"},
    "giftaid.field.aggregated": {"en": "Aggregated donations", "es": "Donativos agregados"},
    "giftaid.field.sponsored": {"en": "Sponsored event", "es": "Evento patrocinado"},
    "giftaid.field.date": {"en": "Donation date", "es": "Fecha del donativo"},
    "giftaid.field.amount": {"en": "Amount", "es": "Importe"},
    "giftaid.field.settings": {"en": "Gift Aid settings", "es": "Ajustes de Gift Aid"},
    "giftaid.field.charity_name": {"en": "Charity name", "es": "Nombre de la entidad"},
    "giftaid.field.hmrc_reference": {"en": "HMRC reference", "es": "Referencia de HMRC"},
    "giftaid.field.regulator": {"en": "Regulator", "es": "Regulador"},
    "giftaid.field.regulator_number": {"en": "Registration number", "es": "Número de registro"},
    "giftaid.field.official.title": {"en": "Official's title", "es": "Tratamiento del responsable"},
    "giftaid.field.official.first_name": {"en": "Official's first name", "es": "Nombre del responsable"},
    "giftaid.field.official.last_name": {"en": "Official's last name", "es": "Apellido del responsable"},
    "giftaid.field.official.postcode": {"en": "Official's postcode", "es": "Código postal del responsable"},
    "giftaid.field.official.phone": {"en": "Official's phone", "es": "Teléfono del responsable"},
    "giftaid.field.adjustment": {"en": "Adjustment", "es": "Ajuste"},
    "giftaid.field.gasds": {"en": "GASDS", "es": "GASDS"},
    "giftaid.field.other_info": {"en": "Other information", "es": "Información adicional"},
    "giftaid.reminder_title": {
        "en": "Gift Aid to claim",
        "es": "Gift Aid por reclamar",
    },
    "giftaid.reminder_body": {
        "en": (
            "{unclaimed} of Gift Aid is waiting to be claimed ({count} donations); {expiring} "
            "donation(s) reach the 4-year limit within 90 days; {oral} oral declaration(s) await "
            "written confirmation."
        ),
        "es": (
            "Hay {unclaimed} de Gift Aid por reclamar ({count} donaciones); {expiring} donación(es) "
            "alcanzan el límite de 4 años en 90 días; {oral} declaración(es) orales esperan "
            "confirmación escrita."
        ),
    },
}

CATALOG.update(MESSAGES)
CATALOG.update(preflight.catalogue())  # HMRC's rules, also quoted by settings validation


def state_label(state: str) -> str:
    """A claim state in the reader's words ("sealed", "en borrador")."""
    key = f"giftaid.claim_states.{state}"
    return t(key) if key in CATALOG else state


def claim_conflict(key: str, state: str) -> Conflict:
    """409 for an action the claim's state does not allow, the state named in the reader's words."""
    return Conflict(key, state=state_label(state))


def skipped_text(reason: str) -> str:
    return t(f"giftaid.skipped.{reason}")


def _rule_text(key: str, params: dict[str, str]) -> str:
    """An HMRC pre-flight rule (its own en/es catalogue) or one of the claims area's messages."""
    try:
        if key in preflight.MESSAGES["en"]:
            return preflight.message(key, current_locale(), params)
        return t(key, **params) if params else t(key)
    except (KeyError, IndexError, ValueError):  # a stored problem missing one of its parameters
        return t(key)


def problem_view(problem: dict[str, Any]) -> dict[str, Any]:
    """A pre-flight problem as a person reads it: the line, the schedule column and the rule."""
    params = {str(k): str(v) for k, v in dict(problem.get("params") or {}).items()}
    field = str(problem.get("field") or "")
    field_label = t(f"giftaid.field.{field}") if f"giftaid.field.{field}" in CATALOG else field
    rule = _rule_text(str(problem.get("key") or ""), params)
    line = problem.get("line")
    text = rule if line is None else t("giftaid.line_problem", line=int(line), field=field_label, rule=rule)
    return {
        **problem,
        "params": params,
        "donation_ids": list(problem.get("donation_ids") or []),
        "field_label": field_label,
        "rule_text": rule,
        "text": text,
    }
