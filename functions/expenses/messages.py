"""Server messages of the expenses area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "expense_types.name_taken": {
        "en": "Another expense type of this charity is already called this (names ignore case).",
        "es": "Otro tipo de gasto de esta organización ya tiene este nombre (sin distinguir mayúsculas).",
    },
    "expense_types.stale": {
        "en": "This expense type was changed by someone else meanwhile. Reload it and try again.",
        "es": (
            "Otra persona ha cambiado este tipo de gasto mientras tanto. "
            "Vuelva a cargarlo e inténtelo de nuevo."
        ),
    },
    "expense_types.in_use": {
        "en": "This expense type is used by {count} expense(s), so it can only be archived, not deleted.",
        "es": "Este tipo de gasto lo usan {count} gasto(s), así que solo puede archivarse, no eliminarse.",
    },
    "expense_types.deleted": {"en": "Expense type deleted.", "es": "Tipo de gasto eliminado."},
    "expense_types.unknown": {
        "en": "Choose one of the charity's active expense types.",
        "es": "Elija uno de los tipos de gasto activos de la organización.",
    },
    "expenses.stale": {
        "en": "This expense was changed by someone else meanwhile. Reload it and try again.",
        "es": "Otra persona ha cambiado este gasto mientras tanto. Vuelva a cargarlo e inténtelo de nuevo.",
    },
    "expenses.fund_or_project": {
        "en": "Choose a fund or a project.",
        "es": "Elija un fondo o un proyecto.",
    },
    "expenses.project_other_fund": {
        "en": "This project spends the money of another fund: choose its fund, or no fund.",
        "es": "Este proyecto gasta el dinero de otro fondo: elija su fondo o ninguno.",
    },
    "expenses.unknown_project": {
        "en": "There is no such project.",
        "es": "No existe ese proyecto.",
    },
    "expenses.project_archived": {
        "en": "The project {name} is archived: it takes no new expenses.",
        "es": "El proyecto {name} está archivado: no admite gastos nuevos.",
    },
    "expenses.not_draft": {
        "en": "This expense is {status}: only a draft expense can be changed or deleted.",
        "es": "Este gasto está {status}: solo un gasto en borrador puede cambiarse o eliminarse.",
    },
    "expenses.not_approved": {
        "en": "This expense is {status}: only an approved expense can be paid or voided.",
        "es": "Este gasto está {status}: solo un gasto aprobado puede pagarse o anularse.",
    },
    "expenses.receipt_unknown": {
        "en": "Upload the receipt again.",
        "es": "Vuelva a subir el justificante.",
    },
    "expenses.no_receipt": {
        "en": "No receipt is recorded for this expense.",
        "es": "No hay justificante registrado para este gasto.",
    },
    "expenses.receipt_missing": {
        "en": "The receipt of this expense is missing: its upload did not finish.",
        "es": "Falta el justificante de este gasto: su subida no terminó.",
    },
    "expenses.deleted": {"en": "Expense deleted.", "es": "Gasto eliminado."},
    "expenses.date_range": {
        "en": "The end of the date range cannot be before its start.",
        "es": "El final del intervalo de fechas no puede ser anterior a su inicio.",
    },
}
STATUS_LABELS = {
    "draft": {"en": "a draft", "es": "en borrador"},
    "approved": {"en": "approved", "es": "aprobado"},
    "paid": {"en": "paid", "es": "pagado"},
    "void": {"en": "void", "es": "anulado"},
}
CATALOG.update(MESSAGES)
CATALOG.update({f"expenses.status.{name}": label for name, label in STATUS_LABELS.items()})
