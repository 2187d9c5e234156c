"""Server messages of the projects area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "projects.name_taken": {
        "en": "Another project of this charity is already called this (names ignore case).",
        "es": "Otro proyecto de esta organización ya tiene este nombre (sin distinguir mayúsculas).",
    },
    "projects.end_before_start": {
        "en": "The end date cannot be before the start date.",
        "es": "La fecha de fin no puede ser anterior a la de inicio.",
    },
    "projects.type_repeated": {
        "en": "Each expense type may have only one budget line.",
        "es": "Cada tipo de gasto puede tener solo una línea de presupuesto.",
    },
    "projects.unknown_type": {
        "en": "There is no such expense type.",
        "es": "No existe ese tipo de gasto.",
    },
    "projects.fund_unavailable": {
        "en": "Choose an active fund of this charity (not archived).",
        "es": "Elija un fondo activo de esta organización (no archivado).",
    },
    "projects.fund_locked": {
        "en": "This project already has ledger entries, so its fund cannot change.",
        "es": "Este proyecto ya tiene movimientos, así que su fondo no puede cambiar.",
    },
    "projects.image_key": {
        "en": "Upload the image again.",
        "es": "Vuelva a subir la imagen.",
    },
    "projects.stale": {
        "en": "This project was changed by someone else meanwhile. Reload it and try again.",
        "es": (
            "Otra persona ha cambiado este proyecto mientras tanto. Vuelva a cargarlo e inténtelo de nuevo."
        ),
    },
    "projects.has_lines": {
        "en": "This project has ledger entries ({count}), so it can only be archived, not deleted.",
        "es": "Este proyecto tiene movimientos ({count}), así que solo puede archivarse, no eliminarse.",
    },
    "projects.deleted": {"en": "Project deleted.", "es": "Proyecto eliminado."},
    "projects.unknown": {"en": "There is no such project.", "es": "No existe ese proyecto."},
    "projects.archived": {
        "en": "The project {name} is archived: it takes no money in.",
        "es": "El proyecto {name} está archivado: no recibe dinero.",
    },
    "projects.other_fund": {
        "en": "The project {name} belongs to another fund.",
        "es": "El proyecto {name} pertenece a otro fondo.",
    },
}
CATALOG.update(MESSAGES)
