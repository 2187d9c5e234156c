"""ISO 3166-1 alpha-2 country codes (the donor address country)."""

from __future__ import annotations

ISO_CODES = frozenset(
    """AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
    BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG
    EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR
    HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR
    LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG
    NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE
    SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA
    UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW""".split()
)

# Country names as exports and people write them (lower case, single spaces) → ISO code.
NAMES = {
    "united kingdom": "GB",
    "united kingdom of great britain and northern ireland": "GB",
    "uk": "GB",
    "u.k.": "GB",
    "great britain": "GB",
    "britain": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "cymru": "GB",
    "northern ireland": "GB",
    "guernsey": "GG",
    "jersey": "JE",
    "isle of man": "IM",
    "ireland": "IE",
    "republic of ireland": "IE",
    "eire": "IE",
    "united states": "US",
    "united states of america": "US",
    "usa": "US",
    "u.s.a.": "US",
    "america": "US",
    "canada": "CA",
    "australia": "AU",
    "new zealand": "NZ",
    "france": "FR",
    "germany": "DE",
    "deutschland": "DE",
    "spain": "ES",
    "españa": "ES",
    "espana": "ES",
    "portugal": "PT",
    "italy": "IT",
    "netherlands": "NL",
    "the netherlands": "NL",
    "holland": "NL",
    "belgium": "BE",
    "luxembourg": "LU",
    "switzerland": "CH",
    "austria": "AT",
    "denmark": "DK",
    "norway": "NO",
    "sweden": "SE",
    "finland": "FI",
    "iceland": "IS",
    "poland": "PL",
    "czech republic": "CZ",
    "czechia": "CZ",
    "greece": "GR",
    "cyprus": "CY",
    "malta": "MT",
    "gibraltar": "GI",
    "hungary": "HU",
    "romania": "RO",
    "bulgaria": "BG",
    "croatia": "HR",
    "slovenia": "SI",
    "slovakia": "SK",
    "estonia": "EE",
    "latvia": "LV",
    "lithuania": "LT",
    "ukraine": "UA",
    "turkey": "TR",
    "türkiye": "TR",
    "israel": "IL",
    "united arab emirates": "AE",
    "uae": "AE",
    "saudi arabia": "SA",
    "india": "IN",
    "pakistan": "PK",
    "bangladesh": "BD",
    "sri lanka": "LK",
    "china": "CN",
    "hong kong": "HK",
    "japan": "JP",
    "south korea": "KR",
    "singapore": "SG",
    "malaysia": "MY",
    "thailand": "TH",
    "philippines": "PH",
    "indonesia": "ID",
    "south africa": "ZA",
    "nigeria": "NG",
    "kenya": "KE",
    "ghana": "GH",
    "uganda": "UG",
    "egypt": "EG",
    "brazil": "BR",
    "argentina": "AR",
    "chile": "CL",
    "mexico": "MX",
    "colombia": "CO",
    "peru": "PE",
}
ALIASES = {"UK": "GB", "EN": "GB"}  # codes people write that ISO gives to nobody or to another


def country_code(text: str | None) -> str | None:
    """The ISO 3166-1 alpha-2 code of a country as a file writes it: a code in any case (`gb`,
    `UK` → `GB`) or a name (`United Kingdom`, `Republic of Ireland`); None when not known."""
    value = " ".join((text or "").split())
    if not value:
        return None
    upper = value.upper()
    if upper in ALIASES:
        return ALIASES[upper]
    if upper in ISO_CODES:
        return upper
    return NAMES.get(value.lower())
