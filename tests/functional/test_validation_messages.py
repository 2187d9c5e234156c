"""Validation messages a person would write, in English and Spanish (issue 14): an empty required
field says it is required (never "at least 1 characters"), and a password that is both too short
and different from its confirmation gets both messages."""

from __future__ import annotations

import pytest

from tests.functional.browser import Browser

SHORT_AND_DIFFERENT = {
    "charity_name": "",
    "name": "Ana",
    "email": "ana@hope.example",
    "password": "short",
    "password_confirmation": "other",
}

EXPECTED = {
    "en": {
        "required": ["This field is required."],
        "password": ["Enter at least 8 characters.", "The two passwords do not match."],
    },
    "es": {
        "required": ["Este campo es obligatorio."],
        "password": ["Introduzca al menos 8 caracteres.", "Las dos contraseñas no coinciden."],
    },
}


@pytest.mark.parametrize("locale", ["en", "es"])
def test_an_empty_required_field_says_it_is_required_and_a_short_mismatch_says_both(client, locale):
    # GIVEN a visitor reading the product in `locale`
    browser = Browser(client, locale=locale)
    # WHEN they sign up with no charity name and a short password that differs from its confirmation
    reply = browser.post("/api/register", SHORT_AND_DIFFERENT)
    # THEN the empty field is "required", and the password shows the length AND the mismatch
    assert reply.status == 422, reply
    errors = reply.json["errors"]
    assert errors["charity_name"] == EXPECTED[locale]["required"]
    assert errors["password"] == EXPECTED[locale]["password"]
    assert not any("1 characters" in m or "1 caracteres" in m for ms in errors.values() for m in ms)


def test_a_long_enough_password_that_differs_says_only_the_mismatch(client):
    reply = Browser(client).post(
        "/api/password/reset",
        {
            "token": "0123456789abc",
            "email": "ana@hope.example",
            "password": "long enough pass",
            "password_confirmation": "long enough pasS",
        },
    )
    assert reply.status == 422, reply
    assert reply.json["errors"] == {"password": ["The two passwords do not match."]}
