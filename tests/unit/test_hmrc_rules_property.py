"""Generated charity settings and donors: a claim preflight passes is valid against HMRC's R68
schema, breaks none of HMRC's numbered business rules and its ODS schedule passes HMRC's portal
validator; a claim preflight stops names the rule in every message (issue 13 §3)."""

from __future__ import annotations

import datetime as dt
import functools
import re
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from functions.domain.giftaid.model import AuthorisedOfficial, Claim, GadLine, GasdsYear
from functions.domain.hmrc import preflight, rules
from functions.domain.hmrc.r68 import R68_NS, build_submission
from functions.domain.hmrc.schedule import write_schedule
from functions.domain.hmrc.schedule_reader import validate_schedule
from tests.unit.test_hmrc_schedule import reference

TODAY = dt.date(2026, 6, 1)
NS = {"r": R68_NS, "e": "http://www.govtalk.gov.uk/CM/envelope"}


@functools.cache
def r68_schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(reference("xsd", "r68-v2-0.xsd"))))


def mixed(good: list[str], *, size: int = 40) -> st.SearchStrategy[str]:
    """Values a charity would type (right or wrong) and arbitrary text."""
    return st.one_of(st.sampled_from(good), st.text(max_size=size))


NAMES = ["Jane", "Mary Ann", "Jean-Luc", "O'Brien", "Zoë", " Jane", "Ann Mary Jo", "", "A" * 36, "Smith & Co"]
POSTCODES = [
    "SW1A 1AA",
    "BA1 1AA",
    "M99 2QD",
    "GIR 0AA",
    "SWA 1AA",
    "sw1a 1aa",
    "M992QD",
    "",
    "X",
    "EC1A 1BB",
]
official = st.builds(
    AuthorisedOfficial,
    title=st.one_of(st.none(), st.sampled_from(["Mr", "Dr", "Prof", "M", "Prof.", "Lady"])),
    first_name=mixed(NAMES),
    last_name=mixed(NAMES + ["Smith-Jones", "de la Cruz", "Smith (Jr)"]),
    postcode=st.one_of(st.none(), st.sampled_from(POSTCODES)),
    overseas=st.booleans(),
    phone=mixed(["01632 960000", "(020) 7946-0000", "+44 20 7946 0000", "", "0" * 31, "12\n34"]),
)
donor_line = st.builds(
    GadLine,
    date=st.dates(dt.date(2019, 1, 1), TODAY + dt.timedelta(days=3)),
    amount=st.one_of(
        st.decimals(Decimal("0.00"), Decimal("2000.00"), places=2),
        st.sampled_from([Decimal("5"), Decimal("1.234"), Decimal("12345678901234.00")]),
    ),
    title=st.one_of(st.none(), st.sampled_from(["Mr", "Mrs", "Prof", "M", "Sir."])),
    first_name=st.one_of(st.none(), mixed(NAMES)),
    last_name=st.one_of(st.none(), mixed(NAMES)),
    house=st.one_of(st.none(), mixed(["1", "Flat 2, The Old Rectory", "12 ", "H" * 41])),
    postcode=st.one_of(st.none(), st.sampled_from(POSTCODES)),
    overseas=st.booleans(),
    sponsored=st.booleans(),
)
aggregated_line = st.builds(
    GadLine,
    date=st.dates(dt.date(2019, 1, 1), TODAY),
    amount=st.decimals(Decimal("0.01"), Decimal("1200.00"), places=2),
    aggregated=mixed(["Collection tins", "One off Gift Aid donations", "D" * 36]),
    sponsored=st.booleans(),
)
mixed_claims = st.builds(
    Claim,
    charity_name=mixed(["Helping Hands", "(The) Trust", "St Mary's & All", "1st Scouts", "", "x" * 161]),
    hmrc_reference=mixed(["AB12345", "XR4010", "CH1234", "CF12", "ab12345", "ABC1", "A123456", ""]),
    regulator=st.sampled_from([None, "CCEW", "CCNI", "OSCR"]),
    registration_number=st.one_of(st.none(), mixed(["1137948", "SC012345", "(1)", "", "X" * 21])),
    official=official,
    lines=st.lists(st.one_of(donor_line, aggregated_line), max_size=4).map(tuple),
    earliest_date=st.just(dt.date(2019, 1, 1)),
    adjustment=st.sampled_from([Decimal("0.00"), Decimal("10.00"), Decimal("1.234")]),
    other_info=st.one_of(st.none(), st.sampled_from(["Refund of one donation", "x" * 351, "tab\tthere"])),
    gasds=st.lists(
        st.builds(
            GasdsYear,
            tax_year_end=st.integers(2012, 2027),
            amount=st.sampled_from([Decimal("100.00"), Decimal("0.00"), Decimal("8000.00")]),
        ),
        max_size=4,
    ).map(tuple),
)


good_official = st.builds(
    AuthorisedOfficial,
    title=st.sampled_from([None, "Mr", "Dr", "Prof"]),
    first_name=st.sampled_from(["Jane", "Mary Ann", "Jean-Luc", "O'Neil"]),
    last_name=st.sampled_from(["Smith", "Smith-Jones", "de la Cruz", "Smith (Jr)", "O'Brien & Co"]),
    postcode=st.sampled_from(["SW1A 1AA", "BA1 1AA", "GIR 0AA"]),
    overseas=st.booleans(),
    phone=st.sampled_from(["01632 960000", "(020) 7946-0000", "0044 20 7946 0000"]),
)
good_donor = st.builds(
    GadLine,
    date=st.dates(dt.date(2019, 1, 1), TODAY),
    amount=st.decimals(Decimal("0.01"), Decimal("99999.99"), places=2),
    title=st.sampled_from([None, "Mr", "Mrs", "Prof", "O'Ne"]),
    first_name=st.sampled_from(["Jane", "Zoë", "A", "Mary Ann"]),
    last_name=st.sampled_from(["Smith", "O'Brien & <Sons>", "Núñez"]),
    house=st.sampled_from(["1", "Flat 2, The Old Rectory", 'Flat "3" Café > Bar']),
    postcode=st.sampled_from(["SW1A 1AA", "M99 2QD", "EC1A 1BB", "X"]),
    overseas=st.booleans(),
    sponsored=st.booleans(),
)
good_aggregated = st.builds(
    GadLine,
    date=st.dates(dt.date(2019, 1, 1), TODAY),
    amount=st.decimals(Decimal("0.01"), Decimal("1000.00"), places=2),
    aggregated=st.sampled_from(["Collection tins", "Tins & buckets"]),
)
good_claims = st.builds(
    Claim,
    charity_name=st.sampled_from(["Helping Hands", "St Mary's & All", "1st Scouts (Leeds)"]),
    hmrc_reference=st.sampled_from(["AB12345", "XR4010", "A1"]),
    regulator=st.sampled_from([None, "CCEW", "OSCR"]),
    registration_number=st.sampled_from(["1137948", "SC012345"]),
    official=good_official,
    lines=st.lists(st.one_of(good_donor, good_aggregated), min_size=1, max_size=4).map(tuple),
    earliest_date=st.just(dt.date(2019, 1, 1)),
    adjustment=st.sampled_from([Decimal("0.00"), Decimal("10.00")]),
    other_info=st.sampled_from([None, "Refund of one donation: £10.00 tax"]),
    gasds=st.lists(
        st.builds(GasdsYear, tax_year_end=st.integers(2024, 2027), amount=st.just(Decimal("100.00"))),
        max_size=3,
        unique_by=lambda year: year.tax_year_end,
    ).map(tuple),
)
# A CH/CF reference with no regulator (7033) also passes: no Regulator element is written at all.
club_claims = good_claims.map(
    lambda c: Claim(**{**c.__dict__, "hmrc_reference": "CH1234", "regulator": None})
)
claims = st.one_of(good_claims, club_claims, mixed_claims)


def broken_business_rules(claim: etree._Element) -> set[str]:
    """HMRC's numbered rules, checked on the XML itself (independently of preflight)."""
    broken = set()
    regulator = claim.find("r:Regulator", NS)
    if claim.find("r:Regulator/r:RegName", NS) is not None and claim.find("r:Regulator/r:RegNo", NS) is None:
        broken.add("7031")
    if re.match("C[HF]", claim.findtext("r:HMRCref", "", NS)) and regulator is not None:
        broken.add("7033")
    repayment = claim.find("r:Repayment", NS)
    if repayment is not None and repayment.find("r:Adjustment", NS) is not None:
        if repayment.find("r:GAD", NS) is None and repayment.find("r:OtherInc", NS) is None:
            broken.add("7035")
    return broken


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(claim=claims)
def test_preflight_passes_only_claims_hmrc_accepts(claim: Claim) -> None:
    claim = Claim(
        **{**claim.__dict__, "earliest_date": min((line.date for line in claim.lines), default=TODAY)}
    )
    problems = preflight.check_claim(claim, TODAY)
    xml = build_submission(claim, password="p").xml
    # (a claim with characters XML cannot hold is not even well-formed: read it leniently here)
    document = etree.fromstring(xml, etree.XMLParser(recover=True)) if problems else etree.fromstring(xml)
    body = document.find("e:Body/r:IRenvelope", NS)
    assert body is not None
    xml_claim = body.find("r:R68/r:Claim", NS)
    broken = broken_business_rules(xml_claim)
    if not problems:
        # THEN the claim is valid against the R68 schema and breaks no business rule
        assert r68_schema().validate(etree.ElementTree(body)), r68_schema().error_log
        assert broken == set()
        # AND its schedule is read by HMRC's portal with no error, line for line
        if claim.lines:
            report = validate_schedule(write_schedule(list(claim.lines), claim.earliest_date), TODAY)
            assert report.issues == []
            assert len(report.contents.lines) == len(claim.lines)
        return
    # THEN every message names the HMRC rule it quotes, in both languages
    for problem in problems:
        english = preflight.message(problem.key, "en", problem.params)
        spanish = preflight.message(problem.key, "es", problem.params)
        assert re.search(r"\[HMRC (R68 schema: \S+|business rule 7\d{3}|Charities portal check)\]$", english)
        assert spanish.endswith("]") and "HMRC" in spanish
    # AND each numbered rule the XML breaks is one preflight reported, by its number
    reported = {preflight.SOURCES[p.key][1] for p in problems if preflight.SOURCES[p.key][0] == "rule"}
    assert broken <= reported


def test_every_message_has_its_rule() -> None:
    assert set(preflight.SOURCES) == set(preflight.MESSAGES["en"]) == set(preflight.MESSAGES["es"])
    numbered = {element for kind, element in preflight.SOURCES.values() if kind == "rule"}
    assert numbered == {"7031", "7033", "7035"}
    assert preflight.message(preflight.RULE_7031, "en", {"regulator": "CCEW"}).endswith(
        "[HMRC business rule 7031]"
    )
    assert rules.SCHEMA["Claim/HMRCref"].failure("ab12345") == "format"
