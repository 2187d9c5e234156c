"""Server messages of the funds area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "funds.name_taken": {
        "en": "Another fund of this charity is already called this (names ignore case).",
        "es": "Otro fondo de esta organización ya tiene este nombre (sin distinguir mayúsculas).",
    },
    "funds.end_before_start": {
        "en": "The end date cannot be before the start date.",
        "es": "La fecha de fin no puede ser anterior a la de inicio.",
    },
    "funds.stale": {
        "en": "This fund was changed by someone else meanwhile. Reload it and try again.",
        "es": "Otra persona ha cambiado este fondo mientras tanto. Vuelva a cargarlo e inténtelo de nuevo.",
    },
    "funds.default_locked": {
        "en": "The default General fund cannot be deleted or archived.",
        "es": "El fondo General predeterminado no puede eliminarse ni archivarse.",
    },
    "funds.default_class": {
        "en": "The default General fund stays unrestricted and active.",
        "es": "El fondo General predeterminado sigue sin restricciones y activo.",
    },
    "funds.class_locked": {
        "en": "This fund already has ledger entries, so its class cannot change. Transfer its money instead.",
        "es": "Este fondo ya tiene movimientos, así que su clase no puede cambiar. Transfiera su dinero.",
    },
    "funds.has_lines": {
        "en": "This fund has ledger entries ({count}), so it can only be archived, not deleted.",
        "es": "Este fondo tiene movimientos ({count}), así que solo puede archivarse, no eliminarse.",
    },
    "funds.deleted": {"en": "Fund deleted.", "es": "Fondo eliminado."},
    "funds.unknown": {
        "en": "There is no such fund.",
        "es": "No existe ese fondo.",
    },
    "funds.archived": {
        "en": "The fund {name} is archived: it takes no money in.",
        "es": "El fondo {name} está archivado: no recibe dinero.",
    },
    "funds.overdrawn": {
        "en": "The fund {name} is {fund_class} and cannot go below £0: it has {available} available.",
        "es": (
            "El fondo {name} es {fund_class} y no puede quedar por debajo de 0 £: "
            "tiene {available} disponible."
        ),
    },
    "funds.transfer_same_fund": {
        "en": "Choose a different fund to transfer to.",
        "es": "Elija otro fondo de destino.",
    },
    "funds.transfer_reason_restricted": {
        "en": (
            "Money leaves a restricted or endowment fund only with donor consent, as a release "
            "from restriction or as a correction."
        ),
        "es": (
            "El dinero sale de un fondo restringido o de dotación solo con consentimiento del "
            "donante, como liberación de la restricción o como corrección."
        ),
    },
    "funds.transfer_note_required": {
        "en": (
            "Explain this transfer out of a restricted or endowment fund in the note, or attach "
            "the evidence (the donor's consent, the trustees' decision)."
        ),
        "es": (
            "Explique en la nota esta transferencia desde un fondo restringido o de dotación, o "
            "adjunte la prueba (el consentimiento del donante, la decisión de los patronos)."
        ),
    },
    "funds.moved": {"en": "Donation moved.", "es": "Donativo trasladado."},
    "funds.move_donation_unknown": {
        "en": "There is no such donation.",
        "es": "No existe ese donativo.",
    },
    "funds.move_not_received": {
        "en": "Only a received donation's money can be moved (this one is refunded or cancelled).",
        "es": (
            "Solo se puede trasladar el dinero de un donativo recibido (este está reembolsado o cancelado)."
        ),
    },
    "funds.move_unsplit": {
        "en": "This donation has not been given to a fund yet: edit it and choose its funds.",
        "es": "Este donativo aún no está asignado a un fondo: edítelo y elija sus fondos.",
    },
    "funds.move_not_on_donation": {
        "en": "This donation has no money in that fund.",
        "es": "Este donativo no tiene dinero en ese fondo.",
    },
    "funds.move_too_much": {
        "en": "At most {available} of this donation is in that fund.",
        "es": "Como máximo {available} de este donativo está en ese fondo.",
    },
    "funds.move_project_unknown": {
        "en": "Choose an open project of the fund, or none.",
        "es": "Elija un proyecto abierto del fondo, o ninguno.",
    },
    "funds.move_project_other_fund": {
        "en": "This project belongs to another fund.",
        "es": "Este proyecto pertenece a otro fondo.",
    },
    "funds.move_stale": {
        "en": "This donation was changed meanwhile. Reload it and try again.",
        "es": "Este donativo se modificó mientras tanto. Vuelva a cargarlo e inténtelo de nuevo.",
    },
    "funds.evidence_unknown": {
        "en": "This file was not uploaded for this charity's transfers. Attach it again.",
        "es": "Este archivo no se subió para las transferencias de esta entidad. Adjúntelo de nuevo.",
    },
    "funds.evidence_missing": {
        "en": "The attached file has not arrived. Attach it again.",
        "es": "El archivo adjunto no ha llegado. Adjúntelo de nuevo.",
    },
    "funds.transferred": {"en": "Transfer recorded.", "es": "Transferencia registrada."},
    "funds.split_empty": {
        "en": "Give at least one fund.",
        "es": "Indique al menos un fondo.",
    },
    "funds.split_repeated": {
        "en": "Each fund may appear only once in a split.",
        "es": "Cada fondo puede aparecer solo una vez en un reparto.",
    },
    "funds.split_mixed": {
        "en": "Give every line an amount, or every line a percentage (one of the two per line).",
        "es": "Indique un importe en cada línea o un porcentaje en cada línea (uno de los dos por línea).",
    },
    "funds.split_zero": {
        "en": "Every line of a split must be above zero.",
        "es": "Cada línea del reparto debe ser mayor que cero.",
    },
    "funds.split_sum": {
        "en": "The lines add up to {given} but the donation is {total}.",
        "es": "Las líneas suman {given} pero la donación es de {total}.",
    },
    "funds.split_percent": {
        "en": "The percentages must be above zero and add up to 100.",
        "es": "Los porcentajes deben ser mayores que cero y sumar 100.",
    },
    "funds.rebalance_needed": {
        "en": (
            "The amount changed and this donation is split across funds: send the new split, or "
            "confirm that the split is re-balanced in the same proportions."
        ),
        "es": (
            "El importe ha cambiado y esta donación está repartida entre fondos: envíe el nuevo "
            "reparto o confirme que se reequilibre en las mismas proporciones."
        ),
    },
}
CLASS_LABELS = {
    "unrestricted_general": {"en": "unrestricted", "es": "sin restricciones"},
    "designated": {"en": "designated", "es": "designado"},
    "restricted": {"en": "restricted", "es": "restringido"},
    "endowment_expendable": {"en": "an expendable endowment", "es": "una dotación disponible"},
    "endowment_permanent": {"en": "a permanent endowment", "es": "una dotación permanente"},
}
CATALOG.update(MESSAGES)
CATALOG.update({f"funds.class.{name}": label for name, label in CLASS_LABELS.items()})

# The statement of funds (functions/funds/statement.py): its CSV's headings and group rows.
STATEMENT_MESSAGES: dict[str, dict[str, str]] = {
    "funds.statement_year": {
        "en": "Choose a financial year ending between {min} and {max}.",
        "es": "Elija un ejercicio que termine entre {min} y {max}.",
    },
    "funds.statement.class": {"en": "Class", "es": "Clase"},
    "funds.statement.fund": {"en": "Fund", "es": "Fondo"},
    "funds.statement.finance_code": {"en": "Finance code", "es": "Código contable"},
    "funds.statement.opening": {"en": "Opening balance", "es": "Saldo inicial"},
    "funds.statement.income": {"en": "Income", "es": "Ingresos"},
    "funds.statement.gift_aid": {"en": "Gift Aid", "es": "Gift Aid"},
    "funds.statement.expenditure": {"en": "Expenditure", "es": "Gastos"},
    "funds.statement.transfers_in": {"en": "Transfers in", "es": "Transferencias recibidas"},
    "funds.statement.transfers_out": {"en": "Transfers out", "es": "Transferencias enviadas"},
    "funds.statement.closing": {"en": "Closing balance", "es": "Saldo final"},
    "funds.statement.subtotal": {"en": "Total {fund_class} funds", "es": "Total fondos: {fund_class}"},
    "funds.statement.total": {"en": "Total funds", "es": "Total de fondos"},
    "funds.statement.archived": {"en": "(archived)", "es": "(archivado)"},
}
# A class as a CSV cell (the statement groups by it)
STATEMENT_CLASSES = {
    "unrestricted_general": {"en": "Unrestricted (general)", "es": "Sin restricciones (general)"},
    "designated": {"en": "Designated", "es": "Designado"},
    "restricted": {"en": "Restricted", "es": "Restringido"},
    "endowment_expendable": {"en": "Endowment (expendable)", "es": "Dotación disponible"},
    "endowment_permanent": {"en": "Endowment (permanent)", "es": "Dotación permanente"},
}
CATALOG.update(STATEMENT_MESSAGES)
CATALOG.update({f"funds.statement.class.{name}": label for name, label in STATEMENT_CLASSES.items()})
