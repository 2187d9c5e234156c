"""The R68 claim XML: valid against HMRC's schemas in every shape, IRmark equal to lxml's inclusive
C14N digest and to HMRC's vectors (GIFT_AID.md §8; ../shared/reference/hmrc/)."""

from __future__ import annotations

import base64
import datetime as dt
import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from lxml import etree

from functions.domain.giftaid.model import AuthorisedOfficial, Claim, GadLine, GasdsYear
from functions.domain.hmrc import irmark
from functions.domain.hmrc.r68 import ENVELOPE_NS, R68_NS, build_submission, password_value

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "hmrc"
NS = {"e": ENVELOPE_NS, "r": R68_NS}


def reference(*parts: str) -> Path:
    """A reference file; skipped with a printed reason when the folder is absent outside CI."""
    if not REFERENCE.is_dir():
        reason = f"HMRC reference material absent at {REFERENCE}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        print(f"SKIP: {reason} (outside CI)")
        pytest.skip(reason)
    return REFERENCE.joinpath(*parts)


@pytest.fixture(scope="module")
def schemas() -> tuple[etree.XMLSchema, etree.XMLSchema]:
    """(envelope + R68 together, R68 alone). The envelope imports xmldsig without a location, so a
    small wrapper schema imports all three from the reference folder."""
    xsd = reference("xsd")
    wrapper = (
        '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:almoner:wrapper">'
        '<xsd:import namespace="http://www.w3.org/2000/09/xmldsig#" '
        f'schemaLocation="{xsd.as_uri()}/xmldsig-core-schema.xsd"/>'
        f'<xsd:import namespace="{ENVELOPE_NS}" schemaLocation="{xsd.as_uri()}/envelope-v2-0-HMRC.xsd"/>'
        f'<xsd:import namespace="{R68_NS}" schemaLocation="{xsd.as_uri()}/r68-v2-0.xsd"/>'
        "</xsd:schema>"
    )
    return etree.XMLSchema(etree.fromstring(wrapper)), etree.XMLSchema(etree.parse(str(xsd / "r68-v2-0.xsd")))


OFFICIAL = AuthorisedOfficial("Mrs", "Jane", "Official", "AB12 3YZ", False, "07777 777777")
DONOR = GadLine(dt.date(2025, 3, 24), Decimal("240.00"), "Prof", "Henry", "House Martin", "152A", "M99 2QD")
OVERSEAS = GadLine(
    dt.date(2025, 6, 24), Decimal("250.00"), "Mr", "John", "Smith", "100 Champs Elysees, Paris", overseas=True
)
AGGREGATED = GadLine(dt.date(2025, 3, 31), Decimal("880.00"), aggregated="One off Gift Aid donations")
SPONSORED = GadLine(
    dt.date(2025, 4, 26), Decimal("80.00"), "Miss", "B", "Chaudry", "21", "L43 4FB", sponsored=True
)
SPECIAL = GadLine(
    dt.date(2025, 4, 1), Decimal("12.34"), None, "Zoë", "O'Brien & <Sons>", 'Flat "3" Café > Bar', "SW1A 1AA"
)


def claim(**changes: object) -> Claim:
    base: dict[str, object] = {
        "charity_name": "CHARITY TC088",
        "hmrc_reference": "XR4010",
        "regulator": "CCEW",
        "registration_number": "1137948",
        "official": OFFICIAL,
        "lines": (DONOR, OVERSEAS, AGGREGATED, SPONSORED),
        "earliest_date": dt.date(2025, 1, 1),
        "sender_id": "user1",
        "vendor_id": "1234",
    }
    base.update(changes)
    return Claim(**base)  # type: ignore[arg-type]


SHAPES = {
    "regulated, all line kinds": claim(),
    "no regulator": claim(regulator=None, registration_number=None),
    "overseas official": claim(official=AuthorisedOfficial(None, "Ann", "Other", None, True, "0044 123")),
    "special characters": claim(lines=(SPECIAL,), charity_name="Smith & Sons <Trust>"),
    "adjustment and other info": claim(
        adjustment=Decimal("12.50"), other_info="Refund of a £50 donation claimed in claim 7 & its tax"
    ),
    "adjustment only, no lines": claim(lines=(), adjustment=Decimal("5.00"), other_info="Refund"),
    "GASDS three years, connected, buildings": claim(
        gasds=(
            GasdsYear(2025, Decimal("100.00")),
            GasdsYear(2024, Decimal("8000.00")),
            GasdsYear(2023, Decimal("1.00")),
        ),
        connected_charities=True,
        community_buildings=True,
    ),
    "test in live, OSCR": claim(regulator="OSCR", registration_number="SC012345", test_in_live=True),
}


@pytest.mark.parametrize("name", SHAPES)
def test_every_shape_validates_against_hmrc_schemas_and_carries_its_irmark(name: str, schemas) -> None:
    # GIVEN a claim of this shape WHEN it is built
    envelope_schema, r68_schema = schemas
    submission = build_submission(SHAPES[name], password="s3cret&<")
    document = etree.fromstring(submission.xml)
    # THEN the envelope and the body are valid
    assert envelope_schema.validate(document), envelope_schema.error_log
    body = document.find("e:Body/r:IRenvelope", NS)
    assert r68_schema.validate(etree.ElementTree(body)), r68_schema.error_log
    # AND the IRmark is lxml's inclusive C14N digest of the bytes as sent, in both encodings
    assert submission.irmark == irmark.irmark_of_document(submission.xml)
    assert document.findtext("e:Body/r:IRenvelope/r:IRheader/r:IRmark", namespaces=NS) == submission.irmark
    assert base64.b32decode(submission.irmark_base32) == base64.b64decode(submission.irmark)


def test_keys_are_identical_in_govtalk_and_irheader() -> None:
    document = etree.fromstring(build_submission(claim(), password="p").xml)
    assert document.findtext("e:GovTalkDetails/e:Keys/e:Key[@Type='CHARID']", namespaces=NS) == "XR4010"
    assert (
        document.findtext("e:Body/r:IRenvelope/r:IRheader/r:Keys/r:Key[@Type='CHARID']", namespaces=NS)
        == "XR4010"
    )
    assert document.findtext("e:Header/e:MessageDetails/e:Class", namespaces=NS) == "HMRC-CHAR-CLM"


def test_lines_are_written_as_given_with_special_characters_escaped() -> None:
    submission = build_submission(claim(lines=(SPECIAL, OVERSEAS, AGGREGATED, SPONSORED)), password="p")
    gads = etree.fromstring(submission.xml).findall(".//r:GAD", NS)
    assert gads[0].findtext("r:Donor/r:Sur", namespaces=NS) == "O'Brien & <Sons>"
    assert gads[0].findtext("r:Donor/r:House", namespaces=NS) == 'Flat "3" Café > Bar'
    assert gads[1].find("r:Donor/r:Overseas", NS).text == "yes"
    assert gads[2].findtext("r:AggDonation", namespaces=NS) == "One off Gift Aid donations"
    assert gads[3].findtext("r:Sponsored", namespaces=NS) == "yes"
    assert [g.findtext("r:Total", namespaces=NS) for g in gads] == ["12.34", "250.00", "880.00", "80.00"]


def test_submission_is_compact_and_never_pretty_printed() -> None:
    xml = build_submission(claim(), password="p").xml
    assert b">\n" not in xml and b">  <" not in xml


def test_password_methods() -> None:
    document = etree.fromstring(build_submission(claim(), password="Secret", auth_method="MD5").xml)
    value = document.findtext(".//e:Authentication/e:Value", namespaces=NS)
    assert value == password_value("secret", "MD5") != "Secret"
    assert password_value("Secret", "clear") == "Secret"
    with pytest.raises(ValueError):
        build_submission(claim(), password="p", auth_method="W3Csigned")


@pytest.mark.parametrize(
    "text",
    [
        "plain",
        "a & b",
        "<tag>",
        "x > y",
        'say "hi"',
        "it's",
        "Zoë Café £5 €",
        "ß\u00a0end",
        "tab\there",
        "cr\rlf\n",
    ],
)
def test_own_canonical_writing_equals_lxml_c14n(text: str) -> None:
    # GIVEN a Body written by hand the way r68 writes it (canonical escaping, default namespaces)
    body = (
        f'<Body><IRenvelope xmlns="{R68_NS}"><IRheader><Key Type="{irmark.canonical_attribute(text)}">'
        f"{irmark.canonical_text(text)}</Key></IRheader></IRenvelope></Body>"
    )
    document = f'<GovTalkMessage xmlns="{ENVELOPE_NS}">{body}</GovTalkMessage>'.encode()
    # THEN lxml's canonical form of the Body is exactly those bytes with the inherited xmlns declared
    expected = body.replace("<Body>", f'<Body xmlns="{ENVELOPE_NS}">', 1).encode()
    assert irmark.canonical_body(document) == expected


def test_irmark_vectors() -> None:
    one = reference("xml", "test-irmark-1.xml").read_bytes()
    assert irmark.irmark_of_document(one) == "KIYpXR8h95dWC6kB6HDq2c0d5TY="
    assert irmark.irmark_of_document(reference("xml", "test-irmark-2.xml").read_bytes()) == (
        "4YeSgqkJKGEgmCEhasYuwsxqfnM="
    )


def test_irmark_of_hmrc_submission_is_over_its_compact_form() -> None:
    pretty = reference("xml", "test-chris-submission-2.xml").read_bytes()
    compact = re.sub(rb">\s+<", b"><", pretty)
    assert irmark.irmark_of_document(compact) == "HgZyqg72ReQKRBo4sTvTn5HZD5w="
    assert irmark.irmark_of_document(pretty) != "HgZyqg72ReQKRBo4sTvTn5HZD5w="


def test_hmrc_sample_submission_validates_with_the_same_schemas(schemas) -> None:
    envelope_schema, _ = schemas
    document = etree.parse(str(reference("xml", "test-chris-submission-2.xml")))
    assert envelope_schema.validate(document), envelope_schema.error_log


def test_schema_wrapper_rejects_an_invalid_line(schemas) -> None:
    # A check that the validation above can fail: a postcode HMRC's pattern refuses.
    _, r68_schema = schemas
    bad = claim(lines=(GadLine(dt.date(2025, 1, 2), Decimal("1.00"), None, "A", "B", "1", "e16"),))
    body = etree.fromstring(build_submission(bad, password="p").xml).find("e:Body/r:IRenvelope", NS)
    assert not r68_schema.validate(etree.ElementTree(body))


def test_base32_form_matches_receipts() -> None:
    digest = bytes(range(20))
    b64, b32 = irmark.encode_digest(digest)
    assert base64.b64decode(b64) == digest and len(b32) == 32 and base64.b32decode(b32) == digest
