"""Signed list cursors (functions/core/cursors.py): only a cursor this server issued, for this list,
is read back; anything else is refused before it could reach DynamoDB."""

from __future__ import annotations

import base64
import json

import pytest

from functions.core import cursors

KEY = b"k" * 32
SCOPE = '["tenant-a","GET","/api/feedbacks",[],[]]'
LAST_KEY = {"PK": {"S": "FEEDBACKS"}, "SK": {"S": "FEEDBACK#01"}}


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_cursor_reads_back_the_key_it_was_issued_for():
    cursor = cursors.issue(LAST_KEY, SCOPE, KEY)

    assert cursors.read(cursor, SCOPE, KEY) == LAST_KEY


def test_a_cursor_is_opaque_text_safe_in_a_url():
    cursor = cursors.issue({"PK": {"S": "a/b+c é"}}, SCOPE, KEY)

    assert set(cursor) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")


def test_an_edited_payload_is_refused():
    payload, tag = cursors.issue(LAST_KEY, SCOPE, KEY).split(".")
    forged = json.dumps({"PK": {"S": "TENANT#other"}, "SK": {"S": "FEEDBACK#01"}}).encode()

    with pytest.raises(cursors.BadCursor):
        cursors.read(f"{_b64(forged)}.{tag}", SCOPE, KEY)


def test_a_hand_made_cursor_without_a_tag_is_refused():
    bare = _b64(json.dumps(LAST_KEY).encode())  # what the old, unsigned cursors looked like

    with pytest.raises(cursors.BadCursor):
        cursors.read(bare, SCOPE, KEY)


def test_a_cursor_signed_with_another_key_is_refused():
    cursor = cursors.issue(LAST_KEY, SCOPE, b"another key")

    with pytest.raises(cursors.BadCursor):
        cursors.read(cursor, SCOPE, KEY)


@pytest.mark.parametrize(
    "other_scope",
    [
        '["tenant-b","GET","/api/feedbacks",[],[]]',  # another charity
        '["tenant-a","GET","/api/charities",[],[]]',  # another list
        '["tenant-a","GET","/api/feedbacks",[],[["filters","{\\"status\\":\\"open\\"}"]]]',  # another filter
        "",  # no request at all
    ],
)
def test_a_cursor_of_another_list_is_refused(other_scope):
    cursor = cursors.issue(LAST_KEY, SCOPE, KEY)

    with pytest.raises(cursors.BadCursor):
        cursors.read(cursor, other_scope, KEY)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda c: c[:-1],  # truncated tag
        lambda c: c[: len(c) // 3],  # truncated payload, no tag
        lambda c: c.split(".")[0][:-2] + "." + c.split(".")[1],  # truncated payload, tag kept
        lambda c: c + ".x",  # an extra part
        lambda c: "%%%." + c.split(".")[1],  # not base64
        lambda c: c.replace(".", ".!"),  # not base64 in the tag
        lambda c: "",  # nothing
        lambda c: "." * 5000,  # absurdly long
    ],
)
def test_a_mangled_cursor_is_refused(mangle):
    cursor = cursors.issue(LAST_KEY, SCOPE, KEY)

    with pytest.raises(cursors.BadCursor):
        cursors.read(mangle(cursor), SCOPE, KEY)


def test_a_signed_payload_that_is_not_a_key_is_refused():
    cursor = cursors.issue([1, 2], SCOPE, KEY)  # type: ignore[arg-type]  # not a dict

    with pytest.raises(cursors.BadCursor):
        cursors.read(cursor, SCOPE, KEY)


def test_deployed_stages_need_a_configured_key(monkeypatch):
    monkeypatch.delenv("CURSOR_SIGNING_KEY", raising=False)
    monkeypatch.setenv("ALMONER_STAGE", "prod")

    with pytest.raises(RuntimeError):
        cursors.signing_key()

    monkeypatch.setenv("CURSOR_SIGNING_KEY", "configured")
    assert cursors.signing_key() == b"configured"
