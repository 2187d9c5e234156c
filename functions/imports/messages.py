"""Server messages of the imports area (English and Spanish): why a row or a file is refused,
and the labels of the fields a column can be mapped to."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    # the file
    "imports.size_too_large": {
        "en": "The file is larger than 50 MB. Split it into smaller files and import each one.",
        "es": "El archivo ocupa más de 50 MB. Divídalo en archivos más pequeños e impórtelos por separado.",
    },
    "imports.filename_invalid": {
        "en": "Upload a .csv or .xlsx file.",
        "es": "Suba un archivo .csv o .xlsx.",
    },
    "imports.upload_missing": {
        "en": "We did not receive the file. Upload it again.",
        "es": "No hemos recibido el archivo. Vuelva a subirlo.",
    },
    "imports.upload_used": {
        "en": "This upload has already been imported. Upload the file again to start a new import.",
        "es": "Esta subida ya se ha importado. Vuelva a subir el archivo para empezar una importación nueva.",
    },
    "imports.file_empty": {"en": "The file is empty.", "es": "El archivo está vacío."},
    "imports.file_not_text": {
        "en": "This file does not look like a CSV file. Save it from your spreadsheet as CSV or .xlsx.",
        "es": "Este archivo no parece un CSV. Guárdelo desde su hoja de cálculo como CSV o .xlsx.",
    },
    "imports.xlsx_unreadable": {
        "en": "This file cannot be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV.",
        "es": (
            "Este archivo no se puede leer como libro de Excel (.xlsx). "
            "Guárdelo otra vez desde Excel, o como CSV."
        ),
    },
    "imports.no_header": {
        "en": "No header row was found in the first 10 rows.",
        "es": "No se ha encontrado una fila de encabezados en las 10 primeras filas.",
    },
    "imports.file_read_failed": {
        "en": "The file could not be read after row {row}: {detail}",
        "es": "No se pudo leer el archivo después de la fila {row}: {detail}",
    },
    # states
    "imports.state": {
        "en": "This import is {status}, so it cannot do that now.",
        "es": "Esta importación está en estado {status}, así que ahora no puede hacer eso.",
    },
    "imports.not_validated": {
        "en": "Run the dry run with this mapping before importing.",
        "es": "Haga la prueba sin guardar con esta correspondencia antes de importar.",
    },
    "imports.already_run": {
        "en": "This import has already been run. Upload the file again to import it again.",
        "es": "Esta importación ya se ha ejecutado. Vuelva a subir el archivo para importarlo otra vez.",
    },
    "imports.review_done": {
        "en": "This row has already been resolved.",
        "es": "Esta fila ya se ha resuelto.",
    },
    "imports.review_choice": {
        "en": "Choose one of the suggested donors, or create a new donor.",
        "es": "Elija uno de los donantes sugeridos o cree un donante nuevo.",
    },
    "imports.preset_builtin": {
        "en": "Built-in presets cannot be deleted.",
        "es": "Las plantillas integradas no se pueden eliminar.",
    },
    "imports.type_unknown": {
        "en": "There is no donation type with this name or id.",
        "es": "No hay ningún tipo de donación con este nombre o identificador.",
    },
    "imports.fund_unknown": {
        "en": "There is no open fund with this name or finance code.",
        "es": "No hay ningún fondo abierto con este nombre o código contable.",
    },
    "imports.location_unknown": {
        "en": "There is no location with this name or id.",
        "es": "No hay ninguna ubicación con este nombre o identificador.",
    },
    # the mapping
    "imports.mapping_unknown_field": {
        "en": "{field} is not a field a column can be mapped to.",
        "es": "{field} no es un campo al que se pueda asignar una columna.",
    },
    "imports.mapping_twice": {
        "en": "This field is already mapped to the column {column}.",
        "es": "Este campo ya está asignado a la columna {column}.",
    },
    "imports.mapping_required": {
        "en": "Map a column to {field}.",
        "es": "Asigne una columna a {field}.",
    },
    # rows
    "imports.date_missing": {"en": "The date is missing.", "es": "Falta la fecha."},
    "imports.date_invalid": {
        "en": "'{value}' is not a date in the format {format}.",
        "es": "'{value}' no es una fecha con el formato {format}.",
    },
    "imports.date_not_real": {
        "en": "'{value}' is not a real date.",
        "es": "'{value}' no es una fecha que exista.",
    },
    "imports.date_future": {
        "en": "The date is in the future.",
        "es": "La fecha es posterior a hoy.",
    },
    "imports.amount_missing": {"en": "The amount is missing.", "es": "Falta el importe."},
    "imports.amount_invalid": {
        "en": "'{value}' is not an amount.",
        "es": "'{value}' no es un importe.",
    },
    "imports.amount_decimals": {
        "en": "'{value}' has more than 2 decimal places.",
        "es": "'{value}' tiene más de 2 decimales.",
    },
    "imports.amount_negative": {
        "en": "'{value}' is negative: a refund is not imported. Record the refund on the original donation.",
        "es": (
            "'{value}' es negativo: un reembolso no se importa. "
            "Registre el reembolso en la donación original."
        ),
    },
    "imports.amount_zero": {
        "en": "The amount must be more than zero.",
        "es": "El importe debe ser mayor que cero.",
    },
    "imports.amount_too_large": {
        "en": "'{value}' is more than £1,000,000.",
        "es": "'{value}' supera £1,000,000.",
    },
    "imports.yes_no_invalid": {
        "en": "'{value}' is not yes or no.",
        "es": "'{value}' no es sí o no.",
    },
    "imports.payment_method_invalid": {
        "en": (
            "'{value}' is not a payment method Almoner knows (cash, cheque, card, bank transfer, "
            "direct debit, standing order, Stripe, PayPal, JustGiving, CAF, other)."
        ),
        "es": (
            "'{value}' no es una forma de pago que Almoner conozca (efectivo, cheque, tarjeta, "
            "transferencia, domiciliación, orden permanente, Stripe, PayPal, JustGiving, CAF, otra)."
        ),
    },
    "imports.status_not_paid": {
        "en": "The payment is '{value}': no money arrived, so there is no donation to import.",
        "es": "El pago está '{value}': no se recibió dinero, así que no hay donación que importar.",
    },
    "imports.status_invalid": {
        "en": "'{value}' is not a donation status (received, refunded, cancelled).",
        "es": "'{value}' no es un estado de donación (recibida, reembolsada, cancelada).",
    },
    "imports.declaration_method_invalid": {
        "en": "'{value}' is not a declaration method (written, online, oral).",
        "es": "'{value}' no es un método de declaración (escrita, en línea, oral).",
    },
    "imports.too_long": {
        "en": "This value is longer than {max} characters.",
        "es": "Este valor tiene más de {max} caracteres.",
    },
    "imports.bad_characters": {
        "en": (
            "This row has characters that are not valid in the file's encoding. Save the file as UTF-8 CSV."
        ),
        "es": (
            "Esta fila tiene caracteres no válidos en la codificación del archivo. Guárdelo como CSV UTF-8."
        ),
    },
    "imports.email_invalid": {
        "en": "This is not a valid email address.",
        "es": "No es una dirección de correo electrónico válida.",
    },
    "imports.country_invalid": {
        "en": "'{value}' is not a country we know: use its name or two-letter code (GB, IE, FR…).",
        "es": "'{value}' no es un país conocido: use su nombre o su código de dos letras (GB, IE, FR…).",
    },
    # rows that are not donations, refunds and other currencies
    "imports.skipped_type": {
        "en": "Skipped: a '{type}' is not a donation.",
        "es": "Omitida: un movimiento '{type}' no es una donación.",
    },
    "imports.skipped_payment_sent": {
        "en": "Skipped: a '{type}' with a negative amount is a payment you sent, not a donation.",
        "es": "Omitida: un movimiento '{type}' con importe negativo es un pago suyo, no una donación.",
    },
    "imports.skipped_refund_received": {
        "en": "Skipped: a '{type}' paid to you is a refund you received, not a donation.",
        "es": "Omitida: un movimiento '{type}' a su favor es un reembolso recibido, no una donación.",
    },
    "imports.refund_no_reference": {
        "en": (
            "'{value}' is a refund, but the row does not name the payment it refunds: "
            "record the refund on that donation."
        ),
        "es": (
            "'{value}' es un reembolso, pero la fila no indica qué pago reembolsa: "
            "registre el reembolso en esa donación."
        ),
    },
    "imports.refund_unmatched": {
        "en": (
            "This refund is of payment '{ref}', which is neither in this file nor imported before: "
            "import the file with that donation first, or record the refund by hand."
        ),
        "es": (
            "Este reembolso es del pago '{ref}', que no está en este archivo ni se importó antes: "
            "importe primero el archivo con esa donación, o registre el reembolso a mano."
        ),
    },
    "imports.refund_partial_claimed": {
        "en": (
            "Part of payment '{ref}' was refunded after its Gift Aid was claimed: "
            "record the refund on the donation by hand."
        ),
        "es": (
            "Se reembolsó parte del pago '{ref}' después de reclamar su Gift Aid: "
            "registre el reembolso en la donación a mano."
        ),
    },
    "imports.currency_not_gbp": {
        "en": "The amount is in {currency} and the file gives no amount in pounds (GBP) for it.",
        "es": "El importe está en {currency} y el archivo no da su importe en libras (GBP).",
    },
    "imports.donor_name_missing": {
        "en": "The donor has no name: give a first or last name, or a company name.",
        "es": "El donante no tiene nombre: indique nombre o apellidos, o el nombre de la empresa.",
    },
    # warnings: the row is imported, without what it asked for
    "imports.gift_aid_no_donor": {
        "en": (
            "Imported without Gift Aid: the row names no donor, and only a named donor can make "
            "a Gift Aid declaration."
        ),
        "es": (
            "Importada sin Gift Aid: la fila no nombra a ningún donante, y solo un donante con "
            "nombre puede hacer una declaración de Gift Aid."
        ),
    },
    "imports.gift_aid_organisation": {
        "en": (
            "Imported without Gift Aid: the donor is an organisation, and only an individual can "
            "make a Gift Aid declaration."
        ),
        "es": (
            "Importada sin Gift Aid: el donante es una organización, y solo un particular puede "
            "hacer una declaración de Gift Aid."
        ),
    },
    # what became of a row of the report (the errors CSV's `outcome` column)
    "imports.outcome.rejected": {"en": "Rejected", "es": "Rechazada"},
    "imports.outcome.skipped": {"en": "Skipped, not a donation", "es": "Omitida, no es una donación"},
    "imports.outcome.warning": {"en": "Imported with a warning", "es": "Importada con un aviso"},
    "imports.donor_gone": {
        "en": "The donor this row was matched to has been deleted since.",
        "es": "El donante asignado a esta fila se ha eliminado desde entonces.",
    },
    "imports.reference_taken": {
        "en": "The reference is already used by another donation.",
        "es": "La referencia ya la usa otra donación.",
    },
}

FIELD_LABELS: dict[str, dict[str, str]] = {
    "full_name": {"en": "Full name (one column)", "es": "Nombre completo (una columna)"},
    "title": {"en": "Title", "es": "Tratamiento"},
    "first_name": {"en": "First name", "es": "Nombre"},
    "last_name": {"en": "Last name", "es": "Apellidos"},
    "company_name": {"en": "Company name", "es": "Empresa"},
    "email": {"en": "Email", "es": "Correo electrónico"},
    "phone": {"en": "Phone", "es": "Teléfono"},
    "house": {"en": "House name or number", "es": "Nombre o número de la casa"},
    "address_line1": {"en": "Address line 1", "es": "Dirección, línea 1"},
    "address_line2": {"en": "Address line 2", "es": "Dirección, línea 2"},
    "town": {"en": "Town", "es": "Localidad"},
    "county": {"en": "County", "es": "Condado"},
    "postcode": {"en": "Postcode", "es": "Código postal"},
    "country": {"en": "Country", "es": "País"},
    "donor_id": {"en": "Almoner donor ID", "es": "ID de donante de Almoner"},
    "amount": {"en": "Amount", "es": "Importe"},
    "date": {"en": "Date", "es": "Fecha"},
    "external_ref": {"en": "External reference", "es": "Referencia externa"},
    "donation_id": {"en": "Almoner donation ID", "es": "ID de donación de Almoner"},
    "source": {"en": "Campaign or source", "es": "Campaña u origen"},
    "payment_method": {"en": "Payment method", "es": "Forma de pago"},
    "donation_type": {"en": "Donation type", "es": "Tipo de donación"},
    "location": {"en": "Location", "es": "Ubicación"},
    "fund": {"en": "Fund", "es": "Fondo"},
    "status": {"en": "Status", "es": "Estado"},
    "refunded_at": {"en": "Refund date", "es": "Fecha de reembolso"},
    "benefit_value": {"en": "Benefit value", "es": "Valor del beneficio"},
    "sponsored": {"en": "Sponsored event", "es": "Evento patrocinado"},
    "notes": {"en": "Notes", "es": "Notas"},
    "transaction_type": {"en": "Transaction type", "es": "Tipo de movimiento"},
    "original_ref": {"en": "Reference of the refunded payment", "es": "Referencia del pago reembolsado"},
    "refunded_amount": {"en": "Amount refunded", "es": "Importe reembolsado"},
    "currency": {"en": "Currency", "es": "Moneda"},
    "converted_amount": {"en": "Amount in pounds (converted)", "es": "Importe en libras (convertido)"},
    "converted_refunded": {
        "en": "Amount refunded in pounds (converted)",
        "es": "Importe reembolsado en libras (convertido)",
    },
    "converted_currency": {"en": "Currency of the converted amount", "es": "Moneda del importe convertido"},
    "gift_aid": {"en": "Gift Aid (yes/no)", "es": "Gift Aid (sí/no)"},
    "declaration_date": {"en": "Declaration date", "es": "Fecha de la declaración"},
    "declaration_method": {"en": "Declaration method", "es": "Método de la declaración"},
}
PRESET_NAMES: dict[str, dict[str, str]] = {
    "justgiving": {"en": "JustGiving donation report", "es": "Informe de donaciones de JustGiving"},
    "stripe": {"en": "Stripe payments export", "es": "Exportación de pagos de Stripe"},
    "paypal": {"en": "PayPal activity download", "es": "Descarga de actividad de PayPal"},
    "almoner": {"en": "Almoner donations export", "es": "Exportación de donaciones de Almoner"},
}

CATALOG.update(MESSAGES)
CATALOG.update({f"imports.field.{key}": label for key, label in FIELD_LABELS.items()})
CATALOG.update({f"imports.preset.{key}": label for key, label in PRESET_NAMES.items()})
