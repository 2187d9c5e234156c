"""Why a donation is not claimable: message keys with their English and Spanish texts.

The assessment stores the key and its parameters (strings); the API renders the text in the
reader's language (`{date}` is already `dd/mm/yyyy`, money already `£12.50`). The areas add this
catalog to the server's one message catalog.
"""

from __future__ import annotations

ANONYMOUS = "giftaid.anonymous"
COMPANY_DONOR = "giftaid.company_donor"
NOT_MONEY = "giftaid.not_money"
PAYMENT_FOR_GOODS = "giftaid.payment_for_goods"
NO_DECLARATION = "giftaid.no_declaration"
ORAL_UNCONFIRMED = "giftaid.oral_unconfirmed"
ORAL_WINDOW = "giftaid.oral_window"
BENEFIT_OVER_LIMIT = "giftaid.benefit_over_limit"
HANDLED_ELSEWHERE = "giftaid.handled_elsewhere"
REFUNDED = "giftaid.refunded"
CANCELLED = "giftaid.cancelled"
PENDING = "giftaid.pending"
EXCLUDED = "giftaid.excluded"
FUTURE_DATE = "giftaid.future_date"
TOO_OLD = "giftaid.too_old"
IN_CLAIM = "giftaid.in_claim"
CLAIMED = "giftaid.claimed"
TITLE_INVALID = "giftaid.title_invalid"
FIRST_NAME_MISSING = "giftaid.first_name_missing"
LAST_NAME_MISSING = "giftaid.last_name_missing"
NAME_TOO_LONG = "giftaid.name_too_long"
HOUSE_MISSING = "giftaid.house_missing"
HOUSE_TOO_LONG = "giftaid.house_too_long"
POSTCODE_MISSING = "giftaid.postcode_missing"
POSTCODE_INCOMPLETE = "giftaid.postcode_incomplete"
POSTCODE_INVALID = "giftaid.postcode_invalid"
BENEFIT_ANNUAL_CAP = "giftaid.benefit_annual_cap"
GASDS = "giftaid.gasds"
GASDS_IN_CLAIM = "giftaid.gasds_in_claim"
GASDS_TOO_OLD = "giftaid.gasds_too_old"
# Why a donation cannot be recorded as a GASDS small donation (422 on the `gasds` field).
GASDS_METHOD = "giftaid.gasds_method"
GASDS_AMOUNT = "giftaid.gasds_amount"
GASDS_BENEFIT = "giftaid.gasds_benefit"
GASDS_SPONSORED = "giftaid.gasds_sponsored"
GASDS_GOODS = "giftaid.gasds_goods"
# A claim problem: a GASDS tax year went past its time limit before the claim was sealed.
GASDS_YEAR_EXPIRED = "giftaid.gasds_year_expired"

CATALOG: dict[str, dict[str, str]] = {
    ANONYMOUS: {"en": "no donor recorded", "es": "no hay donante registrado"},
    COMPANY_DONOR: {"en": "company donor", "es": "donante empresa"},
    NOT_MONEY: {"en": "not a gift of money", "es": "no es una donación en dinero"},
    PAYMENT_FOR_GOODS: {
        "en": "payment for goods or services",
        "es": "pago por bienes o servicios",
    },
    NO_DECLARATION: {"en": "no declaration covers {date}", "es": "ninguna declaración cubre el {date}"},
    ORAL_UNCONFIRMED: {
        "en": "the oral declaration needs its written confirmation",
        "es": "la declaración oral necesita su confirmación por escrito",
    },
    ORAL_WINDOW: {
        "en": "the donor may cancel the oral declaration until {date}",
        "es": "el donante puede cancelar la declaración oral hasta el {date}",
    },
    BENEFIT_OVER_LIMIT: {
        "en": "benefit {benefit} exceeds the {limit} limit",
        "es": "el beneficio de {benefit} supera el límite de {limit}",
    },
    HANDLED_ELSEWHERE: {
        "en": "Gift Aid is claimed by {platform}",
        "es": "{platform} reclama el Gift Aid",
    },
    REFUNDED: {"en": "refunded", "es": "reembolsada"},
    CANCELLED: {"en": "cancelled", "es": "cancelada"},
    PENDING: {"en": "payment not yet received", "es": "pago aún no recibido"},
    EXCLUDED: {"en": "excluded: {reason}", "es": "excluida: {reason}"},
    FUTURE_DATE: {"en": "dated in the future", "es": "con fecha futura"},
    TOO_OLD: {
        "en": "older than the 4-year limit (ended {date})",
        "es": "supera el límite de 4 años (terminó el {date})",
    },
    IN_CLAIM: {"en": "in a claim", "es": "en una reclamación"},
    CLAIMED: {"en": "already claimed", "es": "ya reclamada"},
    TITLE_INVALID: {
        "en": "title '{title}' is not accepted by HMRC",
        "es": "HMRC no acepta el título '{title}'",
    },
    FIRST_NAME_MISSING: {"en": "first name is missing", "es": "falta el nombre"},
    LAST_NAME_MISSING: {"en": "last name is missing", "es": "faltan los apellidos"},
    NAME_TOO_LONG: {
        "en": "{field} is longer than {max} characters",
        "es": "{field} tiene más de {max} caracteres",
    },
    HOUSE_MISSING: {"en": "house name or number is missing", "es": "falta el nombre o número de la casa"},
    HOUSE_TOO_LONG: {
        "en": "house name or number is longer than {max} characters",
        "es": "el nombre o número de la casa tiene más de {max} caracteres",
    },
    POSTCODE_MISSING: {"en": "postcode is missing", "es": "falta el código postal"},
    POSTCODE_INCOMPLETE: {
        "en": "postcode '{postcode}' is incomplete",
        "es": "el código postal '{postcode}' está incompleto",
    },
    POSTCODE_INVALID: {
        "en": "postcode '{postcode}' is not a UK postcode",
        "es": "el código postal '{postcode}' no es un código postal del Reino Unido",
    },
    BENEFIT_ANNUAL_CAP: {
        "en": "benefits to this donor in {tax_year} total {total}, above the {limit} limit",
        "es": "los beneficios de este donante en {tax_year} suman {total}, por encima del límite de {limit}",
    },
    GASDS: {
        "en": "small donation for the Gift Aid Small Donations Scheme (not Gift Aid)",
        "es": "pequeña donación para el Gift Aid Small Donations Scheme (no Gift Aid)",
    },
    GASDS_IN_CLAIM: {
        "en": "claimed under the Gift Aid Small Donations Scheme",
        "es": "reclamada con el Gift Aid Small Donations Scheme",
    },
    GASDS_TOO_OLD: {
        "en": "older than the GASDS limit (ended {date})",
        "es": "supera el plazo de GASDS (terminó el {date})",
    },
    GASDS_METHOD: {
        "en": "Only cash (or, from 6 April 2019, contactless) donations can be small donations (GASDS).",
        "es": "Solo las donaciones en efectivo (o, desde el 6 de abril de 2019, sin contacto) pueden ser "
        "pequeñas donaciones (GASDS).",
    },
    GASDS_AMOUNT: {
        "en": "A small donation (GASDS) can be at most £{max}.",
        "es": "Una pequeña donación (GASDS) puede ser como máximo de £{max}.",
    },
    GASDS_BENEFIT: {
        "en": "A small donation (GASDS) cannot give the donor a benefit.",
        "es": "Una pequeña donación (GASDS) no puede dar un beneficio al donante.",
    },
    GASDS_SPONSORED: {
        "en": "A sponsorship cannot be a small donation (GASDS).",
        "es": "Un patrocinio no puede ser una pequeña donación (GASDS).",
    },
    GASDS_YEAR_EXPIRED: {
        "en": "GASDS for the tax year ending 5 April {tax_year_end} could be claimed until {date}: "
        "cancel this claim and create a new one",
        "es": "El GASDS del año fiscal que termina el 5 de abril de {tax_year_end} se podía reclamar "
        "hasta el {date}: cancele esta reclamación y cree una nueva",
    },
    GASDS_GOODS: {
        "en": "A payment for goods or services cannot be a small donation (GASDS).",
        "es": "Un pago por bienes o servicios no puede ser una pequeña donación (GASDS).",
    },
}
