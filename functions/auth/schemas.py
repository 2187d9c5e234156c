"""Request bodies of the auth area."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from functions.auth.passwords import MAX_LENGTH, MIN_LENGTH
from functions.core.validation import Email, Schema

Name = Field(min_length=1, max_length=120)
Password = Field(min_length=MIN_LENGTH, max_length=MAX_LENGTH)


class RegisterBody(Schema):
    confirmed_fields: ClassVar[tuple[str, str]] = ("password", "password_confirmation")
    charity_name: str = Name
    name: str = Name
    email: Email
    password: str = Password
    password_confirmation: str = Field(max_length=MAX_LENGTH)


class LoginBody(Schema):
    email: Email
    password: str = Field(min_length=1, max_length=MAX_LENGTH)
    remember: bool = False


class EmailBody(Schema):
    email: Email


class ResetBody(Schema):
    confirmed_fields: ClassVar[tuple[str, str]] = ("password", "password_confirmation")
    token: str = Field(min_length=10, max_length=200)
    email: Email
    password: str = Password
    password_confirmation: str = Field(max_length=MAX_LENGTH)


class TokenBody(Schema):
    token: str = Field(min_length=10, max_length=200)


class CodeBody(Schema):
    code: str = Field(min_length=6, max_length=10)


class PasswordBody(Schema):
    password: str = Field(min_length=1, max_length=MAX_LENGTH)


class VerifyBody(Schema):
    code: str | None = Field(default=None, min_length=6, max_length=10)
    recovery_code: str | None = Field(default=None, min_length=6, max_length=40)
