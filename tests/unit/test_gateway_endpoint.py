"""The Gift Aid endpoint check parses the URL (issue 13 §2): a claim, with the gateway password, goes
only to HMRC's published Transaction Engine endpoints, or to a loopback host in the local stack."""

from __future__ import annotations

import pytest

from functions.domain.hmrc.gateway import LIVE_ENDPOINT, TEST_ENDPOINT, submission_endpoint, transport_allowed

EVIL = [
    "http://127.0.0.1.evil.example/",  # the three
    "http://127.0.0.1@evil.example/",
    "http://localhost.evil.example/",
    "http://localhost@evil.example/submission",  # userinfo
    "http://user:pw@127.0.0.1/submission",
    "http://127.0.0.1:80@evil.example/",
    "http://127.0.0.1\\@evil.example/",  # backslash tricks
    "http://localhost./fake-hmrc/submission",  # trailing dot
    "http://127.1/fake-hmrc/submission",  # other spellings of loopback are not matched
    "http://0x7f.0.0.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://127.0.0.1:99999/",  # port out of range
    "http://127.0.0.1:abc/",
    "http://[::1/",
    "ftp://127.0.0.1/",
    "file:///etc/passwd",
    "//127.0.0.1/",
    "http:///127.0.0.1/",
    " http://127.0.0.1/",
    "http://127.0.0.1/\n",
    "https://evil.example/submission",
    "https://test-transaction-engine.tax.service.gov.uk.evil.example/submission",
    "https://test-transaction-engine.tax.service.gov.uk./submission",  # trailing dot
    "https://evil.example@transaction-engine.tax.service.gov.uk/submission",
    "http://transaction-engine.tax.service.gov.uk/submission",  # plain http to HMRC
    "https://transaction-engine.tax.service.gov.uk:8443/submission",
    "https://transaction-engine.tax.service.gov.uk/poll",
    "https://transaction-engine.tax.service.gov.uk/submission?x=1",
    "https://transaction-engine.tax.service.gov.uk/submission#x",
    "",
]


@pytest.mark.parametrize("url", EVIL)
@pytest.mark.parametrize("local", [True, False])
def test_tricks_are_refused(url: str, local: bool) -> None:
    assert submission_endpoint(url, local=local) is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (TEST_ENDPOINT, TEST_ENDPOINT),
        (LIVE_ENDPOINT, LIVE_ENDPOINT),
        ("HTTPS://Transaction-Engine.tax.service.gov.uk/submission", LIVE_ENDPOINT),  # case of scheme/host
        ("https://test-transaction-engine.tax.service.gov.uk:443/submission", TEST_ENDPOINT),
    ],
)
@pytest.mark.parametrize("local", [True, False])
def test_hmrc_published_endpoints_are_taken_everywhere(url: str, expected: str, local: bool) -> None:
    assert submission_endpoint(url, local=local) == expected


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/fake-hmrc/submission",
        "http://localhost:8000/fake-hmrc/submission",
        "http://[::1]:8000/fake-hmrc/submission",
        "http://127.0.0.1/fake-hmrc/submission",
        "https://localhost/fake-hmrc/submission",
    ],
)
def test_loopback_only_in_the_local_stack(url: str) -> None:
    assert submission_endpoint(url, local=True) == url
    assert submission_endpoint(url, local=False) is None


def test_transport_takes_https_polls_and_local_loopback_only() -> None:
    assert transport_allowed("https://secure.dev.gateway.gov.uk/poll", local=False)
    assert transport_allowed("http://localhost:5665/LTS/LTSServlet", local=True)
    assert not transport_allowed("http://localhost:5665/LTS/LTSServlet", local=False)
    assert not transport_allowed("http://127.0.0.1.evil.example/", local=True)
    assert not transport_allowed("http://127.0.0.1@evil.example/", local=True)
