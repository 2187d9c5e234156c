"""Server messages of the donors and donations areas (en, es), added to the one catalog of
`functions.core.messages` when this module is imported (every module here that raises or
shows one of them imports it)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "donors.stale": {
        "en": (
            "Someone else changed this donor after you opened it. Reload to see their "
            "changes, then make yours again."
        ),
        "es": (
            "Otra persona modificó este donante después de abrirlo. Recargue para ver sus "
            "cambios y vuelva a hacer los suyos."
        ),
    },
    "donations.pending_by_gateway": {
        "en": (
            "Only the payment gateway marks a donation pending (a Direct Debit still clearing). "
            "Choose received, refunded or cancelled."
        ),
        "es": (
            "Solo la pasarela de pago marca una donación como pendiente (un adeudo directo aún "
            "en compensación). Elija recibida, reembolsada o cancelada."
        ),
    },
    "donations.stale": {
        "en": (
            "Someone else changed this donation after you opened it. Reload to see their "
            "changes, then make yours again."
        ),
        "es": (
            "Otra persona modificó esta donación después de abrirla. Recargue para ver sus "
            "cambios y vuelva a hacer los suyos."
        ),
    },
    "donors.has_donations": {
        "en": (
            "This donor has {count} donation(s), so it cannot be deleted. Merge it into "
            "another donor instead."
        ),
        "es": "Este donante tiene {count} donación(es) y no se puede eliminar. Combínelo con otro donante.",
    },
    "donors.unknown": {"en": "This donor does not exist.", "es": "Este donante no existe."},
    "donors.deleted": {"en": "The donor has been deleted.", "es": "El donante ha sido eliminado."},
    "donors.name_required": {
        "en": "Enter a first or last name for an individual.",
        "es": "Introduzca un nombre o apellido para una persona.",
    },
    "donors.company_required": {
        "en": "Enter the organisation's name.",
        "es": "Introduzca el nombre de la organización.",
    },
    "donors.merge_same": {"en": "Choose two different donors.", "es": "Elija dos donantes distintos."},
    "donors.merge_undone": {
        "en": "This merge has already been undone.",
        "es": "Esta combinación ya se ha deshecho.",
    },
    "donors.merge_busy": {
        "en": "This merge is still running. Try again when it has finished.",
        "es": "Esta combinación aún está en curso. Inténtelo cuando haya terminado.",
    },
    "donors.merge_failed": {
        "en": "The merge could not be finished because a donor or one of their donations changed "
        "meanwhile. Nothing was changed: try again.",
        "es": "No se pudo terminar la combinación porque un donante o una de sus donaciones cambió "
        "mientras tanto. No se ha cambiado nada: inténtelo de nuevo.",
    },
    "donors.merge_incomplete": {
        "en": "The merge stopped half-way because a donor or one of their donations changed meanwhile. "
        "Undo it from the merge history to put everything back.",
        "es": "La combinación se detuvo a medias porque un donante o una de sus donaciones cambió "
        "mientras tanto. Deshágala desde el historial de combinaciones para restablecerlo todo.",
    },
    "donors.undo_incomplete": {
        "en": "The undo stopped half-way because a donor or one of their donations changed meanwhile. "
        "Undo again to finish putting everything back.",
        "es": "La acción de deshacer se detuvo a medias porque un donante o una de sus donaciones "
        "cambió mientras tanto. Vuelva a deshacer para terminar de restablecerlo todo.",
    },
    "donors.merge_survivor_gone": {
        "en": "{name} no longer exists: it has since been merged into another donor or deleted. "
        "Undo that merge first.",
        "es": "{name} ya no existe: se ha combinado después con otro donante o se ha eliminado. "
        "Deshaga primero esa combinación.",
    },
    "donors.merge_failed_nothing_to_undo": {
        "en": "This merge did not go through and everything was put back: there is nothing to undo.",
        "es": "Esta combinación no se completó y todo se restableció: no hay nada que deshacer.",
    },
    "donations.deleted": {"en": "The donation has been deleted.", "es": "La donación ha sido eliminada."},
    "donations.external_ref_taken": {
        "en": "The reference {ref} is already used by another donation from {source}.",
        "es": "La referencia {ref} ya la usa otra donación de {source}.",
    },
    "donations.type_unknown": {
        "en": "This donation type does not exist.",
        "es": "Este tipo de donación no existe.",
    },
    "donations.location_unknown": {"en": "This location does not exist.", "es": "Esta ubicación no existe."},
    "donations.quick_invalid": {
        "en": "{count} row(s) need attention. Nothing was saved.",
        "es": "{count} fila(s) necesitan corrección. No se ha guardado nada.",
    },
    "donations.quick_saved": {
        "en": "{count} donation(s) saved.",
        "es": "{count} donación(es) guardada(s).",
    },
    "donation_types.in_use": {
        "en": "This donation type is used by {count} donation(s), so it cannot be deleted.",
        "es": "Este tipo de donación lo usan {count} donación(es) y no se puede eliminar.",
    },
    "locations.in_use": {
        "en": "This location is used by {count} donation(s), so it cannot be deleted.",
        "es": "Esta ubicación la usan {count} donación(es) y no se puede eliminar.",
    },
    "catalog.deleted": {"en": "Deleted.", "es": "Eliminado."},
    "field.amount": {
        "en": "Enter an amount from 0.01 to 1,000,000.00, such as 12.50.",
        "es": "Introduzca un importe de 0,01 a 1.000.000,00, como 12.50.",
    },
    "field.date": {"en": "Enter a date as YYYY-MM-DD.", "es": "Introduzca una fecha como AAAA-MM-DD."},
    "field.future_date": {"en": "The date cannot be in the future.", "es": "La fecha no puede ser futura."},
    "field.country": {
        "en": "Choose a country (two-letter ISO code, such as GB).",
        "es": "Elija un país (código ISO de dos letras, como GB).",
    },
    "field.refunded_at": {
        "en": "Enter the refund date (not before the donation date).",
        "es": "Introduzca la fecha del reembolso (no anterior a la donación).",
    },
    "field.range": {
        "en": "The end of the range is before its start.",
        "es": "El final del rango es anterior a su inicio.",
    },
    "field.too_many_rows": {
        "en": "Save at most {max} rows at a time.",
        "es": "Guarde como máximo {max} filas a la vez.",
    },
    # HMRC warnings at entry (GIFT_AID.md §7)
    "hmrc.title": {
        "en": (
            "HMRC accepts a title of 2 to 4 letters (such as Mr, Mrs, Dr); this one would be "
            "rejected on a Gift Aid claim."
        ),
        "es": (
            "HMRC acepta un tratamiento de 2 a 4 letras (como Mr, Mrs, Dr); este se "
            "rechazaría en una reclamación de Gift Aid."
        ),
    },
    "hmrc.name_length": {
        "en": "HMRC accepts at most 35 characters; shorten it before claiming Gift Aid.",
        "es": "HMRC acepta como máximo 35 caracteres; acórtelo antes de reclamar Gift Aid.",
    },
    "hmrc.house_length": {
        "en": "HMRC accepts a house name or number of at most 40 characters.",
        "es": "HMRC acepta un nombre o número de casa de 40 caracteres como máximo.",
    },
    "hmrc.house_missing": {
        "en": "A Gift Aid claim needs the house name or number.",
        "es": "Una reclamación de Gift Aid necesita el nombre o número de la casa.",
    },
    "hmrc.postcode": {
        "en": "This is not a full UK postcode (such as SW1A 1AA); HMRC would reject it on a Gift Aid claim.",
        "es": (
            "No es un código postal completo del Reino Unido (como SW1A 1AA); HMRC lo "
            "rechazaría en una reclamación de Gift Aid."
        ),
    },
    "hmrc.postcode_missing": {
        "en": "A Gift Aid claim needs the postcode of a UK address.",
        "es": "Una reclamación de Gift Aid necesita el código postal de una dirección del Reino Unido.",
    },
}

CATALOG.update(MESSAGES)
