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
}
