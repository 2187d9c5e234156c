"""Pure helpers of the core: languages, list cursors, request validation."""

from __future__ import annotations

import pytest

from functions.core import messages
from functions.core.errors import Invalid
from functions.core.pagination import ListQuery, decode_cursor, encode_cursor
from functions.core.validation import Email, Schema, validate


@pytest.mark.parametrize(
    ("header", "expected"),
    [(None, "en"), ("", "en"), ("es-ES,es;q=0.9,en;q=0.8", "es"), ("fr-FR, es;q=0.5", "es"), ("de", "en")],
)
def test_the_first_supported_language_wins(header, expected):
    assert messages.set_locale(header) == expected


def test_every_message_exists_in_both_languages():
    missing = [key for key, texts in messages.CATALOG.items() if set(texts) != set(messages.LOCALES)]
    assert missing == []


def test_a_cursor_round_trips_and_garbage_is_a_field_error():
    key = {"PK": {"S": "TENANT#1"}, "SK": {"S": "USER#2"}}
    assert decode_cursor(encode_cursor(key)) == key
    assert encode_cursor(None) is None
    with pytest.raises(Invalid) as caught:
        decode_cursor("%%%not-base64")
    assert "cursor" in caught.value.errors


def test_list_query_accepts_only_the_spec_page_sizes():
    assert validate(ListQuery, {"length": "50", "sortDesc": "false"}).sortDesc is False
    with pytest.raises(Invalid) as caught:
        validate(ListQuery, {"length": "30"})
    assert caught.value.errors == {"length": ["The selected value is invalid."]}


def test_filters_drop_empty_values_and_the_applied_flag():
    query = validate(ListQuery, {"filters": '{"applied": true, "role": "staff", "status": ""}'})
    assert query.filter_values() == {"role": "staff"}
    with pytest.raises(Invalid):
        validate(ListQuery, {"filters": "[1,2]"}).filter_values()


class _Body(Schema):
    email: Email
    name: str


def test_validation_names_each_field_in_the_request_language():
    messages.set_locale("es")
    try:
        with pytest.raises(Invalid) as caught:
            validate(_Body, {"email": "nope", "extra": 1})
    finally:
        messages.set_locale("en")
    assert caught.value.errors == {
        "email": ["Debe ser una dirección de correo electrónico válida."],
        "name": ["Este campo es obligatorio."],
        "extra": ["Este campo no está permitido."],
    }


def test_emails_are_normalised():
    assert validate(_Body, {"email": "  Olive@Example.ORG ", "name": "x"}).email == "olive@example.org"
